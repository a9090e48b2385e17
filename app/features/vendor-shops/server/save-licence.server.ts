import { sql } from "kysely";
import { getDb } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import type { LicenceInput } from "~/features/vendor-shops/domain/licences";
import { storeLicenceStates } from "~/features/vendor-shops/domain/territory";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { lockVendor, syncLicensedListings } from "./licensed-listings.server";

/**
 * What saving a licence did: "added" (new, awaiting verification), "unchanged", "updated" (it was
 * not verified), or "reverify" (it was verified; the change needs an admin's verification again).
 */
export type LicenceSaved = "added" | "unchanged" | "updated" | "reverify";

/**
 * Saves the vendor's licence of one kind (the form has checked it, expiry included). Changing the
 * details of a verified licence makes it unverified: the admin verified a number and date, not
 * whatever the vendor types next. The vendor's listings of that kind go off sale in the same
 * transaction until it is verified again.
 */
export async function saveLicence(vendorId: string, input: LicenceInput, now: Date = new Date()): Promise<LicenceSaved> {
  const at = now.toISOString();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await lockVendor(trx, vendorId);
      const current = await trx
        .selectFrom("vendor_licence")
        .select(["number", "expires_on", "authority", "state", "states", "verified_at"])
        .where("vendor_id", "=", vendorId)
        .where("kind", "=", input.kind)
        .executeTakeFirst();
      const details = {
        number: input.number,
        expires_on: input.expiresOn,
        authority: input.authority,
        state: input.state,
        states: storeLicenceStates(input.states),
      };
      let outcome: LicenceSaved;
      if (!current) {
        await trx
          .insertInto("vendor_licence")
          .values({
            vendor_id: vendorId,
            kind: input.kind,
            ...details,
            verified_at: null,
            verified_by: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
        outcome = "added";
      } else if (
        current.number === details.number &&
        current.expires_on === details.expires_on &&
        current.authority === details.authority &&
        current.state === details.state &&
        current.states === details.states
      ) {
        return "unchanged";
      } else {
        await trx
          .updateTable("vendor_licence")
          .set({ ...details, verified_at: null, verified_by: null, version: sql<number>`version + 1`, updated_at: at })
          .where("vendor_id", "=", vendorId)
          .where("kind", "=", input.kind)
          .execute();
        outcome = current.verified_at ? "reverify" : "updated";
      }
      await recordAudit(trx, {
        kind: "licence.save",
        object: { type: "vendor", id: vendorId },
        before: current ? { kind: input.kind, ...current } : null,
        after: { kind: input.kind, ...details, verified_at: null },
      });
      await syncLicensedListings(trx, vendorId, indiaToday(now));
      return outcome;
    });
}
