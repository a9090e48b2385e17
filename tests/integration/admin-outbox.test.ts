import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { getToast } from "~/platform/toast/toast.server";
import { action, loader } from "~/routes/admin/outbox";
import { enqueueEmail } from "~/features/messaging/server/enqueue.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";

/** The admin outbox page's loader and Retry action as the server runs them, with real sessions. */
const ORIGIN = "http://localhost:3999";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

async function signIn(role: "admin" | "user") {
  const email = `${role}-${unique()}@angle.test`;
  await createUserWithPassword({ name: `Outbox ${role}`, email, password: "outbox-pass-123", role });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "outbox-pass-123" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return headers.getSetCookie().map(cookiePair).join("; ");
}

function args(cookie: string, fields?: Record<string, string>) {
  const request = new Request(`${ORIGIN}/admin/outbox`, {
    method: fields ? "POST" : "GET",
    body: fields ? new URLSearchParams(fields) : undefined,
    headers: { cookie, origin: ORIGIN, ...(fields ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
  });
  return { request, url: new URL(request.url), context: new RouterContextProvider(), params: {}, pattern: "/admin/outbox" };
}

/** The status and body of what an action returned or threw: a Response, or data() with its init. */
function outcome(result: unknown) {
  if (result instanceof Response) return { status: result.status, body: null as unknown, response: result };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { status: (result.init as ResponseInit | null)?.status ?? 200, body: result.data, response: null };
  }
  return { status: 200, body: result, response: null };
}

async function failedMessage() {
  const key = `test-failed:${unique()}`;
  await enqueueEmail(getDb(), "order-placed", key, {
    to: "ravi.patil@example.in",
    subject: "Your order ANG-2002 is placed",
    text: "Thank you.",
    html: "<p>Thank you.</p>",
  });
  await getDb()
    .updateTable("outbox")
    .set({ status: "failed", attempts: 8, last_error: "550 Mailbox unavailable", next_attempt_at: "2020-01-01T00:00:00.000Z" })
    .where("dedupe_key", "=", key)
    .execute();
  return getDb().selectFrom("outbox").selectAll().where("dedupe_key", "=", key).executeTakeFirstOrThrow();
}

describe("admin outbox", () => {
  it("lists a failed message with the recipient masked, and the count waiting", async () => {
    const row = await failedMessage();
    await enqueueEmail(getDb(), "order-placed", `test-pending:${unique()}`, {
      to: "x@example.in",
      subject: "s",
      text: "t",
      html: "<p>t</p>",
    });
    const page = await loader(args(await signIn("admin")));
    const listed = page.failed.rows.find((m) => m.id === row.id);
    expect(listed).toMatchObject({
      kind: "order-placed",
      recipient: "r***@example.in",
      subject: "Your order ANG-2002 is placed",
      attempts: 8,
      lastError: "550 Mailbox unavailable",
    });
    expect(page.pending).toBeGreaterThanOrEqual(1);
  });

  it("Retry puts a failed message back to pending, due now, with a toast", async () => {
    const row = await failedMessage();
    const before = Date.now();
    const result = outcome(await action(args(await signIn("admin"), { intent: "retry", id: row.id })));
    expect(result.status).toBe(303);
    expect(result.response?.headers.get("Location")).toBe("/admin/outbox");
    const cookie = result.response?.headers.getSetCookie().map(cookiePair).join("; ") ?? "";
    const { toast } = await getToast(new Request(`${ORIGIN}/admin/outbox`, { headers: { cookie } }));
    expect(toast?.description).toBe("Message queued to be sent again.");
    const after = await getDb().selectFrom("outbox").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: "pending", attempts: 0, claimed_until: null });
    expect(Date.parse(after.next_attempt_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(after.next_attempt_at)).toBeLessThanOrEqual(Date.now());

    // A second Retry of the same message (two tabs): nothing to retry any more.
    const again = outcome(await action(args(await signIn("admin"), { intent: "retry", id: row.id })));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "That message is no longer waiting for a retry. Please reload the page." });
  });

  it("refuses an unknown intent or a missing id with a 400", async () => {
    const cookie = await signIn("admin");
    expect(outcome(await action(args(cookie, { intent: "delete", id: "x" })))).toMatchObject({
      status: 400,
      body: { error: "This form asked for an action the page does not know. Please reload the page and try again." },
    });
    expect(outcome(await action(args(cookie, { intent: "retry" })))).toMatchObject({
      status: 400,
      body: { error: "Something is missing from the form. Please reload the page." },
    });
  });

  it("refuses a customer (403) and leaves the message failed", async () => {
    const row = await failedMessage();
    const thrown = await action(args(await signIn("user"), { intent: "retry", id: row.id })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(outcome(thrown)).toMatchObject({ status: 403, body: { error: "Only admins can do this." } });
    const after = await getDb().selectFrom("outbox").select("status").where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("failed");
  });

  it("sends a customer who opens the page to the admin login", async () => {
    const thrown = await Promise.resolve(loader(args(await signIn("user")))).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login");
  });
});
