import { type Db, getDb } from "~/platform/db/db.server";
import { forgetInRequest, memoInRequest } from "~/platform/request-memo.server";

const memoKey = (key: string) => `setting:${key}`;

/**
 * One settings document's JSON by key, or undefined when it was never saved. Read once per request
 * (a checkout reads the general, payment and delivery settings from several places); inside a
 * transaction (`db`), from it.
 */
export function readSetting(key: string, db: Db = getDb()): Promise<string | undefined> {
  const read = async () => (await db.selectFrom("setting").select("value").where("key", "=", key).executeTakeFirst())?.value;
  return db === getDb() ? memoInRequest(memoKey(key), read) : read();
}

/** Upserts one settings document (JSON) by key. */
export async function saveSetting(key: string, value: unknown) {
  const now = new Date().toISOString();
  const json = JSON.stringify(value);
  await getDb()
    .insertInto("setting")
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
    .execute();
  forgetInRequest(memoKey(key));
}
