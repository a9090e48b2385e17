import { getDb } from "./platform/db/db.server";
import { getEnv } from "./platform/env.server";
import { createJobLeases } from "./platform/jobs/job-leases.server";
import { log } from "./platform/log.server";
import { recordJobRun } from "./platform/observability/metrics.server";
import { traced } from "./platform/observability/tracing.server";
import { createScheduler, type Job, type Scheduler, type SchedulerOptions } from "./platform/scheduler.server";
import { unconfirmedPurgeJob } from "./features/accounts/server/purge-unconfirmed.server";
import { outboxJob } from "./features/messaging/server/worker.server";
import { paymentSweepJob } from "./features/payments/server/payment-sweep.server";
import { lotsSweepJob } from "./features/lots/server/lots-sweep.server";
import { stockAlertsJob } from "./features/lots/server/stock-alerts-job.server";
import { licenceSweepJob } from "./features/vendor-shops/server/licence-sweeper.server";
import { ondcJobs } from "./features/ondc/server/ondc-jobs.server";

/**
 * Every background job of a server process, and when each runs (docs/decisions/036-one-scheduler.md).
 * server/index.ts starts them after the migrations in a process that runs jobs (PROCESS_ROLE all or
 * worker) and stops them on SIGTERM. Each job but the outbox holds a lease in the database while it
 * runs and keeps its next due time there, so however many processes run jobs, each runs once per time
 * (docs/decisions/068-web-and-worker.md). Every run is counted in the metrics (angle_job_runs_total,
 * angle_job_duration_seconds) and, with tracing on, is a span of its own, under which its statements
 * are traced (decision 069); `onJobRun` is told of it too.
 */
export function startBackgroundJobs(options: Pick<SchedulerOptions, "onJobRun"> = {}): Scheduler {
  const leases = createJobLeases(getDb(), { leaseMs: getEnv().JOB_LEASE_SECONDS * 1000 });
  const scheduler = createScheduler({
    leases,
    onJobRun(name, outcome, seconds) {
      recordJobRun(name, outcome, seconds);
      options.onJobRun?.(name, outcome, seconds);
    },
  });
  const add = (job: Job) => scheduler.add({ ...job, run: () => traced(`job ${job.name}`, { "job.name": job.name }, () => job.run()) });
  // Sends queued email and SMS: at start, OUTBOX_POLL_MS after each round, and at once when a sign-in
  // code is queued. OUTBOX_WORKER=off leaves that to another instance. Not leased: it runs in every
  // process that runs jobs, each claiming its own messages.
  if (getEnv().OUTBOX_WORKER === "on") add(outboxJob());
  // Takes listings of expired seller licences off sale: at start, a second past each midnight in India, at least hourly.
  add(licenceSweepJob());
  // Takes lots reaching their sell-by day out of the stock shown: at start, a second past each midnight in India, at least hourly.
  add(lotsSweepJob());
  // Queues the day's low-stock and near-expiry emails to the admin and each vendor: at start and at
  // least hourly from 8 am in India, once a day (each email's outbox key is its day and recipient).
  add(stockAlertsJob());
  // Asks the gateways about unpaid orders, cancels those whose time to pay ran out, sends refunds due
  // again: at start, then every PAYMENT_SWEEP_SECONDS.
  add(paymentSweepJob());
  // Removes accounts never confirmed within UNCONFIRMED_ACCOUNT_DAYS (no orders, not vendors): at start, then hourly.
  add(unconfirmedPurgeJob());
  // Tells ONDC buyer apps of their orders' changes the store made (an unasked on_status): every
  // ONDC_STATUS_PUSH_SECONDS, only when ONDC is configured (docs/decisions/073-ondc-calls.md). Removes
  // ONDC protocol messages older than 180 days: at start, then hourly (docs/decisions/076-ondc-admin.md).
  for (const job of ondcJobs()) add(job);
  log.info({ jobs: scheduler.list().map((job) => job.name), holder: leases.holder }, "background jobs started");
  return scheduler;
}
