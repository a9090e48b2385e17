import { z } from "zod";

/**
 * Grievances over ONDC: the IGM 1.0.0 calls `issue` and `issue_status` a buyer app makes of a seller
 * app, and what the seller answers (docs/decisions/076-ondc-admin.md). Read from ONDC's IGM 1.0.0
 * specification and ONDC-Official/seller-app-igm (`interfaces/BaseInterface.ts`): an issue names its
 * order, its category and sub-category (`ITM02`, `FLM01`, …), says what is wrong, and carries the
 * complainant's actions (OPEN, ESCALATE, CLOSE); the seller answers with its own actions (PROCESSING,
 * RESOLVED, …), who it is, and once resolved the resolution.
 */

/** IGM 1.0.0's categories of an issue. */
export const ISSUE_CATEGORIES = ["ORDER", "ITEM", "FULFILLMENT", "AGENT", "PAYMENT", "TRANSACTION"] as const;

/**
 * What the store did to resolve an issue, as IGM 1.0.0's `resolution.action_triggered` names it. A refund
 * is not offered here: it needs its amount and the money moved, which the order's page does.
 */
export const RESOLUTION_ACTIONS = ["NO-ACTION", "REPLACEMENT", "CANCEL"] as const;
export type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];
export const RESOLUTION_ACTION_LABELS: Record<ResolutionAction, string> = {
  "NO-ACTION": "Resolved without replacing or cancelling",
  REPLACEMENT: "The goods were replaced",
  CANCEL: "The order was cancelled",
};
const isResolutionAction = (value: unknown): value is ResolutionAction => (RESOLUTION_ACTIONS as readonly unknown[]).includes(value);

/** How an issue stands with us (ondc_issue.status). */
export type OndcIssueStatus = "OPEN" | "PROCESSING" | "RESOLVED" | "CLOSED";

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * `issue`'s message: the fields we keep or act on; the rest is in the protocol log. An OPEN issue says
 * all of it; the complainant's CLOSE may carry little more than the issue's id and status.
 */
export const IssueMessageSchema = z.object({
  issue: z.discriminatedUnion("status", [
    z.looseObject({
      status: z.literal("OPEN"),
      id: text(100),
      category: z.enum(ISSUE_CATEGORIES),
      // ITM01, FLM02, PMT03 … as IGM's table of sub-categories names them.
      sub_category: z
        .string()
        .trim()
        .regex(/^[A-Z]{3}\d{2,3}$/),
      order_details: z.looseObject({ id: text(100), provider_id: text(200).optional() }),
      description: z.looseObject({ short_desc: text(500), long_desc: z.string().trim().max(5000).optional() }),
      created_at: z.iso.datetime({ offset: true }),
    }),
    z.looseObject({ status: z.literal("CLOSED"), id: text(100) }),
  ]),
});
export type IssueMessage = z.infer<typeof IssueMessageSchema>;

/** `issue_status`'s message: which issue. */
export const IssueStatusMessageSchema = z.object({ issue_id: text(100) });

/** The admin page's forms: the switch, and an issue resolved with a note the buyer app shows the complainant. */
export const OndcAdminActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("switch"), enabled: z.enum(["on", "off"], "Choose on or off.") }),
  // A seller's location: saved (its GPS and city checked by the locations' own schema) or cleared.
  z.object({
    intent: z.literal("location"),
    providerId: z.string().trim().min(1, "Choose a seller.").max(100),
    op: z.enum(["save", "clear"], "Choose to save or clear the location.").default("save"),
    gps: z.string().max(100, "GPS must look like 18.520400,73.856700 (latitude, longitude, six decimals).").default(""),
    city: z.string().max(20, "City must be an STD code like std:020.").default(""),
  }),
  z.object({
    intent: z.literal("resolve"),
    id: z.string().trim().min(1, "Choose an issue.").max(100),
    action: z.enum(RESOLUTION_ACTIONS, "Choose what was done."),
    note: z.string().trim().min(3, "Write what was done (at least 3 characters).").max(1000, "Keep the note under 1,000 characters."),
  }),
]);

/** Who answers for the store: its subscriber id on the network, name and support contact. */
export type Respondent = { subscriberId: string; domain: string; name: string; email: string; phone: string };

/** One stored issue, as the replies need it. */
export type StoredIssue = {
  issueId: string;
  status: OndcIssueStatus;
  resolution: string | null;
  resolutionAction: string | null;
  createdAt: string;
  updatedAt: string;
};

function updatedBy(who: Respondent) {
  return {
    // IGM names an organisation as "<subscriber id>::<domain>".
    org: { name: `${who.subscriberId}::${who.domain}` },
    contact: { phone: who.phone, email: who.email },
    person: { name: who.name },
  };
}

/** The store's actions on an issue so far: taken up when it came, resolved when an admin resolved it. */
function respondentActions(issue: StoredIssue, who: Respondent) {
  const actions = [
    {
      respondent_action: "PROCESSING",
      short_desc: "Complaint is being processed",
      updated_at: issue.createdAt,
      updated_by: updatedBy(who),
      cascaded_level: 1,
    },
  ];
  if (issue.status === "RESOLVED" || (issue.status === "CLOSED" && issue.resolution !== null)) {
    actions.push({
      respondent_action: "RESOLVED",
      short_desc: "Complaint resolved",
      updated_at: issue.updatedAt,
      updated_by: updatedBy(who),
      cascaded_level: 1,
    });
  }
  return actions;
}

/** `on_issue`'s message: the issue and the store's actions on it. */
export function onIssueMessage(issue: StoredIssue, who: Respondent) {
  return {
    issue: {
      id: issue.issueId,
      issue_actions: { respondent_actions: respondentActions(issue, who) },
      created_at: issue.createdAt,
      updated_at: issue.updatedAt,
    },
  };
}

/** `on_issue_status`'s message: as `on_issue`, with the resolution and who gave it once resolved. */
export function onIssueStatusMessage(issue: StoredIssue, who: Respondent) {
  const body = onIssueMessage(issue, who);
  if (issue.resolution === null) return body;
  const contact = { phone: who.phone, email: who.email };
  return {
    issue: {
      ...body.issue,
      resolution_provider: {
        respondent_info: {
          type: "TRANSACTION-COUNTERPARTY-NP",
          organization: updatedBy(who),
          resolution_support: {
            contact,
            gros: [{ person: { name: who.name }, contact, gro_type: "TRANSACTION-COUNTERPARTY-NP-GRO" }],
          },
        },
      },
      resolution: {
        short_desc: issue.resolution.slice(0, 200),
        long_desc: issue.resolution,
        action_triggered: isResolutionAction(issue.resolutionAction) ? issue.resolutionAction : "NO-ACTION",
      },
    },
  };
}
