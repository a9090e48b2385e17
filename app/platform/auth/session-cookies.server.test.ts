import { afterAll, describe, expect, it } from "vitest";
import { resetEnv } from "~/platform/env.server";
import { RegisterSchema } from "~/features/accounts/domain/account";
import { defined } from "~/platform/defined";
import { registerCustomer } from "~/features/accounts/server/register-customer.server";
import { clearSessionCookie, signIn } from "~/features/accounts/server/sign-in.server";
import { getAuth, resetAuth } from "./auth.server";
import { getSessionUser } from "./session.server";

/** Serves the store from `baseUrl` from here on, as a restart with that BASE_URL would. */
function serveFrom(baseUrl: string) {
  process.env.BASE_URL = baseUrl;
  // A store others can reach hashes passwords at the standard cost only (env.server.ts).
  process.env.PASSWORD_HASHING = baseUrl === HTTP_URL ? TEST_HASHING : "standard";
  resetEnv();
  resetAuth();
}
const HTTP_URL = defined(process.env.BASE_URL, "BASE_URL in the test environment");
const TEST_HASHING = defined(process.env.PASSWORD_HASHING, "PASSWORD_HASHING in the test environment");
afterAll(() => serveFrom(HTTP_URL));

type Cookie = { name: string; value: string; attributes: Map<string, string> };
function parse(setCookie: string): Cookie {
  const [pair = "", ...rest] = setCookie.split(";").map((p) => p.trim());
  const eq = pair.indexOf("=");
  const attributes = new Map(rest.map((a) => [(a.split("=")[0] ?? "").toLowerCase(), a.split("=").slice(1).join("=")]));
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}
const cookieHeader = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function registerAndSignIn(baseUrl: string, email: string) {
  const headers = () => new Headers({ origin: new URL(baseUrl).origin });
  const input = RegisterSchema.parse({
    name: "Ravi Kumar",
    email,
    password: "kheti-2026",
    phone: "98765 43210",
    street: "1 Road",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  });
  await registerCustomer(input, { ip: "10.9.0.1", headers: headers() });
  return signIn({ email, password: "kheti-2026" }, { ip: "10.9.0.2", headers: headers() });
}

describe("session cookies over https (production)", () => {
  const BASE = "https://shop.angle.example";

  it("are __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/ and carry no Domain", async () => {
    serveFrom(BASE);
    const { headers } = await registerAndSignIn(BASE, "host-cookie@example.in");
    const cookies = headers.getSetCookie().map(parse);
    expect(cookies.map((c) => c.name)).toContain("__Host-angle.session_token");
    for (const c of cookies) {
      expect(c.name).toMatch(/^__Host-angle\./);
      expect(c.attributes.has("secure")).toBe(true);
      expect(c.attributes.has("httponly")).toBe(true);
      expect(c.attributes.get("samesite")).toBe("Lax");
      expect(c.attributes.get("path")).toBe("/");
      expect(c.attributes.has("domain")).toBe(false);
    }

    const user = await getSessionUser(new Request(`${BASE}/account`, { headers: { cookie: cookieHeader(headers) } }));
    expect(user?.email).toBe("host-cookie@example.in");
    // The old names are not read any more: only the __Host- cookie signs a request in.
    const token = defined(
      cookies.find((c) => c.name === "__Host-angle.session_token"),
      "the __Host- session cookie",
    ).value;
    for (const name of ["angle.session_token", "__Secure-angle.session_token"]) {
      expect(await getSessionUser(new Request(`${BASE}/account`, { headers: { cookie: `${name}=${token}` } }))).toBeNull();
    }
  });

  it("names every other Better Auth cookie the same way, and signing out expires them under that name", async () => {
    serveFrom(BASE);
    // "Remember me" off adds the dont_remember cookie; our forms never send it, Better Auth could.
    const { headers } = await getAuth().api.signInEmail({
      body: { email: "host-cookie@example.in", password: "kheti-2026", rememberMe: false },
      headers: new Headers({ origin: BASE }),
      returnHeaders: true,
    });
    const names = headers.getSetCookie().map((c) => parse(c).name);
    expect(names).toEqual(expect.arrayContaining(["__Host-angle.session_token", "__Host-angle.dont_remember"]));
    expect(names.every((n) => n.startsWith("__Host-angle."))).toBe(true);

    const out = await getAuth().api.signOut({ headers: new Headers({ origin: BASE, cookie: cookieHeader(headers) }), returnHeaders: true });
    const expired = out.headers.getSetCookie().map(parse);
    expect(expired.find((c) => c.name === "__Host-angle.session_token")?.attributes.get("max-age")).toBe("0");
    expect(expired.every((c) => c.name.startsWith("__Host-angle.") && c.attributes.has("secure"))).toBe(true);
  });

  it("our own clearing header (a sign-in on the wrong door) uses the __Host- name", () => {
    serveFrom(BASE);
    const c = parse(clearSessionCookie());
    expect(c.name).toBe("__Host-angle.session_token");
    expect(c.attributes.get("max-age")).toBe("0");
    expect(c.attributes.has("secure")).toBe(true);
    expect(c.attributes.get("path")).toBe("/");
  });
});

describe("session cookies over http (development, tests on localhost)", () => {
  it("keep plain names without Secure, and still sign the request in", async () => {
    serveFrom(HTTP_URL);
    const { headers } = await registerAndSignIn(HTTP_URL, "plain-cookie@example.in");
    const cookies = headers.getSetCookie().map(parse);
    expect(cookies.map((c) => c.name)).toContain("angle.session_token");
    for (const c of cookies) {
      expect(c.name).not.toMatch(/^__(Host|Secure)-/);
      expect(c.attributes.has("secure")).toBe(false);
      expect(c.attributes.has("httponly")).toBe(true);
      expect(c.attributes.get("samesite")).toBe("Lax");
    }
    const user = await getSessionUser(new Request(`${HTTP_URL}/account`, { headers: { cookie: cookieHeader(headers) } }));
    expect(user?.email).toBe("plain-cookie@example.in");
    expect(parse(clearSessionCookie()).name).toBe("angle.session_token");
    expect(parse(clearSessionCookie()).attributes.has("secure")).toBe(false);
  });
});
