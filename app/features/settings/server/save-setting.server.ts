import { getDb } from "~/platform/db/db.server";

/** Upserts one settings document (JSON) by key. */
export async function saveSetting(key: string, value: unknown) {
  const now = new Date().toISOString();
  const json = JSON.stringify(value);
  await getDb()
    .insertInto("setting")
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
