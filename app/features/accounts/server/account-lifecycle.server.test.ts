import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { getSessionUser } from "~/platform/auth/session.server";
import { getDb } from "~/platform/db/db.server";
import { signIn, signInAtDoor } from "./sign-in.server";
import { setAccountPassword, setAccountRole } from "./account-lifecycle.server";
import { createUserWithPassword } from "./create-user.server";
import { setUserSuspended } from "./manage-users.server";

const meta = () => ({ ip: `10.44.0.${Math.floor(Math.random() * 200)}`, headers: new Headers({ origin: "http://localhost:3999" }) });

/** A browser's request carrying the session cookie a sign-in set. */
const requestWith = (signInHeaders: Headers) =>
  new Request("http://localhost:3999/", {
    headers: {
      cookie: signInHeaders
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    },
  });

async function signedIn(email: string, role: "user" | "vendor" | "admin" = "user") {
  const user = await createUserWithPassword({ name: "Test Person", email, password: "first-pass-1", role });
  const session = await signIn({ email, password: "first-pass-1" }, meta());
  const request = requestWith(session.headers);
  expect((await getSessionUser(request))?.id).toBe(user.id);
  return { user, request };
}

const run = promisify(execFile);
/** `npm run admin:create -- …` against this test file's database. */
async function adminCreate(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin-create.ts", ...args], {
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("account changes end every session", () => {
  it("admin:create refuses an email that has an account; --promote makes it admin and its sessions stop working", async () => {
    const { user, request } = await signedIn("owner@angle.in");
    const refused = await adminCreate("--email", "Owner@Angle.in", "--password", "admin-pass-2026");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "owner@angle.in already has an account (customer). To make that account an admin, run again with --promote",
    );
    const row = await getDb().selectFrom("user").select("role").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe("user");
    expect((await getSessionUser(request))?.role).toBe("user");

    const promoted = await adminCreate("--email", "owner@angle.in", "--password", "admin-pass-2026", "--promote");
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain("Promoted owner@angle.in to admin");
    expect(await getSessionUser(request)).toBeNull();
    await expect(signIn({ email: "owner@angle.in", password: "first-pass-1" }, meta())).rejects.toThrow(/invalid email or password/i);
    expect((await signInAtDoor("admin", { email: "owner@angle.in", password: "admin-pass-2026" }, meta())).role).toBe("admin");
  }, 90_000);

  it("admin:create refuses a password of only spaces", async () => {
    const result = await adminCreate("--email", "spaces@angle.in", "--password", "        ");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Password cannot be only spaces.");
  }, 60_000);

  it("suspension ends sessions, and the suspended account is told so in the store's words at every door", async () => {
    const admin = await createUserWithPassword({ name: "Admin", email: "lc-admin@angle.in", password: "admin-pass-1", role: "admin" });
    const { user, request } = await signedIn("suspended@example.in");
    await setUserSuspended(admin.id, user.id, true);
    expect(await getSessionUser(request)).toBeNull();
    for (const door of ["store", "admin", "vendor"] as const) {
      await expect(signInAtDoor(door, { email: "suspended@example.in", password: "first-pass-1" }, meta())).rejects.toThrow(
        "This account has been suspended, so it cannot sign in. If you think this is a mistake, please contact Angle support at support@angle.in or +91 80 4567 8900.",
      );
    }
    expect(await getDb().selectFrom("session").select("id").where("userId", "=", user.id).execute()).toEqual([]);
  });

  it("a role change ends sessions", async () => {
    const { user, request } = await signedIn("role-change@example.in");
    await setAccountRole(user.id, "vendor");
    expect(await getSessionUser(request)).toBeNull();
    expect((await signIn({ email: "role-change@example.in", password: "first-pass-1" }, meta())).role).toBe("vendor");
  });

  it("a password change ends sessions; the new password signs in", async () => {
    const { user, request } = await signedIn("new-password@example.in");
    await setAccountPassword(user.id, "second-pass-2");
    expect(await getSessionUser(request)).toBeNull();
    await expect(signIn({ email: "new-password@example.in", password: "first-pass-1" }, meta())).rejects.toThrow(
      /invalid email or password/i,
    );
    expect((await signIn({ email: "new-password@example.in", password: "second-pass-2" }, meta())).userId).toBe(user.id);
  });

  it("each door admits only its roles and ends the session it refused", async () => {
    const { user } = await signedIn("door-vendor@example.in", "vendor");
    await expect(signInAtDoor("store", { email: "door-vendor@example.in", password: "first-pass-1" }, meta())).rejects.toThrow(
      "This is a vendor account. Please sign in on the Become Vendor page.",
    );
    await expect(signInAtDoor("admin", { email: "door-vendor@example.in", password: "first-pass-1" }, meta())).rejects.toThrow(
      "Failed to log in. Please check your credentials or ensure you are an admin.",
    );
    const sessions = await getDb().selectFrom("session").select("id").where("userId", "=", user.id).execute();
    expect(sessions).toHaveLength(1); // only the one signedIn() opened
    expect((await signInAtDoor("vendor", { email: "door-vendor@example.in", password: "first-pass-1" }, meta())).role).toBe("vendor");
  });
});
