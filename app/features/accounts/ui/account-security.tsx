import { useFetcher } from "react-router";
import { FIELD_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/features/accounts/domain/account-rules";
import { useT } from "~/platform/i18n/i18n";
import { withSlot } from "../../../ui/message-slot";
import { TextField } from "../../../ui/text-field";

/** What the account action answers a refused change with (app/routes/account/account.tsx). */
export type SecurityRefusal = { intent: string; error: string; fields: Record<string, string> };

const button = "h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const section = "rounded-xl border border-stone-200 bg-white p-5";

/**
 * Change email and change password, for every kind of account: the account page shows them, and
 * the vendor area's profile page too. Both post to /account (one action, one set of limits) and
 * come back to `back` with a toast; a refusal shows here. Without JavaScript the forms still post,
 * and /account shows the answer (`fallback`: its own action data).
 */
export function AccountSecurity({
  email,
  hasPassword,
  back,
  fallback,
  emailLocked = false,
}: {
  /** The account's real email, or "" (an account made with a mobile number). */
  email: string;
  hasPassword: boolean;
  back: string;
  fallback?: SecurityRefusal | null;
  /** An account that has not confirmed its email may not change it (the server refuses too: decision 030). */
  emailLocked?: boolean;
}) {
  const t = useT();
  const emailFetcher = useFetcher<SecurityRefusal>({ key: "change-email" });
  const passwordFetcher = useFetcher<SecurityRefusal>({ key: "change-password" });
  const refusal = (fetcherData: SecurityRefusal | undefined, intent: string) =>
    fetcherData?.intent === intent ? fetcherData : fallback?.intent === intent ? fallback : null;
  const changeEmail = refusal(emailFetcher.data, "email");
  const password = refusal(passwordFetcher.data, "password");
  return (
    <>
      <section aria-labelledby="email-heading" className={`mt-8 ${section}`}>
        <h2 id="email-heading" className="text-xl font-semibold text-stone-900">
          {email ? t("ui_account_change_email") : t("ui_account_add_email")}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {email
            ? withSlot(t("ui_account_email_now", { email: "{email}" }), "email", <span className="break-all font-semibold">{email}</span>)
            : t("ui_account_email_add_hint")}
        </p>
        <emailFetcher.Form method="post" action="/account" noValidate className="mt-4">
          <fieldset disabled={emailLocked || emailFetcher.state !== "idle"} className="space-y-4">
            <input type="hidden" name="intent" value="email" />
            <input type="hidden" name="back" value={back} />
            {changeEmail?.error ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
                {changeEmail.error}
              </p>
            ) : null}
            <TextField
              label={t("ui_account_new_email")}
              name="newEmail"
              type="email"
              autoComplete="email"
              required
              maxLength={FIELD_MAX.email}
              hint={emailLocked ? t("ui_account_email_locked") : undefined}
              error={changeEmail?.fields.newEmail}
            />
            <button type="submit" className={button}>
              {t("ui_account_send_confirmation")}
            </button>
          </fieldset>
        </emailFetcher.Form>
      </section>

      {hasPassword ? (
        <section aria-labelledby="password-heading" className={`mt-8 ${section}`}>
          <h2 id="password-heading" className="text-xl font-semibold text-stone-900">
            {t("ui_account_change_password")}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{t("ui_account_change_password_hint")}</p>
          <passwordFetcher.Form method="post" action="/account" noValidate className="mt-4">
            <fieldset disabled={passwordFetcher.state !== "idle"} className="space-y-4">
              <input type="hidden" name="intent" value="password" />
              <input type="hidden" name="back" value={back} />
              {password?.error ? (
                <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
                  {password.error}
                </p>
              ) : null}
              <TextField
                label={t("ui_account_current_password")}
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                maxLength={PASSWORD_MAX}
                error={password?.fields.currentPassword}
              />
              <TextField
                label={t("ui_account_new_password")}
                name="password"
                type="password"
                autoComplete="new-password"
                required
                maxLength={PASSWORD_MAX}
                hint={t("ui_account_password_rule", { min: PASSWORD_MIN })}
                error={password?.fields.password}
              />
              <button type="submit" className={button}>
                {t("ui_account_change_password")}
              </button>
            </fieldset>
          </passwordFetcher.Form>
        </section>
      ) : null}
    </>
  );
}
