import { getDatabase, closeDatabase } from "../app/platform/db/db.server";
import { migrateToLatest } from "../app/platform/db/migrate.server";

const { db, engine } = getDatabase();
const applied = await migrateToLatest(db);
console.log(`${engine}: ${applied.length ? `applied ${applied.join(", ")}` : "already up to date"}`);
await closeDatabase();
