import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getSessionUser } from "~/platform/auth/session.server";
import { getDb } from "~/platform/db/db.server";
import { RegisterSchema } from "~/features/accounts/domain/account";
import { VendorRegisterSchema } from "~/features/vendor-shops/domain/vendor";
import { defined } from "~/platform/defined";
import { action as checkoutAction } from "~/routes/store/checkout";
import { action as listingAction } from "~/routes/vendor-login/product-edit";
import { action as resendAction } from "~/routes/account/verification";
import { AuthFailure } from "~/features/accounts/server/auth-errors.server";
import { requestEmailChange } from "~/features/accounts/server/change-email.server";
import { confirmEmail } from "~/features/accounts/server/email-verification.server";
import { refusal } from "~/platform/core/refusal";
import { renderRefusal, sayRefusal } from "~/platform/i18n/render-refusal.server";
import { registerCustomer } from "~/features/accounts/server/register-customer.server";
import { signIn } from "~/features/accounts/server/sign-in.server";
import { registerVendor } from "~/features/vendor-shops/server/register-vendor.server";
import { linkToken, sessionCookie } from "../account-links";
import { createProduct } from "../factories";

const SAME_EMAIL = "That is already your email address.";

/**
 * Confirming an address (issue 11): what waits for it (a first order, a vendor's listings), a new
 * link on request (limited), and changing the address, which takes effect only from a link sent to it.
 */
const ORIGIN = "http://localhost:3999";
let n = 0;
const ip = () => `10.78.${Math.floor(Math.random() * 250)}.${++n % 250}`;
const headers = () => new Headers({ origin: ORIGIN });
const profile = { phone: "98765 43210", street: "12 Mandi Road", city: "Nashik", state: "Maharashtra", pincode: "422001" };

/** A registered customer, signed in with the password before (or without) opening the link. */
async function unconfirmedCustomer(email: string) {
  const id = defined(
    await registerCustomer(RegisterSchema.parse({ name: "Asha Patil", email, password: "first-pass-1", ...profile }), {
      ip: ip(),
      headers: headers(),
    }),
    "a new account",
  );
  const session = await signIn({ email, password: "first-pass-1" }, { ip: ip(), headers: headers() });
  return { id, cookie: sessionCookie(session.headers) };
}

/** A customer who opened the link signed in (only a confirmed account may change its email: decision 030). */
async function confirmedCustomer(email: string) {
  const customer = await unconfirmedCustomer(email);
  await confirmEmail(await linkToken(email), { headers: new Headers({ origin: ORIGIN, cookie: customer.cookie }) });
  return customer;
}

async function post(action: (args: never) => Promise<unknown>, path: string, cookie: string, body: URLSearchParams | FormData) {
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { origin: ORIGIN, cookie, "x-angle-client-ip": ip() } });
  const result = (await action({ request, params: {}, context: new RouterContextProvider(), url: new URL(request.url) } as never)) as {
    data: { ok?: boolean; error?: string; message?: string; result?: unknown };
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, ...result.data };
}

const mails = (recipient: string, kind: string) =>
  getDb().selectFrom("outbox").select("id").where("recipient", "=", recipient).where("kind", "=", kind).execute();

describe("an unconfirmed customer", () => {
  it("is signed in but may not place a first order until the link is opened", async () => {
    const { cookie } = await unconfirmedCustomer("unconfirmed@angle.in");
    const product = await createProduct({ stock: 10 });
    const form = () =>
      new URLSearchParams({
        items: JSON.stringify([{ productId: product.id, quantity: 1 }]),
        checkoutKey: crypto.randomUUID(),
        paymentMethod: "cod",
        ...profile,
      });
    // The refusal is Conform's reply, its message the form's own ("").
    expect(await post(checkoutAction, "/checkout", cookie, form())).toMatchObject({
      status: 403,
      result: { error: { "": [sayRefusal("checkout.verify", "en")] } },
    });
    expect(await getDb().selectFrom("orders").select("id").execute()).toEqual([]);

    // Opened in the browser that is signed in: no password asked, and this session stays.
    await confirmEmail(await linkToken("unconfirmed@angle.in"), { headers: new Headers({ origin: ORIGIN, cookie }) });
    const placed = (await checkoutAction({
      request: new Request(`${ORIGIN}/checkout`, { method: "POST", body: form(), headers: { origin: ORIGIN, cookie } }),
      params: {},
      context: new RouterContextProvider(),
    } as never)) as Response;
    expect(placed.status).toBe(302);
  });

  it("gets a new link on request, at most RATE_LIMIT_ACCOUNT_EMAIL_MAX (5) an hour", async () => {
    const { cookie } = await unconfirmedCustomer("resend@angle.in");
    // The registration's own link is set aside: what follows must queue one of its own.
    await getDb().deleteFrom("outbox").where("recipient", "=", "resend@angle.in").execute();
    const first = await post(resendAction, "/account/verification", cookie, new URLSearchParams());
    expect(first).toEqual({ status: 200, ok: true, message: "We have sent a new link to resend@angle.in. It works for 24 hours." });
    expect(await mails("resend@angle.in", "verify-email")).toHaveLength(1);
    for (let i = 0; i < 4; i++) expect((await post(resendAction, "/account/verification", cookie, new URLSearchParams())).status).toBe(200);
    const refused = await post(resendAction, "/account/verification", cookie, new URLSearchParams());
    expect(refused.status).toBe(429);
    expect(refused.error).toMatch(/Too many attempts/);
    // The new link works.
    expect(await confirmEmail(await linkToken("resend@angle.in"), { headers: new Headers({ origin: ORIGIN, cookie }) })).toMatchObject({
      ok: true,
      kind: "confirmed",
    });
    expect((await post(resendAction, "/account/verification", "", new URLSearchParams())).status).toBe(401);
  });
  it("tapped on a page before its scripts ran, the form's post comes back to that page with the answer as a toast", async () => {
    const { cookie } = await unconfirmedCustomer("resend-plain@angle.in");
    await getDb().deleteFrom("outbox").where("recipient", "=", "resend-plain@angle.in").execute();
    // A browser's own form submission (no scripts): a navigation, not a fetch.
    const request = new Request(`${ORIGIN}/account/verification`, {
      method: "POST",
      body: new URLSearchParams({ next: "/checkout" }),
      headers: { origin: ORIGIN, cookie, "sec-fetch-mode": "navigate", "x-angle-client-ip": ip() },
    });
    const answer = await resendAction({ request, params: {}, context: new RouterContextProvider(), url: new URL(request.url) } as never);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/checkout");
    expect(response.headers.get("set-cookie")).toMatch(/^angle\.toast=/);
    expect(await mails("resend-plain@angle.in", "verify-email")).toHaveLength(1);
  });
});

describe("an unconfirmed vendor", () => {
  it("may not submit a listing until the link is opened", async () => {
    const email = "unconfirmed-vendor@angle.in";
    await registerVendor(
      VendorRegisterSchema.parse({
        businessName: "Kisan Tools",
        email,
        password: "seller-pass-1",
        gstNumber: "27AAPFU0939F1ZV",
        ...profile,
      }),
      { ip: ip(), headers: headers() },
    );
    const session = await signIn({ email, password: "seller-pass-1" }, { ip: ip(), headers: headers() });
    const listing = () => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        name: "Bamboo Rake",
        description: "Light rake.",
        category: "tools",
        hsnCode: "82019000",
        gstRate: "0",
        price: "450",
        stock: "10",
      }))
        form.set(k, v);
      return form;
    };
    const refused = await post(listingAction, "/vendor-login/products/new", sessionCookie(session.headers), listing());
    expect(refused).toMatchObject({
      status: 403,
      result: { error: { "": [renderRefusal(refusal("vendor.verify_before_listing"), "en")] } },
    });
    expect(await getDb().selectFrom("product").select("id").where("name", "=", "Bamboo Rake").execute()).toEqual([]);

    await confirmEmail(await linkToken(email), { headers: new Headers({ origin: ORIGIN, cookie: sessionCookie(session.headers) }) });
    const accepted = (await listingAction({
      request: new Request(`${ORIGIN}/vendor-login/products/new`, {
        method: "POST",
        body: listing(),
        headers: { origin: ORIGIN, cookie: sessionCookie(session.headers) },
      }),
      params: {},
      context: new RouterContextProvider(),
    } as never)) as Response;
    expect(accepted.status).toBe(303);
  });
});

describe("change email", () => {
  it("sends a link to the new address; the email changes, confirmed, only when it is opened, and the link works once", async () => {
    const { cookie } = await confirmedCustomer("old@angle.in");
    const user = defined(await getSessionUser(new Request(ORIGIN, { headers: { cookie } })), "the signed-in customer");
    await requestEmailChange(user, "new@angle.in", { ip: ip(), headers: new Headers({ origin: ORIGIN, cookie }) });
    expect((await getDb().selectFrom("user").select("email").where("id", "=", user.id).executeTakeFirstOrThrow()).email).toBe(
      "old@angle.in",
    );
    const token = await linkToken("new@angle.in", "change-email");
    expect(await confirmEmail(token, { headers: headers() })).toMatchObject({ ok: true, kind: "changed", role: "user" });
    const after = await getDb().selectFrom("user").select(["email", "emailVerified"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(after.email).toBe("new@angle.in");
    expect(Boolean(after.emailVerified)).toBe(true);
    expect(await confirmEmail(token, { headers: headers() })).toEqual({ ok: false });
    await expect(signIn({ email: "old@angle.in", password: "first-pass-1" }, { ip: ip(), headers: headers() })).rejects.toThrow(
      AuthFailure,
    );
    expect((await signIn({ email: "new@angle.in", password: "first-pass-1" }, { ip: ip(), headers: headers() })).userId).toBe(user.id);
  });

  it("answers the same for an address that has an account, and sends it nothing; the same address is refused", async () => {
    await unconfirmedCustomer("taken@angle.in");
    const { cookie } = await confirmedCustomer("mover@angle.in");
    const user = defined(await getSessionUser(new Request(ORIGIN, { headers: { cookie } })), "the signed-in customer");
    await expect(
      requestEmailChange(user, "taken@angle.in", { ip: ip(), headers: new Headers({ origin: ORIGIN, cookie }) }),
    ).resolves.toBeUndefined();
    expect(await mails("taken@angle.in", "change-email")).toEqual([]);
    await expect(
      requestEmailChange(user, "mover@angle.in", { ip: ip(), headers: new Headers({ origin: ORIGIN, cookie }) }),
    ).rejects.toThrow(SAME_EMAIL);
  });
});
