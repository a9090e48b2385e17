import { RouterContextProvider } from "react-router";
import { getAuth } from "~/platform/auth/auth.server";
import { withRequestMemo } from "~/platform/request-memo.server";

/**
 * Calling route loaders and actions in-process as the server runs them: a signed-in person's
 * cookie, the request's memo the root middleware opens (so the guards keep the acting person for the
 * audit trail), and what came back — status, Location and data — whether returned or thrown.
 */
export const ORIGIN = "http://localhost:3999";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";

/** The session cookie of the account with this email and password. */
export async function signIn(email: string, password: string): Promise<string> {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return headers.getSetCookie().map(cookiePair).join("; ");
}

type Params = Record<string, string>;
type Call<P extends Params> = { request: Request; url: URL; params: P; context: RouterContextProvider; pattern: string };

function call<P extends Params>(request: Request, params: P): Call<P> {
  const url = new URL(request.url);
  return { request, url, params, context: new RouterContextProvider(), pattern: url.pathname };
}

export const get = <P extends Params = Params>(path: string, cookie?: string, params: P = {} as P) =>
  call(new Request(`${ORIGIN}${path}`, { headers: { "x-angle-client-ip": "203.0.113.9", ...(cookie ? { cookie } : {}) } }), params);

export function post<P extends Params = Params>(path: string, fields: Record<string, string>, cookie?: string, params: P = {} as P) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      "x-angle-client-ip": "203.0.113.9",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  return call(request, params);
}

export type Answer<T = never> = { status: number; location: string; data: T };

/** Runs a loader or action in a request's memo; what it answered or threw. */
export async function run<T = never>(fn: () => Promise<unknown>): Promise<Answer<T>> {
  let result: unknown;
  try {
    result = await withRequestMemo(fn);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") ?? "", data: null as T };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    return { status: (result.init as ResponseInit | null)?.status ?? 200, location: "", data: result.data as T };
  }
  return { status: 200, location: "", data: result as T };
}
