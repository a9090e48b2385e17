import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("rate-limit store configuration", () => {
  it("keeps the counters in the database unless told otherwise", () => {
    expect(parseEnv({}).RATE_LIMIT_STORE).toBe("database");
  });

  it("takes Redis with a redis:// URL", () => {
    const env = parseEnv({ RATE_LIMIT_STORE: "redis", REDIS_URL: "redis://127.0.0.1:6379" });
    expect(env).toMatchObject({ RATE_LIMIT_STORE: "redis", REDIS_URL: "redis://127.0.0.1:6379", REDIS_KEY_PREFIX: "angle:" });
  });

  it("refuses to start with Redis but no REDIS_URL, or a store it does not know, naming the setting", () => {
    expect(() => parseEnv({ RATE_LIMIT_STORE: "redis" })).toThrow(/REDIS_URL: is required when RATE_LIMIT_STORE=redis/);
    expect(() => parseEnv({ RATE_LIMIT_STORE: "redis", REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL: must be a redis:\/\//);
    expect(() => parseEnv({ RATE_LIMIT_STORE: "memcached" })).toThrow(/RATE_LIMIT_STORE/);
  });
});
