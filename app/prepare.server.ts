import { getEnv } from "./platform/env.server";
import { getDatabase } from "./platform/db/db.server";
import { migrateToLatest } from "./platform/db/migrate.server";
import { withMigrationLock } from "./platform/db/migration-lock.server";
import { seedCatalogIfEmpty } from "./features/catalog/server/seed/seed.server";
import { bootstrapAdmin } from "./features/accounts/server/ensure-admin.server";

let ready: Promise<void> | undefined;

/** Migrates, and on an empty store loads the sample catalogue. Runs once per process. */
export function prepareDatabase(): Promise<void> {
  ready ??= (async () => {
    const env = getEnv();
    const { db } = getDatabase();
    // Processes started together (web and workers) prepare one after the other: the second finds the
    // tables made, the catalogue seeded and the admin there.
    await withMigrationLock(env.DATABASE_URL, async () => {
      await migrateToLatest(db);
      if (env.SEED_ON_EMPTY) await seedCatalogIfEmpty(db);
      await bootstrapAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    });
  })();
  return ready;
}
