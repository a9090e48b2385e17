import { sql, type Kysely } from "kysely";

/**
 * What a return carries beyond its quantity and words:
 * - `reason_code`: the reason chosen from the form's list (null for returns asked before the list);
 * - `photos`: the customer's photos of the item, a JSON array of stored image paths;
 * - `payout_to` ('upi' or 'bank'), `payout_details` (the UPI ID or the account number, IFSC and
 *   holder, sealed with the secret box: personal data, opened only for the admin who pays) and
 *   `payout_hint` (the masked form shown to everyone else), for an order not paid online;
 * - `received_at`, `received_by`, `restocked_quantity`: the goods came back, and how many of them
 *   went back into stock. The refund is recorded only after this.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("return_request").addColumn("reason_code", "text").execute();
  await db.schema
    .alterTable("return_request")
    .addColumn("photos", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("return_request")
    .addColumn("payout_to", "text", (c) => c.check(sql`payout_to in ('upi', 'bank')`))
    .execute();
  await db.schema.alterTable("return_request").addColumn("payout_details", "text").execute();
  await db.schema.alterTable("return_request").addColumn("payout_hint", "text").execute();
  await db.schema.alterTable("return_request").addColumn("received_at", "text").execute();
  await db.schema.alterTable("return_request").addColumn("received_by", "text").execute();
  await db.schema
    .alterTable("return_request")
    .addColumn("restocked_quantity", "integer", (c) => c.notNull().defaultTo(0).check(sql`restocked_quantity >= 0`))
    .execute();
  // Returns decided before this step existed were settled with their goods: they count as received.
  await sql`update return_request set received_at = decided_at where status = 'approved'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const column of [
    "restocked_quantity",
    "received_by",
    "received_at",
    "payout_hint",
    "payout_details",
    "payout_to",
    "photos",
    "reason_code",
  ]) {
    await db.schema.alterTable("return_request").dropColumn(column).execute();
  }
}
