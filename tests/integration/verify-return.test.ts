import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { linkToken, sessionCookie } from "../account-links";
import { getAuth } from "~/platform/auth/auth.server";
import { action as authAction } from "~/routes/account/auth";
import { action as verificationAction } from "~/routes/account/verification";
import { action as verifyAction, loader as verifyLoader } from "~/routes/account/verify-email";

/*
 * After confirming an email the customer lands back where they were: the page the dialog or the
 * "send a new link" banner was on travels in the link as `next` (a path of this site only) and the
 * confirmation redirects there. An address elsewhere never does.
 */
const ORIGIN = "http://localhost:3999";
let n = 0;

function args(path: string, fields?: Record<string, string>, cookie = "") {
  const init: RequestInit = {
    headers: { origin: ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.66.0.${++n}` },
  };
  if (fields) Object.assign(init, { method: "POST", body: new URLSearchParams(fields) });
  const request = new Request(`${ORIGIN}${path}`, init);
  return { request, url: new URL(request.url), params: {}, context: new RouterContextProvider() } as never;
}

/** The text of the newest confirmation email to `email`. */
async function emailText(email: string) {
  const row = await getDb()
    .selectFrom("outbox")
    .select("payload")
    .where("recipient", "=", email)
    .where("kind", "=", "verify-email")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.payload) as { text: string }).text;
}

/** The path and query of the confirmation link in that email. */
async function linkIn(email: string) {
  const match = /https?:\/\/[^/\s]+(\/verify-email\?[^\s]+)/.exec(await emailText(email));
  if (!match?.[1]) throw new Error(`no confirmation link to ${email}`);
  return match[1];
}

async function register(next: string) {
  const email = `back-${newId(8)}@example.in`;
  const password = "back-pass-123";
  const fields = {
    intent: "register",
    name: "Kavita Rao",
    email,
    password,
    phone: "98765 43210",
    street: "2 Mandi Road",
    city: "Indore",
    state: "Madhya Pradesh",
    pincode: "452001",
    next,
  };
  const answer = (await authAction(args("/account/auth", fields))) as { data?: { ok?: boolean } };
  expect(answer.data?.ok).toBe(true);
  return { email, password };
}

/** Opens the link as the browser does, then confirms with the password: where it lands. */
async function confirmFrom(link: string, password: string) {
  const page = (await verifyLoader(args(link))) as { token: string; next: string };
  expect(page.token).not.toBe("");
  const answer = await verifyAction(args("/verify-email", { token: page.token, password, next: page.next }));
  expect(answer).toBeInstanceOf(Response);
  return (answer as Response).headers.get("location");
}

describe("confirming an email brings the customer back", () => {
  it("to the checkout the registration dialog was opened on", async () => {
    const { email, password } = await register("/checkout");
    const link = await linkIn(email);
    expect(link).toContain("next=%2Fcheckout");
    expect(await confirmFrom(link, password)).toBe("/checkout");
  });

  it("to the page a new link was asked from", async () => {
    const { email, password } = await register("/");
    expect(await linkIn(email)).not.toContain("next=");
    // Signed in before confirming (allowed: an unconfirmed account may fill a cart), then a new link from the cart.
    const { headers } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: new Headers({ origin: ORIGIN }),
      returnHeaders: true,
    });
    // A link's token is signed with its second of issue: a new one from the same second would be the
    // same token, and the outbox keeps one email per token.
    await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
    const resent = (await verificationAction(args("/account/verification", { next: "/cart" }, sessionCookie(headers)))) as {
      data?: { ok?: boolean };
    };
    expect(resent.data?.ok).toBe(true);
    const link = await linkIn(email);
    expect(link).toContain("next=%2Fcart");
    expect(await confirmFrom(link, password)).toBe("/cart");
  });

  it("never to another site: an external return address is dropped from the link and refused at confirmation", async () => {
    const { email, password } = await register("https://evil.example/phish");
    const link = await linkIn(email);
    expect(link).not.toContain("evil");
    // A link edited by hand: the page and its form keep only a path of this site.
    const page = (await verifyLoader(args(`${link}&next=${encodeURIComponent("//evil.example/x")}`))) as { next: string };
    expect(page.next).toBe("/");
    for (const next of ["https://evil.example/phish", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const answer = await verifyAction(args("/verify-email", { token: await linkToken(email), password, next }));
      const location = (answer as Response).headers.get("location");
      expect(location, next).toBe("/");
    }
  });
});
