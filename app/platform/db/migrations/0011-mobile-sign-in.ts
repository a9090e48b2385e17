import { PostgresAdapter, sql, type Kysely } from "kysely";

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Better Auth's own name for the unique index on user.phoneNumber, so neither side makes a second one. */
const PHONE_INDEX = "user_phoneNumber_uidx";

/**
 * Signing in with a mobile number (docs/decisions/013-mobile-sign-in.md).
 *
 * - `user.phoneNumber` (E.164, unique) and `user.phoneNumberVerified`: the columns Better Auth's
 *   phoneNumber plugin reads. Better Auth's own migration runs before ours and may already have
 *   added them, so each is added only when missing.
 * - `user.sms_order_updates` (opt-in) and `user.non_essential_emails` (on unless turned off): the
 *   account page's "Messages" preferences.
 * - `phone_code`: our one-time codes, stored as an HMAC of the code, never the code itself.
 */
export async function up(db: Kysely<unknown>) {
  const postgres = isPostgres(db);
  const bool = postgres ? "boolean" : "integer";
  const no = postgres ? sql`false` : sql`0`;
  const yes = postgres ? sql`true` : sql`1`;
  const existing = new Set((await db.introspection.getTables()).find((t) => t.name === "user")?.columns.map((c) => c.name) ?? []);
  if (!existing.has("phoneNumber")) await db.schema.alterTable("user").addColumn("phoneNumber", "text").execute();
  if (!existing.has("phoneNumberVerified")) await db.schema.alterTable("user").addColumn("phoneNumberVerified", bool).execute();
  await db.schema.createIndex(PHONE_INDEX).ifNotExists().unique().on("user").column("phoneNumber").execute();
  await db.schema
    .alterTable("user")
    .addColumn("sms_order_updates", bool, (c) => c.notNull().defaultTo(no))
    .execute();
  await db.schema
    .alterTable("user")
    .addColumn("non_essential_emails", bool, (c) => c.notNull().defaultTo(yes))
    .execute();

  await db.schema
    .createTable("phone_code")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("consumed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // Verification looks up a number's newest live code.
  await db.schema.createIndex("phone_code_phone").on("phone_code").columns(["phone", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("phone_code").execute();
  await db.schema.alterTable("user").dropColumn("non_essential_emails").execute();
  await db.schema.alterTable("user").dropColumn("sms_order_updates").execute();
}
