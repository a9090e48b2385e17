import type { z } from "zod";
import { paiseOf } from "./schema-parts.ts";
import { type CallbackAction, CALLBACK_SCHEMAS, callbackSchemaFor } from "./schemas.ts";

/** One reason a callback is not what ONDC requires: where, and what. */
export type CallbackIssue = { path: string; message: string };

type Message = { context: Record<string, unknown>; message?: unknown; error?: unknown };

/**
 * Callbacks a seller app may send without a call of the same message: an order's progress (on_status),
 * a change or a cancellation the seller made (on_update, on_cancel), and a grievance's progress (on_issue_status).
 */
const UNSOLICITED: ReadonlySet<string> = new Set(["on_status", "on_update", "on_cancel", "on_issue_status"]);

export const isCallbackAction = (action: string): action is CallbackAction => Object.hasOwn(CALLBACK_SCHEMAS, action);

/**
 * Checks a callback the buyer app has verified: against its schema (schemas.ts), against the call it answers
 * (`calls`: what the buyer sent in this transaction), and, for on_init and on_confirm, against the items of that
 * call. An empty list means the callback is valid.
 */
export function checkCallback(action: CallbackAction, body: Message, calls: readonly Message[]): CallbackIssue[] {
  const parsed = callbackSchemaFor(action, body).safeParse(body);
  const issues = parsed.success ? [] : parsed.error.issues.map(toIssue);
  return [...issues, ...checkEcho(action, body, calls), ...(body.error ? [] : checkAgainstCall(action, body, calls))];
}

function toIssue(issue: z.core.$ZodIssue): CallbackIssue {
  return { path: issue.path.map(String).join("."), message: issue.message };
}

/** The call this callback answers: same transaction, the action without `on_`, the same message_id. */
export function callAnswered(action: string, body: Message, calls: readonly Message[]): Message | undefined {
  const callAction = action.replace(/^on_/, "");
  return calls.find(
    (call) =>
      call.context.action === callAction &&
      call.context.transaction_id === body.context.transaction_id &&
      call.context.message_id === body.context.message_id,
  );
}

/**
 * The context echoes the call: its bap, domain, core_version, transaction_id and message_id, and the seller the
 * call was addressed to (a search went to the gateway, so any seller may answer it). Unsolicited callbacks
 * have no call of their own message_id but still belong to a transaction this buyer started with that seller.
 */
function checkEcho(action: string, body: Message, calls: readonly Message[]): CallbackIssue[] {
  const context = body.context;
  const call = callAnswered(action, body, calls);
  const sameTransaction = calls.filter((c) => c.context.transaction_id === context.transaction_id);
  const reference = call ?? (UNSOLICITED.has(action) ? sameTransaction.find((c) => c.context.bpp_id === context.bpp_id) : undefined);
  if (!reference) {
    return [{ path: "context.message_id", message: `no ${action.replace(/^on_/, "")} of this transaction_id and message_id was sent` }];
  }
  const issues: CallbackIssue[] = [];
  for (const key of ["bap_id", "bap_uri", "domain", "core_version", "transaction_id", ...(action === "on_search" ? [] : ["bpp_id"])]) {
    if (context[key] !== reference.context[key]) {
      issues.push({
        path: `context.${key}`,
        message: `${key} ${JSON.stringify(context[key])} does not echo the call's ${JSON.stringify(reference.context[key])}`,
      });
    }
  }
  return issues;
}

type OrderLike = {
  items?: { id: string; quantity?: { count: number } }[];
  quote?: { price?: { value?: unknown } };
  payment?: Record<string, unknown>;
  fulfillments?: { id?: unknown; end?: { location?: { gps?: unknown; address?: { area_code?: unknown } } } }[];
  tags?: { code?: unknown; list?: { code?: unknown; value?: unknown }[] }[];
  created_at?: unknown;
};

const orderOf = (message: Message | undefined) => (message?.message as { order?: OrderLike } | undefined)?.order;

/**
 * on_select quotes only items that were selected; on_init and on_confirm answer for exactly the items and counts
 * of their call, keep the buyer app's finder fee and the delivery's place (gps, PIN code), and on_confirm's
 * total, created_at and bap_terms are those the buyer confirmed (utils/Retail/Init/onInit.ts,
 * utils/Retail/Confirm/onConfirm.ts compare them across the flow).
 */
function checkAgainstCall(action: string, body: Message, calls: readonly Message[]): CallbackIssue[] {
  if (action !== "on_select" && action !== "on_init" && action !== "on_confirm") return [];
  const call = orderOf(callAnswered(action, body, calls));
  const answer = orderOf(body);
  // The schema has already named a malformed order; only well-formed item lists are compared.
  const wellFormed = (items: unknown): items is { id: string; quantity?: { count: number } }[] =>
    Array.isArray(items) && items.every((item) => typeof item?.id === "string");
  if (!wellFormed(call?.items) || !wellFormed(answer?.items) || !call || !answer) return [];
  const issues: CallbackIssue[] = [];
  const asked = new Map(call.items.map((item) => [item.id, item.quantity?.count]));
  const answered = answer.items;
  answered.forEach((item, index) => {
    if (!asked.has(item.id))
      issues.push({ path: `message.order.items.${index}.id`, message: `item ${item.id} was not in the ${action.slice(3)}` });
    else if (action !== "on_select" && asked.get(item.id) !== item.quantity?.count) {
      issues.push({
        path: `message.order.items.${index}.quantity.count`,
        message: `item ${item.id}'s count is not the ${action.slice(3)}'s`,
      });
    }
  });
  if (action !== "on_select") {
    for (const id of asked.keys()) {
      if (!answered.some((item) => item.id === id))
        issues.push({ path: "message.order.items", message: `item ${id} of the ${action.slice(3)} is missing` });
    }
  }
  if (action === "on_select") return issues;
  for (const key of ["@ondc/org/buyer_app_finder_fee_type", "@ondc/org/buyer_app_finder_fee_amount"]) {
    const fee = call.payment?.[key];
    if (fee !== undefined && answer.payment?.[key] !== fee) {
      issues.push({ path: `message.order.payment.${key}`, message: `the buyer app's finder fee is not the ${action.slice(3)}'s` });
    }
  }
  for (const [index, fulfillment] of (Array.isArray(answer.fulfillments) ? answer.fulfillments : []).entries()) {
    const asked = call.fulfillments?.find((f) => f.id === fulfillment.id)?.end?.location;
    const given = fulfillment.end?.location;
    if (!asked || !given) continue;
    if (asked.gps !== given.gps)
      issues.push({ path: `message.order.fulfillments.${index}.end.location.gps`, message: "the delivery's gps is not the call's" });
    if (asked.address?.area_code !== given.address?.area_code) {
      issues.push({
        path: `message.order.fulfillments.${index}.end.location.address.area_code`,
        message: "the delivery's PIN code is not the call's",
      });
    }
  }
  if (action !== "on_confirm") return issues;
  const total = (order: OrderLike) => (typeof order.quote?.price?.value === "string" ? paiseOf(order.quote.price.value) : undefined);
  if (total(call) !== undefined && total(call) !== total(answer)) {
    issues.push({ path: "message.order.quote.price.value", message: "on_confirm's total is not the quote the buyer confirmed" });
  }
  if (call.created_at !== undefined && call.created_at !== answer.created_at) {
    issues.push({ path: "message.order.created_at", message: "on_confirm's created_at is not the confirm's" });
  }
  const bapTerms = (order: OrderLike) => JSON.stringify(order.tags?.find((tag) => tag.code === "bap_terms") ?? null);
  if (bapTerms(call) !== "null" && bapTerms(call) !== bapTerms(answer)) {
    issues.push({ path: "message.order.tags", message: "on_confirm does not echo the confirm's bap_terms" });
  }
  return issues;
}
