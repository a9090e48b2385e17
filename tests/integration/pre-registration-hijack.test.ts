import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getAuth } from "~/platform/auth/auth.server";
import { getSessionUser } from "~/platform/auth/session.server";
import { getDb } from "~/platform/db/db.server";
import { RegisterSchema } from "~/features/accounts/domain/account";
import { defined } from "~/platform/defined";
import { action as accountAction } from "~/routes/account/account";
import { action as verifyEmailAction } from "~/routes/account/verify-email";
import { AuthFailure } from "~/features/accounts/server/auth-errors.server";
import { requestEmailChange } from "~/features/accounts/server/change-email.server";
import { changePassword } from "~/features/accounts/server/change-password.server";
import { confirmEmail, inspectLink } from "~/features/accounts/server/email-verification.server";
import { requestPasswordReset, resetPassword } from "~/features/accounts/server/password-reset.server";
import { purgeUnconfirmedAccounts } from "~/features/accounts/server/purge-unconfirmed.server";
import { registerCustomer } from "~/features/accounts/server/register-customer.server";
import { signIn } from "~/features/accounts/server/sign-in.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { linkToken, sessionCookie } from "../account-links";
import { checkoutInput, createProduct } from "../factories";

const VERIFY_BEFORE_EMAIL_CHANGE =
  "Please confirm your email address before changing it. Open the link we sent you, or send a new one. If the address is wrong, register again with the right one.";
const VERIFY_BEFORE_PHONE =
  "Please confirm your email address before changing your phone number or message settings. Open the link we sent you, or send a new one.";
const CONFIRM_PASSWORD_WRONG =
  "That password is not right. If you never chose a password for this account, reset it instead: the link comes to this email address.";

/*
 * Pre-registration hijack (docs/decisions/030-pre-registration-and-phones.md): someone registers
 * another person's email, signs in while it is unconfirmed and points the account's phone and SMS at
 * himself, then waits for the owner to take the account over through the link sent to her mailbox.
 */
const ORIGIN = "http://localhost:3999";
let n = 0;
const ip = () => `10.79.${Math.floor(Math.random() * 250)}.${++n % 250}`;
const headers = (cookie = "") => new Headers(cookie ? { origin: ORIGIN, cookie } : { origin: ORIGIN });
const ATTACKER_PHONE = "+91 90000 11111";
const OWNER_PHONE = "+91 98111 22222";
const address = { street: "12 Mandi Road", city: "Nashik", state: "Maharashtra", pincode: "422001" };

/** Posts a form to a route action as a browser with `cookie` would; the status and the answer's data. */
async function post(action: (args: never) => Promise<unknown>, path: string, cookie: string, fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: ORIGIN, cookie, "x-angle-client-ip": ip(), "content-type": "application/x-www-form-urlencoded" },
  });
  const result = (await action({ request, params: {}, context: new RouterContextProvider(), url: new URL(request.url) } as never)) as
    | Response
    | { data: Record<string, unknown>; init: { status?: number } | null };
  if (result instanceof Response) return { status: result.status, data: {} as Record<string, unknown> };
  return { status: result.init?.status ?? 200, data: result.data };
}

const account = (id: string) =>
  getDb()
    .selectFrom("user")
    .select(["emailVerified", "phone", "verified_phone", "sms_order_updates"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const emailOf = async (id: string) =>
  (await getDb().selectFrom("user").select(["email", "emailVerified"]).where("id", "=", id).executeTakeFirstOrThrow()).email;

const addressOf = (id: string) =>
  getDb().selectFrom("user").select(["name", "street", "city", "state", "pincode"]).where("id", "=", id).executeTakeFirstOrThrow();

/**
 * A change-of-email link as the store issued it before unconfirmed accounts were refused one (Better
 * Auth's own change-email call, with the attacker's session): the token sent to `newEmail`.
 */
async function oldChangeLink(cookie: string, newEmail: string) {
  await getAuth().api.changeEmail({ body: { newEmail }, headers: headers(cookie) });
  return linkToken(newEmail, "change-email");
}

/** Opens a link as a browser with no cookie would: the page's answer (loader) and the button's (action). */
async function openLink(token: string) {
  const inspected = await inspectLink(token, { headers: headers() });
  const pressed = await post(verifyEmailAction, "/verify-email", "", { token });
  return { inspected, pressed };
}

const sessionsOf = async (id: string) => (await getDb().selectFrom("session").select("id").where("userId", "=", id).execute()).length;

/** The attacker registers `email` with his phone and password and signs in: his account id and cookie. */
async function attackerRegisters(email: string) {
  const id = defined(
    await registerCustomer(
      RegisterSchema.parse({ name: "Not Asha", email, password: "attacker-pass-1", phone: ATTACKER_PHONE, ...address }),
      {
        ip: ip(),
        headers: headers(),
      },
    ),
    "a new account",
  );
  const session = await signIn({ email, password: "attacker-pass-1" }, { ip: ip(), headers: headers() });
  return { id, cookie: sessionCookie(session.headers) };
}

describe("pre-registration hijack", () => {
  it("an unconfirmed account cannot set its phone, its SMS updates or verify a number: 403, nothing written", async () => {
    const { id, cookie } = await attackerRegisters("asha.hijack1@example.in");
    const before = await account(id);

    const profile = await post(accountAction, "/account", cookie, {
      intent: "profile",
      name: "Not Asha",
      phone: "+91 90000 22222",
      ...address,
    });
    expect(profile).toMatchObject({ status: 403, data: { intent: "profile", error: VERIFY_BEFORE_PHONE } });
    const sms = await post(accountAction, "/account", cookie, { intent: "messages", smsOrderUpdates: "on", nonEssentialEmails: "on" });
    expect(sms).toMatchObject({ status: 403, data: { intent: "messages", error: VERIFY_BEFORE_PHONE } });
    const code = await post(accountAction, "/account", cookie, { intent: "send-phone-code" });
    expect(code).toMatchObject({ status: 403, data: { intent: "phone", error: VERIFY_BEFORE_PHONE } });

    expect(await account(id)).toEqual(before);
    expect(await getDb().selectFrom("outbox").select("id").where("channel", "=", "sms").execute()).toEqual([]);
    // The rest of the details still save while the phone stays as registered.
    const name = await post(accountAction, "/account", cookie, { intent: "profile", name: "Renamed", phone: ATTACKER_PHONE, ...address });
    expect(name.status).toBe(303);
  });

  it("the owner holding only the link is asked for the password, is not confirmed, and is offered a reset", async () => {
    const email = "asha.hijack2@example.in";
    const { id } = await attackerRegisters(email);
    const token = await linkToken(email);

    expect(await confirmEmail(token, { headers: headers(), ip: ip() })).toEqual({ ok: false, needsPassword: true });
    const page = await post(verifyEmailAction, "/verify-email", "", { token });
    expect(page).toMatchObject({ status: 401, data: { needsPassword: true, expired: false } });
    const guessed = await post(verifyEmailAction, "/verify-email", "", { token, password: "my-own-guess-1" });
    expect(guessed).toMatchObject({ status: 400, data: { needsPassword: true, error: CONFIRM_PASSWORD_WRONG } });
    await expect(confirmEmail(token, { headers: headers(), ip: ip(), password: "my-own-guess-1" })).rejects.toThrow(AuthFailure);
    expect(Boolean((await account(id)).emailVerified)).toBe(false);
  });

  it("the owner's password reset ends the attacker's session and password, confirms the email and drops his phone: no order SMS to him", async () => {
    const email = "asha.hijack3@example.in";
    const { id, cookie } = await attackerRegisters(email);
    // As an account could before this rule: the attacker's phone, and SMS order updates on.
    await getDb().updateTable("user").set({ phone: ATTACKER_PHONE, sms_order_updates: true }).where("id", "=", id).execute();
    expect(await getSessionUser(new Request(ORIGIN, { headers: { cookie } }))).not.toBeNull();

    await requestPasswordReset(email, { ip: ip() });
    const reset = await resetPassword(await linkToken(email, "password-reset", "/reset-password"), "owner-pass-2026");
    expect(reset).toEqual({ ok: true, role: "user" });

    expect(await getSessionUser(new Request(ORIGIN, { headers: { cookie } }))).toBeNull();
    expect(await sessionsOf(id)).toBe(0);
    await expect(signIn({ email, password: "attacker-pass-1" }, { ip: ip(), headers: headers() })).rejects.toThrow(AuthFailure);
    const after = await account(id);
    expect(Boolean(after.emailVerified)).toBe(true);
    expect(after.phone).toBeNull();
    expect(Boolean(after.sms_order_updates)).toBe(false);

    // The owner signs in with her password and orders: no SMS goes anywhere, to him least of all.
    const owner = await signIn({ email, password: "owner-pass-2026" }, { ip: ip(), headers: headers() });
    const user = defined(await getSessionUser(new Request(ORIGIN, { headers: { cookie: sessionCookie(owner.headers) } })), "the owner");
    expect(user.verified).toBe(true);
    const seeds = await createProduct({ stock: 5 });
    const { orderId } = await placeOrder(user, checkoutInput([{ productId: seeds.id, quantity: 1 }]));
    const sms = await getDb()
      .selectFrom("outbox")
      .select("recipient")
      .where("channel", "=", "sms")
      .where("dedupe_key", "like", `%${orderId}%`)
      .execute();
    expect(sms).toEqual([]);
  });

  it("a reset keeps a phone an SMS code proved", async () => {
    const email = "asha.hijack4@example.in";
    const { id } = await attackerRegisters(email);
    await getDb()
      .updateTable("user")
      .set({ emailVerified: true, phone: OWNER_PHONE, verified_phone: "+919811122222", sms_order_updates: true })
      .where("id", "=", id)
      .execute();
    await requestPasswordReset(email, { ip: ip() });
    expect(await resetPassword(await linkToken(email, "password-reset", "/reset-password"), "owner-pass-2026")).toMatchObject({ ok: true });
    expect(await account(id)).toMatchObject({ phone: OWNER_PHONE, verified_phone: "+919811122222" });
    expect(Boolean((await account(id)).sms_order_updates)).toBe(true);
  });

  it("confirming in the browser signed in as the account needs no password, and ends every other session and the SMS opt-in", async () => {
    const email = "asha.hijack5@example.in";
    const { id, cookie: here } = await attackerRegisters(email);
    const elsewhere = sessionCookie((await signIn({ email, password: "attacker-pass-1" }, { ip: ip(), headers: headers() })).headers);
    await getDb().updateTable("user").set({ sms_order_updates: true }).where("id", "=", id).execute();
    expect(await sessionsOf(id)).toBe(2);

    const confirmed = await confirmEmail(await linkToken(email), { headers: headers(here), ip: ip() });
    expect(confirmed).toMatchObject({ ok: true, kind: "confirmed" });
    expect(await getSessionUser(new Request(ORIGIN, { headers: { cookie: here } }))).toMatchObject({ id, verified: true });
    expect(await getSessionUser(new Request(ORIGIN, { headers: { cookie: elsewhere } }))).toBeNull();
    expect(await sessionsOf(id)).toBe(1);
    expect(await account(id)).toMatchObject({ phone: ATTACKER_PHONE, verified_phone: null });
    expect(Boolean((await account(id)).sms_order_updates)).toBe(false);
  });

  it("confirming with the password in another browser signs it in and ends every session opened before", async () => {
    const email = "asha.hijack6@example.in";
    const { id, cookie } = await attackerRegisters(email);
    const token = await linkToken(email);
    const confirmed = await confirmEmail(token, { headers: headers(), ip: ip(), password: "attacker-pass-1" });
    expect(confirmed).toMatchObject({ ok: true, kind: "confirmed" });
    if (!confirmed.ok) throw new Error("unreachable");
    expect(await getSessionUser(new Request(ORIGIN, { headers: { cookie: sessionCookie(confirmed.headers) } }))).toMatchObject({
      id,
      verified: true,
    });
    expect(await getSessionUser(new Request(ORIGIN, { headers: { cookie } }))).toBeNull();
    expect(await sessionsOf(id)).toBe(1);
  });
  it("an unconfirmed account cannot ask to change its email: 403, nothing sent", async () => {
    const email = "asha.hijack7@example.in";
    const { id, cookie } = await attackerRegisters(email);

    const asked = await post(accountAction, "/account", cookie, { intent: "email", newEmail: "attacker7@evil.example.com" });
    expect(asked).toMatchObject({ status: 403, data: { intent: "email", error: VERIFY_BEFORE_EMAIL_CHANGE } });
    const user = defined(await getSessionUser(new Request(ORIGIN, { headers: { cookie } })), "the attacker's session");
    await expect(requestEmailChange(user, "attacker7@evil.example.com", { ip: ip(), headers: headers(cookie) })).rejects.toMatchObject({
      status: 403,
      message: VERIFY_BEFORE_EMAIL_CHANGE,
    });

    expect(await getDb().selectFrom("outbox").select("id").where("kind", "=", "change-email").execute()).toEqual([]);
    expect(await emailOf(id)).toBe(email);
  });

  it("a change-email link kept from before the owner's password reset is refused (410): the account stays hers", async () => {
    const email = "asha.hijack8@example.in";
    const { id, cookie } = await attackerRegisters(email);
    const kept = await oldChangeLink(cookie, "attacker8@evil.example.com");

    await requestPasswordReset(email, { ip: ip() });
    expect(await resetPassword(await linkToken(email, "password-reset", "/reset-password"), "owner-pass-2026")).toMatchObject({ ok: true });

    // The attacker opens his link with no cookie (his session ended with the reset).
    const { inspected, pressed } = await openLink(kept);
    expect(inspected).toBeNull();
    expect(pressed).toMatchObject({ status: 410, data: { expired: true } });
    expect(await confirmEmail(kept, { headers: headers(), ip: ip() })).toEqual({ ok: false });
    expect(await emailOf(id)).toBe(email);
    expect((await signIn({ email, password: "owner-pass-2026" }, { ip: ip(), headers: headers() })).userId).toBe(id);
    await expect(
      signIn({ email: "attacker8@evil.example.com", password: "owner-pass-2026" }, { ip: ip(), headers: headers() }),
    ).rejects.toThrow(AuthFailure);
  });

  it("a change-email link signed before a password change or the first confirmation is refused; one asked for after works", async () => {
    // Kept from before the first confirmation (the account's own browser confirms it).
    const email = "asha.hijack9@example.in";
    const { id, cookie } = await attackerRegisters(email);
    const beforeConfirming = await oldChangeLink(cookie, "attacker9@evil.example.com");
    expect(await confirmEmail(await linkToken(email), { headers: headers(cookie), ip: ip() })).toMatchObject({ ok: true });
    expect(await openLink(beforeConfirming)).toMatchObject({ inspected: null, pressed: { status: 410 } });
    expect(await emailOf(id)).toBe(email);

    // Asked for by someone who knew the password; the owner then changes it.
    const stolen = sessionCookie((await signIn({ email, password: "attacker-pass-1" }, { ip: ip(), headers: headers() })).headers);
    const thief = defined(await getSessionUser(new Request(ORIGIN, { headers: { cookie: stolen } })), "the thief's session");
    await requestEmailChange(thief, "thief9@evil.example.com", { ip: ip(), headers: headers(stolen) });
    const beforeChanging = await linkToken("thief9@evil.example.com", "change-email");
    const owner = defined(await getSessionUser(new Request(ORIGIN, { headers: { cookie } })), "the owner's session");
    const fresh = sessionCookie(
      await changePassword(owner, { currentPassword: "attacker-pass-1", newPassword: "owner-pass-2026" }, { headers: headers(cookie) }),
    );
    expect(await openLink(beforeChanging)).toMatchObject({ inspected: null, pressed: { status: 410 } });
    expect(await emailOf(id)).toBe(email);

    // The owner's own request, right after, is not caught by the rule.
    const ownerNow = defined(await getSessionUser(new Request(ORIGIN, { headers: { cookie: fresh } })), "the owner, signed in again");
    await requestEmailChange(ownerNow, "asha.new9@example.in", { ip: ip(), headers: headers(fresh) });
    const wanted = await linkToken("asha.new9@example.in", "change-email");
    expect(await inspectLink(wanted, { headers: headers() })).toEqual({ needsPassword: false });
    expect(await confirmEmail(wanted, { headers: headers(), ip: ip() })).toMatchObject({ ok: true, kind: "changed" });
    expect(await emailOf(id)).toBe("asha.new9@example.in");
  });

  it("the owner's reset clears the delivery address the attacker saved and keeps the name for her to see", async () => {
    const email = "asha.hijack10@example.in";
    const { id } = await attackerRegisters(email);
    await requestPasswordReset(email, { ip: ip() });
    await resetPassword(await linkToken(email, "password-reset", "/reset-password"), "owner-pass-2026");

    expect(await addressOf(id)).toEqual({ name: "Not Asha", street: null, city: null, state: null, pincode: null });
    // What her checkout fills in: nothing of his.
    const owner = await signIn({ email, password: "owner-pass-2026" }, { ip: ip(), headers: headers() });
    const user = defined(await getSessionUser(new Request(ORIGIN, { headers: { cookie: sessionCookie(owner.headers) } })), "the owner");
    expect(user.address).toEqual({ street: "", city: "", state: "", pincode: "" });
    expect(user.phone).toBe("");

    // A confirmed account's reset is only a new password: its address stays.
    await requestPasswordReset(email, { ip: ip() });
    await getDb().updateTable("user").set(address).where("id", "=", id).execute();
    await resetPassword(await linkToken(email, "password-reset", "/reset-password"), "owner-pass-2027");
    expect(await addressOf(id)).toEqual({ name: "Not Asha", ...address });
  });

  it("an account purged while its confirmation link is being opened gets the expired page, never a 500", async () => {
    const email = "asha.hijack11@example.in";
    const { id } = await attackerRegisters(email);
    const token = await linkToken(email);
    expect(await inspectLink(token, { headers: headers() })).toEqual({ needsPassword: true });

    // The hourly purge takes the account just as Better Auth confirms it: its update finds no row.
    const adapter = (await getAuth().$context).internalAdapter;
    const update = adapter.updateUserByEmail.bind(adapter);
    const spy = vi.spyOn(adapter, "updateUserByEmail").mockImplementationOnce(async (...args) => {
      expect(await purgeUnconfirmedAccounts(new Date(Date.now() + 30 * 24 * 60 * 60_000))).toBeGreaterThan(0);
      return update(...args);
    });
    try {
      const pressed = await post(verifyEmailAction, "/verify-email", "", { token, password: "attacker-pass-1" });
      expect(pressed).toMatchObject({ status: 410, data: { expired: true } });
    } finally {
      spy.mockRestore();
    }
    expect(await getDb().selectFrom("user").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await sessionsOf(id)).toBe(0);
  });
});
