import pg from "pg";

/**
 * Runs the start's migrations under one PostgreSQL advisory lock (docs/decisions/068-web-and-worker.md):
 * web and worker processes started together on a new database would otherwise both create Better
 * Auth's tables (its migrations take no lock; Kysely's migrator does, for ours). The lock is held on
 * a connection of its own, outside the pool, so a pool of one (PG_POOL_MAX=1) still migrates, and it
 * goes when that connection ends, however the migrations end. SQLite's single writer needs none.
 */
export async function withMigrationLock<T>(databaseUrl: string | undefined, migrate: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return migrate();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('angle_migrations'))");
    return await migrate();
  } finally {
    await client.end().catch(() => {});
  }
}
