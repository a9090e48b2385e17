import { sql, type SqlBool } from "kysely";
import { type Db, getDatabase } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import type { LicenceKind } from "~/features/vendor-shops/domain/licences";

/**
 * Which of a vendor's approved listings are on sale, as their licences say (docs/decisions/
 * 019-licensed-sellers.md). A vendor's listing regulated as seed, fertiliser or pesticide is "live"
 * only while the vendor holds a verified licence of that kind that has not expired (India's date);
 * otherwise it is "unlicensed". The status is switched in the transaction of every licence change
 * (saved, verified, revoked), by the sweep for expiry, and on a vendor's reactivation; checkout,
 * the cart quote and the product page also check the licence by date, so a listing whose licence
 * expired at midnight is not sold even before the sweep has run.
 */

/**
 * SQL: the product row `alias` may be sold today as far as licences go (the store's own products
 * and unregulated ones always may).
 */
export function licensedToSell(alias: "p" | "product", today: string) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${column("vendor_id")} is null or ${column("regulated_as")} is null or exists (
    select 1 from vendor_licence sl
    where sl.vendor_id = ${column("vendor_id")} and sl.kind = ${column("regulated_as")}
      and sl.verified_at is not null and sl.expires_on >= ${today}))`;
}

/**
 * SQL: the States where the seller's licence for the product row `alias` is valid, as stored (a JSON
 * array), read only for a regulated product (docs/decisions/057-territory.md): a primary-key probe,
 * in the same statement as the product.
 */
export function licenceStatesOf(alias: "p" | "product") {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<string | null>`case when ${column("regulated_as")} is null then null else (
    select l.states from vendor_licence l where l.vendor_id = ${column("vendor_id")} and l.kind = ${column("regulated_as")}) end`;
}

/**
 * Takes the vendor's user row (PostgreSQL), so that changes to which of the vendor's listings are on
 * sale (licences, approval, suspension) happen one at a time; SQLite's write transaction already
 * holds the database.
 */
export async function lockVendor(trx: Db, vendorId: string) {
  if (getDatabase().engine !== "postgres") return;
  await trx.selectFrom("user").select("id").where("id", "=", vendorId).forNoKeyUpdate().execute();
}

/** The kinds the vendor may sell on `today`: licences verified and not expired. */
export async function licensedKinds(db: Db, vendorId: string, today: string): Promise<LicenceKind[]> {
  const rows = await db
    .selectFrom("vendor_licence")
    .select("kind")
    .where("vendor_id", "=", vendorId)
    .where("verified_at", "is not", null)
    .where("expires_on", ">=", today)
    .execute();
  return rows.map((r) => r.kind);
}

/**
 * Puts the vendor's approved listings on or off sale as their licences allow today, inside the
 * caller's transaction (which has called lockVendor). A suspended vendor's listings stay off sale:
 * reactivation calls this again. Returns how many listings went off and came back on.
 */
export async function syncLicensedListings(trx: Db, vendorId: string, today: string = indiaToday()) {
  const kinds = await licensedKinds(trx, vendorId, today);
  if (getDatabase().engine === "postgres") {
    // The rows in id order, as a checkout takes its products: the two never wait on each other in a circle.
    await trx
      .selectFrom("product")
      .select("id")
      .where("vendor_id", "=", vendorId)
      .where("regulated_as", "is not", null)
      .where("status", "in", ["live", "unlicensed"])
      .orderBy("id")
      .forNoKeyUpdate()
      .execute();
  }
  // Each write bumps the version, as a suspension does: a form drawn before it is stale.
  const bump = { version: sql<number>`version + 1` };
  let off = trx
    .updateTable("product")
    .set({ status: "unlicensed", ...bump })
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "live")
    .where("regulated_as", "is not", null);
  if (kinds.length) off = off.where("regulated_as", "not in", kinds);
  const wentOff = Number((await off.executeTakeFirst()).numUpdatedRows);

  const account = await trx.selectFrom("user").select("banned").where("id", "=", vendorId).executeTakeFirst();
  if (!account || account.banned) return { off: wentOff, on: 0 };
  const cameOn = await trx
    .updateTable("product")
    .set({ status: "live", ...bump })
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "unlicensed")
    .where((eb) =>
      kinds.length ? eb.or([eb("regulated_as", "is", null), eb("regulated_as", "in", kinds)]) : eb("regulated_as", "is", null),
    )
    .executeTakeFirst();
  return { off: wentOff, on: Number(cameOn.numUpdatedRows) };
}

/**
 * Puts one approved listing of a vendor on or off sale as the vendor's licence for what it is
 * regulated as allows today, inside the caller's transaction, which has just written the product
 * row (an admin's edit can change what it is regulated as). Only that row is touched, so no lock
 * beyond it is taken; a licence change racing with it re-checks the row once it is committed.
 */
export async function syncListing(trx: Db, productId: string, today: string = indiaToday()) {
  const product = await trx
    .selectFrom("product")
    .select(["vendor_id", "regulated_as", "status"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product?.vendor_id || (product.status !== "live" && product.status !== "unlicensed")) return;
  const allowed = !product.regulated_as || (await licensedKinds(trx, product.vendor_id, today)).includes(product.regulated_as);
  let next: "live" | "unlicensed" = allowed ? "live" : "unlicensed";
  if (next === "live" && product.status === "unlicensed") {
    const account = await trx.selectFrom("user").select("banned").where("id", "=", product.vendor_id).executeTakeFirst();
    if (!account || account.banned) next = "unlicensed";
  }
  if (next !== product.status) {
    await trx.updateTable("product").set({ status: next, version: sql<number>`version + 1` }).where("id", "=", productId).execute();
  }
}

/** Runs `syncLicensedListings` for one vendor in a transaction of its own. */
export function syncVendorListings(db: Db, vendorId: string, today: string = indiaToday()) {
  return db.transaction().execute(async (trx) => {
    await lockVendor(trx, vendorId);
    return syncLicensedListings(trx, vendorId, today);
  });
}

/**
 * Takes off sale every live vendor listing whose licence does not allow it today: licences that
 * expired since they were verified (nothing else makes a licence lapse without a write that
 * already switched the listings). Run at start, at midnight in India and every hour; safe to run
 * on several instances at once. Returns how many listings went off sale.
 */
export async function sweepUnlicensedListings(now: Date = new Date(), db: Db = getDatabase().db) {
  const today = indiaToday(now);
  const vendors = await db
    .selectFrom("product as p")
    .select("p.vendor_id")
    .distinct()
    .where("p.vendor_id", "is not", null)
    .where("p.regulated_as", "is not", null)
    .where("p.status", "=", "live")
    .where(sql<SqlBool>`not ${licensedToSell("p", today)}`)
    .execute();
  let off = 0;
  for (const { vendor_id } of vendors) {
    if (vendor_id) off += (await syncVendorListings(db, vendor_id, today)).off;
  }
  return off;
}
