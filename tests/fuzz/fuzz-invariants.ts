import { defined } from "../../app/platform/defined";
import { averageRating } from "../../app/features/reviews/domain/reviews";
import type { FuzzStore, Row } from "./store-reader";

const CATEGORIES = ["seeds", "equipment", "tools", "fertilizers"];
const PRODUCT_STATUSES = ["live", "pending", "rejected", "archived", "suspended", "unlicensed"];
const LICENCE_KINDS = ["seed", "fertiliser", "pesticide"];
const ORDER_STATUSES = ["pending", "confirmed", "shipped", "delivered", "cancelled"];
// What readForm strips: no stored text should hold one. The control characters (\p{Cc}) but tab,
// line feed, carriage return and the C1 block, i.e. U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+007F.
const CONTROL = /(?![\t\n\r\u0080-\u009F])\p{Cc}/u;

const n = (v: unknown) => Number(v);
const whole = (v: unknown) => Number.isSafeInteger(Number(v));

/**
 * What must hold of the store whatever was thrown at it: nothing half-written (an order without
 * lines or its first event, a vendor account without its vendor row, counts out of step with the
 * products), no negative or fractional stock, quantity or money, no control characters stored.
 * Returns the violations, each naming the row.
 */
export async function storeViolations(store: FuzzStore): Promise<string[]> {
  const bad: string[] = [];
  const q = store.query;

  for (const p of await q("select id, name, description, category, price_paise, stock, status, vendor_id, reject_reason from product")) {
    const where = `product ${p.id}`;
    if (!whole(p.stock) || n(p.stock) < 0) bad.push(`${where}: stock ${p.stock}`);
    if (!whole(p.price_paise) || n(p.price_paise) <= 0) bad.push(`${where}: price ${p.price_paise} paise`);
    if (!CATEGORIES.includes(String(p.category))) bad.push(`${where}: category ${JSON.stringify(p.category)}`);
    if (!PRODUCT_STATUSES.includes(String(p.status))) bad.push(`${where}: status ${JSON.stringify(p.status)}`);
    if (!String(p.name).trim() || String(p.name).length > 200)
      bad.push(`${where}: name ${JSON.stringify(String(p.name).slice(0, 40))} (${String(p.name).length} chars)`);
    if (String(p.description).length > 2000) bad.push(`${where}: description of ${String(p.description).length} chars`);
    for (const field of ["name", "description", "reject_reason"] as const)
      if (CONTROL.test(String(p[field] ?? ""))) bad.push(`${where}: control character in ${field}`);
    if (p.status === "pending" && !p.vendor_id) bad.push(`${where}: a store product waiting for approval`);
  }

  // Licences: known kinds, sensible numbers, real days; a vendor's listing on sale has its licence verified and current.
  for (const l of await q("select vendor_id, kind, number, expires_on, verified_at from vendor_licence")) {
    const where = `licence ${l.vendor_id}/${l.kind}`;
    if (!LICENCE_KINDS.includes(String(l.kind))) bad.push(`${where}: kind ${JSON.stringify(l.kind)}`);
    if (!/^(?=.*\d)[A-Z0-9/.\- ]{4,40}$/.test(String(l.number))) bad.push(`${where}: number ${JSON.stringify(l.number)}`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(l.expires_on))) bad.push(`${where}: expiry ${JSON.stringify(l.expires_on)}`);
  }
  for (const p of await q(`select p.id from product p where p.status = 'live' and p.vendor_id is not null and p.regulated_as is not null
      and not exists (select 1 from vendor_licence l where l.vendor_id = p.vendor_id and l.kind = p.regulated_as and l.verified_at is not null)`))
    bad.push(`product ${p.id}: a vendor's listing on sale without a verified licence`);

  // The trigger-kept counts (catalogue pages and the dashboard read them) match the rows.
  const counted = new Map((await q("select status, category, n from product_count")).map((r) => [`${r.status}/${r.category}`, n(r.n)]));
  for (const r of await q("select status, category, count(*) as n from product group by status, category")) {
    const key = `${r.status}/${r.category}`;
    if ((counted.get(key) ?? 0) !== n(r.n)) bad.push(`product_count ${key} is ${counted.get(key)}, but ${r.n} products`);
    counted.delete(key);
  }
  for (const [key, value] of counted) if (value !== 0) bad.push(`product_count ${key} is ${value}, but no such products`);

  const lines = await q("select id, order_id, product_id, quantity, unit_price_paise, line_total_paise from order_line");
  const linesByOrder = new Map<string, Row[]>();
  for (const l of lines) {
    linesByOrder.set(String(l.order_id), [...(linesByOrder.get(String(l.order_id)) ?? []), l]);
    if (!whole(l.quantity) || n(l.quantity) < 1) bad.push(`order line ${l.id}: quantity ${l.quantity}`);
    if (n(l.unit_price_paise) <= 0 || n(l.line_total_paise) !== n(l.unit_price_paise) * n(l.quantity))
      bad.push(`order line ${l.id}: ${l.quantity} × ${l.unit_price_paise} = ${l.line_total_paise}?`);
  }
  const events = await q("select order_id, status from order_event");
  const eventStatuses = new Map<string, Set<string>>();
  for (const e of events) eventStatuses.set(String(e.order_id), (eventStatuses.get(String(e.order_id)) ?? new Set()).add(String(e.status)));
  for (const o of await q(
    "select id, status, subtotal_paise, shipping_paise, tax_paise, total_paise, street, city, state, pincode, customer_phone from orders",
  )) {
    const where = `order ${o.id}`;
    const own = linesByOrder.get(String(o.id)) ?? [];
    if (own.length === 0) bad.push(`${where}: no lines`);
    if (!ORDER_STATUSES.includes(String(o.status))) bad.push(`${where}: status ${JSON.stringify(o.status)}`);
    if (!eventStatuses.get(String(o.id))?.has("pending")) bad.push(`${where}: no 'placed' event`);
    if (!eventStatuses.get(String(o.id))?.has(String(o.status))) bad.push(`${where}: status ${o.status} with no event for it`);
    const sum = own.reduce((s, l) => s + n(l.line_total_paise), 0);
    if (own.length && n(o.subtotal_paise) !== sum) bad.push(`${where}: subtotal ${o.subtotal_paise} but lines add up to ${sum}`);
    if (n(o.total_paise) !== n(o.subtotal_paise) + n(o.shipping_paise) + n(o.tax_paise))
      bad.push(`${where}: total ${o.total_paise} ≠ subtotal + shipping + tax`);
    if (!/^[1-9]\d{5}$/.test(String(o.pincode))) bad.push(`${where}: pincode ${JSON.stringify(o.pincode)}`);
    for (const field of ["street", "city", "state"] as const) {
      if (!String(o[field]).trim() || CONTROL.test(String(o[field])))
        bad.push(`${where}: ${field} ${JSON.stringify(String(o[field]).slice(0, 40))}`);
    }
  }
  for (const id of linesByOrder.keys())
    if (!(await q("select id from orders where id = ?", [id])).length) bad.push(`order line for missing order ${id}`);

  // Parcels (issue 15): a line is in a parcel of its own order and its own seller; a parcel has a
  // courier, a tracking number or an https link, and lines; a pending order has none.
  const parcels = new Map(
    (
      await q("select s.id, s.order_id, s.vendor_id, s.courier, s.tracking, o.status from shipment s join orders o on o.id = s.order_id")
    ).map((p) => [String(p.id), p]),
  );
  const packed = new Set<string>();
  for (const l of await q("select id, order_id, vendor_id, shipment_id from order_line where shipment_id is not null")) {
    const parcel = parcels.get(String(l.shipment_id));
    packed.add(String(l.shipment_id));
    if (!parcel) bad.push(`order line ${l.id}: parcel ${l.shipment_id} does not exist`);
    else if (String(parcel.order_id) !== String(l.order_id) || (parcel.vendor_id ?? null) !== (l.vendor_id ?? null))
      bad.push(`order line ${l.id}: in a parcel of another order or seller`);
  }
  for (const [id, p] of parcels) {
    if (!packed.has(id)) bad.push(`parcel ${id}: no lines`);
    if (p.status === "pending") bad.push(`parcel ${id}: its order is still pending`);
    const tracking = String(p.tracking);
    if (
      String(p.courier).trim().length < 2 ||
      tracking.trim().length < 3 ||
      (/^https?:/i.test(tracking) && !/^https:\/\/[^/\s]+\.[^/\s]+/i.test(tracking))
    )
      bad.push(`parcel ${id}: courier ${JSON.stringify(p.courier)}, tracking ${JSON.stringify(tracking.slice(0, 60))}`);
    if (CONTROL.test(String(p.courier)) || CONTROL.test(tracking)) bad.push(`parcel ${id}: control character`);
  }
  // Returns and refunds (issue 15): a return is of 1..its line's quantity and at most its value; an
  // approved one has its refund of that amount; an order never refunds more than its total.
  for (const r of await q(`select r.id, r.quantity, r.amount_paise, r.status, r.refund_id, l.quantity as bought,
      l.taxable_paise + l.cgst_paise + l.sgst_paise + l.igst_paise as value, f.amount_paise as refunded
      from return_request r join order_line l on l.id = r.order_line_id left join refund f on f.id = r.refund_id`)) {
    const where = `return ${r.id}`;
    if (!whole(r.quantity) || n(r.quantity) < 1 || n(r.quantity) > n(r.bought)) bad.push(`${where}: ${r.quantity} of ${r.bought}`);
    if (n(r.amount_paise) <= 0 || n(r.amount_paise) > n(r.value)) bad.push(`${where}: amount ${r.amount_paise} of a line worth ${r.value}`);
    if ((r.status === "approved") !== (r.refund_id !== null)) bad.push(`${where}: ${r.status} with refund ${r.refund_id}`);
    if (r.refund_id !== null && n(r.refunded) !== n(r.amount_paise)) bad.push(`${where}: refund of ${r.refunded} for ${r.amount_paise}`);
  }
  for (const o of await q(`select o.id, o.total_paise, sum(f.amount_paise) as refunded from orders o join refund f on f.order_id = o.id
      where f.status <> 'failed' group by o.id, o.total_paise`))
    if (n(o.refunded) > n(o.total_paise)) bad.push(`order ${o.id}: refunds of ${o.refunded} exceed its total ${o.total_paise}`);

  const users = await q('select id, name, email, role, banned from "user"');
  const vendorRows = new Set((await q("select user_id from vendor")).map((v) => String(v.user_id)));
  for (const u of users) {
    const where = `user ${u.email}`;
    if (!["user", "vendor", "admin", null].includes(u.role as string | null)) bad.push(`${where}: role ${JSON.stringify(u.role)}`);
    if (u.role === "vendor" && !vendorRows.has(String(u.id))) bad.push(`${where}: a vendor account with no vendor profile`);
    if (!String(u.name).trim() || CONTROL.test(String(u.name))) bad.push(`${where}: name ${JSON.stringify(String(u.name).slice(0, 40))}`);
    if (String(u.email) !== String(u.email).toLowerCase().trim()) bad.push(`${where}: email not normalised`);
  }
  const userIds = new Set(users.map((u) => String(u.id)));
  for (const v of vendorRows) if (!userIds.has(v)) bad.push(`vendor ${v}: no user`);
  if (!users.some((u) => u.role === "admin" && !u.banned)) bad.push("no active admin left");

  // Reviews: whole, one per product per customer, proved by a delivered order, and every product's
  // rating and count equal to a recompute from its visible reviews.
  const reviews = await q("select id, product_id, user_id, order_id, author_name, rating, body, sample, hidden from review");
  const visible = new Map<string, number[]>();
  const seen = new Set<string>();
  for (const r of reviews) {
    const where = `review ${r.id}`;
    if (!whole(r.rating) || n(r.rating) < 1 || n(r.rating) > 5) bad.push(`${where}: rating ${r.rating}`);
    if (!String(r.body).trim() || String(r.body).length > 2000 || CONTROL.test(String(r.body)))
      bad.push(`${where}: body ${JSON.stringify(String(r.body).slice(0, 40))}`);
    if (!String(r.author_name).trim() || CONTROL.test(String(r.author_name)) || String(r.author_name).includes("@"))
      bad.push(`${where}: author ${JSON.stringify(r.author_name)}`);
    if (n(r.sample) !== 1) {
      const key = `${r.user_id}/${r.product_id}`;
      if (seen.has(key)) bad.push(`${where}: a second review of ${r.product_id} by ${r.user_id}`);
      seen.add(key);
      const proof = await q(
        "select o.id from orders o join order_line l on l.order_id = o.id where o.id = ? and o.user_id = ? and o.status = 'delivered' and l.product_id = ?",
        [String(r.order_id), String(r.user_id), String(r.product_id)],
      );
      if (!proof.length) bad.push(`${where}: no delivered order of ${r.product_id} by ${r.user_id} behind it`);
    }
    if (n(r.hidden) === 0) visible.set(String(r.product_id), [...(visible.get(String(r.product_id)) ?? []), n(r.rating)]);
  }
  for (const p of await q("select id, rating, reviews from product")) {
    const ratings = visible.get(String(p.id)) ?? [];
    const want = {
      rating: averageRating(
        ratings.reduce((a, b) => a + b, 0),
        ratings.length,
      ),
      reviews: ratings.length,
    };
    if (n(p.rating) !== want.rating || n(p.reviews) !== want.reviews)
      bad.push(
        `product ${p.id}: rating ${p.rating} from ${p.reviews} reviews, but its visible reviews give ${want.rating} from ${want.reviews}`,
      );
  }

  for (const m of await q("select id, name, email, phone, subject, message from contact_message")) {
    for (const field of ["name", "subject", "message"] as const) {
      if (!String(m[field]).trim() || CONTROL.test(String(m[field])))
        bad.push(`contact message ${m.id}: ${field} ${JSON.stringify(String(m[field]).slice(0, 40))}`);
    }
    // A way to reply: a real email, or a mobile number as the form keeps it (+91 98765 43210).
    const email = String(m.email ?? "");
    const phone = m.phone === null || m.phone === undefined ? "" : String(m.phone);
    if (email === "" && phone === "") bad.push(`contact message ${m.id}: neither an email nor a phone`);
    if (email !== "" && (!email.includes("@") || CONTROL.test(email)))
      bad.push(`contact message ${m.id}: email ${JSON.stringify(email.slice(0, 40))}`);
    if (phone !== "" && !/^\+91 [6-9]\d{4} \d{5}$/.test(phone))
      bad.push(`contact message ${m.id}: phone ${JSON.stringify(phone.slice(0, 40))}`);
  }
  for (const a of await q("select id, street, city, state, pincode from saved_address")) {
    for (const field of ["street", "city", "state"] as const) {
      if (!String(a[field]).trim() || CONTROL.test(String(a[field])))
        bad.push(`saved address ${a.id}: ${field} ${JSON.stringify(String(a[field]).slice(0, 40))}`);
    }
    if (!/^[1-9]\d{5}$/.test(String(a.pincode))) bad.push(`saved address ${a.id}: pincode ${JSON.stringify(String(a.pincode))}`);
  }
  for (const s of await q("select key, value from setting")) {
    try {
      JSON.parse(String(s.value));
    } catch {
      bad.push(`setting ${s.key}: not JSON`);
    }
  }
  return bad;
}

/** Everything an anonymous or wrong-role request must leave as it was. */
export async function snapshot(store: FuzzStore) {
  const q = store.query;
  return JSON.stringify({
    product: await q(
      "select id, name, description, category, price_paise, stock, status, image, reject_reason, updated_at from product order by id",
    ),
    orders: await q("select id, status, updated_at from orders order by id"),
    lines: await q("select count(*) as n from order_line"),
    events: await q("select id from order_event order by id"),
    users: await q('select id, name, email, role, banned from "user" order by id'),
    vendors: await q("select * from vendor order by user_id"),
    settings: await q("select key, value from setting order by key"),
    messages: await q("select id, handled from contact_message order by id"),
    reviews: await q("select id, rating, body, hidden, updated_at from review order by id"),
    licences: await q("select * from vendor_licence order by vendor_id, kind"),
    addresses: await q("select id, user_id, street, city, state, pincode, chosen_at from saved_address order by id"),
    wishlist: await q("select user_id, product_id from wishlist_item order by user_id, product_id"),
    alerts: await q("select id, user_id, variant_id, notified_at from stock_alert order by id"),
  });
}

export async function count(store: FuzzStore, table: string, where = "1 = 1", params: (string | number)[] = []) {
  const [row] = await store.query(`select count(*) as n from ${table} where ${where}`, params);
  return Number(defined(row, `count(*) of ${table}`).n);
}
