import { sql } from "kysely";
import { type Db, getDatabase } from "~/platform/db/db.server";
import { getEnv } from "~/platform/env.server";
import { newId, isId } from "~/platform/ids";
import { type Locale, localizePath } from "~/platform/i18n/locale";
import { withLocale } from "~/platform/i18n/i18n.server";
import { english, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { findIndianState } from "~/platform/core/indian-states";
import { quoteCart } from "~/features/catalog/server/quote-cart.server";
import { unitPriceAt } from "~/features/catalog/domain/price-breaks";
import { type CookieLine, quotedProduct } from "~/features/cart/domain/cart-cookie";
import type { CartLine } from "~/features/cart/domain/cart";
import { cartShownOffers, priceCart } from "~/features/cart/domain/order-pricing";
import { automaticCartOffers } from "~/features/offers/server/order-offers.server";
import { taxConfig } from "~/features/tax/server/tax-config.server";
import { checkDelivery } from "~/features/delivery/server/delivery.server";
import { undeliverable } from "~/features/delivery/domain/delivery";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { formatPaiseExact } from "~/platform/core/money";
import { formatDateTime } from "~/platform/core/dates";
import { containsInsensitive } from "~/platform/db/like.server";
import { formatMobile, placeholderEmail } from "~/features/accounts/domain/mobile";
import { agentOrderSms, assistedAccountSms, assistedOrderSms, assistedPayLinkSms } from "~/features/messaging/domain/sms-messages";
import { enqueueSms } from "~/features/messaging/server/enqueue.server";
import { smsTemplate } from "~/features/messaging/server/sms-template.server";
import { nudgeOutbox } from "~/features/messaging/server/worker.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { getCheckoutMethods } from "~/features/settings/server/payment-settings.server";
import { log } from "~/platform/log.server";
import { isAwaitingPayment } from "~/features/payments/domain/payments";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import type { AssistedPayment, NewFarmer } from "../domain/assisted-orders";
import { cancelOrder, CancelRefused } from "./cancel-order.server";
import { OrderRefused, placeOrder } from "./place-order.server";
import { orderLink, orderLinkToken, orderLinkTokenMatches } from "./order-link-token.server";
import { payLink } from "./pay-link.server";
import { type StaffDiscount, withDraftDiscount } from "./staff-discount.server";

/*
 * Orders placed for a farmer by the store's phone desk (issue 33, docs/decisions/062-assisted-orders.md).
 * The desk finds the farmer by mobile number or adds them (an account as SMS sign-in makes one), and
 * places an order through placeOrder, as the farmer: the same prices, offers, stock and delivery
 * rules, in the farmer's language; the order records who placed it. It is paid in cash on delivery or
 * by a UPI payment link (docs/decisions/063-phone-order-pay-link.md). The farmer is told by SMS, with
 * a signed link to cancel an order they did not ask for.
 */

export type Farmer = {
  id: string;
  name: string;
  email: string;
  mobile: string;
  locale: Locale;
  street: string;
  city: string;
  state: string;
  pincode: string;
};

/** A refusal of the phone desk's form, said as the checkout says it. */
export class AssistRefused extends RefusalError {}

const farmerColumns = ["id", "name", "email", "phoneNumber", "locale", "street", "city", "state", "pincode"] as const;

function farmerOf(row: {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  locale: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
}): Farmer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.phoneNumber ?? "",
    locale: row.locale === "hi" ? "hi" : "en",
    street: row.street ?? "",
    city: row.city ?? "",
    state: row.state ?? "",
    pincode: row.pincode ?? "",
  };
}

/** The customer whose sign-in number this is (E.164), or null. Staff and vendors are not farmers. */
export async function findFarmerByMobile(mobile: string): Promise<Farmer | null> {
  const { db } = getDatabase();
  const row = await db
    .selectFrom("user")
    .select(farmerColumns)
    .where("phoneNumber", "=", mobile)
    .where("role", "=", "user")
    .executeTakeFirst();
  return row ? farmerOf(row) : null;
}

/** A customer by id, or null. */
export async function getFarmer(id: string | null | undefined): Promise<Farmer | null> {
  if (!id || !isId(id)) return null;
  const { db } = getDatabase();
  const row = await db.selectFrom("user").select(farmerColumns).where("id", "=", id).where("role", "=", "user").executeTakeFirst();
  return row ? farmerOf(row) : null;
}

/**
 * Adds a farmer the desk spoke to: an account as SMS sign-in makes one (the placeholder email, the
 * number as its sign-in number, taken as proved: the desk heard it from the farmer, and every order
 * for them says so by SMS with a way to refuse it), with their language and address, and the SMS
 * that tells them, in their language, queued in the same transaction. A number that already has an
 * account is that account, unchanged, and no SMS.
 */
export async function addFarmer(input: NewFarmer): Promise<{ farmer: Farmer; created: boolean }> {
  const known = await findFarmerByMobile(input.mobile);
  if (known) return { farmer: known, created: false };
  const { db } = getDatabase();
  const taken = await db
    .selectFrom("user")
    .select("id")
    .where((eb) => eb.or([eb("phoneNumber", "=", input.mobile), eb("email", "=", placeholderEmail(input.mobile))]))
    .executeTakeFirst();
  // A staff or vendor account on this number, or an old account holding its placeholder email.
  if (taken) {
    // Another desk's account for this farmer, made a moment ago, is theirs; anyone else's is refused.
    const made = await findFarmerByMobile(input.mobile);
    if (made) return { farmer: made, created: false };
    throw new AssistRefused(refusal("orders.assisted_number_taken"), {
      status: 409,
      english: english(refusal("orders.assisted_number_taken")),
    });
  }
  const { siteTitle } = await getGeneralSettings();
  const id = newId();
  const farmer: Farmer = {
    id,
    name: input.name,
    email: placeholderEmail(input.mobile),
    mobile: input.mobile,
    locale: input.locale,
    street: input.street,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
  };
  const { locale, templateId } = smsTemplate("assisted-account-sms", input.locale);
  const sms = assistedAccountSms(siteTitle, `${getEnv().BASE_URL}${localizePath("/", locale)}`, locale);
  const now = new Date().toISOString();
  const written = db.transaction().execute(async (trx) => {
    await trx
      .insertInto("user")
      .values({
        id,
        name: input.name,
        email: farmer.email,
        emailVerified: false,
        role: "user",
        phoneNumber: input.mobile,
        phoneNumberVerified: true,
        phone: formatMobile(input.mobile),
        locale: input.locale,
        street: input.street,
        city: input.city,
        state: input.state,
        pincode: input.pincode,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await enqueueSms(trx, "assisted-account-sms", `assisted-account:${id}`, {
      to: input.mobile,
      ...sms,
      ...(templateId ? { templateId } : {}),
    });
  });
  try {
    await written;
  } catch (error) {
    // Two desks added the same number at once (its sign-in number is unique): the first one's account.
    const first = await findFarmerByMobile(input.mobile);
    if (first) return { farmer: first, created: false };
    throw error;
  }
  nudgeOutbox();
  return { farmer, created: true };
}

/** The ways of paying the desk can offer now: the methods the store's checkout offers. */
export async function assistedPayments(): Promise<AssistedPayment[]> {
  const methods = (await getCheckoutMethods()).map((m) => m.key);
  return [...(methods.includes("cod") ? (["cod"] as const) : []), ...(methods.includes("upi") ? (["link"] as const) : [])];
}

/**
 * Places an order for the farmer through placeOrder, as they would at the checkout, to their address
 * and in their language (its emails and SMS then are in it), recording who placed it (`placedBy`).
 * Cash on delivery; or "link": the store's UPI method, as the checkout places an online payment
 * (pending, awaiting payment, its stock held until payment_due_at), and the SMS carries the link to
 * the page that takes the payment (docs/decisions/063-phone-order-pay-link.md). A method the store
 * does not offer now is refused. Then queues the SMS that says an order was placed for them, with the
 * way to refuse it. A refusal is placeOrder's (OrderRefused), said as the checkout says it.
 */
export async function placeAssistedOrder(
  placedBy: { id: string },
  farmer: Farmer,
  order: {
    items: { productId: string; variantId: string; quantity: number }[];
    checkoutKey: string;
    payment?: AssistedPayment;
    /** Run in the order's transaction (a field agent's daily limit): placeOrder's `check`. */
    check?: (trx: Db) => Promise<void>;
    /** A draft's discount (docs/decisions/064-draft-orders.md), judged by placeOrder against the goods' value. */
    discount?: StaffDiscount;
  },
): Promise<{ orderId: string; created: boolean; payBy: string | null }> {
  const payment = order.payment ?? "cod";
  const method = payment === "link" ? "upi" : "cod";
  const methods = await getCheckoutMethods();
  if (!methods.some((m) => m.key === method)) {
    if (payment === "link") throw new OrderRefused(refusal("orders.assisted_link_off"), 409, "paymentMethod");
    throw new OrderRefused(refusal("checkout.payment_method"), 400, "paymentMethod");
  }
  const placed = await withLocale(farmer.locale, () =>
    placeOrder(
      { id: farmer.id, name: farmer.name, email: farmer.email },
      {
        items: order.items,
        checkoutKey: order.checkoutKey,
        paymentMethod: method,
        couponCode: null,
        phone: formatMobile(farmer.mobile),
        street: farmer.street,
        city: farmer.city,
        state: farmer.state,
        pincode: farmer.pincode,
      },
      {
        placedBy: placedBy.id,
        ...(order.check ? { check: order.check } : {}),
        ...(order.discount ? { staffDiscount: order.discount } : {}),
      },
    ),
  );
  const { db } = getDatabase();
  const row = await db
    .selectFrom("orders")
    .select(["total_paise", "payment_due_at"])
    .where("id", "=", placed.orderId)
    .executeTakeFirstOrThrow();
  if (placed.created) {
    try {
      if (payment === "link") await queuePayLinkSms(farmer, placed.orderId);
      else await queueAssistedOrderSms(farmer, placed.orderId, Number(row.total_paise), placedBy.id);
    } catch (error) {
      // The order stands; its usual SMS and emails were written with it.
      log.error({ err: error, orderId: placed.orderId }, "the phone desk's SMS about an order could not be queued");
    }
  }
  return { ...placed, payBy: row.payment_due_at };
}

async function queueAssistedOrderSms(farmer: Farmer, orderId: string, totalPaise: number, placedById: string) {
  const { db } = getDatabase();
  const { siteTitle } = await getGeneralSettings();
  // A field agent is named to the farmer (docs/decisions/065-field-agents.md); the store's desk is the store's.
  const agent = await db.selectFrom("agent").select("name").where("user_id", "=", placedById).executeTakeFirst();
  const { locale, templateId } = smsTemplate(agent ? "agent-order-sms" : "assisted-order-sms", farmer.locale);
  const order = { id: orderId, total: formatPaiseExact(totalPaise), link: notMineLink(orderId, locale) };
  const sms = agent ? agentOrderSms(siteTitle, { ...order, agent: agent.name }, locale) : assistedOrderSms(siteTitle, order, locale);
  await enqueueSms(db, agent ? "agent-order-sms" : "assisted-order-sms", `assisted-order:${orderId}`, {
    to: farmer.mobile,
    ...sms,
    ...(templateId ? { templateId } : {}),
  });
  nudgeOutbox();
}

/**
 * The SMS with an order's pay link, in the farmer's language: the amount, until when it can be paid,
 * and the one link (its page also cancels an order they did not ask for).
 */
async function payLinkSms(farmer: Farmer, order: { id: string; total_paise: number | string | bigint; payment_due_at: string | null }) {
  const { siteTitle } = await getGeneralSettings();
  const { locale, templateId } = smsTemplate("assisted-pay-link-sms", farmer.locale);
  const sms = assistedPayLinkSms(
    siteTitle,
    {
      id: order.id,
      total: formatPaiseExact(Number(order.total_paise)),
      until: order.payment_due_at ? formatDateTime(order.payment_due_at, locale) : "",
      link: payLink(order.id, locale),
    },
    locale,
  );
  return { to: farmer.mobile, ...sms, ...(templateId ? { templateId } : {}) };
}

async function queuePayLinkSms(farmer: Farmer, orderId: string) {
  const { db } = getDatabase();
  const order = await db
    .selectFrom("orders")
    .select(["id", "total_paise", "payment_due_at"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  await enqueueSms(db, "assisted-pay-link-sms", `assisted-pay-link:${orderId}`, await payLinkSms(farmer, order));
  nudgeOutbox();
}

/**
 * Sends a phone order's pay link again (the farmer lost the SMS), while the order still waits for its
 * payment inside its hold; recorded in the audit trail with the SMS, in one transaction. Until when it
 * can be paid does not move: the stock is held until then.
 */
export async function resendPayLink(orderId: string): Promise<{ payBy: string }> {
  const { db } = getDatabase();
  const order = isId(orderId)
    ? await db
        .selectFrom("orders")
        .select(["id", "user_id", "status", "payment_status", "payment_due_at", "total_paise"])
        .where("id", "=", orderId)
        .where("placed_by", "is not", null)
        .where("payment_method", "=", "upi")
        .executeTakeFirst()
    : undefined;
  const farmer = await getFarmer(order?.user_id);
  if (!order || !farmer)
    throw new AssistRefused(refusal("orders.order_gone"), { status: 404, english: english(refusal("orders.order_gone")) });
  if (order.status !== "pending" || !isAwaitingPayment(order.payment_status)) {
    throw new AssistRefused(refusal("orders.not_awaiting"), { status: 409, english: english(refusal("orders.not_awaiting")) });
  }
  const payBy = order.payment_due_at;
  if (!payBy || Date.parse(payBy) <= Date.now()) {
    throw new AssistRefused(refusal("orders.pay_expired"), { status: 409, english: english(refusal("orders.pay_expired")) });
  }
  const sms = await payLinkSms(farmer, order);
  await db.transaction().execute(async (trx) => {
    const sent = await trx
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("kind", "=", "assisted-pay-link-sms")
      .where((eb) =>
        eb.or([eb("dedupe_key", "=", `assisted-pay-link:${order.id}`), eb("dedupe_key", "like", `assisted-pay-link:${order.id}:%`)]),
      )
      .executeTakeFirstOrThrow();
    const before = Number(sent.n);
    // The first SMS is `assisted-pay-link:<order>`; the n-th sent again `…:<n>`.
    await enqueueSms(trx, "assisted-pay-link-sms", `assisted-pay-link:${order.id}:${before}`, sms);
    await recordAudit(trx, {
      kind: "order.pay_link_resend",
      object: { type: "order", id: order.id },
      before: { pay_link_sms: before },
      after: { pay_link_sms: before + 1 },
    });
  });
  nudgeOutbox();
  return { payBy };
}

/** The signature of an order's not-mine link: an HMAC of its id under a key derived from BETTER_AUTH_SECRET. */
export function notMineToken(orderId: string): string {
  return orderLinkToken("not-mine", orderId);
}

/** The page where a farmer cancels an order placed for them that they did not ask for, in their language. */
export function notMineLink(orderId: string, locale: Locale): string {
  return orderLink("not-mine", orderId, locale);
}

const BAD_LINK = refusal("orders.not_mine_link");

/** The order a not-mine link names, when its signature is good and it was placed by the desk; else null. */
export async function notMineOrder(orderId: string, token: string | null) {
  if (!orderLinkTokenMatches("not-mine", orderId, token)) return null;
  const { db } = getDatabase();
  const row = await db
    .selectFrom("orders")
    .select(["id", "user_id", "status", "total_paise", "locale"])
    .where("id", "=", orderId)
    .where("placed_by", "is not", null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * A farmer refuses an order placed for them: with a good link, the order is cancelled as its
 * customer would cancel it (stock back, the usual message), if it has not shipped. A bad link, or
 * an order the desk did not place, is refused (400) and nothing is written; an order already
 * cancelled (the link used) or shipped is cancelOrder's refusal.
 */
export async function refuseAssistedOrder(orderId: string, token: string | null) {
  const order = await notMineOrder(orderId, token);
  if (!order?.user_id) throw new CancelRefused(BAD_LINK, 400);
  return cancelOrder({
    orderId: order.id,
    actor: { role: "customer", id: order.user_id },
    note: "Not asked for by the farmer (phone order's SMS link)",
  });
}

/** Pack sizes on sale whose product's name or whose SKU holds `q`, for the desk's cart. */
export async function searchSizes(q: string) {
  const text = q.trim().slice(0, 60);
  if (text.length < 2) return [];
  const { db } = getDatabase();
  return db
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select(["v.id as variantId", "v.product_id as productId", "p.name", "p.name_hi as nameHi", "v.label", "v.sku", "v.stock"])
    .where("p.status", "=", "live")
    .where((eb) => eb.or([containsInsensitive("p.name", text), containsInsensitive("v.sku", text)]))
    .orderBy("p.name")
    .orderBy(sql`v.price_paise`)
    .limit(20)
    .execute();
}

/**
 * The desk's cart for a farmer as the storefront's cart and checkout show it, from the same server
 * functions: each size's quote for this customer (quoteCart: their price list, quantity prices),
 * the offers the server grants (automaticCartOffers, as /resources/cart-offers), the totals by the cart's
 * engine (priceCart) to their State, and the delivery answer for their pincode. Nothing is priced here.
 */
export async function quoteAssistedCart(farmer: Farmer, wanted: readonly CookieLine[], staffDiscountPaise = 0) {
  const settings = await getGeneralSettings();
  const config = taxConfig(settings);
  const items = await quoteCart(
    wanted.map(({ productId, variantId }) => (variantId ? { productId, variantId } : { productId })),
    farmer.id,
  );
  const shown: {
    key: string;
    productId: string;
    variantId: string;
    name: string;
    quantity: number;
    stock: number;
    unitPaise: number | null;
  }[] = [];
  const lines: CartLine[] = [];
  for (const want of wanted) {
    const item = items.find((i) => i.key === (want.variantId ?? want.productId) && i.productId === want.productId);
    const name = item ? (item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name) : "A product no longer on sale";
    shown.push({
      key: `${want.productId}~${want.variantId ?? ""}`,
      productId: want.productId,
      variantId: want.variantId ?? item?.variantId ?? "",
      name,
      quantity: want.quantity,
      stock: item?.stock ?? 0,
      unitPaise: item ? unitPriceAt(item.pricePaise, item.priceBreaks, want.quantity) : null,
    });
    if (item && item.stock >= want.quantity) lines.push({ product: quotedProduct(item), quantity: want.quantity });
  }
  const stateCode = findIndianState(farmer.state)?.gstCode ?? "";
  const offers = await automaticCartOffers(lines, { stateCode, pincode: farmer.pincode, userId: farmer.id });
  // A draft's discount (docs/decisions/064-draft-orders.md), spread as placeOrder spreads it; at most the goods.
  const staff = withDraftDiscount(lines, offers, staffDiscountPaise);
  const priced = priceCart(lines, config, farmer.state, staff.offers);
  const delivery = await checkDelivery(farmer.pincode);
  return {
    goodsPaise: staff.goods,
    staffDiscountPaise: staff.paise,
    lines: shown,
    offers: cartShownOffers(lines, config, staff.offers),
    totals: { subtotal: priced.subtotal, shipping: priced.shipping, tax: priced.tax, total: priced.total },
    delivery:
      delivery.kind === "delivers"
        ? { ok: true as const, cod: delivery.cod, date: delivery.date }
        : { ok: false as const, message: renderRefusal(undeliverable(delivery)) },
  };
}
