import { type ExpressionBuilder, type Insertable, sql } from "kysely";
import type { Database } from "~/platform/db/schema";
import { getDatabase, type Db, type Engine } from "~/platform/db/db.server";
import { MAX_LINE_QUANTITY, mergeCartLines, TOO_MANY_OF_ONE } from "~/features/cart/domain/cart-limits";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import type { CheckoutInput } from "~/features/cart/domain/checkout";
import { OPEN_UNPAID_STATUSES, TOO_MANY_OPEN_ORDERS } from "~/features/orders/domain/orders";
import { HOLDING_UNPAID, initialPaymentStatus, isPrepaidMethod, RECEIVED } from "~/features/payments/domain/payments";
import { transferDeadline } from "~/features/payments/domain/bank-transfer";
import {
  holdAllowance,
  type UnpaidHoldLimits,
  unpaidCustomerOverUnits,
  unpaidCustomerOverValue,
  unpaidOrderOverUnits,
  unpaidOrderOverValue,
  unpaidShareOfStock,
} from "~/features/orders/domain/unpaid-holds";
import { priceOrder } from "~/features/tax/domain/gst-order";
import { findIndianState } from "~/platform/core/indian-states";
import { taxConfig } from "~/features/tax/server/tax-config.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { orderSellers } from "~/features/tax/server/order-sellers.server";
import { getBusinessBuyer } from "~/features/tax/server/business-buyer.server";
import { businessStateMismatch } from "~/features/tax/domain/business-buyer";
import { getEnv } from "~/platform/env.server";
import { newId, newOrderId } from "~/platform/ids";
import { currentLocale } from "~/platform/i18n/i18n.server";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { orderPlacedMessages } from "~/features/messaging/server/queue-order-emails.server";
import { insertOutboxRows, outboxInsert } from "~/features/messaging/server/enqueue.server";
import { SMS_RECIPIENT_COLUMNS, smsRecipientOf } from "~/features/messaging/server/queue-order-sms.server";
import { syncProductSummary } from "~/features/catalog/server/variants.server";
import { countOrderPlaced } from "~/platform/observability/metrics.server";
import { checkDeliveryAt, pincodeColumns, placeFrom } from "~/features/delivery/server/delivery.server";
import { codOverCap, noCodHere, stateMismatch, undeliverable } from "~/features/delivery/domain/delivery";
import { isLotsShort, syncLotStock } from "~/features/lots/server/lot-stock.server";
import { licensedToSell, licenceStatesOf } from "~/features/vendor-shops/server/licensed-listings.server";
import { deliveryRefusal } from "~/features/vendor-shops/domain/territory";
import { isLicenceKind } from "~/features/vendor-shops/domain/licences";
import { productText } from "~/features/catalog/domain/product-view";
import { packLabel } from "~/features/catalog/domain/pack-label";
import { indiaToday } from "~/platform/core/india-day";
import { configuredLimits, hitRateLimits } from "~/platform/rate-limit/rate-limit.server";
import { compiledOnce } from "~/platform/db/compiled-once.server";
import { decodePriceBreaks } from "~/features/catalog/domain/price-breaks-input";
import { memberGroupColumn, readMemberPricing } from "~/features/price-lists/server/member-prices.server";
import { withCommitBehind } from "~/platform/db/commit-behind.server";
import { orderStatementValues, placeAndTake, placeAndTakeAll, type WrittenOrder } from "./place-taking-stock.server";
import { kitColumns, lockKitProducts, offerKitsAsOne, planOrderLines, readOrderKits } from "~/features/kits/server/order-kits.server";
import { applyOffers, normaliseCode, type OfferResult } from "~/features/offers/domain/offers";
import {
  countOfferUses,
  offerUseRows,
  usesOnlyUnlimited,
  couponRefusal,
  customerContext,
  limitCouponGuesses,
  packNames,
  offerLines,
  readOffers,
} from "~/features/offers/server/order-offers.server";
import { withGstSavings } from "~/features/offers/domain/shown-savings";
import { recordAgentCommission } from "~/features/commission/server/record-commission.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { actingPerson } from "~/platform/auth/acting-person.server";
import { recordOrderDiscount, type StaffDiscount, spreadStaffDiscount, withStaffShares } from "./staff-discount.server";

export type Customer = { id: string; name: string; email: string };

/** The checkout rate limit's refusal; the wait in seconds. */
export const TOO_MANY_ORDERS = (seconds: number) => refusal("checkout.too_fast", { seconds });

export class OrderRefused extends RefusalError {
  constructor(
    refused: Refusal,
    status = 409,
    /** The checkout field the refusal is about, when it is one. */
    readonly field?: "pincode" | "state" | "paymentMethod" | "business" | "couponCode",
  ) {
    super(refused, { status, english: english(refused) });
  }
}

/**
 * Places an order at the database's prices. In one transaction it checks each pack size is of a
 * product on sale, takes its stock with a guarded decrement (never below zero), updates the
 * products' summaries, and writes the order, its lines and
 * its first status event; any refusal rolls all of it back. The checkout key makes it idempotent:
 * a repeat with the same key returns the first order.
 *
 * Abuse limits: checkouts per customer and per address (`meta.ip`, when the caller has one) in
 * any 10 minutes, and at most ORDER_MAX_OPEN_UNPAID open unpaid orders per customer, counted in
 * the order's transaction so two checkouts at the limit cannot both pass. A repeat of a placed
 * order is answered before any limit. An order paid by card, UPI or bank transfer holds its stock
 * before any money arrives, so it is bounded too (docs/decisions/031-unpaid-holds.md): a card or UPI
 * order's total and units, the customer's waiting orders together, and the share of each size's
 * stock they hold; counted in the same transaction, after the customer's lock. A bank transfer has
 * a deadline (BANK_TRANSFER_DAYS), after which the payment sweep cancels it.
 *
 * Delivery (issue 13): the pincode must be in the directory and served, the State must be the
 * pincode's, and cash on delivery must be allowed there and the order's total within the COD cap.
 */
export async function placeOrder(
  customer: Customer,
  input: Omit<CheckoutInput, "items" | "couponCode"> & {
    items: { productId: string; variantId?: string; quantity: number }[];
    /** A coupon code the customer entered (issue 31); the server decides what it gives. */
    couponCode?: string | null;
  },
  meta: {
    ip?: string;
    /** An assisted order (docs/decisions/062-assisted-orders.md): the member of staff who placed it for the customer. */
    placedBy?: string;
    /**
     * A check of whoever placed it, run in the order's transaction after the customer's lock (a field
     * agent's daily limit, docs/decisions/065-field-agents.md); it refuses by throwing an OrderRefused.
     */
    check?: (trx: Db) => Promise<void>;
    /** A discount a member of staff gives (docs/decisions/064-draft-orders.md), judged against the goods' value here. */
    staffDiscount?: StaffDiscount;
    /** An order a buyer app placed on ONDC (docs/decisions/075-ondc-orders.md), counted as such. */
    channel?: "ondc";
  } = {},
): Promise<{ orderId: string; created: boolean }> {
  const { db, engine } = getDatabase();
  // A repeat of a placed order is answered before anything else is checked or counted; the
  // pincode's place is read with it, in one round trip (docs/decisions/043-orders-under-a-rush.md).
  const [first] = await readRepeatAndPlace(db, { userId: customer.id, checkoutKey: input.checkoutKey, pincode: input.pincode.trim() });
  if (!first) throw new Error("a select of scalars answered no row");
  if (first.again) return { orderId: first.again, created: false };

  // One line per pack size: the same size twice is one line with the quantities added, and the
  // per-size cap holds for that sum.
  const items = mergeCartLines(input.items);
  if (items.some((l) => l.quantity > MAX_LINE_QUANTITY)) throw new OrderRefused(TOO_MANY_OF_ONE, 400);
  const prepaid = isPrepaidMethod(input.paymentMethod);
  const transfer = input.paymentMethod === "bank_transfer";
  const holds = prepaid || transfer ? unpaidHoldLimits() : null;
  const units = items.reduce((sum, l) => sum + l.quantity, 0);
  // The per-order cap is for payments online only: a tractor is bought by bank transfer.
  if (holds && prepaid && units > holds.orderMaxUnits)
    throw new OrderRefused(unpaidOrderOverUnits(holds.orderMaxUnits), 400, "paymentMethod");
  // Sizes are taken in a fixed order (their products' ids, then theirs), so concurrent orders on
  // PostgreSQL cannot deadlock.
  const variantIds = items.map((l) => l.variantId);
  const quantities = new Map(items.map((l) => [l.variantId, l.quantity]));
  const askedProduct = new Map(items.map((l) => [l.variantId, l.productId]));

  const delivery = await checkDeliveryAt(input.pincode, placeFrom(first));
  if (delivery.kind !== "delivers") throw new OrderRefused(undeliverable(delivery), 400, "pincode");
  if (delivery.place.state !== input.state) throw new OrderRefused(stateMismatch(delivery.pincode, delivery.place.state), 400, "state");
  const cod = input.paymentMethod === "cod";
  if (cod && !delivery.cod) throw new OrderRefused(noCodHere(delivery.pincode), 400, "paymentMethod");

  const buyerState = findIndianState(input.state);
  if (!buyerState) throw new OrderRefused(refusal("checkout.choose_state"), 400, "state");
  // Invoiced to the customer's business when asked (docs/decisions/051-business-buyers.md): its details
  // as they are now, copied onto the order; read only then, so an ordinary order sends nothing more.
  const business = input.business ? await businessInvoiceTo(customer.id, buyerState) : null;

  await limitCheckouts(customer.id, meta.ip);
  // Offers (issue 31, docs/decisions/050-offers.md): the active automatic ones and the coupon entered,
  // judged inside the transaction below. An unknown code is a guess, counted against the customer.
  const code = input.couponCode ? normaliseCode(input.couponCode) : null;
  const offers = await readOffers(db, code || null);
  if (code && !offers.some((o) => o.kind === "coupon" && o.code === code)) {
    const tooMany = await limitCouponGuesses({ userId: customer.id, ip: meta.ip });
    if (tooMany) throw new OrderRefused(tooMany, 429, "couponCode");
    throw new OrderRefused(refusal("checkout.coupon_unknown", { code }), 400, "couponCode");
  }
  const settings = await getGeneralSettings();
  const maxOpen = getEnv().ORDER_MAX_OPEN_UNPAID;
  const emails = await getEmailContext();

  /**
   * The order's transaction. `commitBehind` (PostgreSQL, cash on delivery): its last statement goes
   * with its COMMIT behind it, and fails unless it took every size's stock leaving each some; a
   * short stock or a sell-out is then placed again without it (`attempt(false)`), where the refusal
   * is said and the summary written as before. `general`: never PostgreSQL's one statement.
   */
  const attempt = (commitBehind: boolean, general = false) =>
    db.transaction().execute(async (trx) => {
      // The customer's checkouts take turns from here (lockCustomer). After the lock, in a statement of
      // its own so that it sees every earlier checkout: the sizes with the repeat and the count of open
      // orders, in one read.
      const [buyer] = await lockCustomer(trx, { userId: customer.id });
      const asked = { variantIds, userId: customer.id, checkoutKey: input.checkoutKey, today: indiaToday() };
      const sizes = await readSizes(trx, asked);
      // No size found (a cart of unknown sizes): the repeat and the count on their own.
      const seen =
        sizes[0] ??
        (await trx
          .selectNoFrom((eb) => [repeatOf(eb, asked.userId, asked.checkoutKey).as("again"), openOrdersOf(eb, asked.userId).as("open")])
          .executeTakeFirstOrThrow());
      if (seen.again) return { orderId: seen.again, created: false };
      if (meta.check) await meta.check(trx);
      if (Number(seen.open) >= maxOpen) throw new OrderRefused(TOO_MANY_OPEN_ORDERS(maxOpen), 409);
      const held = holds ? await heldForPayment(trx, customer.id) : null;
      // A bank transfer with nothing else waiting may pass the customer's totals (one big order,
      // bounded by each size's share and its deadline); anything more must fit them together.
      const alone = transfer && held?.units === 0 && held.paise === 0;
      if (holds && held && !alone && held.units + units > holds.customerMaxUnits) {
        throw new OrderRefused(unpaidCustomerOverUnits(holds.customerMaxUnits), 409);
      }

      const byId = new Map(sizes.map((v) => [v.id, v]));
      for (const variantId of variantIds) {
        // A size of another product than the line says is a tampered cart: not on sale either, and
        // not named (the other product is on sale; its name would mislead).
        const found = byId.get(variantId);
        const size = found?.product_id === askedProduct.get(variantId) ? found : undefined;
        if (size?.status !== "live" || !Number(size.licensed)) {
          throw new OrderRefused(size ? refusal("checkout.named_gone", { name: size.name }) : refusal("checkout.product_gone"));
        }
      }
      // A customer group's price list (docs/decisions/054-price-lists.md), as read in this transaction.
      const priceFor = await readMemberPricing(trx, buyer?.price_group ? customer.id : null, sizes);
      // A kit (issue 31, docs/decisions/055-kits.md) is sold as its parts' lines and takes their stock:
      // `ordered` is every size whose stock is taken, in the lock order; `take`, how many of each.
      const kits = await readOrderKits(trx, sizes, asked.today);
      const plan = planOrderLines(
        sizes,
        quantities,
        kits,
        (kit, part) => new OrderRefused(refusal("checkout.named_gone", { name: part ?? kit })),
      );
      // A regulated product (a kit's part too) outside its seller's licence States, or a subsidised
      // fertiliser the store does not deliver (docs/decisions/057-territory.md).
      for (const { size } of plan.lines) {
        if (!isLicenceKind(size.regulated_as)) continue;
        const name = productText(size.name, size.name_hi, currentLocale());
        const named = Number(size.sizes) > 1 ? `${name} (${packLabel(size.label, currentLocale())})` : name;
        const refused = deliveryRefusal(
          {
            name: named,
            regulatedAs: size.regulated_as,
            vendorId: size.vendor_id,
            licenceStates: size.licence_states,
            subsidised: Number(size.subsidised) === 1,
          },
          input.state,
          settings,
        );
        if (refused) throw new OrderRefused(refused, 409, refused.code === "checkout.subsidised" ? undefined : "state");
      }
      const ordered = plan.stock;
      const take = plan.take;
      const productIds = [...new Set(ordered.map((v) => v.product_id))];
      const now = new Date().toISOString();
      const lines = plan.lines.map(({ size, quantity, kit }) => {
        const several = Number(size.sizes) > 1;
        // The size's price, or the best quantity price (issue 31) this line's quantity reaches, as
        // read in this transaction: what the cart sent is never a price. The customer's group's list
        // price when lower (decision 054). A kit's part: its share of the kit's price (decision 055).
        const member = kit ? null : priceFor(size, decodePriceBreaks(size.price_breaks), quantity);
        const unit = kit ? kit.unitPaise : (member?.unitPaise ?? 0);
        const priceListId = member?.priceListId ?? null;
        return {
          id: newId(),
          product_id: size.product_id,
          variant_id: size.id,
          variant_label: several ? size.label : "",
          sku: size.sku,
          vendor_id: size.vendor_id,
          name: size.name,
          // Both names, as they are now: a Hindi page, email or invoice names the line in Hindi.
          name_hi: size.name_hi?.trim() || null,
          image: size.image,
          unit_price_paise: unit,
          quantity,
          line_total_paise: kit ? kit.sharePaise : unit * quantity,
          hsn_code: size.hsn_code,
          gst_rate: Number(size.gst_rate),
          price_list_id: priceListId,
          kit_variant_id: kit?.variantId ?? null,
          kit_name: kit?.name ?? null,
          kit_name_hi: kit?.nameHi ?? null,
          kit_quantity: kit?.quantity ?? null,
        };
      });

      /**
       * The stock: the product rows first, in order (every writer of a product's sizes takes its
       * row, so the summary written below is computed from sizes no one else is changing), then
       * each size's guarded decrement, then the summaries. Other checkouts of these products wait
       * for this one from here to the commit, so a cash-on-delivery order does it last (on
       * PostgreSQL in the statement that writes the order: placeTakingStock, below;
       * docs/decisions/043-orders-under-a-rush.md); a refusal rolls back all of it.
       */
      const takeStock = async () => {
        await lockLiveProducts(trx, engine, productIds, ordered);
        const kitGone = await lockKitProducts(
          trx,
          engine,
          kits,
          sizes.filter((s) => Number(s.is_kit)).map((s) => s.product_id),
        );
        if (kitGone !== null) {
          const name = sizes.find((s) => s.product_id === kitGone)?.name;
          throw new OrderRefused(name ? refusal("checkout.named_gone", { name }) : refusal("checkout.product_gone"));
        }
        for (const size of ordered) {
          const quantity = take.get(size.id) ?? 0;
          const named = Number(size.sizes) > 1 ? `${size.name} (${size.label})` : size.name;
          if (holds && held) {
            // The product's row is held above, so this stock is the one the decrement below sees.
            const row = await trx.selectFrom("product_variant").select("stock").where("id", "=", size.id).executeTakeFirst();
            const stock = Number(row?.stock ?? 0);
            const mine = held.byVariant.get(size.id) ?? 0;
            const allowed = holdAllowance(stock, mine, holds);
            // More than the stock left is the stock's refusal, below.
            if (quantity <= stock && mine + quantity > allowed) throw new OrderRefused(unpaidShareOfStock(allowed, named), 409);
          }
          const taken = await trx
            .updateTable("product_variant")
            .set({ stock: sql`stock - ${quantity}` })
            .where("id", "=", size.id)
            .where("stock", ">=", quantity)
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) !== 1) {
            const left = await trx.selectFrom("product_variant").select("stock").where("id", "=", size.id).executeTakeFirst();
            const stock = Number(left?.stock ?? 0);
            throw new OrderRefused(
              stock <= 0 ? refusal("checkout.out_of_stock", { name: named }) : refusal("checkout.only_left", { stock, name: named }),
            );
          }
        }
        await syncProductSummary(trx, productIds);
      };
      if (holds) await takeStock();

      // Offers: judged on the lines as the database prices them, after the customer's lock (so their
      // uses and first order are as of every earlier checkout of theirs).
      let offered: OfferResult | null = null;
      if (offers.length > 0) {
        const ctx = await customerContext(trx, customer.id, offers, { now, stateCode: buyerState.gstCode, pincode: delivery.pincode });
        // A kit is offered as one line, its discount then shared over its part lines (decision 055).
        const asOne = offerKitsAsOne(plan.lines, lines);
        const seen = await offerLines(trx, offers, asOne.input);
        offered = asOne.spread(applyOffers(offers, seen, ctx, code));
        if (offered.coupon && !offered.coupon.applied) {
          const asked = offered.coupon.refusal;
          const names = asked.reason === "add_items" ? await packNames(trx, [asked.variantId], currentLocale()) : undefined;
          throw new OrderRefused(couponRefusal(offered.coupon.code, asked, names), 409, "couponCode");
        }
      }
      // A staff discount (decision 064): after the offers, on what they left of each line, as a fixed sum.
      const staff = meta.staffDiscount?.paise ? meta.staffDiscount : null;
      let staffShares: number[] = [];
      if (staff) {
        const spread = spreadStaffDiscount(
          staff,
          lines.map((l, i) => l.line_total_paise - (offered?.lines[i]?.discount ?? 0)),
        );
        if ("refused" in spread) throw new OrderRefused(spread.refused, spread.status);
        staffShares = spread.shares;
      }
      const discounts = staff ? withStaffShares(offered, lines.length, staffShares) : offered;
      const discountOf = (i: number) => discounts?.lines[i]?.discount ?? 0;

      // GST (issue 14): every seller must be able to invoice its lines, so each needs a GSTIN; the
      // tax follows the store's mode and each seller's State against the delivery State.
      const vendorIds = [...new Set(lines.flatMap((l) => (l.vendor_id ? [l.vendor_id] : [])))];
      const found = await orderSellers(trx, vendorIds, settings);
      if (!found.ok) {
        throw new OrderRefused(refusal("checkout.untaxable", { missing: found.missing }), 400);
      }
      const sellers = found.sellers;
      const stateOf = (vendorId: string | null) => sellers.find((s) => s.seller === (vendorId ?? "store"))?.stateCode ?? "";
      // The cart priced it the same way (taxConfig): the mode, the display (free delivery is measured
      // on the goods' value as shown) and the delivery charge.
      const config = { ...taxConfig(settings), storeStateCode: stateOf(null) };
      // A discount lowers its line's taxable value (docs/decisions/050-offers.md); free delivery, the charge.
      const priced = offered?.freeShipping ? { ...config, shipping: { feePaise: 0, freeOverPaise: 0 } } : config;
      const totals = priceOrder(
        lines.map((l, i) => ({
          amount: l.line_total_paise - discountOf(i),
          quantity: l.quantity,
          rate: l.gst_rate,
          sellerStateCode: stateOf(l.vendor_id),
        })),
        priced,
        buyerState.gstCode,
      );
      const taxedLines = lines.map((l, i) => {
        const t = totals.breakdown.lines[i];
        return {
          ...l,
          gst_rate: t?.rate ?? l.gst_rate,
          taxable_paise: t?.taxable ?? l.line_total_paise - discountOf(i),
          discount_paise: discountOf(i),
          cgst_paise: t?.cgst ?? 0,
          sgst_paise: t?.sgst ?? 0,
          igst_paise: t?.igst ?? 0,
          seller_state_code: stateOf(l.vendor_id),
        };
      });
      if (cod && totals.total > delivery.codMaxPaise) throw new OrderRefused(codOverCap(delivery.codMaxPaise), 400, "paymentMethod");
      if (holds && held) {
        if (prepaid && totals.total > holds.orderMaxPaise)
          throw new OrderRefused(unpaidOrderOverValue(holds.orderMaxPaise), 400, "paymentMethod");
        if (!alone && held.paise + totals.total > holds.customerMaxPaise)
          throw new OrderRefused(unpaidCustomerOverValue(holds.customerMaxPaise), 409);
      }
      const orderId = newOrderId();
      const order = {
        id: orderId,
        user_id: customer.id,
        // The page's language: the order's emails are written in it (0022-languages).
        locale: currentLocale(),
        checkout_key: input.checkoutKey,
        // Written with the row whoever placed it, so every order's statement has one shape.
        placed_by: meta.placedBy ?? null,
        status: "pending" as const,
        payment_method: input.paymentMethod,
        // The goods after their discounts (so subtotal + shipping + tax is the total, as before
        // offers); the goods before them are subtotal + discount.
        subtotal_paise: totals.subtotal,
        discount_paise: (offered?.discount ?? 0) + (staff?.paise ?? 0),
        // Each discount as shown (issue 31): before GST (`paise`) and as paid with GST (`withGstPaise`).
        offers: JSON.stringify(
          discounts
            ? withGstSavings(
                discounts,
                lines.map((l) => ({
                  amount: l.line_total_paise,
                  quantity: l.quantity,
                  rate: l.gst_rate,
                  sellerStateCode: stateOf(l.vendor_id),
                })),
                config,
              )
            : [],
        ),
        shipping_paise: totals.shipping,
        tax_paise: totals.tax,
        total_paise: totals.total,
        customer_name: customer.name,
        customer_email: customer.email,
        customer_phone: input.phone,
        street: input.street,
        city: input.city,
        state: input.state,
        pincode: input.pincode,
        created_at: now,
        updated_at: now,
        tax_mode: config.mode,
        buyer_state_code: buyerState.gstCode,
        buyer_gstin: business?.gstin ?? null,
        buyer_legal_name: business?.legalName ?? null,
        shipping_gst_rate: totals.breakdown.shipping.rate,
        shipping_cgst_paise: totals.breakdown.shipping.cgst,
        shipping_sgst_paise: totals.breakdown.shipping.sgst,
        shipping_igst_paise: totals.breakdown.shipping.igst,
        sellers: JSON.stringify(sellers.filter((s) => s.seller === "store" || vendorIds.includes(s.seller))),
        // A card, UPI or bank-transfer order waits for its payment, holding its stock until
        // payment_due_at; then the payment sweep cancels it.
        payment_status: initialPaymentStatus(input.paymentMethod),
        payment_due_at: prepaid
          ? new Date(Date.parse(now) + getEnv().PAYMENT_HOLD_MINUTES * 60_000).toISOString()
          : transfer
            ? transferDeadline(now, getEnv().BANK_TRANSFER_DAYS)
            : null,
      } satisfies Insertable<Database["orders"]>;
      const orderLines = taxedLines.map((l) => ({ ...l, order_id: orderId }));
      const event = {
        id: newId(),
        order_id: orderId,
        status: "pending",
        note: "Order placed",
        // A phone or field agent's order: placed by them, for the customer.
        actor_id: meta.placedBy ?? customer.id,
        created_at: now,
      } as const;
      // Its emails and SMS are made from what is written here, not read back.
      const messages = await orderPlacedMessages(trx, emails, {
        order,
        lines: orderLines,
        sms: buyer ? smsRecipientOf(buyer, order) : null,
      });
      const usesOffers = (offered?.applied.length ?? 0) > 0;
      // Offers without limits are counted by their use rows alone, which the one statement can write.
      const unlimited = !offered || !usesOffers || usesOnlyUnlimited(offered, offers);
      // An order that sells or reaches a kit takes the general path: its kits' products are locked after the parts'.
      // So does one placed for a farmer, whose agent's commission is written after its lines (decision 066),
      // and one with a staff discount, whose audit entry is written after the order (decision 064).
      if (engine === "postgres" && !holds && unlimited && !kits && !staff && !general && !meta.placedBy) {
        // Cash on delivery: the order and its stock in one statement (placeTakingStock). The summary's
        // stock is taken with the sizes'; the rest of it changes only when a size sells out.
        const uses = offered && usesOffers ? offerUseRows(offered, { orderId, userId: customer.id, now }) : [];
        const written = { order, lines: orderLines, event, messages, uses };
        if (commitBehind) {
          await withCommitBehind(() => placeTakingStock(trx, written, productIds, ordered, take, { commitBehind }));
          return { orderId, created: true };
        }
        const soldOut = await placeTakingStock(trx, written, productIds, ordered, take);
        if (soldOut) await syncProductSummary(trx, productIds);
        return { orderId, created: true };
      }
      // The stock before the lines (PostgreSQL): a line's lots are taken by the statement that writes it
      // (docs/decisions/056-lots.md), after its products' locks, as every writer of lots takes them.
      if (!holds) await takeStock();
      if (engine === "postgres") {
        // One statement, one round trip: the order, its lines, its event and its messages.
        const withOrder = trx
          .with("placed_order", (qc) => qc.insertInto("orders").values(order))
          .with("placed_lines", (qc) => qc.insertInto("order_line").values(orderLines));
        if (messages.length === 0) await withOrder.insertInto("order_event").values(event).execute();
        else
          await outboxInsert(
            withOrder.with("placed_event", (qc) => qc.insertInto("order_event").values(event)),
            messages,
          ).execute();
      } else {
        await trx.insertInto("orders").values(order).execute();
        await trx.insertInto("order_line").values(orderLines).execute();
        await trx.insertInto("order_event").values(event).execute();
        await insertOutboxRows(trx, messages);
      }
      if (meta.placedBy) {
        await recordAgentCommission(trx, meta.placedBy, orderLines);
        // A member of staff's order for a farmer is in the audit trail (a field agent is no member of staff).
        if (await actingPerson())
          await recordAudit(trx, {
            kind: "order.place",
            object: { type: "order", id: orderId },
            before: null,
            after: { customer: customer.id, payment_method: order.payment_method, total_paise: order.total_paise },
          });
      }
      if (staff) await recordOrderDiscount(trx, orderId, staff);

      // The offers' uses, last: after the products' locks, as every order takes them, so two orders
      // cannot deadlock; the offer's row is then held only to the commit.
      if (offered && usesOffers) {
        const short = await countOfferUses(trx, offered, { orderId, userId: customer.id, now }, offers);
        if (short !== null) {
          const coupon = offers.find((o) => o.id === short && o.kind === "coupon");
          throw new OrderRefused(
            coupon?.code ? refusal("checkout.coupon_used_up", { code: coupon.code }) : refusal("checkout.offer_changed"),
            409,
            coupon ? "couponCode" : undefined,
          );
        }
      }
      return { orderId, created: true };
    });

  const placing = async () => {
    try {
      try {
        return await attempt(true);
      } catch (error) {
        if ((error as { code?: unknown }).code !== STOCK_NOT_TAKEN) throw error;
        return await attempt(false);
      }
    } catch (error) {
      if (!(error instanceof OffersChanged)) throw error;
      return await attempt(false, true);
    }
  };
  // Only a field agent's order carries a check of whoever placed it (their daily limit).
  const channel = meta.channel ?? (!meta.placedBy ? "storefront" : meta.check ? "agent" : "assisted");
  const counted = (placed: { orderId: string; created: boolean }) => {
    if (placed.created) countOrderPlaced(channel);
    return placed;
  };
  try {
    try {
      return counted(await placing());
    } catch (error) {
      if (!isLotsShort(error)) throw error;
      // A lot reached its sell-by day (or was recalled) since the sizes' stock was last made what their
      // lots hold (docs/decisions/056-lots.md): made so now, and the order judged again on it.
      // The general path: its stock is taken before its lines, so a size short of stock is refused as such.
      await db.transaction().execute((trx) => syncLotStock(trx, engine));
      try {
        return counted(await attempt(false, true));
      } catch (again) {
        if (isLotsShort(again)) throw new OrderRefused(refusal("checkout.stock_changed"), 409);
        throw again;
      }
    }
  } catch (error) {
    // Two submits with one key raced past the first check: the loser finds the winner's order.
    if (!(error instanceof OrderRefused) && isUniqueViolation(error, engine)) {
      const winner = await findByCheckoutKey(db, customer.id, input.checkoutKey);
      if (winner) return { orderId: winner, created: false };
    }
    throw error;
  }
}

/** PostgreSQL's one statement found an offer it used no longer active and without a limit. */
class OffersChanged extends Error {}

/** The SQLSTATE of `stock_not_taken()` (migration 0042): the order's one statement did not take its stock. */
const STOCK_NOT_TAKEN = "AN409";

function unpaidHoldLimits(): UnpaidHoldLimits {
  const env = getEnv();
  return {
    orderMaxPaise: env.ORDER_UNPAID_MAX_RUPEES * 100,
    orderMaxUnits: env.ORDER_UNPAID_MAX_UNITS,
    customerMaxPaise: env.ORDER_UNPAID_CUSTOMER_MAX_RUPEES * 100,
    customerMaxUnits: env.ORDER_UNPAID_CUSTOMER_MAX_UNITS,
    stockSharePercent: env.ORDER_UNPAID_STOCK_SHARE_PERCENT,
    stockMinUnits: env.ORDER_UNPAID_STOCK_MIN_UNITS,
  };
}

/**
 * What the customer's orders still waiting for a card, UPI or bank-transfer payment hold: their
 * totals, their units, and the units of each size. A failed attempt keeps the hold (the customer
 * may pay again). A bank-transfer order an admin confirmed before its money came no longer counts:
 * the admin chose to trust it, and the sweep no longer cancels it.
 */
async function heldForPayment(trx: Db, userId: string) {
  const waiting = (eb: Db) =>
    eb.selectFrom("orders").where("user_id", "=", userId).where("status", "=", "pending").where("payment_status", "in", HOLDING_UNPAID);
  const value = await waiting(trx)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total_paise"), sql<number>`0`).as("paise"))
    .executeTakeFirstOrThrow();
  const lines = await trx
    .selectFrom("order_line")
    .select(["variant_id", (eb) => eb.fn.sum<number>("quantity").as("units")])
    .where("order_id", "in", waiting(trx).select("id"))
    .groupBy("variant_id")
    .execute();
  const byVariant = new Map(lines.flatMap((l) => (l.variant_id ? [[l.variant_id, Number(l.units)] as const] : [])));
  return { paise: Number(value.paise), units: lines.reduce((sum, l) => sum + Number(l.units), 0), byVariant };
}

/**
 * The products' rows, each still on sale, locked in order (PostgreSQL; SQLite's transaction has the
 * database to itself): from here to the commit no one else changes their sizes. A read, not a write,
 * so a sale leaves the row's indexes alone (docs/decisions/043-orders-under-a-rush.md). A product no
 * longer on sale is refused by name.
 */
async function lockLiveProducts(
  trx: Db,
  engine: Engine,
  productIds: readonly string[],
  sizes: readonly { product_id: string; name: string }[],
) {
  const live = await trx
    .selectFrom("product")
    .select("id")
    .where("id", "in", productIds)
    .where("status", "=", "live")
    .orderBy("id")
    .$if(engine === "postgres", (qb) => qb.forNoKeyUpdate())
    .execute();
  const locked = new Set(live.map((p) => p.id));
  const gone = productIds.find((id) => !locked.has(id));
  if (gone === undefined) return;
  const name = sizes.find((v) => v.product_id === gone)?.name;
  throw new OrderRefused(name ? refusal("checkout.named_gone", { name }) : refusal("checkout.product_gone"));
}

/**
 * PostgreSQL, an order that takes its stock last (cash on delivery): the order, its lines, its
 * event and its messages written, and its stock taken, in one statement, so one round trip lies
 * between other checkouts of these products and this one's commit (docs/decisions/043-orders-under-a-rush.md).
 * The stock: its products' rows locked in order, every size's guarded decrement, and each product's
 * stock (the sum of its sizes') less what was taken. The locks come first: the decrement waits on
 * them (a one-time condition), so products are locked before sizes, as every writer of a product's
 * sizes takes them. Rows another order changed while this one waited are re-read by PostgreSQL, so
 * the decrement's `stock >= q` and the product's `stock - q` are of the newest rows. The rest of
 * the summary (the price shown, from the cheapest size in stock) changes only when a size sells
 * out: true then, and the caller writes the whole summary. Fewer sizes taken than asked for is a
 * refusal, said as before: a product no longer on sale, else the first size short of stock; the
 * caller's transaction rolls back whatever was written and taken.
 */
async function placeTakingStock(
  trx: Db,
  written: WrittenOrder,
  productIds: readonly string[],
  sizes: readonly { id: string; product_id: string; name: string; label: string; sizes: unknown }[],
  quantities: ReadonlyMap<string, number>,
  options: { commitBehind?: boolean } = {},
): Promise<boolean> {
  // Built and compiled once per shape (the number of lines, messages, sizes and products), sent with
  // this order's values (place-taking-stock.server.ts).
  const values = orderStatementValues(
    written,
    productIds,
    sizes.map((size) => ({ id: size.id, quantity: quantities.get(size.id) ?? 0 })),
  );
  if (options.commitBehind) {
    // Nothing may be left to check after this statement: its COMMIT is already behind it. A size
    // short of stock, a product gone, or a size sold out (whose summary is written apart) fails it.
    await placeAndTakeAll(trx, values);
    return false;
  }
  const rows = await placeAndTake(trx, values);
  if (rows.length === sizes.length) {
    // An offer it used ended, or was given a limit, since it was read: judged again on the general path.
    if (rows.some((row) => !row.offers_held)) throw new OffersChanged();
    return rows.some((row) => Number(row.stock) <= 0);
  }
  const now = await trx
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select(["v.id", "v.stock", "p.status"])
    .where(
      "v.id",
      "in",
      sizes.map((size) => size.id),
    )
    .execute();
  const byId = new Map(now.map((row) => [row.id, row]));
  for (const productId of productIds) {
    const size = sizes.find((v) => v.product_id === productId);
    if (byId.get(size?.id ?? "")?.status !== "live") {
      throw new OrderRefused(size ? refusal("checkout.named_gone", { name: size.name }) : refusal("checkout.product_gone"));
    }
  }
  for (const size of sizes) {
    const quantity = quantities.get(size.id) ?? 0;
    const stock = Number(byId.get(size.id)?.stock ?? 0);
    if (stock >= quantity) continue;
    const named = Number(size.sizes) > 1 ? `${size.name} (${size.label})` : size.name;
    throw new OrderRefused(
      stock <= 0 ? refusal("checkout.out_of_stock", { name: named }) : refusal("checkout.only_left", { stock, name: named }),
    );
  }
  throw new Error("the stock was not taken, yet every size has enough");
}

/** Checkouts per customer and per address; a refusal names the wait. */
async function limitCheckouts(customerId: string, ip: string | undefined) {
  const limits = configuredLimits();
  const checks: [string, typeof limits.checkoutPerCustomer][] = [[`checkout:user:${customerId}`, limits.checkoutPerCustomer]];
  if (ip) checks.push([`checkout:ip:${ip}`, limits.checkoutPerAddress]);
  // A refused checkout counts against neither limit.
  const hit = await hitRateLimits(checks);
  if (!hit.allowed) throw new OrderRefused(TOO_MANY_ORDERS(hit.retryAfterSeconds), 429);
}

/** The customer's order placed with this checkout key, as a subquery. */
function repeatOf(eb: ExpressionBuilder<Database, never>, userId: string, checkoutKey: string) {
  return eb.selectFrom("orders").select("id").where("user_id", "=", userId).where("checkout_key", "=", checkoutKey);
}

/** How many of the customer's orders are open and unpaid, as a subquery. */
function openOrdersOf(eb: ExpressionBuilder<Database, never>, userId: string) {
  return eb
    .selectFrom("orders")
    .select(eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("status", "in", OPEN_UNPAID_STATUSES)
    .where("payment_status", "not in", RECEIVED);
}

/*
 * The statements every order sends, built and compiled by Kysely once (compiledOnce): the same text
 * each time, with the order's values.
 */

/** Before anything is checked: the order placed with this checkout key, and the pincode's place (one row). */
const readRepeatAndPlace = compiledOnce((db, v: { userId: string; checkoutKey: string; pincode: string }) =>
  db.selectNoFrom((eb) => [repeatOf(eb, v.userId, v.checkoutKey).as("again"), ...pincodeColumns(eb, v.pincode)]),
);

/**
 * PostgreSQL: one customer's checkouts take turns from here (SQLite's writes are serial anyway), so
 * the repeat check and the count of open orders after it see every earlier checkout. The customer's
 * row also says where the order's SMS goes.
 */
const lockCustomer = compiledOnce((db, v: { userId: string }) =>
  db
    .selectFrom("user")
    .select(SMS_RECIPIENT_COLUMNS)
    // The customer's group, if any: only a member's order reads price lists (decision 054).
    .select((eb) => memberGroupColumn(eb, "user.id").as("price_group"))
    .where("id", "=", v.userId)
    .$if(getDatabase().engine === "postgres", (qb) => qb.forNoKeyUpdate()),
);

/** The sizes asked for, with their products, the repeat and the count of open orders, in one read. */
const readSizes = compiledOnce((db, v: { variantIds: readonly string[]; userId: string; checkoutKey: string; today: string }) =>
  db
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select([
      "v.id",
      "v.product_id",
      "v.label",
      "v.sku",
      "v.price_paise",
      "v.price_breaks",
      "p.name",
      "p.name_hi",
      "p.status",
      "p.vendor_id",
      "p.image",
      "p.hsn_code",
      "p.gst_rate",
      "p.category",
      // Where its seller may deliver it (docs/decisions/057-territory.md): the States of the seller's
      // licence for its kind, read with the size (a primary-key probe; none for an unregulated product).
      "p.regulated_as",
      "p.subsidised",
      licenceStatesOf("p").as("licence_states"),
      // A vendor's seed, fertiliser or pesticide whose licence has lapsed is not sold, even
      // before the sweep has taken it off sale (docs/decisions/019-licensed-sellers.md).
      sql<number>`case when ${licensedToSell("p", v.today)} then 1 else 0 end`.as("licensed"),
      // Kits (docs/decisions/055-kits.md): whether the size is one, or a part of one.
      kitColumns.isKit("v.id").as("is_kit"),
      kitColumns.inKit("v.id").as("in_kit"),
      (eb) =>
        eb.selectFrom("product_variant as w").select(eb.fn.countAll<number>().as("n")).whereRef("w.product_id", "=", "p.id").as("sizes"),
      (eb) => repeatOf(eb as ExpressionBuilder<Database, never>, v.userId, v.checkoutKey).as("again"),
      (eb) => openOrdersOf(eb as ExpressionBuilder<Database, never>, v.userId).as("open"),
    ])
    .where("v.id", "in", v.variantIds),
);

async function findByCheckoutKey(db: Db, userId: string, checkoutKey: string) {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("checkout_key", "=", checkoutKey)
    .executeTakeFirst();
  return row?.id;
}

function isUniqueViolation(error: unknown, engine: string) {
  const e = error as { code?: string; errcode?: string; message?: string };
  return engine === "postgres" ? e.code === "23505" : /UNIQUE constraint failed/i.test(e.message ?? "");
}

/** The business a customer's order is invoiced to, refused when there is none or it is registered in another State. */
async function businessInvoiceTo(userId: string, delivery: { gstCode: string; name: string }) {
  const business = await getBusinessBuyer(userId);
  if (!business) throw new OrderRefused(refusal("business.none"), 400, "business");
  const mismatch = businessStateMismatch(business.gstin, delivery);
  if (mismatch) throw new OrderRefused(mismatch, 400, "business");
  return business;
}
