import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins";
import { getDatabase } from "../db/db.server";
import { getEnv } from "../env.server";

export const PASSWORD_MIN_LENGTH = 8;

function createAuth() {
  const env = getEnv();
  const { db, engine } = getDatabase();
  return betterAuth({
    appName: "Angle",
    baseURL: env.BASE_URL,
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.BASE_URL],
    // The app's own Kysely instance, so Better Auth's writes queue behind our SQLite transactions.
    database: { db, type: engine },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        phone: { type: "string", required: false, input: true },
        street: { type: "string", required: false, input: true },
        city: { type: "string", required: false, input: true },
        state: { type: "string", required: false, input: true },
        pincode: { type: "string", required: false, input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Sign-up and sign-in go through our own actions (validated, rate-limited, role-checked);
    // the public handler keeps session reads and sign-out.
    disabledPaths: ["/sign-up/email", "/sign-in/email"],
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.BASE_URL.startsWith("https://"),
      cookiePrefix: "angle",
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    telemetry: { enabled: false },
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let auth: Auth | undefined;
export function getAuth(): Auth {
  auth ??= createAuth();
  return auth;
}

export function resetAuth() {
  auth = undefined;
}
