import { sql, type Kysely } from "kysely";

/**
 * A customer's address book (`saved_address`): several delivery addresses, each the customer's own
 * (deleted with the account). The one chosen last (`chosen_at`: placed an order with it, or made it
 * the default on /account/addresses) is the default, offered first at checkout; the account's own
 * address columns on `user` keep a copy of it, so everything that read them still reads the default.
 * The book starts from that copy the first time it is read (saved-addresses.server.ts).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("saved_address")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("street", "text", (c) => c.notNull().check(sql`length(street) between 1 and 200`))
    .addColumn("city", "text", (c) => c.notNull().check(sql`length(city) between 1 and 100`))
    .addColumn("state", "text", (c) => c.notNull().check(sql`length(state) between 1 and 100`))
    .addColumn("pincode", "text", (c) => c.notNull().check(sql`length(pincode) = 6`))
    .addColumn("chosen_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // A customer's book, the default (chosen last) first.
  await db.schema.createIndex("saved_address_user_chosen").on("saved_address").columns(["user_id", "chosen_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("saved_address").execute();
}
