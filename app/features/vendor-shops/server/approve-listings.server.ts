import { getDatabase, getDb } from "~/platform/db/db.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { FIRST_PAGE, type PageRequest } from "~/platform/core/pagination";
import { nextVersion } from "~/features/catalog/server/save-product.server";
import { listVariants } from "~/features/catalog/server/variants.server";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { queueListingReviewedEmail } from "~/features/messaging/server/queue-listing-email.server";
import { indiaToday } from "~/platform/core/india-day";
import { approvalBlockedReason } from "~/features/vendor-shops/domain/licences";
import { licencesOf, licenceViews } from "./list-licences.server";

export const VENDORS_PAGE_SIZE = 50;
export const QUEUE_PAGE_SIZE = 20;

const BY_BUSINESS: Keyset<{ businessName: string; id: string }> = {
  keys: [
    { ref: "vendor.business_name", field: "businessName", kind: "string" },
    { ref: "vendor.user_id", field: "id", kind: "string" },
  ],
  order: "asc",
};

/** Oldest request first: the queue is worked in the order vendors asked. */
const OLDEST_FIRST: Keyset<{ updated_at: string; id: string }> = {
  keys: [
    { ref: "product.updated_at", field: "updated_at", kind: "string" },
    { ref: "product.id", field: "id", kind: "string" },
  ],
  order: "asc",
};

/** A page of vendors by business name, with their live and pending listing counts. */
export async function listVendors(request: PageRequest = FIRST_PAGE) {
  const db = getDb();
  const query = db
    .selectFrom("vendor")
    .innerJoin("user", "user.id", "vendor.user_id")
    .select((eb) => [
      "vendor.user_id as id",
      "vendor.business_name as businessName",
      "vendor.gst_number as gstNumber",
      "vendor.phone",
      "vendor.city",
      "vendor.state",
      "user.email",
      "user.banned",
      eb
        .selectFrom("product")
        .whereRef("product.vendor_id", "=", "vendor.user_id")
        .where("product.status", "=", "live")
        .select((s) => s.fn.countAll<number>().as("n"))
        .as("live"),
      eb
        .selectFrom("product")
        .whereRef("product.vendor_id", "=", "vendor.user_id")
        .where("product.status", "=", "pending")
        .select((s) => s.fn.countAll<number>().as("n"))
        .as("pending"),
    ]);
  const page = await paginate(query, BY_BUSINESS, request, VENDORS_PAGE_SIZE);
  const licences = await licencesOf(page.rows.map((r) => r.id));
  const today = indiaToday();
  return {
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      live: Number(r.live ?? 0),
      pending: Number(r.pending ?? 0),
      banned: Boolean(r.banned),
      licences: licenceViews(licences.get(r.id), today),
    })),
  };
}

/**
 * A page of the approval queue, oldest first. A listing regulated as seed, fertiliser or pesticide
 * says why it cannot be approved yet (`licenceBlock`) while its vendor's licence is not verified.
 */
export async function listPendingListings(request: PageRequest = FIRST_PAGE) {
  const query = getDb()
    .selectFrom("product")
    .innerJoin("vendor", "vendor.user_id", "product.vendor_id")
    .select([
      "product.id",
      "product.name",
      "product.description",
      "product.category",
      "product.price_paise",
      "product.stock",
      "product.image",
      "product.version",
      "product.updated_at",
      "product.regulated_as",
      "vendor.user_id as vendor_id",
      "vendor.business_name",
    ])
    .where("product.status", "=", "pending");
  const page = await paginate(query.select("product.brand"), OLDEST_FIRST, request, QUEUE_PAGE_SIZE);
  // Each size as it would be sold, so an admin approves knowing the SKUs, MRPs, prices and stock.
  const sizes = await listVariants(
    getDb(),
    page.rows.map((r) => r.id),
  );
  const licences = await licencesOf(page.rows.map((r) => r.vendor_id));
  const today = indiaToday();
  const rows = page.rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    category: r.category,
    pricePaise: Number(r.price_paise),
    stock: Number(r.stock),
    image: r.image,
    version: Number(r.version),
    businessName: r.business_name,
    brand: r.brand,
    variants: sizes.get(r.id) ?? [],
    vendorId: r.vendor_id,
    regulatedAs: r.regulated_as,
    licenceBlock: r.regulated_as ? approvalBlockedReason(r.regulated_as, licences.get(r.vendor_id)?.get(r.regulated_as), today) : null,
    // The licence it needs, so the admin can verify it right there.
    licence: r.regulated_as ? (licenceViews(licences.get(r.vendor_id), today).find((l) => l.kind === r.regulated_as) ?? null) : null,
  }));
  return { ...page, rows };
}

/** What a review left the listing as: on sale, held while its vendor is suspended, or rejected. */
export type ReviewOutcome = "live" | "suspended" | "rejected";

/** An approval the vendor's licences do not allow yet; the message says which licence to verify. */
export class ListingNeedsLicence extends Error {
  readonly status = 409;
}

/**
 * Approve puts a pending listing on sale (or, while its vendor is suspended, holds it as
 * "suspended" until reactivation); reject keeps it off with the admin's reason for the vendor.
 * `version` is the one the admin looked at: a listing edited meanwhile is not approved unseen.
 * A vendor's listing regulated as seed, fertiliser or pesticide is approved only while the vendor
 * holds a verified licence of that kind not expired today (India's date); otherwise it throws
 * ListingNeedsLicence and nothing changes. The store's own products need no licence.
 * Returns the listing's new status, or null when it was not reviewed (changed, or not waiting).
 */
export async function reviewListing(
  productId: string,
  decision: "approve" | "reject",
  review: { version: number; reason?: string },
): Promise<ReviewOutcome | null> {
  const emails = await getEmailContext();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const product = await trx
        .selectFrom("product")
        .select(["vendor_id", "regulated_as", "status", "version"])
        .where("id", "=", productId)
        .executeTakeFirst();
      // The vendor's row, locked on PostgreSQL, so a suspension cannot slip in between this read and
      // the write (SQLite's write transaction already holds the whole database).
      let vendor = trx
        .selectFrom("user")
        .select("banned")
        .where("id", "=", product?.vendor_id ?? "");
      if (getDatabase().engine === "postgres") vendor = vendor.forUpdate();
      const approved = (await vendor.executeTakeFirst())?.banned ? "suspended" : "live";
      // Licence changes take the same row first (lockVendor), so the licence read here holds until commit.
      const waiting = product?.status === "pending" && Number(product.version) === review.version;
      if (decision === "approve" && waiting && product.vendor_id && product.regulated_as) {
        const licence = (await licencesOf([product.vendor_id], trx)).get(product.vendor_id)?.get(product.regulated_as);
        const blocked = approvalBlockedReason(product.regulated_as, licence, indiaToday());
        if (blocked) throw new ListingNeedsLicence(blocked);
      }
      const status: ReviewOutcome = decision === "approve" ? approved : "rejected";
      const result = await trx
        .updateTable("product")
        .set({
          status,
          reject_reason: decision === "reject" ? (review.reason?.trim().slice(0, 500) ?? null) : null,
          version: nextVersion(),
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", productId)
        .where("status", "=", "pending")
        .where("version", "=", review.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      await recordAudit(trx, {
        kind: `listing.${decision}`,
        object: { type: "product", id: productId },
        before: { status: product?.status ?? null },
        after: { status },
        reason: decision === "reject" ? review.reason : null,
      });
      await queueListingReviewedEmail(trx, emails, productId);
      return status;
    });
}
