import { data, Form, redirect, useNavigation } from "react-router";
import Leaf from "lucide-react/icons/leaf";
import type { Route } from "./+types/login";
import { WRONG_DOOR } from "~/platform/auth/doors";
import { getSessionUser } from "~/platform/auth/session.server";
import { TextField } from "~/ui/text-field";
import { LoginSchema } from "~/features/accounts/domain/account";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import { clearSessionCookie, signInAtDoor } from "~/features/accounts/server/sign-in.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";
import { log } from "~/platform/log.server";
import { readFields } from "~/platform/http/read-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin login · Angle" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user?.role === "admin") throw redirect("/admin/dashboard");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = LoginSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: "Failed to log in: Email and password are required." }, { status: 400 });
  try {
    const result = await signInAtDoor("admin", parsed.data, { ip: clientAddress(request), headers: request.headers });
    const headers = new Headers();
    for (const c of result.headers.getSetCookie()) headers.append("Set-Cookie", c);
    return redirect("/admin/dashboard", { headers });
  } catch (error) {
    if (error instanceof RefusalError) {
      // Wrong password and "not an admin" read the same (spec §8); a refused session leaves no cookie.
      const message =
        error.status === 401
          ? english(refusal(WRONG_DOOR.admin))
          : error.status === 429
            ? `Failed to log in: ${error.message}`
            : error.message;
      const headers = error.status === 403 ? { "Set-Cookie": clearSessionCookie() } : undefined;
      return data({ error: message }, { status: error.status, headers });
    }
    log.error({ err: error }, "admin sign-in failed");
    return data({ error: "Failed to log in: An unexpected error occurred." }, { status: 500 });
  }
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-lg">
        <p className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <Leaf className="h-5 w-5" aria-hidden="true" /> Angle Admin
        </p>
        <h1 className="mt-4 text-2xl font-bold text-stone-900">Admin login</h1>
        {actionData?.error ? (
          <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3">
            <p className="font-semibold text-red-900">Login failed</p>
            <p className="text-sm text-red-800">{actionData.error}</p>
          </div>
        ) : null}
        <Form method="post" className="mt-4 space-y-3">
          <fieldset disabled={busy} className="space-y-3">
            <TextField label="Email" name="email" type="email" required autoComplete="username" />
            <TextField label="Password" name="password" type="password" required autoComplete="current-password" />
            <p className="text-sm">
              <a href="/forgot-password" className="font-semibold text-brand-700 underline">
                Forgot password?
              </a>
            </p>
            <button
              type="submit"
              className="h-11 w-full rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {busy ? "Logging in..." : "Login"}
            </button>
          </fieldset>
        </Form>
      </div>
    </main>
  );
}
