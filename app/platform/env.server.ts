import { z } from "zod";
// With its extension: the production server loads this module with Node itself, before any bundler.
import { isReservedEmail } from "./core/reserved-email.ts";

/**
 * The only module that reads `process.env`: every setting is checked here, at start, and a bad
 * value stops the server with a message naming it. Everything else calls getEnv().
 */

export const DEV_SECRET = "angle-dev-secret-change-me-in-production-0000";

/** A whole number from the environment, within [min, max], with a message that says what it wants. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`));

/** A whole number from the environment, `fallback` when unset. */
const count = (min: number, max: number, fallback: number) => wholeNumber(min, max).default(fallback);

/** An http(s) address, without a trailing slash. */
const httpUrl = z
  .url()
  .regex(/^https?:\/\//, "must be an http(s) URL")
  .transform((u) => u.replace(/\/+$/, ""));

/** Standard base64 (keys), with its padding. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The ONDC settings a store needs to sell there (ONDC_REQUEST_ID is optional). */
const ONDC_REQUIRED = [
  "ONDC_SUBSCRIBER_ID",
  "ONDC_SUBSCRIBER_URL",
  "ONDC_UNIQUE_KEY_ID",
  "ONDC_SIGNING_PRIVATE_KEY",
  "ONDC_ENCRYPTION_PRIVATE_KEY",
  "ONDC_REGISTRY_URL",
  "ONDC_REGISTRY_ENCRYPTION_KEY",
  "ONDC_CITIES",
] as const;

/** Every ONDC setting: the required ones and ONDC_REQUEST_ID. */
export const ONDC_SETTING_NAMES = [...ONDC_REQUIRED, "ONDC_REQUEST_ID"] as const;

/** An unset or empty variable is absent. */
const optionalText = <T extends z.ZodType<string | undefined>>(schema: T) => schema.optional().or(z.literal("").transform(() => undefined));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),

    // The server (server/index.ts)
    PORT: count(1, 65535, 3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    BASE_URL: z.url().optional(),
    BUILD_DIR: z.string().min(1).default("build"),
    TRUST_PROXY_HOPS: count(0, 10, 0),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),

    // Storage
    DATABASE_URL: optionalText(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
    PG_POOL_MAX: count(1, 1000, 10),
    /** Repeated statements prepared once per connection; off behind a transaction-pooling proxy that cannot track them. */
    PG_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
    SQLITE_PATH: z.string().min(1).default("data/angle.sqlite"),
    UPLOAD_DIR: z.string().min(1).default("data/uploads"),

    // Uploaded pictures (app/platform/storage, docs/decisions/067-object-storage.md): files in
    // UPLOAD_DIR, or with STORAGE=s3 objects in an S3-compatible bucket. PUBLIC_ASSET_BASE, when set,
    // is where the bucket's objects can be fetched (the bucket's URL or a CDN before it): pages point
    // there and the CSP allows it; without it the store serves them at /uploads/<name>.
    STORAGE: z.enum(["disk", "s3"]).default("disk"),
    S3_BUCKET: optionalText(
      z
        .string()
        .trim()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens"),
    ),
    S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,40}$/, "must be a region name such as ap-south-1 (or auto for R2)")
      .default("ap-south-1"),
    S3_ENDPOINT: optionalText(httpUrl),
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    S3_ACCESS_KEY_ID: optionalText(z.string().trim().min(1)),
    S3_SECRET_ACCESS_KEY: optionalText(z.string().min(1)),
    S3_PREFIX: optionalText(
      z
        .string()
        .trim()
        .regex(
          /^(?!(.*\/)?\.\.?(\/|$))[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/,
          "must be a key prefix such as angle/ (letters, digits, _ . - and /; no leading /, no . or .. folder)",
        ),
    ).transform((p) => (p === undefined || p.endsWith("/") ? p : `${p}/`)),
    PUBLIC_ASSET_BASE: optionalText(
      httpUrl.refine((u) => {
        const url = new URL(u);
        return url.search === "" && url.hash === "" && url.username === "" && url.password === "";
      }, "must be a plain address such as https://cdn.example.in/angle, without ?query, #fragment or credentials"),
    ),

    // Secrets
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").default(DEV_SECRET),
    PAYMENT_ENCRYPTION_KEY: optionalText(z.string().min(32, "must be at least 32 characters")),

    // The store's support contact until the admin saves another in General Settings (its address is
    // the registered one there, which the invoices print too).
    SUPPORT_EMAIL: z.email().default("support@angle.in"),
    SUPPORT_PHONE: z.string().min(5).default("+91 80 4567 8900"),
    SEED_ON_EMPTY: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    ADMIN_EMAIL: z
      .email()
      .refine((e) => !isReservedEmail(e), "must be an address that can receive mail (not .invalid, .example or .localhost)")
      .optional(),
    /** Days an account may stay unconfirmed (no order, not a vendor) before it is removed. */
    UNCONFIRMED_ACCOUNT_DAYS: count(1, 3650, 7),
    ADMIN_PASSWORD: z.string().min(8).optional(),

    // Rate limits: allowed attempts in any 60 seconds, and where they are counted
    RATE_LIMIT_SIGNIN_MAX: count(1, 100_000, 10),
    RATE_LIMIT_REGISTER_MAX: count(1, 100_000, 10),
    RATE_LIMIT_CONTACT_MAX: count(1, 100_000, 10),
    // "Forgot password?": requests per address in any 10 minutes, and emails per account in any hour.
    RATE_LIMIT_PASSWORD_RESET_MAX: count(1, 100_000, 10),
    RATE_LIMIT_PASSWORD_RESET_EMAIL_MAX: count(1, 100_000, 3),
    /** Emails that carry a link (confirmation resends, email changes): per account an hour, per address 10 min. */
    RATE_LIMIT_ACCOUNT_EMAIL_MAX: count(1, 100_000, 5),
    RATE_LIMIT_ACCOUNT_EMAIL_ADDRESS_MAX: count(1, 100_000, 20),
    // Sign-in by SMS code, in any 10 minutes: codes sent per number and per address, and codes tried per number.
    RATE_LIMIT_MOBILE_CODE_MAX: count(1, 100_000, 3),
    RATE_LIMIT_MOBILE_CODE_ADDRESS_MAX: count(1, 100_000, 10),
    RATE_LIMIT_MOBILE_VERIFY_MAX: count(1, 100_000, 10),
    /** Unknown coupon codes per customer and per address in any minute (issue 31). */
    RATE_LIMIT_COUPON_GUESS_MAX: count(1, 100_000, 5),
    /** ONDC calls refused for their signature (401) per address in any minute, then 429 without a registry lookup. */
    RATE_LIMIT_ONDC_REFUSED_MAX: count(1, 100_000, 30),
    RATE_LIMIT_STORE: z.enum(["database", "redis"]).default("database"),
    REDIS_URL: optionalText(z.string().regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")),
    REDIS_KEY_PREFIX: z.string().min(1).default("angle:"),

    // The rendered-page cache of anonymous catalogue pages (server/page-cache.ts,
    // docs/decisions/027-page-cache.md): on unless PAGE_CACHE=off. Pages are kept in this process's
    // memory (at most PAGE_CACHE_MEMORY_MB, least recently used out first), or with
    // PAGE_CACHE_STORE=redis in Redis (REDIS_URL), shared by every instance; each for at most
    // PAGE_CACHE_TTL_SECONDS, and never past a change to the catalogue.
    PAGE_CACHE: z.enum(["on", "off"]).default("on"),
    PAGE_CACHE_STORE: z.enum(["memory", "redis"]).default("memory"),
    PAGE_CACHE_MEMORY_MB: count(1, 4096, 32),
    PAGE_CACHE_TTL_SECONDS: count(1, 86_400, 300),

    // Metrics and traces (docs/decisions/069-metrics-and-traces.md), all off by default. /metrics on
    // the web port answers only a bearer of METRICS_TOKEN; METRICS_PORT opens an internal listener
    // (on METRICS_HOST) that asks for none. Traces go by OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT.
    METRICS_TOKEN: optionalText(
      z
        .string()
        .min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)")
        .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces"),
    ),
    METRICS_PORT: wholeNumber(1, 65535).optional(),
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    // Empty is unset (as a compose file's ${VAR:-} gives), without hiding why a value is refused.
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), httpUrl.optional()),
    OTEL_SERVICE_NAME: z.string().trim().min(1).default("angle"),

    // Abuse limits on orders and vendor listings (README, "Limits"): a customer's open unpaid orders,
    // checkouts per customer and per address, a vendor's pending listings and new listings, in any 10 minutes.
    ORDER_MAX_OPEN_UNPAID: count(1, 100_000, 5),
    // What orders waiting for payment may hold (docs/decisions/031-unpaid-holds.md): one card or UPI
    // order's total (whole rupees) and units; one customer's orders waiting for a card, UPI or bank
    // transfer payment together, and the share of one size's stock they may hold, never fewer than
    // the minimum units; and the days a bank transfer has before its order is cancelled.
    ORDER_UNPAID_MAX_RUPEES: count(1, 1_000_000_000, 200_000),
    ORDER_UNPAID_MAX_UNITS: count(1, 1_000_000, 500),
    ORDER_UNPAID_CUSTOMER_MAX_RUPEES: count(1, 1_000_000_000, 400_000),
    ORDER_UNPAID_CUSTOMER_MAX_UNITS: count(1, 1_000_000, 1_000),
    ORDER_UNPAID_STOCK_SHARE_PERCENT: count(1, 100, 50),
    ORDER_UNPAID_STOCK_MIN_UNITS: count(1, 1_000_000, 5),
    BANK_TRANSFER_DAYS: count(1, 60, 3),
    RATE_LIMIT_CHECKOUT_MAX: count(1, 100_000, 10),
    RATE_LIMIT_CHECKOUT_ADDRESS_MAX: count(1, 100_000, 30),
    LISTING_MAX_PENDING: count(1, 100_000, 50),
    RATE_LIMIT_LISTING_MAX: count(1, 100_000, 20),

    // Email and SMS (app/features/messaging/server): SMTP when SMTP_URL is set, else .eml files in MAIL_DIR;
    // SMS as .txt files in SMS_DIR until an SMS provider is configured. The worker sends the outbox.
    SMTP_URL: optionalText(z.string().regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587")),
    MAIL_FROM: optionalText(
      z
        .string()
        .trim()
        .max(200)
        .regex(/^[^\r\n]+$/, "must be one line, e.g. Angle <orders@angle.in>"),
    ),
    MAIL_DIR: z.string().min(1).default("data/mail"),
    SMS_DIR: z.string().min(1).default("data/sms"),
    // MSG91 (India): with MSG91_AUTH_KEY set, SMS go to its flow API under DLT-registered template
    // ids, one per kind of message; without it they are files in SMS_DIR. A Hindi customer's SMS
    // goes in Hindi only under its own Hindi template (…_HI, optional); without one, in English.
    MSG91_AUTH_KEY: optionalText(z.string().trim().min(8, "must be the auth key from the MSG91 panel")),
    MSG91_BASE_URL: z
      .url()
      .regex(/^https?:\/\//, "must be an http(s) URL")
      .transform((u) => u.replace(/\/+$/, ""))
      .default("https://control.msg91.com"),
    MSG91_SENDER_ID: optionalText(
      z
        .string()
        .trim()
        .regex(/^[A-Z]{6}$/, "must be the 6-letter DLT sender id, e.g. ANGLEI"),
    ),
    MSG91_TEMPLATE_OTP: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_ORDER_STATUS: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_OTP_HI: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_ORDER_STATUS_HI: optionalText(z.string().trim().min(1)),
    /** Optional: without it, a store sending through MSG91 sends no refund SMS (the email still goes). */
    MSG91_TEMPLATE_REFUND: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_REFUND_HI: optionalText(z.string().trim().min(1)),
    // Issue 31: the back-in-stock SMS ("##store##: ##name## is back in stock. ##link##"); through MSG91 without it, email only.
    MSG91_TEMPLATE_BACK_IN_STOCK: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_BACK_IN_STOCK_HI: optionalText(z.string().trim().min(1)),
    // A recall notice to the customers who received a lot; through MSG91 without it, email only.
    MSG91_TEMPLATE_RECALL: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_RECALL_HI: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_ASSISTED_ACCOUNT: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_ASSISTED_ACCOUNT_HI: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_ASSISTED_ORDER: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_ASSISTED_ORDER_HI: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_AGENT_ORDER: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_AGENT_ORDER_HI: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_ASSISTED_PAY_LINK: optionalText(z.string().trim().min(1)),
    MSG91_TEMPLATE_ASSISTED_PAY_LINK_HI: optionalText(z.string().trim().min(1)),
    /**
     * What this process does (docs/decisions/068-web-and-worker.md): all = the web server and the
     * background jobs (one command), web = the web server only, worker = the jobs only.
     */
    PROCESS_ROLE: z.enum(["all", "web", "worker"]).default("all"),
    /** How long a stop (SIGTERM) waits for open requests and runs under way before it forces the exit (milliseconds). */
    SHUTDOWN_GRACE_MS: count(0, 600_000, 10_000),
    /** How long a background job's lease holds without a heartbeat: a crashed worker's job is taken over after it (seconds). */
    JOB_LEASE_SECONDS: count(1, 3600, 60),
    OUTBOX_WORKER: z.enum(["on", "off"]).default("on"),
    /** How often the outbox worker looks for messages to send (milliseconds). */
    OUTBOX_POLL_MS: count(50, 600_000, 2_000),

    // Selling on ONDC (docs/decisions/073-ondc-calls.md): off unless configured, all or none of the
    // required ones. The private keys are read (and checked) by app/features/ondc/server/ondc-config.server.ts
    // at start; here only their form, so a bad one is named before anything else runs. Never logged.
    ONDC_SUBSCRIBER_ID: optionalText(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(
          /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
          "must be our subscriber id: a host name such as angle.example.in",
        ),
    ),
    ONDC_SUBSCRIBER_URL: optionalText(
      httpUrl.refine(
        (u) => u.startsWith("https://") || isLoopbackUrl(u),
        "must be an https URL where buyer apps reach our ONDC calls, e.g. https://angle.example.in/ondc (http only on this machine)",
      ),
    ),
    ONDC_UNIQUE_KEY_ID: optionalText(
      z
        .string()
        .trim()
        .regex(/^[\x21-\x7e]{1,100}$/, "must be the unique key id registered with ONDC's registry (printable, no spaces)"),
    ),
    ONDC_SIGNING_PRIVATE_KEY: optionalText(
      z.string().trim().min(1).regex(BASE64, "must be the ed25519 signing private key in base64 (npm run ondc:keys)"),
    ),
    ONDC_ENCRYPTION_PRIVATE_KEY: optionalText(
      z.string().trim().min(1).regex(BASE64, "must be the X25519 encryption private key in base64 (npm run ondc:keys)"),
    ),
    ONDC_REGISTRY_URL: optionalText(
      httpUrl.refine(
        (u) => u.startsWith("https://") || isLoopbackUrl(u),
        "must be the registry's https base, e.g. https://preprod.registry.ondc.org/ondc (http only on this machine)",
      ),
    ),
    ONDC_REGISTRY_ENCRYPTION_KEY: optionalText(
      z
        .string()
        .trim()
        .min(1)
        .refine(
          (v) => v === "preprod" || v === "prod" || BASE64.test(v),
          "must be preprod, prod, or the registry's X25519 public key in base64 DER",
        ),
    ),
    ONDC_CITIES: optionalText(
      z
        .string()
        .trim()
        .min(1)
        .refine(
          (v) => v === "*" || v.split(",").every((c) => /^std:\d{2,5}$/.test(c.trim())),
          "must be * or a comma list of city codes such as std:080,std:011",
        ),
    ),
    ONDC_REQUEST_ID: optionalText(
      z
        .string()
        .trim()
        .regex(/^[\x21-\x7e]{1,200}$/, "must be the request id of our subscribe call (printable, no spaces)"),
    ),

    // Payments (issue 15, docs/decisions/023-payments.md). The gateways' addresses default to the
    // real ones, or, with the local fake gateway running, to it; tests point them at a fake.
    RAZORPAY_API_BASE: optionalText(httpUrl),
    RAZORPAY_CHECKOUT_JS: optionalText(httpUrl),
    STRIPE_API_BASE: optionalText(httpUrl),
    /** Minutes a prepaid order holds its stock while it waits for payment. */
    PAYMENT_HOLD_MINUTES: count(1, 24 * 60, 30),
    /** Seconds between sweeps that ask the gateways about unpaid orders, cancel expired holds and retry refunds. */
    PAYMENT_SWEEP_SECONDS: count(1, 3600, 60),
    /** The local fake gateway (server/fake-gateway): on by default only when BASE_URL is this machine. */
    FAKE_GATEWAY: z.enum(["on", "off"]).optional(),
    /** How passwords are hashed (app/platform/auth/password-hashing.server.ts): the test suites' stores use the fast one. */
    PASSWORD_HASHING: z.enum(["standard", "fast-for-tests"]).default("standard"),
    // Unset: 4010, or any free port when 4010 is taken (server/fake-gateway/fake-gateway.ts).
    FAKE_GATEWAY_PORT: wholeNumber(0, 65535).optional(),
  })
  .superRefine((env, ctx) => {
    // A store served to the public must have its own secrets; on this machine alone (BASE_URL on
    // localhost) development ones keep the first start to one command.
    const production = env.NODE_ENV === "production";
    const publicUrl = env.BASE_URL !== undefined && !isLoopbackUrl(env.BASE_URL);
    if (production && publicUrl && env.BETTER_AUTH_SECRET === DEV_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message: "the default development secret must not be used in production; set a random value of 32+ characters",
      });
    }
    // Never derived from a real session secret in production: rotating that one would then lose the
    // payment keys, and one leaked value would open both.
    if (production && env.PAYMENT_ENCRYPTION_KEY === undefined && (publicUrl || env.BETTER_AUTH_SECRET !== DEV_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_ENCRYPTION_KEY"],
        message: "is required in production (a random value of 32+ characters, kept apart from BETTER_AUTH_SECRET)",
      });
    }
    // Without SMTP every email, with its confirmation and reset links, would only be written to disk.
    if (production && publicUrl && env.SMTP_URL === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required in production for a store served to others (customers must receive their emails)",
      });
    }
    // Whatever NODE_ENV says: a store others can reach hashes passwords at full cost.
    if (publicUrl && env.PASSWORD_HASHING !== "standard") {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASHING"],
        message: "only the test suites' stores on this machine may hash passwords cheaply",
      });
    }
    if (production && publicUrl && env.FAKE_GATEWAY === "on") {
      ctx.addIssue({ code: "custom", path: ["FAKE_GATEWAY"], message: "the fake payment gateway must not run for a public store" });
    }
    if (env.MSG91_AUTH_KEY !== undefined) {
      for (const key of ["MSG91_TEMPLATE_OTP", "MSG91_TEMPLATE_ORDER_STATUS"] as const) {
        if (env[key] === undefined) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when MSG91_AUTH_KEY is set (the DLT template id from the MSG91 panel)",
          });
        }
      }
    }
    if (env.STORAGE === "s3" && env.S3_BUCKET === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message: "is required when STORAGE=s3 (the bucket that keeps uploaded pictures)",
      });
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      const path = env.S3_ACCESS_KEY_ID === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY";
      ctx.addIssue({
        code: "custom",
        path: [path],
        message: "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK's own chain)",
      });
    }
    if (env.PUBLIC_ASSET_BASE !== undefined) {
      // With the disk the store itself serves /uploads; a CDN before it needs no setting of ours.
      if (env.STORAGE !== "s3") {
        ctx.addIssue({
          code: "custom",
          path: ["PUBLIC_ASSET_BASE"],
          message: "is only for STORAGE=s3: pictures on the local disk are served by the store at /uploads",
        });
      } else if (!env.PUBLIC_ASSET_BASE.startsWith("https://") && !isLoopbackUrl(env.PUBLIC_ASSET_BASE)) {
        // Pages served over https may not show pictures fetched over http.
        ctx.addIssue({ code: "custom", path: ["PUBLIC_ASSET_BASE"], message: "must be an https URL (http only on this machine)" });
      }
    }
    // ONDC is all or none: a store half configured would answer buyer apps it cannot sign for.
    const ondcSet = ONDC_REQUIRED.filter((key) => env[key] !== undefined);
    if (ondcSet.length > 0 || env.ONDC_REQUEST_ID !== undefined) {
      for (const key of ONDC_REQUIRED) {
        if (env[key] === undefined) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required to sell on ONDC (its settings are all or none: README, Configuration)",
          });
        }
      }
    }
    if (env.RATE_LIMIT_STORE === "redis" && env.REDIS_URL === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message: "is required when RATE_LIMIT_STORE=redis (e.g. redis://127.0.0.1:6379)",
      });
    }
    if (env.PAGE_CACHE === "on" && env.PAGE_CACHE_STORE === "redis" && env.REDIS_URL === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message: "is required when PAGE_CACHE_STORE=redis (e.g. redis://127.0.0.1:6379)",
      });
    }
  });

/** Whether a URL names this machine (localhost, 127.0.0.1, [::1]): a store nobody else can reach. */
export function isLoopbackUrl(url: string) {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

export type Env = Omit<z.infer<typeof EnvSchema>, "BASE_URL" | "PAYMENT_ENCRYPTION_KEY" | "LOG_LEVEL" | "MAIL_FROM" | "FAKE_GATEWAY"> & {
  /** Whether this process runs the local fake gateway: FAKE_GATEWAY, else on when BASE_URL is this machine. */
  FAKE_GATEWAY: "on" | "off";
  BASE_URL: string;
  /** The key material for sealing payment secrets: PAYMENT_ENCRYPTION_KEY, or off production (and on loopback) the development secret. */
  PAYMENT_ENCRYPTION_KEY: string;
  LOG_LEVEL: NonNullable<z.infer<typeof EnvSchema>["LOG_LEVEL"]>;
  /** The sender of every email: MAIL_FROM, or "Angle <orders@…>" at SUPPORT_EMAIL's domain. */
  MAIL_FROM: string;
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    BASE_URL: env.BASE_URL ?? `http://localhost:${env.PORT}`,
    // The superRefine above allows the fallback only off production, or on loopback with the development secret.
    PAYMENT_ENCRYPTION_KEY: env.PAYMENT_ENCRYPTION_KEY ?? env.BETTER_AUTH_SECRET,
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    MAIL_FROM: env.MAIL_FROM ?? `Angle <orders@${env.SUPPORT_EMAIL.split("@")[1]}>`,
    FAKE_GATEWAY: env.FAKE_GATEWAY ?? (env.BASE_URL === undefined || isLoopbackUrl(env.BASE_URL) ? "on" : "off"),
  };
}

let cached: Env | undefined;
/** The validated environment; throws a message naming each bad setting. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forgets the parsed environment, for tests that change process.env (then resetAuth() too). */
export function resetEnv() {
  cached = undefined;
}

/** `node server/index.ts` runs the production build: production unless NODE_ENV says otherwise. */
export function defaultToProduction() {
  process.env.NODE_ENV ??= "production";
  cached = undefined;
}
