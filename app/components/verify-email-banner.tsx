import { useFetcher } from "react-router";
import type { ResendResult } from "~/routes/account/verification";

/**
 * For a signed-in person whose address is not confirmed yet: what is waiting on it (`reason`) and a
 * button for a new link. Rate-limited on the server; the answer shows in place.
 */
export function VerifyEmailBanner({ email, reason }: { email: string; reason: string }) {
  const fetcher = useFetcher<ResendResult>({ key: "resend-verification" });
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="verify-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="verify-title" className="font-bold">
        Confirm your email address
      </h2>
      <p className="mt-1 text-sm">
        {reason} We sent a link to <span className="break-all font-semibold">{email}</span> when you registered.
      </p>
      <fetcher.Form method="post" action="/account/verification" className="mt-3">
        <button
          type="submit"
          disabled={busy}
          className="h-10 rounded-lg border border-amber-400 bg-white px-4 text-sm font-semibold text-amber-950 hover:bg-amber-100 disabled:opacity-60"
        >
          {busy ? "Sending..." : "Send a new link"}
        </button>
      </fetcher.Form>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={`mt-2 text-sm font-medium ${result.ok ? "text-brand-900" : "text-red-800"}`}>
          {result.ok ? result.message : result.error}
        </p>
      ) : null}
    </section>
  );
}
