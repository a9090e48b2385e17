import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getSessionUser, passwordDeadlineOf } from "~/platform/auth/session.server";
import { defined } from "~/platform/defined";
import { requestPolicy } from "~/platform/request-policy.server";
import { requireOwnPassword } from "~/features/accounts/server/password-policy.server";
import { getDb } from "~/platform/db/db.server";
import { action as forgotAction } from "~/routes/account/forgot-password";
import { AuthFailure } from "~/features/accounts/server/auth-errors.server";
import { changePassword, setOwnPassword } from "~/features/accounts/server/change-password.server";
import { findResetToken, requestPasswordReset, resetPassword } from "~/features/accounts/server/password-reset.server";
import { signIn, signInAtDoor } from "~/features/accounts/server/sign-in.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { ensureAdmin } from "~/features/accounts/server/ensure-admin.server";

/**
 * The account lifecycle (issue 11): "Forgot password?" with a single-use link that works for an
 * hour, change password, and admin-issued passwords that must be replaced within 72 hours.
 */
const ORIGIN = "http://localhost:3999";
let n = 0;
const ip = () => `10.77.${Math.floor(Math.random() * 250)}.${++n % 250}`;
const meta = () => ({ ip: ip(), headers: new Headers({ origin: ORIGIN }) });

/** A browser's request carrying the session cookie some response set. */
const requestWith = (setCookie: Headers) =>
  new Request(`${ORIGIN}/`, {
    headers: {
      cookie: setCookie
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    },
  });

async function customer(email: string, password = "first-pass-1") {
  const user = await createUserWithPassword({ name: "Asha Patil", email, password, role: "user" });
  const session = await signIn({ email, password }, meta());
  const request = requestWith(session.headers);
  expect((await getSessionUser(request))?.id).toBe(user.id);
  return { user, request };
}

async function outbox(recipient: string) {
  return getDb().selectFrom("outbox").selectAll().where("recipient", "=", recipient).orderBy("created_at").execute();
}

/** The token in the newest reset email to `email`, as the link in it carries it. */
async function tokenFromEmail(email: string) {
  const rows = await outbox(email);
  const payload = JSON.parse(rows.at(-1)?.payload ?? "{}") as { text: string; html: string; subject: string };
  const link = /http:\/\/localhost:3999\/reset-password\?token=([\w-]+)/.exec(payload.text);
  expect(link, payload.text).not.toBeNull();
  expect(payload.html).toContain(`href="${link?.[0]}"`);
  return link?.[1] ?? "";
}

async function forgot(email: string, address = ip()) {
  const request = new Request(`${ORIGIN}/forgot-password`, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "x-angle-client-ip": address },
  });
  const result = await forgotAction({
    request,
    url: new URL(request.url),
    context: new RouterContextProvider(),
    params: {},
    pattern: "/forgot-password",
  });
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, body: (result as { data: unknown }).data };
}

/** What a page request gets from the request policy and the password policy (root.tsx's middleware). */
async function policyAnswer(request: Request) {
  const args = { request, url: new URL(request.url), context: new RouterContextProvider(), params: {}, pattern: "/" } as never;
  const page = async () => new Response("page");
  const [markCaching] = requestPolicy;
  try {
    const response = await defined(markCaching, "the request policy").call(null, args, async () => {
      await requireOwnPassword(args, page);
      return page();
    });
    return { status: response?.status, location: response?.headers.get("location") };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("location") };
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("forgot password", () => {
  it("answers the same for a known and an unknown email, and emails only the known one", async () => {
    await customer("known@angle.in");
    const known = await forgot("Known@Angle.in");
    const unknown = await forgot("nobody-here@angle.in");
    expect(known).toEqual({
      status: 200,
      body: {
        sent: true,
        message: "If an account exists for that email, we have sent a link to reset the password. It works for one hour.",
      },
    });
    expect(unknown).toEqual(known);
    const mails = await outbox("known@angle.in");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe("password-reset");
    expect(JSON.parse(mails[0]?.payload ?? "{}").subject).toBe("Reset your Angle password");
    expect(await outbox("nobody-here@angle.in")).toHaveLength(0);
  });

  it("a bad email is a 400 with a message, and nothing is queued", async () => {
    const result = await forgot("not-an-email");
    expect(result).toEqual({ status: 400, body: { sent: false, error: "Please enter a valid email address." } });
  });

  it("limits requests per email silently and per address with a 429", async () => {
    await customer("limited@angle.in");
    // Per email: three emails an hour, then the same answer and no more email.
    for (let i = 0; i < 5; i++) expect((await forgot("limited@angle.in")).status).toBe(200);
    expect(await outbox("limited@angle.in")).toHaveLength(3);
    // Per address: ten requests in ten minutes, then "Too many attempts…".
    const address = ip();
    for (let i = 0; i < 10; i++) expect((await forgot(`someone-${i}@angle.in`, address)).status).toBe(200);
    const refused = await forgot("someone-else@angle.in", address);
    expect(refused.status).toBe(429);
    expect((refused.body as { error: string }).error).toMatch(/^Too many attempts/);
  });

  it("the link works once: the password changes, every session ends, the old password is refused", async () => {
    const { request } = await customer("reset-me@angle.in");
    const other = await signIn({ email: "reset-me@angle.in", password: "first-pass-1" }, meta());
    await requestPasswordReset("reset-me@angle.in", { ip: ip() });
    const token = await tokenFromEmail("reset-me@angle.in");
    expect(await findResetToken(token)).not.toBeNull();

    expect(await resetPassword(token, "second-pass-2")).toEqual({ ok: true, role: "user" });
    expect(await getSessionUser(request)).toBeNull();
    expect(await getSessionUser(requestWith(other.headers))).toBeNull();
    await expect(signIn({ email: "reset-me@angle.in", password: "first-pass-1" }, meta())).rejects.toThrow(AuthFailure);
    expect((await signIn({ email: "reset-me@angle.in", password: "second-pass-2" }, meta())).userId).toBeTruthy();

    // Used: refused, and the password stays the one it set.
    expect(await findResetToken(token)).toBeNull();
    expect(await resetPassword(token, "third-pass-3")).toEqual({ ok: false });
    await expect(signIn({ email: "reset-me@angle.in", password: "third-pass-3" }, meta())).rejects.toThrow(AuthFailure);
  });

  it("the link stops working after an hour", async () => {
    await customer("late@angle.in");
    await requestPasswordReset("late@angle.in", { ip: ip() });
    const token = await tokenFromEmail("late@angle.in");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    expect(await findResetToken(token)).toBeNull();
    expect(await resetPassword(token, "second-pass-2")).toEqual({ ok: false });
    vi.useRealTimers();
    expect((await signIn({ email: "late@angle.in", password: "first-pass-1" }, meta())).userId).toBeTruthy();
  });
});

describe("change password", () => {
  it("needs the current password", async () => {
    const { user } = await customer("changer@angle.in");
    await expect(
      changePassword(user, { currentPassword: "wrong-pass-0", newPassword: "second-pass-2" }, { headers: new Headers({ origin: ORIGIN }) }),
    ).rejects.toThrow("Your current password is not correct.");
    expect((await signIn({ email: "changer@angle.in", password: "first-pass-1" }, meta())).userId).toBe(user.id);
  });

  it("ends the other sessions and keeps this browser signed in", async () => {
    const { user, request } = await customer("mover@angle.in");
    const cookies = await changePassword(
      user,
      { currentPassword: "first-pass-1", newPassword: "second-pass-2" },
      { headers: new Headers({ origin: ORIGIN }) },
    );
    expect(await getSessionUser(request)).toBeNull();
    expect((await getSessionUser(requestWith(cookies)))?.id).toBe(user.id);
    await expect(signIn({ email: "mover@angle.in", password: "first-pass-1" }, meta())).rejects.toThrow(AuthFailure);
  });
});

describe("admin-issued passwords are temporary", () => {
  const deadline = (id: string) =>
    getDb().selectFrom("user").select("password_must_change_by").where("id", "=", id).executeTakeFirstOrThrow();

  it("signs in, must be replaced, and then is the person's own", async () => {
    const user = await createUserWithPassword({
      name: "New Staff",
      email: "staff@angle.in",
      password: "angle-temp-1",
      role: "user",
      temporary: true,
    });
    const until = (await deadline(user.id)).password_must_change_by;
    expect(Date.parse(until ?? "") - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    expect(Date.parse(until ?? "") - Date.now()).toBeLessThanOrEqual(72 * 3600_000);
    const session = await signInAtDoor("store", { email: "staff@angle.in", password: "angle-temp-1" }, meta());
    const cookies = await setOwnPassword({ id: user.id, email: "staff@angle.in" }, "my-own-pass-1", {
      headers: new Headers({ origin: ORIGIN }),
    });
    expect((await deadline(user.id)).password_must_change_by).toBeNull();
    expect(await getSessionUser(requestWith(session.headers))).toBeNull();
    expect((await getSessionUser(requestWith(cookies)))?.id).toBe(user.id);
    await expect(signIn({ email: "staff@angle.in", password: "angle-temp-1" }, meta())).rejects.toThrow(AuthFailure);
  });

  it("is refused after 72 hours, with a clear message and no session left", async () => {
    await createUserWithPassword({ name: "Slow Staff", email: "slow@angle.in", password: "angle-temp-2", role: "admin", temporary: true });
    const now = Date.now() + 72 * 3600_000 + 1000;
    const attempt = signInAtDoor("admin", { email: "slow@angle.in", password: "angle-temp-2" }, { ...meta(), now });
    await expect(attempt).rejects.toThrow(
      "This temporary password has expired. Use “Forgot password?” to get a link by email, or ask an admin for a new one.",
    );
    const sessions = await getDb()
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      .select("session.id")
      .where("user.email", "=", "slow@angle.in")
      .execute();
    expect(sessions).toHaveLength(0);
  });

  it("npm run admin:create issues a temporary password; the first-start bootstrap does not", async () => {
    const issued = await ensureAdmin("issued@angle.in", "admin-temp-pass", "Issued Admin", { temporary: true });
    expect((await deadline(issued.id)).password_must_change_by).not.toBeNull();
    const own = await ensureAdmin("own@angle.in", "admin-own-pass");
    expect((await deadline(own.id)).password_must_change_by).toBeNull();
  });

  it("sends the holder of one to set their own, from the deadline read with the session; one set later is seen at the next request", async () => {
    await createUserWithPassword({ name: "Desk Staff", email: "desk@angle.in", password: "angle-temp-3", role: "user", temporary: true });
    const session = await signInAtDoor("store", { email: "desk@angle.in", password: "angle-temp-3" }, meta());
    const holder = await getSessionUser(requestWith(session.headers));
    expect(passwordDeadlineOf(defined(holder, "the holder's session"))).toEqual(expect.any(String));
    expect(await policyAnswer(requestWith(session.headers))).toEqual({ status: 302, location: "/account/set-password" });

    const { user, request } = await customer("later@angle.in");
    expect(await policyAnswer(request)).toEqual({ status: 200, location: null });
    await getDb()
      .updateTable("user")
      .set({ password_must_change_by: new Date(Date.now() + 3600_000).toISOString() })
      .where("id", "=", user.id)
      .execute();
    expect(await policyAnswer(request)).toEqual({ status: 302, location: "/account/set-password" });
  });

  it("an ordinary account has no deadline", async () => {
    const { user } = await customer("ordinary@angle.in");
    expect((await deadline(user.id)).password_must_change_by).toBeNull();
  });
});

describe("a reset link that is not one of ours", () => {
  it("is simply no link (never a database error), whatever its token holds", async () => {
    for (const token of ["a\u0000b", "%00", "x".repeat(201), "", "token with spaces", "'; drop table verification; --"]) {
      expect(await findResetToken(token), JSON.stringify(token)).toBeNull();
      expect(await resetPassword(token, "a-new-password-1"), JSON.stringify(token)).toEqual({ ok: false });
    }
  });
});
