import type { z } from "zod";
import { formatDate } from "~/platform/core/dates";
import { districtName } from "~/platform/core/district-names-hi";
import { stateName } from "~/platform/core/indian-states-hi";
import type { FieldErrors } from "~/platform/core/form-errors";
import { formatPaise } from "~/platform/core/money";
import { type PlainRefusalCode, type Refusal, type RefusalCode, type RefusalParams, refusalOfIssue } from "~/platform/core/refusal";
import type { Locale } from "~/platform/i18n/locale";
import { currentLocale, m } from "./i18n.server";

/**
 * The one place a refusal becomes words (docs/decisions/033-errors-as-codes.md): each code is said by
 * one compiled message, in the request's language or the one asked for. The values arrive raw and
 * are formatted here for that language (paise as rupees, a day as a date, a wait in words).
 */
type Options = { locale: Locale };
type Say<C extends RefusalCode> = (params: RefusalParams[C], options: Options) => string;

const rupees = (paise: number) => formatPaise(Math.max(0, paise));
/** A count as the CSV import's sentences write it: "10,000". */
const counted = (n: number) => n.toLocaleString("en-IN");
const day = (iso: string, locale: Locale) => formatDate(`${iso}T12:00:00+05:30`, locale);

/** A rate limit's wait: "45 seconds", "1 minute", "10 minutes". */
function wait(seconds: number, options: Options): string {
  if (seconds < 60) return (seconds === 1 ? m.common_wait_seconds_one : m.common_wait_seconds_other)({ count: seconds }, options);
  const minutes = Math.ceil(seconds / 60);
  return (minutes === 1 ? m.common_wait_minutes_one : m.common_wait_minutes_other)({ count: minutes }, options);
}

const AREA_UNITS = { guntha: m.store_area_units_guntha, bigha: m.store_area_units_bigha, hectare: m.store_area_units_hectare };
const ORDER_STATUS: Record<string, (inputs: object, options: Options) => string> = {
  pending: m.orders_status_word_pending,
  confirmed: m.orders_status_word_confirmed,
  shipped: m.orders_status_word_shipped,
  delivered: m.orders_status_word_delivered,
  cancelled: m.orders_status_word_cancelled,
};
const status = (name: string, options: Options) => ORDER_STATUS[name]?.({}, options) ?? name;

const OUTSIDE_STATES = {
  seed: m.checkout_refusal_outside_states_seed,
  fertiliser: m.checkout_refusal_outside_states_fertiliser,
  pesticide: m.checkout_refusal_outside_states_pesticide,
};
/** States named in a sentence: "Punjab and Haryana", "पंजाब और हरियाणा". */
const stateList = (names: readonly string[], locale: Locale) =>
  new Intl.ListFormat(locale === "hi" ? "hi-IN" : "en-IN", { type: "conjunction" }).format(names.map((n) => stateName(n, locale)));

const SAY: { [C in RefusalCode]: Say<C> } = {
  "common.rate_limit_unavailable": m.common_refusal_rate_limit_unavailable,
  "common.too_many_attempts": ({ seconds }, o) =>
    (seconds === 1 ? m.common_refusal_too_many_attempts_one : m.common_refusal_too_many_attempts_other)({ seconds }, o),
  "common.unknown_intent": m.common_refusal_unknown_intent,
  "common.form_missing": m.orders_refusal_form_missing,
  "common.check_form": m.account_check_form,

  "checkout.vendor": m.checkout_refusal_vendor,
  "checkout.verify": m.checkout_refusal_verify,
  "checkout.payment_method": m.checkout_refusal_payment_method,
  "checkout.unknown_product": m.checkout_refusal_unknown_product,
  "checkout.whole": m.checkout_refusal_whole,
  "checkout.at_least_one": m.checkout_refusal_at_least_one,
  "checkout.too_many_of_one": m.checkout_refusal_too_many_of_one,
  "checkout.session": m.checkout_refusal_session,
  "checkout.cart_unreadable": m.checkout_refusal_cart_unreadable,
  "checkout.cart_empty": m.checkout_refusal_cart_empty,
  "checkout.too_many_lines": m.checkout_refusal_too_many_lines,
  "checkout.pincode_format": m.checkout_refusal_pincode_format,
  "checkout.pincode_unknown": m.checkout_refusal_pincode_unknown,
  "checkout.unserved": ({ pincode, district, state }, o) =>
    m.checkout_refusal_unserved({ pincode, place: `${districtName(district, o.locale)}, ${stateName(state, o.locale)}` }, o),
  "checkout.state_mismatch": ({ pincode, state }, o) =>
    m.checkout_refusal_state_mismatch({ pincode, state: stateName(state, o.locale) }, o),
  "checkout.no_cod_here": m.checkout_refusal_no_cod_here,
  "checkout.coupon_unknown": m.checkout_refusal_coupon_unknown,
  "checkout.coupon_format": m.checkout_refusal_coupon_format,
  "checkout.coupon_not_started": ({ code, date }, o) => m.checkout_refusal_coupon_not_started({ code, date: day(date, o.locale) }, o),
  "checkout.coupon_expired": m.checkout_refusal_coupon_expired,
  "checkout.coupon_used_up": m.checkout_refusal_coupon_used_up,
  "checkout.coupon_min_value": ({ code, amountPaise }, o) => m.checkout_refusal_coupon_min_value({ code, amount: rupees(amountPaise) }, o),
  "checkout.coupon_min_quantity": m.checkout_refusal_coupon_min_quantity,
  "checkout.coupon_not_for_these": m.checkout_refusal_coupon_not_for_these,
  "checkout.coupon_first_order": m.checkout_refusal_coupon_first_order,
  "checkout.coupon_not_your_state": m.checkout_refusal_coupon_not_your_state,
  "checkout.coupon_already_used": m.checkout_refusal_coupon_already_used,
  "checkout.coupon_not_your_pincode": m.checkout_refusal_coupon_not_your_pincode,
  "checkout.coupon_not_your_group": m.checkout_refusal_coupon_not_your_group,
  "checkout.coupon_add_items": m.checkout_refusal_coupon_add_items,
  "checkout.coupon_too_many_tries": ({ seconds }, o) => m.checkout_refusal_coupon_too_many_tries({ wait: wait(seconds, o) }, o),
  "checkout.offer_changed": m.checkout_refusal_offer_changed,
  "checkout.stock_changed": m.checkout_refusal_stock_changed,
  "kits.kit_sku": m.catalog_refusal_kit_sku,
  "kits.kit_unknown": m.catalog_refusal_kit_unknown,
  "kits.kit_one_size": m.catalog_refusal_kit_one_size,
  "kits.kit_is_part": m.catalog_refusal_kit_is_part,
  "kits.price": m.catalog_refusal_kit_price,
  "kits.price_over_parts": ({ amountPaise }, o) => m.catalog_refusal_kit_price_over_parts({ amount: rupees(amountPaise) }, o),
  "kits.no_parts": m.catalog_refusal_kit_no_parts,
  "kits.too_many_parts": m.catalog_refusal_kit_too_many_parts,
  "kits.part_is_itself": m.catalog_refusal_kit_part_is_itself,
  "kits.part_sku": m.catalog_refusal_kit_part_sku,
  "kits.part_twice": m.catalog_refusal_kit_part_twice,
  "kits.part_quantity": m.catalog_refusal_kit_part_quantity,
  "kits.part_unknown": m.catalog_refusal_kit_part_unknown,
  "kits.part_is_kit": m.catalog_refusal_kit_part_is_kit,
  "commission.month": m.commission_refusal_month,
  "commission.not_agent": m.commission_refusal_not_agent,
  "recalls.reason": m.recalls_refusal_reason,
  "recalls.reason_long": m.recalls_refusal_reason_long,
  "recalls.lot_gone": m.recalls_refusal_lot_gone,
  "recalls.already": m.recalls_refusal_already,
  "recalls.hold_gone": m.recalls_refusal_hold_gone,
  "recalls.order_moved": ({ status: s }, o) => m.recalls_refusal_order_moved({ status: status(s, o) }, o),
  "recalls.swap_short": m.recalls_refusal_swap_short,
  "recalls.ship_held": m.recalls_refusal_ship_held,
  "agents.village": m.agents_refusal_village,
  "agents.area": m.agents_refusal_area,
  "agents.not_found": m.agents_refusal_not_found,
  "agents.customers_only": m.agents_refusal_customers_only,
  "agents.mobile_unproven": m.agents_refusal_mobile_unproven,
  "agents.already": m.agents_refusal_already,
  "agents.not_approved": m.agents_refusal_not_approved,
  "agents.farmer_self": m.agents_refusal_farmer_self,
  "agents.farmer_unknown": m.agents_refusal_farmer_unknown,
  "agents.farmer_pending": m.agents_refusal_farmer_pending,
  "agents.farmer_rejected": m.agents_refusal_farmer_rejected,
  "agents.limit": m.agents_refusal_limit,
  "agents.daily_limit": m.agents_refusal_daily_limit,
  "lots.number": m.catalog_refusal_lot_number,
  "lots.quantity": m.catalog_refusal_lot_quantity,
  "lots.date_format": m.catalog_refusal_lot_date_format,
  "lots.made_in_future": m.catalog_refusal_lot_made_in_future,
  "lots.expiry_required": m.catalog_refusal_lot_expiry_required,
  "lots.expiry_before_made": m.catalog_refusal_lot_expiry_before_made,
  "lots.tested_on_required": m.catalog_refusal_lot_tested_on_required,
  "lots.tested_in_future": m.catalog_refusal_lot_tested_in_future,
  "lots.germination": m.catalog_refusal_lot_germination,
  "lots.germination_over": m.catalog_refusal_lot_germination_over,
  "lots.purity": m.catalog_refusal_lot_purity,
  "lots.purity_over": m.catalog_refusal_lot_purity_over,
  "lots.registration_required": m.catalog_refusal_lot_registration_required,
  "lots.phi_days": m.catalog_refusal_lot_phi_days,
  "lots.too_long": m.catalog_refusal_lot_too_long,
  "lots.number_taken": m.catalog_refusal_lot_number_taken,
  "lots.kit_size": m.catalog_refusal_lot_kit_size,
  "lots.unknown_size": m.catalog_refusal_lot_unknown_size,
  "lots.unknown_lot": m.catalog_refusal_lot_unknown_lot,
  "lots.adjust_change": m.catalog_refusal_lot_adjust_change,
  "lots.adjust_reason": m.catalog_refusal_lot_adjust_reason,
  "lots.below_zero": ({ number, onHand }, o) => m.catalog_refusal_lot_below_zero({ number, onHand: counted(onHand) }, o),
  "lots.margin_days": m.catalog_refusal_lot_margin_days,
  "lots.csv_choose_file": m.catalog_refusal_lot_csv_choose_file,
  "lots.csv_unreadable": m.catalog_refusal_lot_csv_unreadable,
  "lots.csv_empty": m.catalog_refusal_lot_csv_empty,
  "lots.csv_too_many_rows": ({ rows }, o) => m.catalog_refusal_lot_csv_too_many_rows({ rows: counted(rows) }, o),
  "lots.csv_unknown_column": m.catalog_refusal_lot_csv_unknown_column,
  "lots.csv_missing_column": m.catalog_refusal_lot_csv_missing_column,
  "lots.csv_unknown_sku": m.catalog_refusal_lot_csv_unknown_sku,
  "lots.csv_repeated": m.catalog_refusal_lot_csv_repeated,
  "product.size_has_lots": m.catalog_refusal_lot_size_removed,
  "offers.kind": m.orders_refusal_offer_kind,
  "offers.name": m.orders_refusal_offer_name,
  "offers.discount_type": m.orders_refusal_offer_discount_type,
  "offers.percent": m.orders_refusal_offer_percent,
  "offers.amount": m.orders_refusal_offer_amount,
  "offers.target": m.orders_refusal_offer_target,
  "offers.target_empty": m.orders_refusal_offer_target_empty,
  "offers.count": m.orders_refusal_offer_count,
  "offers.time": m.orders_refusal_offer_time,
  "offers.states": m.orders_refusal_offer_states,
  "offers.end_before_start": m.orders_refusal_offer_end_before_start,
  "offers.code_required": m.orders_refusal_offer_code_required,
  "offers.code_taken": m.orders_refusal_offer_code_taken,
  "offers.not_found": m.orders_refusal_offer_not_found,
  "offers.unknown_group": m.orders_refusal_offer_unknown_group,
  "price_lists.name": m.orders_refusal_price_list_name,
  "price_lists.group_taken": m.orders_refusal_price_list_group_taken,
  "price_lists.email": m.orders_refusal_price_list_email,
  "price_lists.email_unknown": m.orders_refusal_price_list_email_unknown,
  "price_lists.in_other_group": m.orders_refusal_price_list_in_other_group,
  "price_lists.group_required": m.orders_refusal_price_list_group_required,
  "price_lists.time": m.orders_refusal_price_list_time,
  "price_lists.end_before_start": m.orders_refusal_price_list_end_before_start,
  "price_lists.price": m.orders_refusal_price_list_price,
  "price_lists.price_not_below": ({ sku, pricePaise }, o) =>
    m.orders_refusal_price_list_price_not_below({ sku, price: rupees(pricePaise) }, o),
  "price_lists.percent": m.orders_refusal_price_list_percent,
  "price_lists.sku_required": m.orders_refusal_price_list_sku_required,
  "price_lists.sku_unknown": m.orders_refusal_price_list_sku_unknown,
  "price_lists.product_required": m.orders_refusal_price_list_product_required,
  "price_lists.product_unknown": m.orders_refusal_price_list_product_unknown,
  "price_lists.category": m.orders_refusal_price_list_category,
  "price_lists.entry_kind": m.orders_refusal_price_list_entry_kind,
  "price_lists.entry_taken": m.orders_refusal_price_list_entry_taken,
  "price_lists.empty": m.orders_refusal_price_list_empty,
  "price_lists.not_found": m.orders_refusal_price_list_not_found,
  "offers.pincodes": m.orders_refusal_offer_pincodes,
  "offers.buy_get": m.orders_refusal_offer_buy_get,
  "offers.unknown_skus": m.orders_refusal_offer_unknown_skus,
  "offers.not_your_products": m.orders_refusal_offer_not_your_products,
  "offers.vendor_target": m.orders_refusal_offer_vendor_target,
  "checkout.cod_over_cap": ({ amountPaise }, o) => m.checkout_refusal_cod_over_cap({ amount: rupees(amountPaise) }, o),
  "checkout.choose_state": m.checkout_refusal_choose_state,
  "checkout.open_orders": m.checkout_refusal_open_orders,
  "checkout.unpaid_order_value": ({ amountPaise }, o) => m.checkout_refusal_unpaid_order_value({ amount: rupees(amountPaise) }, o),
  "checkout.unpaid_order_units": m.checkout_refusal_unpaid_order_units,
  "checkout.unpaid_customer_value": ({ amountPaise }, o) => m.checkout_refusal_unpaid_customer_value({ amount: rupees(amountPaise) }, o),
  "checkout.unpaid_customer_units": m.checkout_refusal_unpaid_customer_units,
  "checkout.unpaid_share": m.checkout_refusal_unpaid_share,
  "checkout.product_gone": m.checkout_refusal_product_gone,
  "checkout.named_gone": m.checkout_refusal_named_gone,
  "checkout.outside_licence_states": ({ name, state, kind, states }, o) =>
    OUTSIDE_STATES[kind]({ name, state: stateName(state, o.locale), states: stateList(states, o.locale) }, o),
  "checkout.subsidised": m.checkout_refusal_subsidised,
  "checkout.out_of_stock": m.checkout_refusal_out_of_stock,
  "checkout.only_left": m.checkout_refusal_only_left,
  "checkout.untaxable": m.checkout_refusal_untaxable,
  "checkout.too_fast": ({ seconds }, o) => m.checkout_refusal_too_fast({ wait: wait(seconds, o) }, o),
  "checkout.failed": m.checkout_refusal_failed,

  "orders.id_missing": m.orders_refusal_id_missing,
  "orders.load_failed": m.orders_refusal_load_failed,
  "orders.list_failed": m.orders_refusal_list_failed,
  "orders.log_in_pay": m.orders_refusal_log_in_pay,
  "orders.unknown_action": m.orders_refusal_unknown_action,
  "orders.payment_failed": m.orders_refusal_payment_failed,
  "orders.gateway_down": m.orders_refusal_gateway_down,
  "orders.not_verified": m.orders_refusal_not_verified,
  "orders.order_gone": m.orders_refusal_order_gone,
  "orders.order_missing": m.orders_refusal_order_missing,
  "orders.not_awaiting": m.orders_refusal_not_awaiting,
  "orders.pay_expired": m.orders_refusal_pay_expired,
  "orders.pay_unavailable": m.orders_refusal_pay_unavailable,
  "orders.cancel_confirm": m.orders_refusal_cancel_confirm,
  "orders.already_cancelled": m.orders_refusal_already_cancelled,
  "orders.not_mine_link": m.orders_refusal_not_mine_link,
  "orders.assisted_mobile": m.orders_refusal_assisted_mobile,
  "orders.assisted_name": m.orders_refusal_assisted_name,
  "orders.assisted_no_farmer": m.orders_refusal_assisted_no_farmer,
  "orders.assisted_number_taken": m.orders_refusal_assisted_number_taken,
  "orders.assisted_link_off": m.orders_refusal_assisted_link_off,
  "orders.pay_link": m.orders_refusal_pay_link,
  "orders.discount_over_limit": ({ percent, maxPaise }, o) => m.orders_refusal_discount_over_limit({ percent, max: rupees(maxPaise) }, o),
  "orders.discount_over_goods": ({ maxPaise }, o) => m.orders_refusal_discount_over_goods({ max: rupees(maxPaise) }, o),
  "orders.discount_reason": m.orders_refusal_discount_reason,
  "orders.discount_amount": m.orders_refusal_discount_amount,
  "orders.draft_gone": m.orders_refusal_draft_gone,
  "orders.cancel_shipped": m.orders_refusal_cancel_shipped,
  "orders.cancel_delivered": m.orders_refusal_cancel_delivered,
  "orders.cancel_paid_offline": m.orders_refusal_cancel_paid_offline,
  "orders.changed": m.orders_refusal_changed,
  "orders.not_delivered": m.orders_refusal_not_delivered,
  "orders.line_missing": m.orders_refusal_line_missing,
  "orders.already_requested": m.orders_refusal_already_requested,
  "orders.reason_short": m.orders_refusal_reason_short,
  "orders.reason_long": m.orders_refusal_reason_long,
  "orders.quantity": m.orders_refusal_quantity,
  "orders.bought": ({ bought }, o) =>
    bought === 1 ? m.orders_refusal_bought_one({}, o) : m.orders_refusal_bought_many({ bought, max: bought }, o),
  "orders.window_closed": ({ date, days }, o) => m.orders_refusal_window_closed({ date: day(date, o.locale), days }, o),
  "orders.free_item": m.orders_refusal_free_item,
  "orders.rating": m.orders_refusal_rating,
  "orders.review_short": m.orders_refusal_review_short,
  "orders.review_long": ({ max }, o) => m.orders_refusal_review_long({ max: counted(max) }, o),
  "orders.review_not_eligible": m.orders_refusal_review_not_eligible,
  "orders.review_product_missing": m.orders_refusal_review_product_missing,
  "orders.refund_zero": m.orders_refusal_refund_zero,
  "orders.refund_only_left": ({ amountPaise }, o) => m.orders_refusal_refund_only_left({ amount: rupees(amountPaise) }, o),
  "orders.refund_no_payment": m.orders_refusal_refund_no_payment,
  "orders.refund_not_waiting": m.orders_refusal_refund_not_waiting,
  "orders.refund_payout_reference": m.orders_refusal_refund_payout_reference,
  "orders.return_missing": m.orders_refusal_return_missing,
  "orders.return_decided": m.orders_refusal_return_decided,
  "orders.payout_reference_required": m.orders_refusal_payout_reference_required,
  "orders.payout_reference_invalid": m.orders_refusal_payout_reference_invalid,
  "orders.reject_note_required": m.orders_refusal_reject_note_required,
  "orders.decision_note_long": m.orders_refusal_decision_note_long,
  "orders.admin_only": m.orders_refusal_admin_only,
  "orders.status_move": ({ from, to }, o) => m.orders_refusal_status_move({ from: status(from, o), to: status(to, o) }, o),
  "orders.awaiting_payment": m.orders_refusal_awaiting_payment,
  "orders.changed_reload": m.orders_refusal_changed_reload,
  "orders.ship_choice": m.orders_refusal_ship_choice,
  "orders.ship_status": ({ status: now }, o) => m.orders_refusal_ship_status({ status: status(now, o) }, o),
  "orders.shipped_yours": m.orders_refusal_shipped_yours,
  "orders.shipped_all": m.orders_refusal_shipped_all,
  "orders.shipped_those": m.orders_refusal_shipped_those,
  "orders.eway_bill_needed": ({ amountPaise }, o) => m.orders_refusal_eway_bill_needed({ amount: rupees(amountPaise) }, o),
  "orders.eway_bill_format": m.orders_refusal_eway_bill_format,
  "orders.eway_bill_status": ({ status: now }, o) => m.orders_refusal_eway_bill_status({ status: status(now, o) }, o),
  "orders.slip_day": m.orders_refusal_slip_day,
  "orders.slips_none": ({ date }, o) => m.orders_refusal_slips_none({ date: day(date, o.locale) }, o),
  "orders.reason_choice": m.orders_refusal_reason_choice,
  "orders.refund_to": m.orders_refusal_refund_to,
  "orders.upi_invalid": m.orders_refusal_upi_invalid,
  "orders.account_invalid": m.orders_refusal_account_invalid,
  "orders.account_mismatch": m.orders_refusal_account_mismatch,
  "orders.ifsc_invalid": m.orders_refusal_ifsc_invalid,
  "orders.holder_invalid": m.orders_refusal_holder_invalid,
  "orders.refund_by_admin": m.orders_refusal_refund_by_admin,
  "orders.return_not_received": m.orders_refusal_return_not_received,
  "orders.return_step": m.orders_refusal_return_step,
  "orders.restock_quantity": m.orders_refusal_restock_quantity,
  "orders.photo_count": m.orders_refusal_photo_count,
  "orders.photo_invalid": m.orders_refusal_photo_invalid,

  "account.login_required": m.account_login_required,
  "account.unexpected": m.account_unexpected,
  "account.profile_load_failed": m.account_profile_load_failed,
  "account.suspended": m.account_suspended,
  "account.wrong_door_store": m.account_wrong_door_store,
  "account.wrong_door_admin": m.account_wrong_door_admin,
  "account.temporary_password_expired": m.account_temporary_password_expired,
  "account.code_refused": m.account_code_refused,
  "account.same_email": m.account_same_email,
  "account.wrong_current_password": m.account_wrong_current_password,
  "account.invalid_email_or_password": m.account_invalid_email_or_password,
  "account.email_not_verified": m.account_email_not_verified,
  "account.user_exists": m.account_user_exists,
  "account.password_too_short": m.account_password_too_short,
  "account.password_too_long": m.account_password_too_long,
  "account.invalid_token": m.account_invalid_token,
  "account.token_expired": m.account_token_expired,
  "account.otp_expired": m.account_otp_expired,
  "account.otp_too_many": m.account_otp_too_many,
  "account.email_missing": m.account_email_missing,
  "account.email_too_long": m.account_email_too_long,
  "account.email_invalid": m.account_email_invalid,
  "account.email_not_mailable": m.account_email_not_mailable,
  "account.mobile_number_held": m.account_mobile_number_held,
  "account.mobile_sign_up_failed": m.account_mobile_sign_up_failed,
  "account.password_min": m.account_password_min,
  "account.password_max": m.account_password_max,
  "account.password_spaces": m.account_password_spaces,
  "account.password_missing": m.account_password_missing,
  "account.current_password_missing": m.account_current_password_missing,
  "account.phone_missing": m.account_phone_missing,
  "account.phone_invalid": m.account_phone_invalid,
  "account.name_missing": m.account_name_missing,
  "account.name_too_long": m.account_name_too_long,
  "account.street_missing": m.account_street_missing,
  "account.street_too_long": m.account_street_too_long,
  "account.city_missing": m.account_city_missing,
  "account.city_too_long": m.account_city_too_long,
  "account.state_missing": m.account_state_missing,
  "account.pincode_invalid": m.account_pincode_invalid,
  "account.address_not_found": m.account_address_not_found,
  "business.legal_name": m.account_business_legal_name,
  "business.state_mismatch": m.account_business_state_mismatch,
  "business.none": m.account_business_none,
  "account.address_limit": m.account_address_limit,
  "account.mobile_missing": m.account_mobile_missing,
  "account.mobile_invalid": m.account_mobile_invalid,
  "account.code_invalid": m.account_code_invalid,
  "account.sms_needs_mobile": m.account_sms_needs_mobile,
  "account.verify_before_email_change": m.account_verify_before_email_change,
  "account.verify_before_phone": m.account_verify_before_phone,
  "account.confirm_password_wrong": m.account_confirm_password_wrong,

  "vendor.auth_error": m.vendor_auth_error,
  "vendor.wrong_door": m.vendor_err_wrong_door,
  "vendor.gst_required": m.vendor_err_gst_required,
  "vendor.gst_too_long": m.vendor_err_gst_too_long,
  "vendor.gst_length": m.vendor_err_gst_length,
  "vendor.gst_letters_digits": m.vendor_err_gst_letters_digits,
  "vendor.gst_state_code": m.vendor_err_gst_state_code,
  "vendor.gst_pan": m.vendor_err_gst_pan,
  "vendor.gst_entity": m.vendor_err_gst_entity,
  "vendor.gst_z": m.vendor_err_gst_z,
  "vendor.gst_check": m.vendor_err_gst_check,
  "vendor.gst_taken": m.vendor_err_gst_taken,
  "vendor.gst_state_mismatch": ({ code, registeredIn, state, stateCode }, o) =>
    registeredIn
      ? m.vendor_err_gst_state_mismatch({ code, registeredIn, state, stateCode }, o)
      : m.vendor_err_gst_state_mismatch_unknown({ code, state, stateCode }, o),
  "vendor.business_required": m.vendor_err_business_required,
  "vendor.business_too_long": m.vendor_err_business_too_long,
  "vendor.licence_number_required": m.vendor_err_licence_number_required,
  "vendor.licence_number_invalid": m.vendor_err_licence_number_invalid,
  "vendor.licence_expiry_required": m.vendor_err_licence_expiry_required,
  "vendor.licence_expiry_invalid": m.vendor_err_licence_expiry_invalid,
  "vendor.licence_expired": ({ date }, o) => m.vendor_err_licence_expired({ date: day(date, o.locale) }, o),
  "vendor.licence_expiry_too_far": m.vendor_err_licence_expiry_too_far,
  "vendor.licence_authority_too_long": m.vendor_err_licence_authority_too_long,
  "vendor.licence_state": m.vendor_err_licence_state,
  "vendor.licence_states_required": m.vendor_err_licence_states_required,
  "vendor.licence_states_unknown": m.vendor_err_licence_states_unknown,
  "vendor.courier_required": m.vendor_err_courier_required,
  "vendor.courier_length": m.vendor_err_courier_length,
  "vendor.courier_too_long": m.vendor_err_courier_too_long,
  "vendor.tracking_required": m.vendor_err_tracking_required,
  "vendor.tracking_length": m.vendor_err_tracking_length,
  "vendor.tracking_too_long": m.vendor_err_tracking_too_long,
  "vendor.tracking_link": m.vendor_err_tracking_link,
  "vendor.confirm_before_shipping": m.vendor_err_confirm_before_shipping,
  "vendor.verify_before_listing": m.vendor_err_verify_before_listing,
  "vendor.listing_rate_limited": ({ seconds }, o) => m.vendor_err_listing_rate_limited({ wait: wait(seconds, o) }, o),
  "vendor.too_many_pending": m.vendor_err_too_many_pending,
  "vendor.import_choose_file": m.vendor_import_choose_file,
  "vendor.csv_choose_file": m.vendor_err_csv_choose_file,
  "vendor.csv_too_large": ({ rows }, o) => m.vendor_err_csv_too_large({ rows: counted(rows) }, o),
  "vendor.csv_too_many_rows": ({ rows }, o) => m.vendor_err_csv_too_many_rows({ rows: counted(rows) }, o),
  "vendor.csv_too_many_columns": ({ row, max, count }, o) => m.vendor_err_csv_too_many_columns({ row: counted(row), max, count }, o),
  "vendor.csv_cell_too_long": ({ row, column, max }, o) =>
    m.vendor_err_csv_cell_too_long({ row: counted(row), column, max: counted(max) }, o),
  "vendor.csv_not_utf8": m.vendor_err_csv_not_utf8,
  "vendor.csv_empty": m.vendor_err_csv_empty,

  "product.invalid": m.vendor_form_err_invalid,
  "product.name_required": m.vendor_form_err_name_required,
  "product.name_too_long": m.vendor_form_err_name_too_long,
  "product.description_too_long": m.vendor_form_err_description_too_long,
  "product.category": m.vendor_form_err_category,
  "product.regulated_as": m.vendor_form_err_regulated_as,
  "product.size_label_required": m.vendor_form_err_size_label_required,
  "product.size_label_too_long": m.vendor_form_err_size_label_too_long,
  "product.pack_quantity": m.vendor_form_err_pack_quantity,
  "product.unit": m.vendor_form_err_unit,
  "product.sku_format": m.vendor_form_err_sku_format,
  "product.sku_taken": m.vendor_form_err_sku_taken,
  "product.sku_repeated": m.vendor_form_err_sku_repeated,
  "product.mrp": m.vendor_form_err_mrp,
  "product.price": m.vendor_form_err_price,
  "product.price_above_mrp": ({ chargedPaise, mrpPaise, maxPaise }, o) =>
    m.vendor_form_err_price_above_mrp({ charged: rupees(chargedPaise), mrp: rupees(mrpPaise), max: rupees(maxPaise) }, o),
  "product.price_breaks_format": m.vendor_form_err_price_breaks_format,
  "product.price_breaks_too_many": m.vendor_form_err_price_breaks_too_many,
  "product.price_breaks_quantity": m.vendor_form_err_price_breaks_quantity,
  "product.price_breaks_price": m.vendor_form_err_price_breaks_price,
  "product.price_breaks_order": m.vendor_form_err_price_breaks_order,
  "product.price_breaks_not_lower": m.vendor_form_err_price_breaks_not_lower,
  "product.stock": m.vendor_form_err_stock,
  "product.stock_too_large": m.vendor_form_err_stock_too_large,
  "product.weight": m.vendor_form_err_weight,
  "product.reorder_level": m.vendor_form_err_reorder_level,
  "product.no_sizes": m.vendor_form_err_no_sizes,
  "product.too_many_sizes": m.vendor_form_err_too_many_sizes,
  "product.brand_too_long": m.vendor_form_err_brand_too_long,
  "product.season": m.vendor_form_err_season,
  "product.crops": m.vendor_form_err_crops,
  "product.dosage": m.vendor_form_err_dosage,
  "product.dosage_unit": m.vendor_form_err_dosage_unit,
  "product.dosage_amount": m.vendor_form_err_dosage_amount,
  "product.how_to_use_too_long": m.vendor_form_err_how_to_use_too_long,
  "product.name_hi_too_long": m.vendor_form_err_name_hi_too_long,
  "product.description_hi_too_long": m.vendor_form_err_description_hi_too_long,
  "product.how_to_use_hi_too_long": m.vendor_form_err_how_to_use_hi_too_long,
  "product.hsn": m.vendor_form_err_hsn,
  "product.gst_rate": m.vendor_form_err_gst_rate,
  "product.image_too_large": m.vendor_form_err_image_too_large,
  "product.image_empty": m.vendor_form_err_image_empty,
  "product.image_unreadable": m.vendor_form_err_image_unreadable,
  "product.image_type": m.vendor_form_err_image_type,
  "product.image_unprocessable": m.vendor_form_err_image_unprocessable,
  "product.gallery_full": m.vendor_form_err_gallery_full,
  "product.changed": m.vendor_form_err_product_changed,

  "wishlist.full": m.wishlist_refusal_full,
  "wishlist.unknown_product": m.wishlist_refusal_unknown_product,
  "wishlist.in_stock": m.wishlist_refusal_in_stock,
  "wishlist.no_channel": m.wishlist_refusal_no_channel,
  "wishlist.too_many_alerts": m.wishlist_refusal_too_many_alerts,
  "wishlist.vendor": m.wishlist_refusal_vendor,

  "dosage.area_unit": m.store_area_error_unit,
  "dosage.area_empty": m.store_area_error_empty,
  "dosage.area_positive": m.store_area_error_positive,
  "dosage.area_number": m.store_area_error_number,
  "dosage.area_max": ({ acres, inUnit }, o) => {
    const inAcres = `${acres} ${m.store_area_units_acre({}, o)}`;
    const max = inUnit ? `${inAcres} (${inUnit.amount} ${AREA_UNITS[inUnit.unit]({}, o)})` : inAcres;
    return m.store_area_error_max({ max }, o);
  },
};

/** Every refusal code there is (the tests walk them). */
export const REFUSAL_CODES = Object.keys(SAY) as RefusalCode[];

const CODES: ReadonlySet<string> = new Set(REFUSAL_CODES);
export const isRefusalCode = (value: unknown): value is RefusalCode => typeof value === "string" && CODES.has(value);

/**
 * A refusal in words, in the request's language (or `locale`). A code that is none of ours (only a
 * schema's message taken unchecked can carry one) is "Please check the form.".
 */
export function renderRefusal(refusal: Refusal, locale: Locale = currentLocale()): string {
  const say = (SAY[refusal.code] ?? SAY["common.check_form"]) as Say<RefusalCode>;
  return say(refusal.params, { locale });
}

/** A refusal whose sentence needs no values, in words (the request's language, or `locale`). */
export const sayRefusal = (code: PlainRefusalCode, locale?: Locale) => renderRefusal({ code, params: {} } as Refusal, locale);

/** A refusal's English: the message a RefusalError carries for logs and the English-only admin pages. */
export const english = (refusal: Refusal) => renderRefusal(refusal, "en");

// ---------------------------------------------------------------- form errors

/**
 * A Zod issue as the refusal its check names (refusalOfIssue): the schemas' messages are refusal
 * codes. An issue whose message is not one (Zod's own words, for a field a hand-made request left
 * out) is `otherwise`.
 */
export function issueRefusal(issue: z.core.$ZodIssue, otherwise: RefusalCode = "common.check_form"): Refusal {
  const named = refusalOfIssue(issue);
  return isRefusalCode(named.code) ? named : ({ code: otherwise, params: {} } as Refusal);
}

/** Each field's first refusal ("form" for one not tied to a field). */
export function formRefusals<T>(error: z.ZodError<T>, otherwise?: RefusalCode): Partial<Record<keyof FieldErrors<T>, Refusal>> {
  const out: Partial<Record<string, Refusal>> = {};
  for (const issue of error.issues) out[issue.path.length ? String(issue.path[0]) : "form"] ??= issueRefusal(issue, otherwise);
  return out as Partial<Record<keyof FieldErrors<T>, Refusal>>;
}

/** The first of a form's refusals: what the form says at its top. */
export function firstRefusal<T>(error: z.ZodError<T>, otherwise?: RefusalCode): Refusal {
  const first = error.issues[0];
  return first ? issueRefusal(first, otherwise) : { code: "common.check_form", params: {} };
}

/** Each field's first refusal in words, in the request's language. */
export function formErrors<T>(error: z.ZodError<T>, options: { otherwise?: RefusalCode; locale?: Locale } = {}): FieldErrors<T> {
  return renderFields(formRefusals(error, options.otherwise), options.locale);
}

/** Refusals by field, in words. */
export function renderFields<K extends string>(fields: Partial<Record<K, Refusal>>, locale?: Locale): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const [field, refusal] of Object.entries(fields) as [K, Refusal | undefined][])
    if (refusal) out[field] = renderRefusal(refusal, locale);
  return out;
}

/** One issue in words: a refusal code said in the request's language (or `locale`); any other message as it is. */
export function issueText(issue: z.core.$ZodIssue, locale?: Locale): string {
  const named = refusalOfIssue(issue);
  return isRefusalCode(named.code) ? renderRefusal(named, locale) : issue.message;
}

/**
 * An admin form's errors: the admin panel is English only, and its own schemas keep their English
 * words; a shared field's refusal code (an email, a pincode) is said in English too.
 */
export function adminFormErrors<T>(error: z.ZodError<T>): FieldErrors<T> {
  const out: Partial<Record<string, string>> = {};
  for (const issue of error.issues) out[issue.path.length ? String(issue.path[0]) : "form"] ??= issueText(issue, "en");
  return out as FieldErrors<T>;
}
