import { describe, expect, it } from "vitest";
import type { OndcContext, OndcMessage } from "./buyer-app.ts";
import { type CallbackIssue, checkCallback } from "./callback-check.ts";
import { EXAMPLE_SELLER, exampleCallback, exampleCallMessage } from "./examples.ts";
import { paiseOf } from "./schema-parts.ts";
import { CALLBACK_SCHEMAS, type CallbackAction } from "./schemas.ts";

const ACTIONS = Object.keys(CALLBACK_SCHEMAS) as CallbackAction[];

/** The call the buyer sent for `action`'s callback, in transaction T1 with a message id of its own. */
function callFor(callback: CallbackAction): OndcMessage {
  const action = callback.slice(3);
  const context: OndcContext = {
    domain: "ONDC:AGR10",
    country: "IND",
    city: "std:080",
    action,
    core_version: action.startsWith("issue") ? "1.0.0" : "1.2.0",
    bap_id: "buyer.ondc.test",
    bap_uri: "https://buyer.ondc.test/ondc",
    ...(action === "search" ? {} : { bpp_id: EXAMPLE_SELLER.id, bpp_uri: EXAMPLE_SELLER.uri }),
    transaction_id: "0b6f3c1e-1d1b-4a57-8f0e-3f1c2d9a7b10",
    message_id: `message-of-${action}`,
    timestamp: "2026-11-30T10:00:00.000Z",
    ttl: "PT30S",
  };
  return { context, message: exampleCallMessage(action) };
}

/**
 * A copy of an example that a breakage reaches into at any depth. Typing each path would restate the schemas;
 * the schema under test is what judges the result.
 */
// biome-ignore lint/suspicious/noExplicitAny: the breakages write anywhere in a message, to any type, on purpose.
type Breakable = any;

/** The issues of the valid example for `action` after `breakIt` has changed a copy of it. */
function issuesOf(action: CallbackAction, breakIt: (body: Breakable) => void = () => {}): CallbackIssue[] {
  const call = callFor(action);
  const body = structuredClone(exampleCallback(action, call));
  breakIt(body);
  return checkCallback(action, body, [call]);
}

const paths = (issues: CallbackIssue[]) => issues.map((issue) => issue.path);

describe("the valid examples", () => {
  it.each(ACTIONS)("%s is valid against its schema and its call", (action) => {
    expect(issuesOf(action)).toEqual([]);
  });
});

describe("formats", () => {
  it("prices are decimal strings with at most two decimals", () => {
    expect(paths(issuesOf("on_select", (b) => (b.message.order.quote.price.value = "2160.500")))).toContain(
      "message.order.quote.price.value",
    );
    expect(paths(issuesOf("on_select", (b) => (b.message.order.quote.price.value = 2160.5)))).toContain("message.order.quote.price.value");
    // ONDC's own pattern lost its backslash and lets any character stand for the point; ours does not.
    expect(paths(issuesOf("on_select", (b) => (b.message.order.quote.price.value = "2160x50")))).toContain(
      "message.order.quote.price.value",
    );
    expect(paiseOf("2160.5")).toBe(216050);
    expect(paiseOf("-10.05")).toBe(-1005);
  });

  it("timestamps are RFC 3339, durations ISO 8601, URLs http(s), PIN codes six digits, phones 10 or 11", () => {
    expect(paths(issuesOf("on_init", (b) => (b.context.timestamp = "30/11/2026 10:00")))).toEqual(["context.timestamp"]);
    expect(paths(issuesOf("on_init", (b) => (b.message.order.quote.ttl = "1 day")))).toEqual(["message.order.quote.ttl"]);
    expect(paths(issuesOf("on_status", (b) => delete b.context.ttl))).toEqual(["context.ttl"]);
    expect(paths(issuesOf("on_search", (b) => (b.context.bpp_uri = "ftp://kisan-seva.ondc.test")))).toEqual(["context.bpp_uri"]);
    expect(paths(issuesOf("on_init", (b) => (b.message.order.billing.phone = "+91 98765 43210")))).toEqual(["message.order.billing.phone"]);
    expect(issuesOf("on_init", (b) => (b.message.order.billing.phone = "098765-43210"))).toEqual([]);
    expect(paths(issuesOf("on_init", (b) => (b.message.order.billing.address.area_code = "56004")))).toEqual([
      "message.order.billing.address.area_code",
    ]);
  });
});

describe("required fields and enums", () => {
  it("a missing required field is named", () => {
    expect(paths(issuesOf("on_search", (b) => delete b.message.catalog["bpp/providers"][0].ttl))).toEqual([
      "message.catalog.bpp/providers.0.ttl",
    ]);
    expect(paths(issuesOf("on_confirm", (b) => delete b.message.order.fulfillments[0].tracking))).toEqual([
      "message.order.fulfillments.0.tracking",
    ]);
    expect(paths(issuesOf("on_init", (b) => delete b.message.order.payment["@ondc/org/settlement_details"]))).toEqual([
      "message.order.payment.@ondc/org/settlement_details",
    ]);
    expect(paths(issuesOf("on_issue", (b) => delete b.message.issue.issue_actions))).toEqual(["message.issue.issue_actions"]);
    expect(paths(issuesOf("on_track", (b) => delete b.message.tracking.status))).toEqual(["message.tracking.status"]);
    expect(paths(issuesOf("on_track", (b) => delete b.message.tracking.location))).toEqual(["message.tracking.location"]);
    expect(paths(issuesOf("on_search", (b) => delete b.message.catalog["bpp/descriptor"].tags))).toEqual([
      "message.catalog.bpp/descriptor.tags",
    ]);
    expect(paths(issuesOf("on_search", (b) => delete b.message.catalog["bpp/providers"][0].locations[0].time.schedule))).toEqual([
      "message.catalog.bpp/providers.0.locations.0.time.schedule",
    ]);
    expect(paths(issuesOf("on_update", (b) => delete b.message.order.payment.params.transaction_id))).toEqual([
      "message.order.payment.params.transaction_id",
    ]);
  });

  it("enums: fulfillment type and state, title_type, payment type, collector and status, order state", () => {
    expect(paths(issuesOf("on_select", (b) => (b.message.order.fulfillments[0].type = "Courier")))).toEqual([
      "message.order.fulfillments.0.type",
    ]);
    expect(paths(issuesOf("on_confirm", (b) => (b.message.order.fulfillments[0].state.descriptor.code = "Packed")))).toEqual([
      "message.order.fulfillments.0.state.descriptor.code",
    ]);
    expect(paths(issuesOf("on_select", (b) => (b.message.order.quote.breakup[3]["@ondc/org/title_type"] = "shipping")))).toContain(
      "message.order.quote.breakup.3.@ondc/org/title_type",
    );
    expect(paths(issuesOf("on_confirm", (b) => (b.message.order.payment.type = "PRE-PAID")))).toEqual(["message.order.payment.type"]);
    expect(paths(issuesOf("on_confirm", (b) => (b.message.order.payment.collected_by = "BANK")))).toEqual([
      "message.order.payment.collected_by",
    ]);
    expect(paths(issuesOf("on_status", (b) => (b.message.order.payment.status = "SETTLED")))).toEqual(["message.order.payment.status"]);
    expect(paths(issuesOf("on_status", (b) => (b.message.order.state = "Shipped")))).toEqual(["message.order.state"]);
    expect(paths(issuesOf("on_update", (b) => (b.message.order.fulfillments[0].state.descriptor.code = "Packed")))).toEqual([
      "message.order.fulfillments.0.state.descriptor.code",
    ]);
    expect(paths(issuesOf("on_search", (b) => (b.message.catalog["bpp/descriptor"].tags[0].list[0].value = "BOTH")))).toEqual([
      "message.catalog.bpp/descriptor.tags.0.list.0.value",
    ]);
    expect(paths(issuesOf("on_cancel", (b) => (b.message.order.state = "Accepted")))).toEqual(["message.order.state"]);
    expect(paths(issuesOf("on_search", (b) => (b.message.catalog["bpp/providers"][0].items[0].category_id = "Mobile Phone")))).toEqual([
      "message.catalog.bpp/providers.0.items.0.category_id",
    ]);
    expect(paths(issuesOf("on_issue", (b) => (b.message.issue.issue_actions.respondent_actions[0].respondent_action = "DONE")))).toEqual([
      "message.issue.issue_actions.respondent_actions.0.respondent_action",
    ]);
  });

  it("a cancelled order carries nothing beyond what on_cancel allows, and a reason code of three digits", () => {
    expect(paths(issuesOf("on_cancel", (b) => (b.message.order.tags = [])))).toEqual(["message.order"]);
    expect(paths(issuesOf("on_cancel", (b) => (b.message.order.cancellation.reason.id = "1")))).toEqual([
      "message.order.cancellation.reason.id",
    ]);
  });
});

describe("rules across fields", () => {
  it("quote.price is the sum of the breakup, to the paisa", () => {
    for (const action of ["on_select", "on_init", "on_confirm", "on_status"] as const) {
      expect(paths(issuesOf(action, (b) => (b.message.order.quote.breakup[3].price.value = "40.01")))).toContain(
        "message.order.quote.price.value",
      );
    }
  });

  it("an item line is its unit price times its count; charge lines carry retail's titles", () => {
    expect(paths(issuesOf("on_select", (b) => (b.message.order.quote.breakup[0]["@ondc/org/item_quantity"].count = 3)))).toContain(
      "message.order.quote.breakup.0.price",
    );
    expect(paths(issuesOf("on_select", (b) => (b.message.order.quote.breakup[3].title = "Shipping")))).toEqual([
      "message.order.quote.breakup.3.title",
    ]);
  });

  it("only on_select's quote gives stock; on_confirm gives the delivery's TAT and is updated when sent", () => {
    const stock = { available: { count: "99" }, maximum: { count: "10" } };
    expect(paths(issuesOf("on_init", (b) => (b.message.order.quote.breakup[0].item.quantity = stock)))).toEqual([
      "message.order.quote.breakup.0.item.quantity",
    ]);
    expect(paths(issuesOf("on_confirm", (b) => delete b.message.order.fulfillments[0]["@ondc/org/TAT"]))).toEqual([
      "message.order.fulfillments.0.@ondc/org/TAT",
    ]);
    expect(paths(issuesOf("on_confirm", (b) => (b.message.order.updated_at = "2026-11-30T10:00:00.000Z")))).toEqual([
      "message.order.updated_at",
    ]);
  });

  it("a catalogue's items say what and whence they are; its provider gives variant groups, serviceability per category and hours", () => {
    const provider = (b: Breakable) => b.message.catalog["bpp/providers"][0];
    expect(paths(issuesOf("on_search", (b) => delete provider(b).items[0].descriptor.code))).toEqual([
      "message.catalog.bpp/providers.0.items.0.descriptor.code",
    ]);
    expect(paths(issuesOf("on_search", (b) => provider(b).items[1].tags.shift()))).toEqual([
      "message.catalog.bpp/providers.0.items.1.tags",
    ]);
    expect(paths(issuesOf("on_search", (b) => (provider(b).items[1].tags[0].list[0].value = "India")))).toEqual([
      "message.catalog.bpp/providers.0.items.1.tags",
    ]);
    expect(paths(issuesOf("on_search", (b) => delete provider(b).categories))).toEqual(["message.catalog.bpp/providers.0.categories"]);
    expect(paths(issuesOf("on_search", (b) => provider(b).tags.shift()))).toEqual(["message.catalog.bpp/providers.0.tags"]);
    expect(paths(issuesOf("on_search", (b) => provider(b).tags.pop()))).toEqual(["message.catalog.bpp/providers.0.tags"]);
    expect(paths(issuesOf("on_search", (b) => (provider(b).tags[2].list[4].value = "1960")))).toEqual([
      "message.catalog.bpp/providers.0.tags.2",
    ]);
  });

  it("items, breakup lines and fulfillments refer to each other", () => {
    expect(paths(issuesOf("on_init", (b) => (b.message.order.items[0].fulfillment_id = "F9")))).toEqual([
      "message.order.items.0.fulfillment_id",
    ]);
    expect(paths(issuesOf("on_select", (b) => (b.message.order.quote.breakup[2]["@ondc/org/item_id"] = "urea-45kg")))).toEqual([
      "message.order.quote.breakup.2.@ondc/org/item_id",
    ]);
    expect(paths(issuesOf("on_search", (b) => (b.message.catalog["bpp/providers"][0].items[1].location_id = "elsewhere")))).toEqual([
      "message.catalog.bpp/providers.0.items.1.location_id",
    ]);
  });

  it("a placed order collects its quote's total, a PAID one names its transaction, a delivered one is Completed with an invoice", () => {
    expect(paths(issuesOf("on_confirm", (b) => (b.message.order.payment.params.amount = "2000.00")))).toEqual([
      "message.order.payment.params.amount",
    ]);
    expect(paths(issuesOf("on_confirm", (b) => (b.message.order.payment.status = "PAID")))).toEqual([
      "message.order.payment.params.transaction_id",
    ]);
    expect(paths(issuesOf("on_status", (b) => (b.message.order.documents = [])))).toEqual(["message.order.documents"]);
    expect(paths(issuesOf("on_status", (b) => (b.message.order.fulfillments[0].state.descriptor.code = "Order-delivered")))).toEqual([
      "message.order.state",
      "message.order.fulfillments.0.end.time.timestamp",
    ]);
  });

  it("a delivery under way carries its routing and pickup time; a delivered one its delivery time, after the pickup", () => {
    const delivered = (b: Breakable) => {
      b.message.order.state = "Completed";
      b.message.order.fulfillments[0].state.descriptor.code = "Order-delivered";
      b.message.order.fulfillments[0].end.time.timestamp = "2026-11-30T09:45:00.000Z";
    };
    expect(issuesOf("on_status", delivered)).toEqual([]);
    expect(paths(issuesOf("on_status", (b) => delete b.message.order.fulfillments[0].tags))).toEqual(["message.order.fulfillments.0.tags"]);
    expect(paths(issuesOf("on_status", (b) => (b.message.order.fulfillments[0].tags[0].list[0].value = "direct")))).toEqual([
      "message.order.fulfillments.0.tags",
    ]);
    expect(paths(issuesOf("on_status", (b) => delete b.message.order.fulfillments[0].start.time.timestamp))).toEqual([
      "message.order.fulfillments.0.start.time.timestamp",
    ]);
    expect(
      paths(issuesOf("on_status", (b) => (b.message.order.fulfillments[0].start.time.timestamp = "2026-11-30T11:00:00.000Z"))),
    ).toEqual(["message.order.fulfillments.0.start.time.timestamp"]);
    expect(
      paths(
        issuesOf("on_status", (b) => {
          delivered(b);
          b.message.order.fulfillments[0].end.time.timestamp = "2026-11-30T09:00:00.000Z";
        }),
      ),
    ).toEqual(["message.order.fulfillments.0.end.time.timestamp"]);
  });

  it("on_confirm's terms give the seller's GSTIN and PAN in ONDC's formats", () => {
    expect(paths(issuesOf("on_confirm", (b) => (b.message.order.tags[0].list[0].value = "29ABCDE1234F")))).toEqual([
      "message.order.tags.0.list.0.value",
    ]);
    expect(paths(issuesOf("on_confirm", (b) => b.message.order.tags[0].list.splice(1, 1)))).toEqual(["message.order.tags"]);
  });

  it("a RESOLVED grievance gives its resolution, a REFUND its amount; a respondent's organisation names the domain", () => {
    expect(paths(issuesOf("on_issue_status", (b) => delete b.message.issue.resolution))).toEqual(["message.issue.resolution"]);
    expect(paths(issuesOf("on_issue_status", (b) => delete b.message.issue.resolution.refund_amount))).toEqual([
      "message.issue.resolution.refund_amount",
    ]);
    expect(
      paths(
        issuesOf("on_issue", (b) => (b.message.issue.issue_actions.respondent_actions[0].updated_by.org.name = "kisan-seva.ondc.test")),
      ),
    ).toEqual(["message.issue.issue_actions.respondent_actions.0.updated_by.org.name"]);
  });
});

describe("the callback against its call", () => {
  it("echoes bpp_id, domain, core_version, transaction_id and message_id", () => {
    expect(paths(issuesOf("on_select", (b) => (b.context.domain = "ONDC:RET10")))).toEqual(["context.domain"]);
    expect(paths(issuesOf("on_init", (b) => (b.context.core_version = "1.2.5")))).toEqual(["context.core_version"]);
    expect(paths(issuesOf("on_confirm", (b) => (b.context.bpp_id = "other.ondc.test")))).toEqual(["context.bpp_id"]);
    expect(paths(issuesOf("on_select", (b) => (b.context.message_id = "not-sent")))).toEqual(["context.message_id"]);
    expect(paths(issuesOf("on_select", (b) => (b.context.transaction_id = "not-started")))).toEqual(["context.message_id"]);
  });

  it("on_status may come unsolicited in a transaction with that seller; on_select may not", () => {
    const confirm = callFor("on_confirm");
    const pushed = exampleCallback("on_status", { ...confirm.context, message_id: "pushed" });
    expect(checkCallback("on_status", pushed, [confirm])).toEqual([]);
    expect(paths(checkCallback("on_status", { ...pushed, context: { ...pushed.context, bpp_id: "other.ondc.test" } }, [confirm]))).toEqual([
      "context.message_id",
    ]);
    const select = callFor("on_select");
    const unasked = exampleCallback("on_select", { ...select.context, message_id: "unasked" });
    expect(paths(checkCallback("on_select", unasked, [select]))).toEqual(["context.message_id"]);
  });

  it("on_select quotes selected items only; on_init and on_confirm keep the call's items, counts, finder fee and place; on_confirm its total, date and terms", () => {
    expect(paths(issuesOf("on_select", (b) => (b.message.order.items[1].id = "urea-45kg")))).toContain("message.order.items.1.id");
    expect(paths(issuesOf("on_init", (b) => (b.message.order.items[0].quantity.count = 1)))).toEqual([
      "message.order.items.0.quantity.count",
    ]);
    expect(paths(issuesOf("on_confirm", (b) => b.message.order.items.pop()))).toContain("message.order.items");
    expect(paths(issuesOf("on_init", (b) => (b.message.order.payment["@ondc/org/buyer_app_finder_fee_amount"] = "5")))).toEqual([
      "message.order.payment.@ondc/org/buyer_app_finder_fee_amount",
    ]);
    expect(paths(issuesOf("on_init", (b) => (b.message.order.fulfillments[0].end.location.address.area_code = "560001")))).toEqual([
      "message.order.fulfillments.0.end.location.address.area_code",
    ]);
    expect(paths(issuesOf("on_confirm", (b) => (b.message.order.created_at = "2026-11-30T09:00:00.000Z")))).toEqual([
      "message.order.created_at",
    ]);
    expect(paths(issuesOf("on_confirm", (b) => b.message.order.tags.pop()))).toEqual(["message.order.tags"]);
    const call = callFor("on_confirm");
    (call.message as Breakable).order.quote.price.value = "2100.00";
    expect(paths(checkCallback("on_confirm", exampleCallback("on_confirm", call), [call]))).toEqual(["message.order.quote.price.value"]);
  });

  it("a refusal is held to its context and its error, not to the message it could not give", () => {
    const refusal = (error: unknown) => issuesOf("on_confirm", (b) => Object.assign(b, { message: { order: {} }, error }));
    expect(refusal({ type: "DOMAIN-ERROR", code: "40002", message: "Item quantity unavailable" })).toEqual([]);
    expect(paths(refusal({ type: "DOMAIN", code: "40002" }))).toEqual(["error.type"]);
    expect(paths(refusal({ type: "DOMAIN-ERROR", code: "out-of-stock" }))).toEqual(["error.code"]);
  });
});
