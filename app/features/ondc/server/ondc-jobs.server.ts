import type { Job } from "~/platform/scheduler.server";
import { pushCallback } from "./callback.server";
import { ondcConfig } from "./ondc-config.server";
import { ondcMessagePurgeJob } from "./purge-ondc-messages.server";
import { ondcStatusPushJob, type StatusPush } from "./push-ondc-status.server";

/** An unasked `on_status` to the order's buyer app; taken when the buyer app ACKs it. */
export const pushStatus: StatusPush = async (target, reply) => (await pushCallback(target, "status", reply)).ack === "ACK";

/**
 * The ONDC jobs a process that runs jobs adds (app/jobs.server.ts): the protocol log's retention sweep
 * always (a store taken off ONDC still holds its log), the status push only while ONDC is configured.
 */
export function ondcJobs(): Job[] {
  return [ondcMessagePurgeJob(), ...(ondcConfig() ? [ondcStatusPushJob(pushStatus)] : [])];
}
