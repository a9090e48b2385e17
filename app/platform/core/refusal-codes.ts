/**
 * Every refusal the store can say, by code, with the values its sentence needs (refusal.ts). Each
 * code is said by one message in messages/<area>/{en,hi}.json (render-refusal.server.ts). Values are
 * raw: an amount in paise, a day as YYYY-MM-DD, a wait in seconds; the page's language formats them.
 */
// biome-ignore lint/complexity/noBannedTypes: a code whose sentence needs no values
type None = {};

export interface RefusalParams {
  // ---- Any form
  "common.rate_limit_unavailable": None;
  "common.too_many_attempts": { seconds: number };
  "common.unknown_intent": None;
  "common.form_missing": None;
  "common.check_form": None;

  // ---- Checkout
  "checkout.vendor": None;
  "checkout.verify": None;
  "checkout.payment_method": None;
  "checkout.unknown_product": None;
  "checkout.whole": None;
  "checkout.at_least_one": None;
  "checkout.too_many_of_one": { max: number };
  "checkout.session": None;
  "checkout.cart_unreadable": None;
  "checkout.cart_empty": None;
  "checkout.too_many_lines": { max: number };
  "checkout.pincode_format": None;
  "checkout.pincode_unknown": { pincode: string };
  "checkout.unserved": { pincode: string; district: string; state: string };
  "checkout.state_mismatch": { pincode: string; state: string };
  "checkout.no_cod_here": { pincode: string };
  "checkout.cod_over_cap": { amountPaise: number };
  "checkout.choose_state": None;
  "checkout.open_orders": { max: number };
  "checkout.unpaid_order_value": { amountPaise: number };
  "checkout.unpaid_order_units": { max: number };
  "checkout.unpaid_customer_value": { amountPaise: number };
  "checkout.unpaid_customer_units": { max: number };
  "checkout.unpaid_share": { max: number; name: string };
  "checkout.product_gone": None;
  "checkout.named_gone": { name: string };
  /** A regulated product whose seller's licence is valid only in `states` (names), not in the delivery State. */
  "checkout.outside_licence_states": { name: string; state: string; kind: "seed" | "fertiliser" | "pesticide"; states: string[] };
  /** A subsidised fertiliser the store does not deliver (docs/decisions/057-territory.md). */
  "checkout.subsidised": { name: string };
  "checkout.out_of_stock": { name: string };
  "checkout.only_left": { stock: number; name: string };
  // Coupons and offers (issue 31, docs/decisions/050-offers.md)
  "checkout.coupon_unknown": { code: string };
  "checkout.coupon_format": None;
  "checkout.coupon_not_started": { code: string; date: string };
  "checkout.coupon_expired": { code: string };
  "checkout.coupon_used_up": { code: string };
  "checkout.coupon_min_value": { code: string; amountPaise: number };
  "checkout.coupon_min_quantity": { code: string; quantity: number };
  "checkout.coupon_not_for_these": { code: string };
  "checkout.coupon_first_order": { code: string };
  "checkout.coupon_not_your_state": { code: string };
  "checkout.coupon_already_used": { code: string };
  "checkout.coupon_not_your_pincode": { code: string };
  "checkout.coupon_not_your_group": { code: string };
  /** Buy X get Y (issue 31): `name` is the pack size to add, in the page's language. */
  "checkout.coupon_add_items": { code: string; quantity: number; name: string };
  "checkout.coupon_too_many_tries": { seconds: number };
  "checkout.offer_changed": None;
  "checkout.stock_changed": None;

  // ---- Kits: the admin's form (issue 31, docs/decisions/055-kits.md)
  "kits.kit_sku": None;
  "kits.kit_unknown": { sku: string };
  "kits.kit_one_size": { sku: string };
  "kits.kit_is_part": { sku: string };
  "kits.price": None;
  "kits.price_over_parts": { amountPaise: number };
  "kits.no_parts": None;
  "kits.too_many_parts": { max: number };
  "kits.part_is_itself": None;
  "kits.part_sku": None;
  "kits.part_twice": { sku: string };
  "kits.part_quantity": { sku: string; max: number };
  "kits.part_unknown": { sku: string };
  "kits.part_is_kit": { sku: string };

  // ---- Field agents' commission (docs/decisions/066-agent-commission.md)
  "commission.month": None;
  "commission.not_agent": None;

  // ---- Recalls: a lot taken off sale, its flagged orders (docs/decisions/059-recalls.md)
  "recalls.reason": None;
  "recalls.reason_long": { max: number };
  "recalls.lot_gone": None;
  "recalls.already": { lot: string };
  "recalls.hold_gone": None;
  "recalls.order_moved": { status: string };
  "recalls.swap_short": { lot: string; needed: number; available: number };
  "recalls.ship_held": { lot: string };

  // ---- Field agents (docs/decisions/065-field-agents.md)
  "agents.village": None;
  "agents.area": None;
  "agents.not_found": None;
  "agents.customers_only": None;
  "agents.mobile_unproven": None;
  "agents.already": None;
  "agents.not_approved": None;
  "agents.farmer_self": None;
  "agents.farmer_unknown": None;
  "agents.farmer_pending": None;
  "agents.farmer_rejected": None;
  "agents.limit": { max: number };
  "agents.daily_limit": { limit: number };

  // ---- Offers: the admin's form (issue 31)
  "offers.kind": None;
  "offers.name": None;
  "offers.discount_type": None;
  "offers.percent": None;
  "offers.amount": None;
  "offers.target": None;
  "offers.target_empty": None;
  "offers.count": None;
  "offers.time": None;
  "offers.states": None;
  "offers.end_before_start": None;
  "offers.code_required": None;
  "offers.code_taken": None;
  "offers.not_found": None;
  "offers.unknown_group": None;

  // ---- Customer groups and price lists: the admin's forms (docs/decisions/054-price-lists.md)
  "price_lists.name": None;
  "price_lists.group_taken": { name: string };
  "price_lists.email": None;
  "price_lists.email_unknown": { email: string };
  "price_lists.in_other_group": { email: string; group: string };
  "price_lists.group_required": None;
  "price_lists.time": None;
  "price_lists.end_before_start": None;
  "price_lists.price": None;
  "price_lists.price_not_below": { sku: string; pricePaise: number };
  "price_lists.percent": None;
  "price_lists.sku_required": None;
  "price_lists.sku_unknown": { sku: string };
  "price_lists.product_required": None;
  "price_lists.product_unknown": { id: string };
  "price_lists.category": None;
  "price_lists.entry_kind": None;
  "price_lists.entry_taken": None;
  "price_lists.empty": None;
  "price_lists.not_found": None;
  "offers.pincodes": None;
  "offers.buy_get": None;
  /** Offers, second round (issue 31): SKUs typed that no pack size has, or (a vendor's offer) not theirs. */
  "offers.unknown_skus": { skus: string };
  "offers.not_your_products": { skus: string };
  "offers.vendor_target": None;
  /** `missing`: what a seller lacks, in the seller's records' own words ("GSTIN of Kisan Traders"). */
  "checkout.untaxable": { missing: string };
  "checkout.too_fast": { seconds: number };
  "checkout.failed": None;

  // ---- Orders: paying, cancelling, returns, refunds, reviews
  "orders.id_missing": None;
  "orders.load_failed": None;
  "orders.list_failed": None;
  "orders.log_in_pay": None;
  "orders.unknown_action": None;
  "orders.payment_failed": None;
  "orders.gateway_down": None;
  "orders.not_verified": None;
  "orders.order_gone": None;
  "orders.order_missing": None;
  "orders.not_awaiting": None;
  "orders.pay_expired": None;
  "orders.pay_unavailable": None;
  "orders.cancel_confirm": None;
  "orders.already_cancelled": None;
  "orders.not_mine_link": None;
  "orders.assisted_mobile": None;
  "orders.assisted_name": None;
  "orders.assisted_no_farmer": None;
  "orders.assisted_number_taken": None;
  "orders.assisted_link_off": None;
  "orders.pay_link": None;
  /** A staff discount above the placing role's share of the goods' value (`maxPaise`). */
  "orders.discount_over_limit": { percent: number; maxPaise: number };
  "orders.discount_over_goods": { maxPaise: number };
  "orders.discount_reason": None;
  "orders.discount_amount": None;
  "orders.draft_gone": None;
  "orders.cancel_shipped": { days: number };
  "orders.cancel_delivered": { days: number };
  "orders.cancel_paid_offline": None;
  "orders.changed": None;
  "orders.not_delivered": None;
  "orders.line_missing": None;
  "orders.already_requested": None;
  "orders.reason_short": { min: number };
  "orders.reason_long": { max: number };
  "orders.quantity": None;
  "orders.bought": { bought: number };
  "orders.window_closed": { date: string; days: number };
  "orders.free_item": None;
  "orders.rating": None;
  "orders.review_short": { min: number };
  "orders.review_long": { max: number };
  "orders.review_not_eligible": None;
  "orders.review_product_missing": None;
  "orders.refund_zero": None;
  "orders.refund_only_left": { amountPaise: number };
  "orders.refund_no_payment": None;
  "orders.refund_not_waiting": None;
  "orders.refund_payout_reference": { min: number; max: number };
  "orders.return_missing": None;
  "orders.return_decided": None;
  "orders.payout_reference_required": { min: number; max: number };
  "orders.payout_reference_invalid": { min: number; max: number };
  "orders.reject_note_required": None;
  "orders.decision_note_long": { max: number };
  "orders.admin_only": None;
  "orders.status_move": { from: string; to: string };
  "orders.awaiting_payment": None;
  "orders.changed_reload": None;
  "orders.ship_choice": None;
  "orders.ship_status": { status: string };
  "orders.shipped_yours": None;
  "orders.shipped_all": None;
  "orders.shipped_those": None;
  // E-way bills (docs/decisions/058-warehouse-work.md): `amountPaise` is the consignment value.
  "orders.eway_bill_needed": { amountPaise: number };
  "orders.eway_bill_format": None;
  "orders.eway_bill_status": { status: string };
  // Packing slips and labels: `date` is the India day asked for.
  "orders.slip_day": None;
  "orders.slips_none": { date: string };
  "orders.reason_choice": None;
  "orders.refund_to": None;
  "orders.upi_invalid": None;
  "orders.account_invalid": None;
  "orders.account_mismatch": None;
  "orders.ifsc_invalid": None;
  "orders.holder_invalid": None;
  "orders.refund_by_admin": None;
  "orders.return_not_received": None;
  "orders.return_step": None;
  "orders.restock_quantity": None;
  "orders.photo_count": None;
  "orders.photo_invalid": None;

  // ---- Accounts: signing in, registering, the account page
  "account.login_required": None;
  "account.unexpected": None;
  "account.profile_load_failed": None;
  "account.suspended": { email: string; phone: string };
  "account.wrong_door_store": None;
  "account.wrong_door_admin": None;
  "account.temporary_password_expired": None;
  "account.code_refused": None;
  "account.same_email": None;
  "account.wrong_current_password": None;
  "account.invalid_email_or_password": None;
  "account.email_not_verified": None;
  "account.user_exists": None;
  "account.password_too_short": None;
  "account.password_too_long": None;
  "account.invalid_token": None;
  "account.token_expired": None;
  "account.otp_expired": None;
  "account.otp_too_many": None;
  "account.email_missing": None;
  "account.email_too_long": { max: number };
  "account.email_invalid": None;
  "account.email_not_mailable": None;
  "account.mobile_number_held": None;
  "account.mobile_sign_up_failed": None;
  "account.password_min": { min: number };
  "account.password_max": { max: number };
  "account.password_spaces": None;
  "account.password_missing": None;
  "account.current_password_missing": None;
  "account.phone_missing": None;
  "account.phone_invalid": None;
  "account.name_missing": None;
  "account.name_too_long": { max: number };
  "account.street_missing": None;
  "account.street_too_long": { max: number };
  "account.city_missing": None;
  "account.city_too_long": { max: number };
  "account.state_missing": None;
  "account.pincode_invalid": None;
  "account.address_not_found": None;
  "business.legal_name": { min: number; max: number };
  "business.state_mismatch": { registeredIn: string; state: string };
  "business.none": None;
  "account.address_limit": { max: number };
  "account.mobile_missing": None;
  "account.mobile_invalid": None;
  "account.code_invalid": None;
  "account.sms_needs_mobile": None;
  "account.verify_before_email_change": None;
  "account.verify_before_phone": None;
  "account.confirm_password_wrong": None;

  // ---- Vendors: registration, profile, licences, shipping, listings, the CSV import
  "vendor.auth_error": None;
  "vendor.wrong_door": None;
  "vendor.gst_required": None;
  "vendor.gst_too_long": None;
  "vendor.gst_length": { count: number };
  "vendor.gst_letters_digits": None;
  "vendor.gst_state_code": None;
  "vendor.gst_pan": None;
  "vendor.gst_entity": None;
  "vendor.gst_z": None;
  "vendor.gst_check": None;
  "vendor.gst_taken": None;
  /** The GSTIN's State code against the address's State (`registeredIn`: the code's State, if it is one). */
  "vendor.gst_state_mismatch": { code: string; registeredIn: string | null; state: string; stateCode: string };
  "vendor.business_required": None;
  "vendor.business_too_long": { max: number };
  "vendor.licence_number_required": None;
  "vendor.licence_number_invalid": None;
  "vendor.licence_expiry_required": None;
  "vendor.licence_expiry_invalid": None;
  "vendor.licence_expired": { date: string };
  "vendor.licence_expiry_too_far": { years: number };
  "vendor.licence_authority_too_long": { max: number };
  "vendor.licence_state": None;
  "vendor.licence_states_required": None;
  "vendor.licence_states_unknown": None;
  "vendor.courier_required": None;
  "vendor.courier_length": { min: number; max: number };
  "vendor.courier_too_long": { max: number };
  "vendor.tracking_required": None;
  "vendor.tracking_length": { min: number; max: number };
  "vendor.tracking_too_long": { max: number };
  "vendor.tracking_link": None;
  "vendor.confirm_before_shipping": None;
  "vendor.verify_before_listing": None;
  "vendor.listing_rate_limited": { seconds: number };
  "vendor.too_many_pending": { max: number };
  "vendor.import_choose_file": None;
  "vendor.csv_choose_file": None;
  "vendor.csv_too_large": { rows: number };
  "vendor.csv_too_many_rows": { rows: number };
  "vendor.csv_too_many_columns": { row: number; max: number; count: number };
  "vendor.csv_cell_too_long": { row: number; column: string; max: number };
  "vendor.csv_not_utf8": None;
  "vendor.csv_empty": None;

  // ---- The product form (vendors' and the admin's)
  "product.invalid": None;
  "product.name_required": None;
  "product.name_too_long": None;
  "product.description_too_long": None;
  "product.category": None;
  "product.regulated_as": None;
  "product.size_label_required": None;
  "product.size_label_too_long": None;
  "product.pack_quantity": None;
  "product.unit": None;
  "product.sku_format": None;
  "product.sku_taken": None;
  "product.sku_repeated": None;
  "product.mrp": None;
  "product.price": None;
  "product.price_above_mrp": { chargedPaise: number; mrpPaise: number; maxPaise: number };
  "product.price_breaks_format": None;
  "product.price_breaks_too_many": { max: number };
  "product.price_breaks_quantity": None;
  "product.price_breaks_price": None;
  "product.price_breaks_order": None;
  "product.price_breaks_not_lower": None;
  "product.stock": None;
  "product.stock_too_large": None;
  "product.weight": None;
  "product.reorder_level": None;
  "product.no_sizes": None;
  "product.too_many_sizes": { max: number };
  "product.brand_too_long": None;
  "product.season": None;
  "product.crops": None;
  "product.dosage": None;
  "product.dosage_unit": None;
  "product.dosage_amount": None;
  "product.how_to_use_too_long": None;
  "product.name_hi_too_long": None;
  "product.description_hi_too_long": None;
  "product.how_to_use_hi_too_long": None;
  "product.hsn": None;
  /** `rates`: the GST rates a product may have, "0, 5, 18, 40". */
  "product.gst_rate": { rates: string };
  "product.image_too_large": None;
  "product.image_empty": None;
  "product.image_unreadable": None;
  "product.image_type": None;
  "product.image_unprocessable": None;
  "product.gallery_full": { max: number };
  "product.changed": None;
  /** A size with lots left out of a save (docs/decisions/056-lots.md): its lots are its history. */
  "product.size_has_lots": { sku: string };

  // ---- Lots: receipts, adjustments, their margins and the lots CSV (docs/decisions/056-lots.md)
  "lots.number": None;
  "lots.quantity": None;
  "lots.date_format": None;
  "lots.made_in_future": None;
  "lots.expiry_required": None;
  "lots.expiry_before_made": None;
  "lots.tested_on_required": None;
  "lots.tested_in_future": None;
  "lots.germination": None;
  "lots.germination_over": None;
  "lots.purity": None;
  "lots.purity_over": None;
  "lots.registration_required": None;
  "lots.phi_days": None;
  "lots.too_long": { max: number };
  "lots.number_taken": { number: string };
  "lots.kit_size": None;
  "lots.unknown_size": None;
  "lots.unknown_lot": None;
  "lots.adjust_change": None;
  "lots.adjust_reason": { min: number; max: number };
  "lots.below_zero": { number: string; onHand: number };
  "lots.margin_days": None;
  "lots.csv_choose_file": None;
  "lots.csv_unreadable": None;
  "lots.csv_empty": None;
  "lots.csv_too_many_rows": { rows: number };
  "lots.csv_unknown_column": { column: string; columns: string };
  "lots.csv_missing_column": { column: string };
  "lots.csv_unknown_sku": { sku: string };
  "lots.csv_repeated": { number: string; row: number };

  // ---- Wishlists and "Tell me when it's back" (issue 31)
  "wishlist.full": { max: number };
  "wishlist.unknown_product": None;
  "wishlist.in_stock": None;
  "wishlist.no_channel": None;
  "wishlist.too_many_alerts": { max: number };
  "wishlist.vendor": None;

  // ---- The dosage calculator's area
  "dosage.area_unit": None;
  "dosage.area_empty": None;
  "dosage.area_positive": None;
  "dosage.area_number": None;
  /** The largest area: `acres` (formatted, "1,000"), and in the unit asked for unless that is acres. */
  "dosage.area_max": { acres: string; inUnit: { amount: string; unit: "guntha" | "bigha" | "hectare" } | null };
}
