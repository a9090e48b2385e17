import { getDatabase, closeDatabase } from "../app/platform/db/db.server";
import { migrateToLatest } from "../app/platform/db/migrate.server";
import { seedCatalogIfEmpty } from "../app/features/catalog/server/seed/seed.server";

const { db, engine } = getDatabase();
await migrateToLatest(db);
const added = await seedCatalogIfEmpty(db);
console.log(`${engine}: ${added ? `loaded ${added} sample products` : "the catalogue already has products; nothing loaded"}`);
await closeDatabase();
