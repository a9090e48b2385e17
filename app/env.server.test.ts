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

describe("abuse limits", () => {
  it("default to 5 open unpaid orders, 10 checkouts per customer and 30 per address, 50 pending and 20 new listings", () => {
    expect(parseEnv({})).toMatchObject({
      ORDER_MAX_OPEN_UNPAID: 5,
      RATE_LIMIT_CHECKOUT_MAX: 10,
      RATE_LIMIT_CHECKOUT_ADDRESS_MAX: 30,
      LISTING_MAX_PENDING: 50,
      RATE_LIMIT_LISTING_MAX: 20,
    });
    expect(parseEnv({ ORDER_MAX_OPEN_UNPAID: "2", LISTING_MAX_PENDING: "7" })).toMatchObject({
      ORDER_MAX_OPEN_UNPAID: 2,
      LISTING_MAX_PENDING: 7,
    });
  });

  it("refuses a limit that is not a whole number of at least 1, naming the setting", () => {
    expect(() => parseEnv({ ORDER_MAX_OPEN_UNPAID: "0" })).toThrow(/ORDER_MAX_OPEN_UNPAID/);
    expect(() => parseEnv({ RATE_LIMIT_LISTING_MAX: "many" })).toThrow(/RATE_LIMIT_LISTING_MAX/);
  });
});
