import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { getEnv } from "~/platform/env.server";
import type { Toast } from "./toast";
import { safeReturnPath } from "../http/safe-return-path";

const ToastSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(["success", "error", "message"]),
  title: z.string().max(200).optional(),
  description: z.string().min(1).max(1000),
});

export type ToastInput = { description: string; title?: string; type?: Toast["type"] };

let cookie: ReturnType<typeof createCookie> | undefined;
/**
 * HttpOnly and signed with the server's secret, so a page script cannot read it and nobody can plant
 * a message that looks like ours. A minute is plenty to survive the redirect that carries it.
 */
function toastCookie() {
  const env = getEnv();
  const https = env.BASE_URL.startsWith("https://");
  cookie ??= createCookie(https ? "__Host-angle.toast" : "angle.toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: https,
    maxAge: 60,
    secrets: [env.BETTER_AUTH_SECRET],
  });
  return cookie;
}

/** The Set-Cookie header that carries a toast to the next page the browser loads. */
export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const toast: Toast = { id: randomUUID(), type: input.type ?? "success", description: input.description };
  if (input.title) toast.title = input.title;
  return new Headers({ "Set-Cookie": await toastCookie().serialize(toast) });
}

/**
 * After a change: a 303 to `url` (a refresh never re-posts) whose next page shows `toast` once.
 * Extra headers in `init` (e.g. Cache-Control) are kept.
 */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const value of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", value);
  return redirect(url, { status: 303, ...init, headers });
}

/** The toast waiting for this request, if any, and the header that clears it so it shows only once. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const header = request.headers.get("Cookie");
  const store = toastCookie();
  if (!header?.includes(`${store.name}=`)) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(await store.parse(header).catch(() => null));
  const clear = new Headers({ "Set-Cookie": await store.serialize("", { maxAge: 0, expires: new Date(0) }) });
  return { toast: parsed.success ? parsed.data : null, headers: clear };
}

/**
 * The page a form was posted from (path and query), to come back to after the change. Takes the
 * action's `url` argument: `request.url` of a client-side submission is the `.data` address.
 */
export function samePage(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete("index");
  const search = params.toString();
  return safeReturnPath(search ? `${url.pathname}?${search}` : url.pathname);
}
