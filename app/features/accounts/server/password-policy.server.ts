import { type MiddlewareFunction, redirect } from "react-router";
import { temporaryPasswordDeadline } from "~/features/accounts/server/temporary-password.server";
import { requestState } from "../../../platform/request-policy.server";
import { passwordDeadlineOf } from "~/platform/auth/session.server";

/** Where a temporary (admin-issued) password's holder sets their own. */
export const SET_PASSWORD_PATH = "/account/set-password";

/** Still reachable before then: that page, signing out, and product pictures and the health check. */
const OPEN = /^\/(account\/set-password|logout|healthz|readyz|uploads\/)/;

/**
 * After the request policy (root.tsx): someone signed in with an admin-issued password has not
 * chosen their own yet, so every page, `.data` request and action sends them to set it first.
 * One place, like the request policy, rather than a check in every route. (Past its 72 hours the
 * password no longer signs in at all: app/features/accounts/server/sign-in.server.ts.)
 */
export const requireOwnPassword: MiddlewareFunction<Response> = async ({ url, context }) => {
  if (OPEN.test(url.pathname)) return;
  const user = await requestState(context).user();
  if (!user) return;
  // Read with the session (one statement fewer for every signed-in request), else on its own.
  const known = passwordDeadlineOf(user);
  const deadline = known === undefined ? await temporaryPasswordDeadline(user.id) : known;
  if (deadline !== null) throw redirect(SET_PASSWORD_PATH);
};
