import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getAuth } from "~/platform/auth/auth.server";
import { safeReturnPath } from "~/platform/http/safe-return-path";

/** Ends the session on the server and returns to / (spec §2). */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch {
    // No session to end: still send the visitor home.
  }
  const to = safeReturnPath(String((await request.formData().catch(() => null))?.get("redirectTo") ?? "/"));
  return redirect(["/admin/login", "/vendor-login"].includes(to) ? to : "/", { headers });
}

export function loader() {
  return redirect("/");
}
