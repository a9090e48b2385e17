// npm run db:backup [-- --to backups/angle-<time>.sqlite]
// SQLite: a consistent online backup while the store runs. PostgreSQL: use pg_dump (printed).
import { parseArgs } from "node:util";
import { backupSqlite } from "../app/platform/db/backup.server";
import { getEnv } from "../app/platform/env.server";

const env = getEnv();
const { values } = parseArgs({ options: { to: { type: "string" } } });
if (env.DATABASE_URL) {
  console.log("This store runs on PostgreSQL. Back it up with pg_dump, which is consistent while the store runs:");
  console.log(`  pg_dump --format=custom --file=angle-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL"`);
  console.log("Restore into an empty database with:");
  console.log('  pg_restore --no-owner --dbname="$NEW_DATABASE_URL" angle-YYYYMMDD-HHMMSS.dump');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = values.to ?? `backups/angle-${stamp}.sqlite`;
const { pages } = await backupSqlite(env.SQLITE_PATH, target);
console.log(`Backed up ${env.SQLITE_PATH} to ${target} (${pages} pages). Restore: stop the store and copy it over ${env.SQLITE_PATH}.`);
