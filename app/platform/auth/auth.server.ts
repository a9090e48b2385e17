import { type BetterAuthOptions, betterAuth } from "better-auth";
import { safeReturnPath } from "../http/safe-return-path";
import { APIError } from "better-auth/api";
import { admin, phoneNumber } from "better-auth/plugins";
import { getDatabase } from "../db/db.server";
import { accountSuspendedMessage } from "../../features/accounts/domain/account-rules";
import { formatMobile, placeholderEmail } from "../../features/accounts/domain/mobile";
import { EMAIL_NOT_MAILABLE, isReservedEmail } from "../core/reserved-email";
import { getEnv } from "../env.server";
import { passwordHashing } from "./password-hashing.server";
import {
  queueChangeEmailVerification,
  queueResetPasswordEmail,
  queueVerificationEmail,
} from "../../features/accounts/server/account-emails.server";
import { tellOwnerOfRegistrationAttempt } from "../../features/accounts/server/registration-attempt.server";
import { consumePhoneCode } from "../../features/accounts/server/phone-codes.server";
import { freePlaceholderEmail } from "../../features/accounts/server/placeholder-holder.server";

export const PASSWORD_MIN_LENGTH = 8;

/** How long a link to confirm an email address works (24 hours: farmers do not read mail hourly). */
export const EMAIL_VERIFICATION_SECONDS = 24 * 60 * 60;

/**
 * Where a confirmation link goes back to: the `callbackURL` our own actions gave Better Auth (the
 * page a person registered or asked for a new link from), a path of this site only; none for home.
 */
function returnPathOf(url: string): string | undefined {
  let callback: string | null = null;
  try {
    callback = new URL(url).searchParams.get("callbackURL");
  } catch {
    return undefined;
  }
  const path = safeReturnPath(callback, "/");
  return path === "/" ? undefined : path;
}

/** A change-email token carries the new address; a confirmation token does not. */
const isChangeEmailToken = (token: string) => {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { updateTo?: unknown };
    return typeof payload.updateTo === "string";
  } catch {
    return false;
  }
};

const isHttps = (baseUrl: string) => baseUrl.startsWith("https://");

/**
 * Every account Better Auth writes gets an address that can receive mail, whichever door it came
 * through; the one exception is the placeholder SMS sign-in gives the account it makes for its own
 * number (app/platform/core/reserved-email.ts). The forms refuse such addresses first, with the same words.
 */
function refuseReservedEmail(data: { email?: unknown; phoneNumber?: unknown }, creating: boolean) {
  if (typeof data.email !== "string" || !isReservedEmail(data.email)) return;
  if (creating && typeof data.phoneNumber === "string" && data.email === placeholderEmail(data.phoneNumber)) return;
  throw new APIError("BAD_REQUEST", { code: "RESERVED_EMAIL", message: EMAIL_NOT_MAILABLE });
}

/**
 * Every Better Auth cookie is named `<prefix>.<name>` (session_token, dont_remember, …). Served over
 * https they are `__Host-angle.*`: the browser then accepts them only with Secure, Path=/ and no
 * Domain, so neither plain http nor a sibling subdomain can plant or overwrite a session. On
 * http (development, tests on localhost) a browser would refuse that prefix, so they are `angle.*`.
 */
export function authCookiePrefix(baseUrl = getEnv().BASE_URL) {
  return isHttps(baseUrl) ? "__Host-angle" : "angle";
}

/** The session cookie's name, as Better Auth sets and reads it. */
export function sessionCookieName() {
  return `${authCookiePrefix()}.session_token`;
}

/** The user field that carries an admin-issued password's deadline (null: the password is the person's own). */
export const PASSWORD_DEADLINE = "passwordMustChangeBy";

/** The user field that carries an admin account's staff role (issue 33; null: Owner, as admins made before roles). */
export const STAFF_ROLE = "staffRole";

/**
 * Better Auth's options for creating and completing its own tables: without the user fields whose
 * columns our migrations add (Better Auth's run first, and would otherwise add them before ours).
 */
export function authTableOptions(): BetterAuthOptions {
  const { options } = getAuth();
  const { [PASSWORD_DEADLINE]: _ours, [STAFF_ROLE]: _alsoOurs, ...theirs } = options.user?.additionalFields ?? {};
  return { ...options, user: { ...options.user, additionalFields: theirs } };
}

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
      password: passwordHashing(env.PASSWORD_HASHING),
      // Registration answers the same whether or not the email has an account (no session either
      // way, a password hashed either way); the owner of a taken email is told by email instead.
      autoSignIn: false,
      onExistingUserSignUp: ({ user }) => tellOwnerOfRegistrationAttempt(user),
      // "Forgot password?" (app/features/accounts/server/password-reset.server.ts): a single-use link that
      // works for an hour, queued as an email; using it ends every session of the account.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => queueResetPasswordEmail(user, token),
    },
    // Registration sends a link; opening it confirms the address and signs the person in. An
    // unconfirmed account may sign in and fill a cart, but not order or submit listings
    // (app/features/accounts/server/email-verification.server.ts). Links land on /verify-email, which asks for one click first.
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_SECONDS,
      sendVerificationEmail: ({ user, token, url }) =>
        isChangeEmailToken(token)
          ? queueChangeEmailVerification(user, user.email, token)
          : queueVerificationEmail(user, token, returnPathOf(url)),
    },
    user: {
      // A new address takes effect when the link sent to it is opened (app/features/accounts/server/change-email.server.ts).
      changeEmail: { enabled: true },
      additionalFields: {
        phone: { type: "string", required: false, input: true },
        street: { type: "string", required: false, input: true },
        city: { type: "string", required: false, input: true },
        state: { type: "string", required: false, input: true },
        pincode: { type: "string", required: false, input: true },
        // Read with the session's user (one statement, not two, for every signed-in request; the
        // password policy needs it), never given or changed through Better Auth. The column is
        // our migration's (0010-temporary-passwords), so Better Auth's migrations leave it out.
        [PASSWORD_DEADLINE]: { type: "string", required: false, input: false, fieldName: "password_must_change_by" },
        // Likewise: the staff role (0056-staff-roles), read with the session for the panel's policy.
        [STAFF_ROLE]: { type: "string", required: false, input: false, fieldName: "staff_role" },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Sign-up and sign-in go through our own actions (validated, rate-limited, role-checked), and
    // no Better Auth HTTP endpoint is routed at all (docs/decisions/009-request-policy.md).
    // The phone-number plugin's own code and password endpoints are never used: codes are issued and
    // checked by our store (docs/decisions/013-mobile-sign-in.md).
    disabledPaths: [
      "/sign-up/email",
      "/sign-in/email",
      "/phone-number/send-otp",
      "/sign-in/phone-number",
      "/phone-number/request-password-reset",
      "/phone-number/reset-password",
    ],
    rateLimit: { enabled: false },
    advanced: {
      // Better Auth's own switch would put `__Secure-` in front of whatever name we give, so it stays
      // off and the prefix carries `__Host-` itself; the attributes that prefix demands are set here
      // (and enforced again by Better Auth's cookie writer).
      useSecureCookies: false,
      cookiePrefix: authCookiePrefix(env.BASE_URL),
      defaultCookieAttributes: isHttps(env.BASE_URL)
        ? { secure: true, httpOnly: true, sameSite: "lax", path: "/" }
        : { httpOnly: true, sameSite: "lax", path: "/" },
      // A session and its user in one statement (a join), not two: every signed-in request looks
      // its session up (docs/decisions/043-orders-under-a-rush.md).
      database: { joins: true },
    },
    plugins: [
      admin({
        defaultRole: "user",
        adminRoles: ["admin"],
        bannedUserMessage: accountSuspendedMessage({ email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE }),
      }),
      // Sign-in with a mobile number (app/features/accounts/server/mobile-sign-in.server.ts): the plugin finds
      // or creates the account and opens the session; the code itself is checked by our own hashed,
      // single-use store, because the plugin's keeps codes in plain text.
      phoneNumber({
        sendOTP: () => {
          throw new Error("Sign-in codes are issued by requestMobileCode, never by the phoneNumber plugin.");
        },
        verifyOTP: async ({ phoneNumber: phone, code }) => {
          if (!(await consumePhoneCode(phone, code))) return false;
          // Proved: an old account that took this number's placeholder email, and can never use it, makes way.
          await freePlaceholderEmail(phone);
          return true;
        },
        signUpOnVerification: { getTempEmail: placeholderEmail, getTempName: formatMobile },
      }),
    ],
    databaseHooks: {
      user: {
        create: { before: async (user) => refuseReservedEmail(user, true) },
        update: { before: async (data) => refuseReservedEmail(data, false) },
      },
    },
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
