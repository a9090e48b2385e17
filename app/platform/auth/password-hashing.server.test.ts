import { hashPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { passwordHashing } from "./password-hashing.server";

describe("password hashing", () => {
  it("leaves the standard mode to Better Auth's own scrypt", () => {
    expect(passwordHashing("standard")).toBeUndefined();
  });

  const fast = passwordHashing("fast-for-tests");
  if (!fast) throw new Error("the fast mode has its own functions");

  it("verifies the fast mode's hash of the password and nothing else, each hash salted", async () => {
    const hash = await fast.hash("sowing-season-1");
    expect(hash).toMatch(/^fast\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await fast.hash("sowing-season-1")).not.toBe(hash);
    expect(await fast.verify({ hash, password: "sowing-season-1" })).toBe(true);
    expect(await fast.verify({ hash, password: "sowing-season-2" })).toBe(false);
    expect(await fast.verify({ hash, password: "" })).toBe(false);
  });

  it("refuses a damaged fast hash instead of throwing", async () => {
    const hash = await fast.hash("sowing-season-1");
    for (const bad of [hash.slice(0, -2), `${hash.slice(0, -1)}g`, "fast$", "fast$abc", `fast$:${hash.split(":")[1]}`])
      expect(await fast.verify({ hash: bad, password: "sowing-season-1" })).toBe(false);
  });

  it("still verifies a standard hash, and a fast hash never verifies on a standard store", async () => {
    const standard = await hashPassword("sowing-season-1");
    expect(await fast.verify({ hash: standard, password: "sowing-season-1" })).toBe(true);
    expect(await fast.verify({ hash: standard, password: "sowing-season-2" })).toBe(false);
    const { verifyPassword } = await import("better-auth/crypto");
    expect(await verifyPassword({ hash: await fast.hash("sowing-season-1"), password: "sowing-season-1" })).toBe(false);
  });
});
