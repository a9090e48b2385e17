import type { Selectable } from "kysely";
import type { Database } from "~/platform/db/schema";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { log } from "~/platform/log.server";
import { getEnv } from "~/platform/env.server";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { type BecknError, ONDC_DOMAIN } from "~/features/ondc/domain/beckn";
import {
  type IssueMessage,
  onIssueStatusMessage,
  type ResolutionAction,
  type Respondent,
  type StoredIssue,
} from "~/features/ondc/domain/igm";
import { ondcPhone } from "~/features/ondc/domain/catalog";
import type { OndcReply } from "./calls/call";
import { pushCallback } from "./callback.server";
import { readOndcIdentity } from "./ondc-identity.server";

/**
 * Grievances raised through IGM `issue` (docs/decisions/076-ondc-admin.md): kept in ondc_issue, one
 * row per buyer app and issue id, about an order the store took over ONDC; the admin resolves them.
 */

/** The store as the respondent of its issues: its subscriber id, its name and its support contact (General Settings). */
export async function respondentOf(subscriberId: string | undefined, domain = ONDC_DOMAIN): Promise<Respondent> {
  const settings = await getGeneralSettings();
  return {
    // Not configured, nothing reaches a buyer app; the store's own host stands in.
    subscriberId: subscriberId ?? readOndcIdentity().subscriberId ?? new URL(getEnv().BASE_URL).host,
    domain,
    name: settings.storeLegalName || settings.siteTitle,
    email: settings.supportEmail,
    // As ONDC's checks want a phone, 10 or 11 digits ("+91 20 4000 1234" is refused as it is).
    phone: ondcPhone(settings.supportPhone) ?? settings.supportPhone,
  };
}

const stored = (row: {
  issue_id: string;
  status: StoredIssue["status"];
  resolution: string | null;
  resolution_action: string | null;
  created_at: string;
  updated_at: string;
}): StoredIssue => ({
  issueId: row.issue_id,
  status: row.status,
  resolution: row.resolution,
  resolutionAction: row.resolution_action,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** ONDC's retail errors have no "issue not found"; a business error that says so. */
export const ISSUE_NOT_FOUND: BecknError = { type: "DOMAIN-ERROR", code: "40000", message: "Issue not found" };

export type TakenIssue = { ok: true; issue: StoredIssue } | { ok: false; reason: "order-not-found" | "issue-not-found" };

/**
 * Takes a buyer app's `issue`: a new one is stored as being processed; the same issue again (an
 * escalation, or the complainant's CLOSE) updates the one stored. The order must be one this buyer
 * app placed with the store over ONDC: by the call's transaction, or by the order id it names.
 */
export async function takeIssue(input: { bapId: string; transactionId: string; message: IssueMessage; now: string }): Promise<TakenIssue> {
  const { issue } = input.message;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const existing = await trx
        .selectFrom("ondc_issue")
        .select(["id", "issue_id", "status", "resolution", "resolution_action", "created_at", "updated_at"])
        .where("bap_id", "=", input.bapId)
        .where("issue_id", "=", issue.id)
        .executeTakeFirst();
      if (existing) {
        // The complainant closing it is the one change a repeated `issue` makes; anything else is answered as it stands.
        if (issue.status === "CLOSED" && existing.status !== "CLOSED") {
          await trx.updateTable("ondc_issue").set({ status: "CLOSED", updated_at: input.now }).where("id", "=", existing.id).execute();
          return { ok: true, issue: stored({ ...existing, status: "CLOSED", updated_at: input.now }) } as const;
        }
        return { ok: true, issue: stored(existing) } as const;
      }
      if (issue.status === "CLOSED") return { ok: false, reason: "issue-not-found" } as const;
      const order = await trx
        .selectFrom("ondc_order")
        .select(["order_id"])
        .where("bap_id", "=", input.bapId)
        .where("order_id", "is not", null)
        .where((eb) => eb.or([eb("transaction_id", "=", input.transactionId), eb("order_id", "=", issue.order_details.id)]))
        .executeTakeFirst();
      if (!order?.order_id) return { ok: false, reason: "order-not-found" } as const;
      const row = {
        id: newId(),
        bap_id: input.bapId,
        issue_id: issue.id,
        transaction_id: input.transactionId,
        order_id: order.order_id,
        category: issue.category,
        sub_category: issue.sub_category,
        description: [issue.description.short_desc, issue.description.long_desc].filter(Boolean).join("\n\n"),
        status: "PROCESSING" as const,
        resolution: null,
        resolution_action: null,
        created_at: input.now,
        updated_at: input.now,
      };
      // Two copies of one issue at once: the second finds the first's row and answers with it.
      await trx
        .insertInto("ondc_issue")
        .values(row)
        .onConflict((oc) => oc.columns(["bap_id", "issue_id"]).doNothing())
        .execute();
      const saved = await trx
        .selectFrom("ondc_issue")
        .select(["issue_id", "status", "resolution", "resolution_action", "created_at", "updated_at"])
        .where("bap_id", "=", input.bapId)
        .where("issue_id", "=", issue.id)
        .executeTakeFirstOrThrow();
      return { ok: true, issue: stored(saved) } as const;
    });
}

/** A buyer app's issue by its id, as it stands; undefined when that buyer app raised no such issue. */
export async function findIssue(bapId: string, issueId: string): Promise<StoredIssue | undefined> {
  const row = await getDb()
    .selectFrom("ondc_issue")
    .select(["issue_id", "status", "resolution", "resolution_action", "created_at", "updated_at"])
    .where("bap_id", "=", bapId)
    .where("issue_id", "=", issueId)
    .executeTakeFirst();
  return row ? stored(row) : undefined;
}

/** The issues for the admin page, newest first: the open ones (being processed), or all of them. */
export async function listOndcIssues(options: { open: boolean; limit?: number }) {
  let query = getDb()
    .selectFrom("ondc_issue")
    .select([
      "id",
      "bap_id",
      "issue_id",
      "transaction_id",
      "order_id",
      "category",
      "sub_category",
      "description",
      "status",
      "resolution",
      "created_at",
      "updated_at",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit ?? 50);
  if (options.open) query = query.where("status", "in", ["OPEN", "PROCESSING"]);
  const rows = await query.execute();
  return rows.map((r) => ({
    ...issueView(r),
    bapId: r.bap_id,
    transactionId: r.transaction_id,
    orderId: r.order_id,
    updatedAt: r.updated_at,
  }));
}

/** The grievances about one order, for its admin page. */
export async function listOrderIssues(orderId: string) {
  const rows = await getDb()
    .selectFrom("ondc_issue")
    .select(["id", "issue_id", "category", "sub_category", "description", "status", "resolution", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map(issueView);
}

/** What the admin's pages show of any grievance. */
function issueView(
  r: Pick<
    Selectable<Database["ondc_issue"]>,
    "id" | "issue_id" | "category" | "sub_category" | "description" | "status" | "resolution" | "created_at"
  >,
) {
  return {
    id: r.id,
    issueId: r.issue_id,
    category: r.category,
    subCategory: r.sub_category,
    description: r.description,
    status: r.status,
    resolution: r.resolution,
    createdAt: r.created_at,
  };
}

/** Where an unsolicited callback goes: the buyer app's id and URI and the transaction it belongs to. */
export type OndcPushTarget = { bapId: string; bapUri: string; transactionId: string; city?: string };
/**
 * Sends one unsolicited callback, `on_<action>`, signed, and logs it: the callbacks module's
 * pushCallback(target, action, reply) fits as it is.
 */
export type OndcPush = (target: OndcPushTarget, action: "issue_status", reply: OndcReply) => Promise<unknown>;

/** Until the callbacks' sender is connected, a resolution is stored and logged here, and sent when the buyer app asks (issue_status). */
const pushNotConnected: OndcPush = async (target, action) => {
  log.warn({ bapId: target.bapId, transactionId: target.transactionId, action }, "ONDC callback sender not connected: not pushed");
};

/**
 * The sender the admin page resolves with: an unsolicited, signed `on_issue_status` through the
 * callbacks module, which tries three times over several seconds and logs each try. It is not awaited,
 * so the admin is not kept waiting on a buyer app that is slow or gone (a graceful stop still waits
 * for it: trackOndcWork); a push that fails, or ONDC not configured, is logged here.
 */
export const pushIssueStatus: OndcPush = async (target, action, reply) => {
  void pushCallback(target, action, reply).catch((error: unknown) =>
    log.error({ err: error, transactionId: target.transactionId }, "ONDC on_issue_status push failed"),
  );
};

export type ResolveResult = { ok: true } | { ok: false; reason: "not-found" | "not-open" };

/**
 * An admin resolves an open issue with a note: stored (RESOLVED, audited) in one transaction, then
 * the buyer app is told by an unsolicited `on_issue_status`. A failed push changes nothing stored:
 * the buyer app's next `issue_status` gets the same answer.
 */
export async function resolveOndcIssue(
  input: { id: string; note: string; action: ResolutionAction; now?: string },
  push: OndcPush = pushNotConnected,
): Promise<ResolveResult> {
  const now = input.now ?? new Date().toISOString();
  const result = await getDb()
    .transaction()
    .execute(async (trx) => {
      const issue = await trx.selectFrom("ondc_issue").selectAll().where("id", "=", input.id).executeTakeFirst();
      if (!issue) return { ok: false, reason: "not-found" } as const;
      if (issue.status !== "OPEN" && issue.status !== "PROCESSING") return { ok: false, reason: "not-open" } as const;
      const changed = await trx
        .updateTable("ondc_issue")
        .set({ status: "RESOLVED", resolution: input.note, resolution_action: input.action, updated_at: now })
        .where("id", "=", issue.id)
        .where("status", "in", ["OPEN", "PROCESSING"])
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return { ok: false, reason: "not-open" } as const;
      await recordAudit(trx, {
        kind: "ondc_issue.resolve",
        object: { type: "ondc_issue", id: issue.id },
        before: { status: issue.status, resolution: issue.resolution },
        after: { status: "RESOLVED", resolution: input.note, action: input.action },
      });
      const order = await trx
        .selectFrom("ondc_order")
        .select(["bap_uri"])
        .where("bap_id", "=", issue.bap_id)
        .where((eb) => eb.or([eb("transaction_id", "=", issue.transaction_id), eb("order_id", "=", issue.order_id)]))
        .executeTakeFirst();
      return {
        ok: true,
        issue: { ...issue, status: "RESOLVED" as const, resolution: input.note, resolution_action: input.action, updated_at: now },
        bapUri: order?.bap_uri,
      } as const;
    });
  if (!result.ok) return result;
  const { issue, bapUri } = result;
  if (bapUri) {
    const reply = { message: onIssueStatusMessage(stored(issue), await respondentOf(undefined)) };
    try {
      await push({ bapId: issue.bap_id, bapUri, transactionId: issue.transaction_id }, "issue_status", reply);
    } catch (error) {
      log.error({ err: error, issueId: issue.issue_id }, "ONDC on_issue_status push failed");
    }
  }
  return { ok: true };
}
