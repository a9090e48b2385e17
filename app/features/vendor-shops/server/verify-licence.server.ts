import { getDb } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import { type LicenceKind, licenceInSentence } from "~/features/vendor-shops/domain/licences";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { lockVendor, syncLicensedListings } from "./licensed-listings.server";

/** A verification the admin cannot make: the licence is gone, changed since they saw it, or expired. */
export class LicenceRefused extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}

/** An account id as Better Auth makes them (letters and digits); anything else names no vendor. */
const isAccountId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

export const LICENCE_GONE = "That licence is not there any more. Please reload the page.";
export const LICENCE_CHANGED = "The vendor changed this licence since you loaded the page. Please check it again before verifying.";
export const licenceExpiredForAdmin = (kind: LicenceKind) =>
  `This ${licenceInSentence(kind)} has expired, so it cannot be verified. The vendor must enter the renewed licence.`;

/**
 * An admin marks a vendor's licence verified: the one they looked at (`version`), and only while it
 * has not expired. The vendor's listings of that kind that were approved go back on sale in the
 * same transaction. Returns how many went back on sale.
 */
export async function verifyLicence(
  adminId: string,
  target: { vendorId: string; kind: LicenceKind; version: number },
  now: Date = new Date(),
): Promise<number> {
  if (!isAccountId(target.vendorId)) throw new LicenceRefused(LICENCE_GONE, 404);
  const today = indiaToday(now);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await lockVendor(trx, target.vendorId);
      const licence = await trx
        .selectFrom("vendor_licence")
        .select(["version", "expires_on"])
        .where("vendor_id", "=", target.vendorId)
        .where("kind", "=", target.kind)
        .executeTakeFirst();
      if (!licence) throw new LicenceRefused(LICENCE_GONE, 404);
      if (Number(licence.version) !== target.version) throw new LicenceRefused(LICENCE_CHANGED, 409);
      if (licence.expires_on < today) throw new LicenceRefused(licenceExpiredForAdmin(target.kind), 409);
      await trx
        .updateTable("vendor_licence")
        .set({ verified_at: now.toISOString(), verified_by: adminId })
        .where("vendor_id", "=", target.vendorId)
        .where("kind", "=", target.kind)
        .execute();
      await recordAudit(trx, {
        kind: "licence.verify",
        object: { type: "vendor", id: target.vendorId },
        before: { [`${target.kind} licence`]: "not verified" },
        after: { [`${target.kind} licence`]: "verified" },
      });
      return (await syncLicensedListings(trx, target.vendorId, today)).on;
    });
}

/**
 * An admin revokes a licence's verification (found invalid, suspended by its authority): the
 * vendor's live listings of that kind go off sale in the same transaction. Returns how many, or
 * null when the licence was not verified (nothing to revoke).
 */
export async function revokeLicence(target: { vendorId: string; kind: LicenceKind }, now: Date = new Date()): Promise<number | null> {
  if (!isAccountId(target.vendorId)) throw new LicenceRefused(LICENCE_GONE, 404);
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await lockVendor(trx, target.vendorId);
      const result = await trx
        .updateTable("vendor_licence")
        .set({ verified_at: null, verified_by: null })
        .where("vendor_id", "=", target.vendorId)
        .where("kind", "=", target.kind)
        .where("verified_at", "is not", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      await recordAudit(trx, {
        kind: "licence.revoke",
        object: { type: "vendor", id: target.vendorId },
        before: { [`${target.kind} licence`]: "verified" },
        after: { [`${target.kind} licence`]: "not verified" },
      });
      return (await syncLicensedListings(trx, target.vendorId, indiaToday(now))).off;
    });
}
