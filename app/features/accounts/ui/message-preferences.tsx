import { Form } from "react-router";
import { useT } from "~/platform/i18n/i18n";

type Preferences = {
  smsTo: string | null;
  unprovenMobile: string | null;
  hasEmail: boolean;
  smsOrderUpdates: boolean;
  nonEssentialEmails: boolean;
};

const button = "h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";

/**
 * The account page's "Messages" section: order updates by SMS (opt-in; always on for an account
 * with no email, whose only channel it is) and non-essential emails (opt-out; order and account
 * emails are essential and always sent). A plain form: it works without JavaScript. `locked` until
 * the email is confirmed: the server refuses changes until then (decision 030).
 */
export function MessagePreferences({
  preferences,
  locked,
  busy,
  error,
}: {
  preferences: Preferences;
  locked: boolean;
  busy: boolean;
  error?: string;
}) {
  const t = useT();
  const smsRequired = !preferences.hasEmail;
  return (
    <section aria-labelledby="messages-heading" className="mt-8 rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="messages-heading" className="text-xl font-semibold text-stone-900">
        {t("ui_account_messages_heading")}
      </h2>
      <Form method="post" className="mt-4">
        <fieldset disabled={busy || locked} className="space-y-4">
          <input type="hidden" name="intent" value="messages" />
          {locked ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">{t("ui_account_messages_locked")}</p>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
          <label className="flex items-start gap-3">
            {/* A disabled box is not posted: the hidden field keeps a required "on" in the form. */}
            {smsRequired ? <input type="hidden" name="smsOrderUpdates" value="on" /> : null}
            <input
              type="checkbox"
              name="smsOrderUpdates"
              defaultChecked={preferences.smsOrderUpdates}
              disabled={smsRequired}
              aria-describedby="sms-updates-hint"
              className="mt-1 h-5 w-5 accent-brand-700"
            />
            <span>
              <span className="font-medium text-stone-900">{t("ui_account_sms_updates")}</span>
              <span id="sms-updates-hint" className="block text-sm text-stone-600">
                {smsRequired
                  ? t("ui_account_sms_required")
                  : preferences.smsTo
                    ? t("ui_account_sms_on")
                    : preferences.unprovenMobile
                      ? t("ui_account_sms_needs_verified")
                      : t("ui_account_sms_needs_mobile")}
              </span>
            </span>
          </label>
          {preferences.hasEmail ? (
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                name="nonEssentialEmails"
                defaultChecked={preferences.nonEssentialEmails}
                aria-describedby="non-essential-hint"
                className="mt-1 h-5 w-5 accent-brand-700"
              />
              <span>
                <span className="font-medium text-stone-900">{t("ui_account_non_essential")}</span>
                <span id="non-essential-hint" className="block text-sm text-stone-600">
                  {t("ui_account_non_essential_hint")}
                </span>
              </span>
            </label>
          ) : (
            <input type="hidden" name="nonEssentialEmails" value={preferences.nonEssentialEmails ? "on" : ""} />
          )}
          <button type="submit" className={button}>
            {t("ui_account_save_preferences")}
          </button>
        </fieldset>
      </Form>
    </section>
  );
}
