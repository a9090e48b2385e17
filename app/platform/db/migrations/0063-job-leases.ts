import type { Kysely } from "kysely";

/**
 * Background jobs shared by several worker processes (docs/decisions/068-web-and-worker.md): one row
 * per job, created by the first process that schedules it. `holder` and `lease_until` say who runs it
 * now and until when that claim holds (renewed while the run goes on); `next_due_at` is when it runs
 * next, for every process, so that two timers firing at one time give one run. The counts and the
 * last outcome are the job's record for the metrics and the admin. Times are ISO strings, as the outbox's.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("job_lease")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text")
    .addColumn("lease_until", "text")
    .addColumn("next_due_at", "text")
    .addColumn("runs", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_run_at", "text")
    .addColumn("last_outcome", "text")
    .addColumn("last_error", "text")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("job_lease").execute();
}
