import { type Db, getDb } from "~/platform/db/db.server";
import { readLicenceStates } from "~/features/vendor-shops/domain/territory";
import { LICENCE_KINDS, type Licence, type LicenceKind, type LicenceStatus, licenceStatus } from "~/features/vendor-shops/domain/licences";

/** A licence kind as a page shows it: the licence if entered, and its standing today. */
export type LicenceView = { kind: LicenceKind; status: LicenceStatus; licence: Licence | null };

/** The licences of these vendors, by vendor and kind. */
export async function licencesOf(vendorIds: readonly string[], db: Db = getDb()): Promise<Map<string, Map<LicenceKind, Licence>>> {
  const out = new Map<string, Map<LicenceKind, Licence>>();
  if (vendorIds.length === 0) return out;
  const rows = await db
    .selectFrom("vendor_licence")
    .select(["vendor_id", "kind", "number", "expires_on", "authority", "state", "states", "verified_at", "version"])
    .where("vendor_id", "in", [...new Set(vendorIds)])
    .execute();
  for (const r of rows) {
    const byKind = out.get(r.vendor_id) ?? new Map<LicenceKind, Licence>();
    byKind.set(r.kind, {
      kind: r.kind,
      number: r.number,
      expiresOn: r.expires_on,
      authority: r.authority,
      state: r.state,
      states: readLicenceStates(r.states) ?? [],
      verifiedAt: r.verified_at,
      version: Number(r.version),
    });
    out.set(r.vendor_id, byKind);
  }
  return out;
}

/** Every kind, in order, with the vendor's licence for it (or none) and its standing on `today`. */
export function licenceViews(byKind: Map<LicenceKind, Licence> | undefined, today: string): LicenceView[] {
  return LICENCE_KINDS.map((kind) => {
    const licence = byKind?.get(kind) ?? null;
    return { kind, status: licenceStatus(licence, today), licence };
  });
}

/** One vendor's licences, every kind. */
export async function getVendorLicences(vendorId: string, today: string): Promise<LicenceView[]> {
  return licenceViews((await licencesOf([vendorId])).get(vendorId), today);
}
