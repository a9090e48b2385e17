import { type Db, getDb } from "~/platform/db/db.server";
import { forgetInRequest, memoInRequest } from "~/platform/request-memo.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";

const memoKey = (key: string) => `setting:${key}`;
/** Every settings document, as one read of the request memo. */
const ALL = "setting:*";

/**
 * One settings document's JSON by key, or undefined when it was never saved. Read once per request,
 * all of them in one read (a checkout reads the general, payment and delivery settings from
 * several places); inside a transaction (`db`), that one, from it.
 */
export function readSetting(key: string, db: Db = getDb()): Promise<string | undefined> {
  if (db !== getDb()) return readOne(db, key);
  return memoInRequest(memoKey(key), async () => (await memoInRequest(ALL, () => readAll(db))).get(key));
}

async function readOne(db: Db, key: string) {
  return (await db.selectFrom("setting").select("value").where("key", "=", key).executeTakeFirst())?.value;
}

async function readAll(db: Db) {
  const rows = await db.selectFrom("setting").select(["key", "value"]).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/**
 * Upserts one settings document (JSON) by key, and its audit entry (what changed, secrets masked) in
 * the same transaction; inside a transaction, pass it (`db`).
 */
export async function saveSetting(key: string, value: unknown, db: Db = getDb()): Promise<void> {
  if (db === getDb()) return db.transaction().execute((trx) => saveSetting(key, value, trx));
  const now = new Date().toISOString();
  const json = JSON.stringify(value);
  const before = await readOne(db, key);
  await db
    .insertInto("setting")
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
    .execute();
  await recordAudit(db, {
    kind: `settings.${key}`,
    object: { type: "settings", id: key },
    before: before === undefined ? null : asFields(JSON.parse(before)),
    after: asFields(value),
  });
  forgetInRequest(memoKey(key));
  forgetInRequest(ALL);
}

/** A settings document as the fields an audit entry compares (a bare value as `value`). */
const asFields = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
