import { Form } from "react-router";
import { TextField } from "~/ui/text-field";
import { useT } from "~/platform/i18n/i18n";

const button = "h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";

/**
 * "Verify this number" for the profile's mobile while no SMS code has proved it: order SMS go only
 * to a proved number (docs/decisions/030-pre-registration-and-phones.md). Two plain forms, send a
 * code and enter it, so it works without JavaScript. `locked` until the email is confirmed.
 */
export function PhoneVerification({ mobile, locked, busy, error }: { mobile: string; locked: boolean; busy: boolean; error?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="verify-phone-heading" className="mt-8 rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="verify-phone-heading" className="text-xl font-semibold text-stone-900">
        {t("ui_account_verify_phone_heading")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("ui_account_verify_phone_intro", { mobile })}</p>
      {locked ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">{t("ui_account_phone_locked")}</p>
      ) : (
        <div className="mt-4 space-y-4">
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="send-phone-code" />
            <button
              type="submit"
              disabled={busy}
              className="h-11 rounded-lg border border-brand-700 px-6 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
            >
              {t("ui_account_send_code")}
            </button>
          </Form>
          <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="verify-phone" />
            <TextField
              label={t("ui_account_code_label")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              className="w-44"
            />
            <button type="submit" disabled={busy} className={button}>
              {t("ui_account_verify_phone_button")}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
