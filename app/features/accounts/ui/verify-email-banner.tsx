import { useFetcher, useLocation } from "react-router";
import type { ResendResult } from "~/routes/account/verification";
import { useT } from "~/platform/i18n/i18n";
import { withSlot } from "../../../ui/message-slot";

/**
 * For a signed-in person whose address is not confirmed yet: what is waiting on it (`reason`) and a
 * button for a new link. Rate-limited on the server; the answer shows in place.
 */
export function VerifyEmailBanner({ email, reason }: { email: string; reason: string }) {
  const t = useT();
  const fetcher = useFetcher<ResendResult>({ key: "resend-verification" });
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  // The new link comes back to this page (the checkout, say) once it is opened.
  const here = useLocation();
  return (
    <section aria-labelledby="verify-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="verify-title" className="font-bold">
        {t("ui_account_verify_heading")}
      </h2>
      <p className="mt-1 text-sm">
        {reason}{" "}
        {withSlot(t("ui_account_verify_sent", { email: "{email}" }), "email", <span className="break-all font-semibold">{email}</span>)}
      </p>
      <fetcher.Form method="post" action="/account/verification" className="mt-3">
        <input type="hidden" name="next" value={here.pathname + here.search} />
        <button
          type="submit"
          disabled={busy}
          className="h-10 rounded-lg border border-amber-400 bg-white px-4 text-sm font-semibold text-amber-950 hover:bg-amber-100 disabled:opacity-60"
        >
          {busy ? t("ui_account_sending") : t("ui_account_send_new_link")}
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
