import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { RegisterSchema } from "~/features/accounts/domain/account";
import { REGISTRATION_FLOOR_MS, registerCustomer } from "./register-customer.server";
import { confirmEmail } from "./email-verification.server";
import { findResetToken } from "./password-reset.server";
import { linkToken } from "../../../../tests/account-links";
import { defined } from "~/platform/defined";
import { signIn } from "./sign-in.server";
import { action as authAction } from "~/routes/account/auth";
import { action as vendorAction } from "~/routes/vendor-login/home";
import { hitRateLimit, LIMITS } from "../../../platform/rate-limit/rate-limit.server";
import { issueText } from "~/platform/i18n/render-refusal.server";

const headers = () => new Headers({ origin: "http://localhost:3999" });
const valid = {
  name: "Asha Patil",
  email: "Asha.Patil@Example.in",
  password: "kheti-2026",
  phone: "98765 43210",
  street: "12 Mandi Road",
  city: "Nashik",
  state: "Maharashtra",
  pincode: "422001",
};

describe("registration and sign-in", () => {
  it("registers an unconfirmed customer (profile fields, lower-cased email, role user), signs nobody in, and sends a link", async () => {
    const input = RegisterSchema.parse(valid);
    const userId = await registerCustomer(input, { ip: "10.0.0.1", headers: headers() });
    const user = await getDb()
      .selectFrom("user")
      .selectAll()
      .where("id", "=", defined(userId, "the new account"))
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: "asha.patil@example.in",
      role: "user",
      phone: "+91 98765 43210",
      pincode: "422001",
      city: "Nashik",
    });
    expect(Boolean(user.emailVerified)).toBe(false);
    const mails = await getDb()
      .selectFrom("outbox")
      .select(["kind", "recipient"])
      .where("recipient", "=", "asha.patil@example.in")
      .execute();
    expect(mails).toEqual([{ kind: "verify-email", recipient: "asha.patil@example.in" }]);
  });

  it("answers a taken email (in another case) exactly as a new one, writes no account, and tells the owner", async () => {
    const register = async (fields: Record<string, string>) => {
      const request = new Request("http://localhost:3999/account/auth", {
        method: "POST",
        body: new URLSearchParams({ intent: "register", ...fields }),
        headers: { origin: "http://localhost:3999", "x-angle-client-ip": "10.0.0.2" },
      });
      const result = (await authAction({ request, params: {}, context: {} } as never)) as unknown as {
        data: unknown;
        init: ResponseInit | null;
      };
      return { status: result.init?.status ?? 200, data: result.data, cookies: new Headers(result.init?.headers).getSetCookie() };
    };
    const taken = await register({ ...valid, email: "ASHA.PATIL@example.IN", name: "Someone Else" });
    const fresh = await register({ ...valid, email: "new.farmer@example.in" });
    expect(taken).toEqual(fresh);
    expect(taken).toEqual({
      status: 200,
      data: { ok: true, registered: true, message: "Check your email to finish creating your account" },
      cookies: [],
    });
    const accounts = await getDb().selectFrom("user").select("name").where("email", "=", "asha.patil@example.in").execute();
    expect(accounts).toEqual([{ name: "Asha Patil" }]);
    const attempt = await linkToken("asha.patil@example.in", "registration-attempt", "/reset-password");
    expect(await findResetToken(attempt)).not.toBeNull();
  });

  it("takes as long for a taken email as for a new one (no answer before the floor)", async () => {
    const time = async (email: string) => {
      const started = performance.now();
      await registerCustomer(RegisterSchema.parse({ ...valid, email }), { ip: "10.0.0.4", headers: headers() });
      return performance.now() - started;
    };
    for (const elapsed of [await time("asha.patil@example.in"), await time("another.new@example.in")]) {
      expect(elapsed).toBeGreaterThanOrEqual(REGISTRATION_FLOOR_MS - 5);
    }
  });

  it("confirms with the emailed link: signed in, verified; the link used again signs nobody in", async () => {
    const token = await linkToken("asha.patil@example.in");
    // Not signed in here: the link alone is not enough, the password chosen at registration is.
    expect(await confirmEmail(token, { headers: headers() })).toEqual({ ok: false, needsPassword: true });
    const first = await confirmEmail(token, { headers: headers(), ip: "10.0.0.5", password: "kheti-2026" });
    expect(first).toMatchObject({ ok: true, kind: "confirmed", role: "user" });
    if (!first.ok) throw new Error("unreachable");
    expect(first.headers.get("set-cookie")).toMatch(/angle\.session_token=.*HttpOnly/i);
    const user = await getDb()
      .selectFrom("user")
      .select("emailVerified")
      .where("email", "=", "asha.patil@example.in")
      .executeTakeFirstOrThrow();
    expect(Boolean(user.emailVerified)).toBe(true);
    const again = await confirmEmail(token, { headers: headers() });
    expect(again).toMatchObject({ ok: true, kind: "already" });
    if (!again.ok) throw new Error("unreachable");
    expect(again.headers.getSetCookie()).toEqual([]);
    for (const forged of ["", "not-a-token", `${token.slice(0, -3)}abc`, "a.b.c", "x".repeat(3000)]) {
      expect(await confirmEmail(forged, { headers: headers() }), forged.slice(0, 20)).toEqual({ ok: false });
    }
  });

  it("signs in case-insensitively and refuses a wrong password with the service's message", async () => {
    const ok = await signIn({ email: "asha.patil@example.in", password: "kheti-2026" }, { ip: "10.0.0.3", headers: headers() });
    expect(ok.role).toBe("user");
    await expect(
      signIn({ email: "asha.patil@example.in", password: "wrong-password" }, { ip: "10.0.0.3", headers: headers() }),
    ).rejects.toThrow(/invalid email or password/i);
  });

  it("locks an account after 10 failed attempts a minute, even with the right password", async () => {
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000; // one fixed minute window
    for (let i = 0; i < 10; i++) {
      await signIn({ email: "asha.patil@example.in", password: `nope-${i}-xxxx` }, { ip: `10.1.0.${i}`, headers: headers(), now }).catch(
        () => {},
      );
    }
    await expect(
      signIn({ email: "asha.patil@example.in", password: "kheti-2026" }, { ip: "10.2.0.1", headers: headers(), now }),
    ).rejects.toThrow(/Too many attempts/);
  });

  it("validates registration fields with clear messages", () => {
    const result = RegisterSchema.safeParse({ ...valid, password: "short", phone: "12345", pincode: "012345", name: " " });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path[0], issueText(i, "en")]));
    expect(messages.password).toBe("Password must be at least 8 characters.");
    expect(messages.phone).toMatch(/10-digit Indian mobile/);
    expect(messages.pincode).toMatch(/6 digits/);
    expect(messages.name).toBe("Please enter your full name.");
  });
});

describe("sign-in limit under a burst", { timeout: 120_000 }, () => {
  it("lets at most 10 guesses a minute through for one account, even all at once", async () => {
    const input = RegisterSchema.parse({ ...valid, email: "burst@example.in" });
    await registerCustomer(input, { ip: "10.7.0.1", headers: headers() });
    const now = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        signIn({ email: "burst@example.in", password: `guess-${i}-xxxx` }, { ip: `10.8.${i}.1`, headers: headers(), now }),
      ),
    );
    const tried = results.filter(
      (r) => r.status === "rejected" && /invalid email or password/i.test(String((r as PromiseRejectedResult).reason)),
    );
    const limited = results.filter((r) => r.status === "rejected" && /Too many attempts/.test(String((r as PromiseRejectedResult).reason)));
    expect(tried.length).toBeLessThanOrEqual(10);
    expect(limited.length).toBe(40 - tried.length);
  });
});

// Each sign-in, right or wrong, hashes a password (scrypt): some twenty of them on a CI machine busy
// with both engines' browsers take longer than the usual 30 s.
describe("sign-in limit per address", { timeout: 120_000 }, () => {
  it("lets 10 failed sign-ins from one address through in 60 seconds, whatever the accounts, and no more", async () => {
    const now = Date.now();
    for (let i = 0; i < 10; i++) {
      await expect(
        signIn({ email: `nobody-${i}@example.in`, password: "guess-xxxx" }, { ip: "10.9.0.1", headers: headers(), now: now + i * 1000 }),
      ).rejects.toThrow(/invalid email or password/i);
    }
    await expect(
      signIn({ email: "someone-else@example.in", password: "guess-xxxx" }, { ip: "10.9.0.1", headers: headers(), now: now + 11_000 }),
    ).rejects.toThrow(/Too many attempts/);
    // Another address is not affected.
    await expect(
      signIn({ email: "nobody-0@example.in", password: "guess-xxxx" }, { ip: "10.9.0.2", headers: headers(), now: now + 11_000 }),
    ).rejects.toThrow(/invalid email or password/i);
  });

  it("does not count successful sign-ins from a shared address (an office, a mobile network)", async () => {
    const input = RegisterSchema.parse({ ...valid, email: "office@example.in" });
    await registerCustomer(input, { ip: "10.9.1.0", headers: headers() });
    const now = Date.now();
    // More successes than the limit allows failures (10): each one hashes a password, so no more than needed.
    for (let i = 0; i < 12; i++) {
      const ok = await signIn(
        { email: "office@example.in", password: "kheti-2026" },
        { ip: "10.9.1.1", headers: headers(), now: now + i * 100 },
      );
      expect(ok.role).toBe("user");
    }
    // …while failures from there still count: 10 allowed, the 11th refused.
    for (let i = 0; i < 10; i++) {
      await signIn(
        { email: `guess-${i}@example.in`, password: "guess-xxxx" },
        { ip: "10.9.1.1", headers: headers(), now: now + 3000 },
      ).catch(() => {});
    }
    await expect(
      signIn({ email: "office@example.in", password: "kheti-2026" }, { ip: "10.9.1.1", headers: headers(), now: now + 3000 }),
    ).rejects.toThrow(/Too many attempts/);
  });
});

/** Posts a form to a route action as the browser would, from its own address. */
async function post(action: (args: never) => Promise<unknown>, fields: Record<string, string>, ip: string) {
  const request = new Request("http://localhost:3999/form", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: "http://localhost:3999", "x-angle-client-ip": ip },
  });
  const result = (await action({ request, params: {}, context: {} } as never)) as {
    data: { ok: boolean; error?: string; fields?: Record<string, string> };
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, ...result.data };
}

const userCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom("user")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("registration bounds", () => {
  it("refuses each out-of-bounds field with its message, writes nothing, and the summary follows the form's order", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ name: "A".repeat(5000) }, "name", "Full name is too long (80 characters at most)."],
      [{ street: "S".repeat(3000) }, "street", "Street address is too long (200 characters at most)."],
      [{ password: "        " }, "password", "Password cannot be only spaces."],
      [{ pincode: "012345" }, "pincode", "Pincode must be 6 digits and cannot start with 0."],
      [{ state: "Atlantis" }, "state", "Please choose your State or Union Territory."],
      [{ email: `${"e".repeat(250)}@example.in` }, "email", "Email is too long (254 characters at most)."],
    ];
    const before = await userCount();
    for (const [change, field, message] of cases) {
      const result = await post(authAction, { intent: "register", ...valid, email: "bounds@example.in", ...change }, "10.3.0.1");
      expect(result.status).toBe(400);
      expect(result.fields?.[field]).toBe(message);
      expect(result.error).toBe(message);
    }
    // Several wrong at once: the summary names the first in the form (name before street and pincode).
    const many = await post(authAction, { intent: "register", ...valid, name: "", street: "", pincode: "0" }, "10.3.0.1");
    expect(many.error).toBe("Please enter your full name.");
    expect(await userCount()).toBe(before);
  });

  it("over the registration limit writes nothing", async () => {
    const ip = "10.3.0.9";
    for (let i = 0; i < LIMITS.register.max; i++) await hitRateLimit(`register:ip:${ip}`, LIMITS.register);
    const result = await post(authAction, { intent: "register", ...valid, email: "limited@example.in" }, ip);
    expect(result.status).toBe(429);
    expect(result.error).toMatch(/^Too many attempts/);
    expect(await getDb().selectFrom("user").select("id").where("email", "=", "limited@example.in").executeTakeFirst()).toBeUndefined();
  });

  it("vendor registration refuses a GSTIN from another State and writes nothing", async () => {
    const before = await userCount();
    const result = await post(
      vendorAction,
      {
        intent: "register",
        businessName: "B".repeat(121),
        email: "gst-state@example.in",
        password: "seller-pass-1",
        phone: "+91 91234 56789",
        gstNumber: "29AAGCB7383J1Z4",
        street: "Plot 4, MIDC",
        city: "Nashik",
        state: "Maharashtra",
        pincode: "422007",
      },
      "10.3.1.1",
    );
    expect(result.status).toBe(400);
    expect(result.error).toBe("Business name is too long (120 characters at most).");
    const mismatch = await post(
      vendorAction,
      {
        intent: "register",
        businessName: "Kisan Agro",
        email: "gst-state@example.in",
        password: "seller-pass-1",
        phone: "+91 91234 56789",
        gstNumber: "29AAGCB7383J1Z4",
        street: "Plot 4, MIDC",
        city: "Nashik",
        state: "Maharashtra",
        pincode: "422007",
      },
      "10.3.1.1",
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.fields?.gstNumber).toBe(
      "This GSTIN starts with 29 (Karnataka), but your address is in Maharashtra, whose GST code is 27. Please check the GSTIN or the State.",
    );
    expect(await userCount()).toBe(before);
  });
});
