import { describe, expect, it } from "vitest";
import { DEV_SECRET, parseEnv } from "./env.server";

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
  it("default to 5 open unpaid orders, 10 checkouts per customer and 30 per address, 50 pending and 20 new listings, 30 ONDC signature refusals", () => {
    expect(parseEnv({})).toMatchObject({
      ORDER_MAX_OPEN_UNPAID: 5,
      RATE_LIMIT_CHECKOUT_MAX: 10,
      RATE_LIMIT_CHECKOUT_ADDRESS_MAX: 30,
      LISTING_MAX_PENDING: 50,
      RATE_LIMIT_LISTING_MAX: 20,
      RATE_LIMIT_ONDC_REFUSED_MAX: 30,
    });
    expect(parseEnv({ ORDER_MAX_OPEN_UNPAID: "2", LISTING_MAX_PENDING: "7" })).toMatchObject({
      ORDER_MAX_OPEN_UNPAID: 2,
      LISTING_MAX_PENDING: 7,
    });
  });

  it("refuses a limit that is not a whole number of at least 1, naming the setting", () => {
    expect(() => parseEnv({ ORDER_MAX_OPEN_UNPAID: "0" })).toThrow(/ORDER_MAX_OPEN_UNPAID/);
    expect(() => parseEnv({ RATE_LIMIT_LISTING_MAX: "many" })).toThrow(/RATE_LIMIT_LISTING_MAX/);
    expect(() => parseEnv({ RATE_LIMIT_ONDC_REFUSED_MAX: "0" })).toThrow(/RATE_LIMIT_ONDC_REFUSED_MAX/);
  });
});

describe("numbers", () => {
  it("takes the defaults when nothing is set", () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 3000,
      PG_POOL_MAX: 10,
      TRUST_PROXY_HOPS: 0,
      RATE_LIMIT_SIGNIN_MAX: 10,
      RATE_LIMIT_REGISTER_MAX: 10,
      RATE_LIMIT_CONTACT_MAX: 10,
      UPLOAD_DIR: "data/uploads",
      BUILD_DIR: "build",
      HOST: "0.0.0.0",
      BASE_URL: "http://localhost:3000",
    });
  });

  it("reads whole numbers", () => {
    const env = parseEnv({ PORT: "8080", PG_POOL_MAX: "25", TRUST_PROXY_HOPS: "2", RATE_LIMIT_SIGNIN_MAX: "1000" });
    expect(env).toMatchObject({ PORT: 8080, PG_POOL_MAX: 25, TRUST_PROXY_HOPS: 2, RATE_LIMIT_SIGNIN_MAX: 1000 });
    expect(env.BASE_URL).toBe("http://localhost:8080");
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PORT", ""],
    ["PG_POOL_MAX", "0"],
    ["PG_POOL_MAX", "ten"],
    ["TRUST_PROXY_HOPS", "-1"],
    ["TRUST_PROXY_HOPS", "1.5"],
    ["RATE_LIMIT_SIGNIN_MAX", "abc"],
    ["RATE_LIMIT_REGISTER_MAX", "0"],
    ["RATE_LIMIT_CONTACT_MAX", "1e3"],
  ])("refuses %s=%j, naming it", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: must be a whole number from`, "m"));
  });

  it("names every bad setting at once", () => {
    let message = "";
    try {
      parseEnv({ PG_POOL_MAX: "lots", TRUST_PROXY_HOPS: "x", LOG_LEVEL: "loud" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("PG_POOL_MAX: must be a whole number from 1 to 1000");
    expect(message).toContain("TRUST_PROXY_HOPS: must be a whole number from 0 to 10");
    expect(message).toContain("LOG_LEVEL:");
  });
});

describe("PostgreSQL prepared statements", () => {
  it("are on unless turned off (a transaction-pooling proxy that cannot track them), and refuse another value, naming the setting", () => {
    expect(parseEnv({}).PG_PREPARED_STATEMENTS).toBe("on");
    expect(parseEnv({ PG_PREPARED_STATEMENTS: "off" }).PG_PREPARED_STATEMENTS).toBe("off");
    expect(() => parseEnv({ PG_PREPARED_STATEMENTS: "no" })).toThrow(/PG_PREPARED_STATEMENTS/);
  });
});

describe("log level", () => {
  it("is info by default, silent under test, and any pino level when set", () => {
    expect(parseEnv({}).LOG_LEVEL).toBe("info");
    expect(parseEnv({ NODE_ENV: "test" }).LOG_LEVEL).toBe("silent");
    expect(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "warn" }).LOG_LEVEL).toBe("warn");
  });
});

describe("mail transport", () => {
  const secrets = {
    BETTER_AUTH_SECRET: "a-real-session-secret-of-at-least-32-chars",
    PAYMENT_ENCRYPTION_KEY: "a-separate-payment-key-of-at-least-32-chars",
  };

  it("a store served to others refuses to start in production without SMTP (links would only reach the disk)", () => {
    expect(() => parseEnv({ NODE_ENV: "production", BASE_URL: "https://angle.example", ...secrets })).toThrow(
      /SMTP_URL: is required in production/,
    );
    expect(
      parseEnv({ NODE_ENV: "production", BASE_URL: "https://angle.example", SMTP_URL: "smtps://u:p@mail.example:465", ...secrets })
        .SMTP_URL,
    ).toBe("smtps://u:p@mail.example:465");
  });

  it("writes files without SMTP on this machine alone and off production", () => {
    expect(parseEnv({ NODE_ENV: "production" }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "development", BASE_URL: "https://angle.example" }).SMTP_URL).toBeUndefined();
  });
});

describe("payment encryption key", () => {
  const realSecret = "a-real-session-secret-of-at-least-32-chars";
  const paymentKey = "a-separate-payment-key-of-at-least-32-chars";

  it("is required in production on a public address, naming it", () => {
    expect(() => parseEnv({ NODE_ENV: "production", BASE_URL: "https://angle.example", BETTER_AUTH_SECRET: realSecret })).toThrow(
      /PAYMENT_ENCRYPTION_KEY: is required in production/,
    );
    const env = parseEnv({
      NODE_ENV: "production",
      BASE_URL: "https://angle.example",
      BETTER_AUTH_SECRET: realSecret,
      PAYMENT_ENCRYPTION_KEY: paymentKey,
      SMTP_URL: "smtp://angle:secret@mail.example:587",
    });
    expect(env.PAYMENT_ENCRYPTION_KEY).toBe(paymentKey);
  });

  it("is never derived from a real session secret in production, even on localhost", () => {
    expect(() => parseEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: realSecret })).toThrow(
      /PAYMENT_ENCRYPTION_KEY: is required in production/,
    );
  });

  it("falls back to the development secret for `npm start` on localhost with no configuration", () => {
    expect(parseEnv({ NODE_ENV: "production" }).PAYMENT_ENCRYPTION_KEY).toBe(DEV_SECRET);
    expect(parseEnv({ NODE_ENV: "production", BASE_URL: "http://127.0.0.1:3000" }).PAYMENT_ENCRYPTION_KEY).toBe(DEV_SECRET);
  });

  it("must be 32+ characters when set", () => {
    expect(() => parseEnv({ PAYMENT_ENCRYPTION_KEY: "short" })).toThrow(/PAYMENT_ENCRYPTION_KEY: must be at least 32 characters/);
  });
});

describe("email and the outbox", () => {
  it("writes files under data/ with the worker on, from orders@ at the support address's domain, by default", () => {
    const env = parseEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_DIR).toBe("data/mail");
    expect(env.SMS_DIR).toBe("data/sms");
    expect(env.OUTBOX_WORKER).toBe("on");
    expect(env.MAIL_FROM).toBe("Angle <orders@angle.in>");
    expect(parseEnv({ SUPPORT_EMAIL: "help@kisan.example" }).MAIL_FROM).toBe("Angle <orders@kisan.example>");
  });

  it("takes an smtp:// or smtps:// URL, a sender and the worker switch", () => {
    const env = parseEnv({ SMTP_URL: "smtps://u:p@mail.example:465", MAIL_FROM: "Shop <shop@example.in>", OUTBOX_WORKER: "off" });
    expect(env.SMTP_URL).toBe("smtps://u:p@mail.example:465");
    expect(env.MAIL_FROM).toBe("Shop <shop@example.in>");
    expect(env.OUTBOX_WORKER).toBe("off");
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it("refuses another URL, a sender over two lines or an unknown switch, naming the setting", () => {
    expect(() => parseEnv({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => parseEnv({ MAIL_FROM: "A <a@b.in>\r\nBcc: x@y.in" })).toThrow(/MAIL_FROM: must be one line/);
    expect(() => parseEnv({ OUTBOX_WORKER: "maybe" })).toThrow(/OUTBOX_WORKER/);
  });
});

describe("password hashing", () => {
  it("is Better Auth's standard unless a store on this machine asks for the test suites' fast one", () => {
    expect(parseEnv({}).PASSWORD_HASHING).toBe("standard");
    expect(parseEnv({ BASE_URL: "http://localhost:3100", PASSWORD_HASHING: "fast-for-tests" }).PASSWORD_HASHING).toBe("fast-for-tests");
  });

  it("refuses the fast one for a store others can reach, whatever NODE_ENV says", () => {
    for (const NODE_ENV of ["production", "development", "test"])
      expect(() => parseEnv({ NODE_ENV, BASE_URL: "https://angle.example.in", PASSWORD_HASHING: "fast-for-tests" })).toThrow(
        /PASSWORD_HASHING: only the test suites' stores on this machine may hash passwords cheaply/,
      );
    expect(() => parseEnv({ PASSWORD_HASHING: "md5" })).toThrow(/PASSWORD_HASHING/);
  });
});

describe("metrics and traces", () => {
  it("are off by default: no token, no internal listener, no trace endpoint; the service is called angle", () => {
    const env = parseEnv({});
    expect([env.METRICS_TOKEN, env.METRICS_PORT, env.OTEL_EXPORTER_OTLP_ENDPOINT]).toEqual([undefined, undefined, undefined]);
    expect(env).toMatchObject({ METRICS_HOST: "127.0.0.1", OTEL_SERVICE_NAME: "angle" });
    expect(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "", METRICS_TOKEN: "" }).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe("http://collector:4318");
  });

  it("refuse a short or spaced token, a port out of range and an endpoint that is not http(s), naming the setting", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    expect(() => parseEnv({ METRICS_TOKEN: `${"a".repeat(32)} b` })).toThrow(/METRICS_TOKEN: must be printable characters without spaces/);
    expect(() => parseEnv({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT: must be a whole number from 1 to 65535/);
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "grpc://collector:4317" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http\(s\) URL/,
    );
  });
});

describe("selling on ONDC", () => {
  const ondc = {
    ONDC_SUBSCRIBER_ID: "angle.example.in",
    ONDC_SUBSCRIBER_URL: "https://angle.example.in/ondc/",
    ONDC_UNIQUE_KEY_ID: "key-1",
    ONDC_SIGNING_PRIVATE_KEY: Buffer.alloc(32, 1).toString("base64"),
    ONDC_ENCRYPTION_PRIVATE_KEY: Buffer.alloc(32, 2).toString("base64"),
    ONDC_REGISTRY_URL: "https://preprod.registry.ondc.org/ondc",
    ONDC_REGISTRY_ENCRYPTION_KEY: "preprod",
    ONDC_CITIES: "std:080, std:011",
  };

  it("is off with none of its settings, and takes all of them", () => {
    expect(parseEnv({}).ONDC_SUBSCRIBER_ID).toBeUndefined();
    expect(parseEnv(ondc)).toMatchObject({ ONDC_SUBSCRIBER_URL: "https://angle.example.in/ondc", ONDC_CITIES: "std:080, std:011" });
    expect(parseEnv({ ...ondc, ONDC_CITIES: "*", ONDC_REQUEST_ID: "req-1" }).ONDC_REQUEST_ID).toBe("req-1");
  });

  it("is all or none: a missing one stops the start, named", () => {
    const { ONDC_REGISTRY_URL: _url, ONDC_SIGNING_PRIVATE_KEY: _key, ...some } = ondc;
    expect(() => parseEnv(some)).toThrow(/ONDC_REGISTRY_URL: is required to sell on ONDC/);
    expect(() => parseEnv(some)).toThrow(/ONDC_SIGNING_PRIVATE_KEY: is required/);
    expect(() => parseEnv({ ONDC_REQUEST_ID: "req-1" })).toThrow(/ONDC_SUBSCRIBER_ID: is required/);
  });

  it("refuses malformed values, naming each and echoing no key", () => {
    const secret = "not base64 at all!";
    const refused = (change: Record<string, string>, name: RegExp) => expect(() => parseEnv({ ...ondc, ...change })).toThrow(name);
    refused({ ONDC_SUBSCRIBER_ID: "https://angle.example.in" }, /ONDC_SUBSCRIBER_ID: must be our subscriber id/);
    refused({ ONDC_SUBSCRIBER_URL: "http://angle.example.in/ondc" }, /ONDC_SUBSCRIBER_URL: must be an https URL/);
    refused({ ONDC_REGISTRY_URL: "ftp://registry" }, /ONDC_REGISTRY_URL/);
    refused({ ONDC_REGISTRY_ENCRYPTION_KEY: "staging" }, /ONDC_REGISTRY_ENCRYPTION_KEY: must be preprod, prod/);
    refused({ ONDC_CITIES: "Bengaluru" }, /ONDC_CITIES: must be \* or a comma list/);
    expect(() => parseEnv({ ...ondc, ONDC_SIGNING_PRIVATE_KEY: secret })).toThrow(/ONDC_SIGNING_PRIVATE_KEY: must be the ed25519/);
    try {
      parseEnv({ ...ondc, ONDC_SIGNING_PRIVATE_KEY: secret });
    } catch (error) {
      expect(String(error)).not.toContain(secret);
    }
    // On this machine, http is enough.
    expect(parseEnv({ ...ondc, ONDC_SUBSCRIBER_URL: "http://127.0.0.1:3000/ondc" }).ONDC_SUBSCRIBER_URL).toBe("http://127.0.0.1:3000/ondc");
  });
});
