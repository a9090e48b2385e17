import { getDatabase, closeDatabase } from "../app/platform/db/db.server";
import { migrateToLatest } from "../app/platform/db/migrate.server";
import { seedCatalogIfEmpty } from "../app/features/catalog/server/seed/seed.server";
import { seedSampleDealer } from "../app/features/catalog/server/seed/sample-dealer.server";

const { db, engine } = getDatabase();
await migrateToLatest(db);
const added = await seedCatalogIfEmpty(db);
console.log(`${engine}: ${added ? `loaded ${added} sample products` : "the catalogue already has products; nothing loaded"}`);
// `npm run db:seed -- --sample-dealer`: also a Punjab-only fertiliser dealer and its listings
// (docs/decisions/057-territory.md), once. Not by default: the sample catalogue stays the specification's.
if (process.argv.includes("--sample-dealer")) {
  const dealer = await seedSampleDealer(db);
  console.log(`${engine}: ${dealer ? "loaded the sample Punjab fertiliser dealer" : "the sample dealer is there already"}`);
}
await closeDatabase();
