import type { Db } from "~/platform/db/db.server";
import { listingReviewedEmail } from "~/features/messaging/domain/emails/messages";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";
import type { EmailContext } from "./email-context.server";

/** Queues the vendor's email about an approved or rejected listing, in the review's transaction. */
export async function queueListingReviewedEmail(trx: Db, ctx: EmailContext, productId: string) {
  const listing = await trx
    .selectFrom("product")
    .innerJoin("user", "user.id", "product.vendor_id")
    .select(["product.name", "product.status", "product.reject_reason", "product.version", "user.email", "user.locale"])
    .where("product.id", "=", productId)
    .executeTakeFirst();
  if (!listing) return; // a store product, with no vendor to tell
  const approved = listing.status !== "rejected";
  const email = listingReviewedEmail(
    ctx.store,
    {
      name: listing.name,
      approved,
      reason: listing.reject_reason,
      onHold: listing.status === "suspended",
    },
    listing.locale ?? "en",
  );
  // Each review is of one version: a listing rejected, edited and sent again is reviewed anew.
  const kind = approved ? "listing-approved" : "listing-rejected";
  await enqueueEmail(trx, kind, `${kind}:${productId}:${listing.version}`, { to: listing.email, ...email });
}
