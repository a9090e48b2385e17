import { useEffect, useEffectEvent, useState } from "react";
import { useFetcher } from "react-router";
import { formatMobile, type MobileAuthResult, RESEND_AFTER_SECONDS } from "~/features/accounts/domain/mobile";
import { useT } from "~/platform/i18n/i18n";
import { withSlot } from "../../../ui/message-slot";
import { TextField } from "../../../ui/text-field";

const primary = "h-11 w-full rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const linkButton = "font-semibold text-brand-700 underline disabled:text-stone-500 disabled:no-underline";

/**
 * The Login/Register dialog's "Use mobile number instead" (docs/decisions/013-mobile-sign-in.md):
 * a mobile number gets a 6-digit code by SMS, and the code signs in, making a customer account the
 * first time. Both steps post to /account/mobile-auth.
 */
export function MobileSignIn({ onSignedIn, onUseEmail }: { onSignedIn: () => void; onUseEmail: () => void }) {
  const t = useT();
  const fetcher = useFetcher<MobileAuthResult>({ key: "mobile-sign-in" });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const submitting = fetcher.state !== "idle";
  const result = fetcher.data;

  const settle = useEffectEvent(() => {
    if (result?.ok && result.step === "code") {
      setSentTo(result.mobile);
      setWait(RESEND_AFTER_SECONDS);
    }
    if (result?.ok && result.step === "signed-in") {
      fetcher.reset();
      setSentTo(null);
      onSignedIn();
    }
  });
  useEffect(() => {
    if (fetcher.state === "idle" && result) settle();
  }, [fetcher.state, result]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const error = result && !result.ok ? result.error || t("ui_account_unexpected") : null;
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  const alert = error ? (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
      {error}
    </p>
  ) : null;

  if (sentTo === null) {
    return (
      <fetcher.Form method="post" action="/account/mobile-auth" className="mt-4" noValidate>
        <input type="hidden" name="intent" value="send-code" />
        <fieldset disabled={submitting} className="space-y-3">
          <TextField
            label={t("ui_account_mobile_number")}
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            placeholder="98765 43210"
            maxLength={20}
            hint={t("ui_account_mobile_hint")}
            error={fields.mobile}
            autoFocus
          />
          {alert}
          <button type="submit" className={primary}>
            {submitting ? t("ui_account_sending") : t("ui_account_send_code")}
          </button>
          <p className="text-center text-sm">
            <button type="button" className={linkButton} onClick={onUseEmail}>
              {t("ui_account_use_email")}
            </button>
          </p>
        </fieldset>
      </fetcher.Form>
    );
  }

  return (
    <div className="mt-4 space-y-3">
      <p className="text-sm text-stone-700" aria-live="polite">
        {withSlot(
          t("ui_account_code_sent", { mobile: "{mobile}" }),
          "mobile",
          <span className="font-semibold">{formatMobile(sentTo)}</span>,
        )}
      </p>
      <fetcher.Form method="post" action="/account/mobile-auth" noValidate>
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="mobile" value={sentTo} />
        <fieldset disabled={submitting} className="space-y-3">
          <TextField
            label={t("ui_account_code_label")}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            required
            maxLength={6}
            error={fields.code}
            autoFocus
          />
          {alert}
          <button type="submit" className={primary}>
            {submitting ? t("ui_account_processing") : t("ui_account_verify_sign_in")}
          </button>
        </fieldset>
      </fetcher.Form>
      <fetcher.Form method="post" action="/account/mobile-auth" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <input type="hidden" name="intent" value="send-code" />
        <input type="hidden" name="mobile" value={sentTo} />
        <button type="submit" className={`${linkButton} tabular-nums`} disabled={submitting || wait > 0}>
          {wait > 0 ? t("ui_account_resend_in", { seconds: wait }) : t("ui_account_resend")}
        </button>
        <button
          type="button"
          className={linkButton}
          onClick={() => {
            fetcher.reset();
            setSentTo(null);
          }}
        >
          {t("ui_account_change_number")}
        </button>
      </fetcher.Form>
    </div>
  );
}

/** The mobile steps when chosen, else the link that chooses them (under the dialog's email form). */
export function MobileSignInSwitch({
  active,
  onChange,
  onSignedIn,
}: {
  active: boolean;
  onChange: (active: boolean) => void;
  onSignedIn: () => void;
}) {
  const t = useT();
  if (active) return <MobileSignIn onSignedIn={onSignedIn} onUseEmail={() => onChange(false)} />;
  return (
    <p className="mt-3 text-center text-sm">
      <button type="button" className={linkButton} onClick={() => onChange(true)}>
        {t("ui_account_use_mobile")}
      </button>
    </p>
  );
}
