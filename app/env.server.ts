import { z } from "zod";

export const DEV_SECRET = "angle-dev-secret-change-me-in-production-0000";

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SQLITE_PATH: z.string().min(1).default("data/angle.sqlite"),
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").default(DEV_SECRET),
    BASE_URL: z.url().optional(),
    SUPPORT_EMAIL: z.email().default("support@angle.in"),
    SUPPORT_PHONE: z.string().min(5).default("+91 80 4567 8900"),
    STORE_ADDRESS: z.string().min(5).default("Angle Agri Stores Pvt. Ltd., 42 Krishi Bhavan Road, Hebbal, Bengaluru, Karnataka 560024"),
    SEED_ON_EMPTY: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    RATE_LIMIT_STORE: z.enum(["database", "redis"]).default("database"),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    REDIS_KEY_PREFIX: z.string().min(1).default("angle:"),
    // Abuse limits on orders and vendor listings (README, "Limits"): a customer's open unpaid orders,
    // checkouts per customer and per address, a vendor's pending listings and new listings, in any 10 minutes.
    ORDER_MAX_OPEN_UNPAID: z.coerce.number().int().min(1).default(5),
    RATE_LIMIT_CHECKOUT_MAX: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_CHECKOUT_ADDRESS_MAX: z.coerce.number().int().min(1).default(30),
    LISTING_MAX_PENDING: z.coerce.number().int().min(1).default(50),
    RATE_LIMIT_LISTING_MAX: z.coerce.number().int().min(1).default(20),
  })
  .superRefine((env, ctx) => {
    // A store served to the public must have its own secret; on this machine alone
    // (BASE_URL on localhost) the development secret keeps the first start to one command.
    const publicUrl = env.BASE_URL !== undefined && !isLoopbackUrl(env.BASE_URL);
    if (env.NODE_ENV === "production" && publicUrl && env.BETTER_AUTH_SECRET === DEV_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message: "the default development secret must not be used in production; set a random value of 32+ characters",
      });
    }
    if (env.RATE_LIMIT_STORE === "redis" && env.REDIS_URL === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message: "is required when RATE_LIMIT_STORE=redis (e.g. redis://127.0.0.1:6379)",
      });
    }
  });

function isLoopbackUrl(url: string) {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

export type Env = z.infer<typeof EnvSchema> & { BASE_URL: string };

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return { ...env, BASE_URL: env.BASE_URL ?? `http://localhost:${env.PORT}` };
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
