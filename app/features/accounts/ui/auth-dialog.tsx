import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import X from "lucide-react/icons/x";
import { FIELD_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/features/accounts/domain/account-rules";
import { useT } from "~/platform/i18n/i18n";
import { useLocalePath } from "~/ui/use-locale-path";
import { withSlot } from "../../../ui/message-slot";
import { MobileSignIn, MobileSignInSwitch } from "./mobile-sign-in";
import { StateSelect } from "../../delivery/ui/state-select";
import { TextField } from "../../../ui/text-field";
import { authModeOf, closeAuthDialogHref, type AuthMode } from "./auth-dialog-link";

type Result =
  | { ok: true; registered?: undefined }
  | { ok: true; registered: true; message: string }
  | { ok: false; error: string; fields?: Record<string, string> };

/**
 * The Login/Register dialog (spec §2, §4). Opened by ?auth=login|register; a native modal <dialog>
 * makes the page behind it inert (focus stays inside) and closes on Escape.
 */
export function AuthDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const localePath = useLocalePath();
  const mode = authModeOf(location.search);
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<Result>({ key: "auth-dialog" });
  const [formKey, setFormKey] = useState(0);
  const [showPassword, setShowPassword] = useState(false);
  // The address the registration form was sent with: the "check your email" panel names it.
  const [sentTo, setSentTo] = useState("");
  // "Use mobile number instead": the email form stays mounted (hidden) so its fields survive a switch back.
  // Null until the person chooses: signing in, a phone's screen then starts with the mobile number
  // and a wider one with the email, decided by CSS alone (no script measures the screen).
  const [withMobile, setWithMobile] = useState<boolean | null>(null);
  const submitting = fetcher.state !== "idle";
  const result = fetcher.data;

  const close = () => navigate(closeAuthDialogHref(location), { replace: true, preventScrollReset: true });
  const switchTo = (next: AuthMode) => {
    const params = new URLSearchParams(location.search);
    params.set("auth", next);
    navigate(`${location.pathname}?${params}`, { replace: true, preventScrollReset: true });
  };

  // Switching mode or closing starts clean: no error or field messages left from the last attempt.
  const clearLastAttempt = useEffectEvent(() => {
    if (fetcher.state === "idle" && fetcher.data != null) fetcher.reset();
    setWithMobile(null);
  });
  useEffect(() => {
    const d = dialog.current;
    if (d && mode && !d.open) d.showModal();
    if (d && !mode && d.open) d.close();
    clearLastAttempt();
  }, [mode]);

  // Success: the user is set (root data revalidates), the dialog closes and the form resets.
  const signedIn = useEffectEvent(() => {
    setFormKey((k) => k + 1);
    setShowPassword(false);
    close();
  });
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok && !result.registered) signedIn();
  }, [fetcher.state, result]);

  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  const error = result && !result.ok ? result.error || t("ui_account_unexpected") : null;
  const register = mode === "register";
  const registered = result?.ok && result.registered ? result : null;
  const phoneFirst = withMobile === null && !register;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is the pointer's Escape; Escape itself already closes the dialog (onCancel).
    <dialog
      ref={dialog}
      aria-labelledby="auth-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) close();
      }}
      className="m-auto w-[min(100%-1.5rem,28rem)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-stone-900/60"
    >
      {mode ? (
        <div className="max-h-[90vh] overflow-y-auto p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id="auth-title" className="text-xl font-bold text-stone-900">
              {registered ? t("ui_account_check_email_title") : register ? t("ui_account_register_title") : t("ui_account_login_title")}
            </h2>
            <button
              type="button"
              onClick={close}
              className="-m-2 rounded-md p-2 text-stone-600 hover:bg-stone-100"
              aria-label={t("ui_account_close")}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          {registered ? (
            <RegisteredNotice message={registered.message} email={sentTo} onClose={close} />
          ) : (
            <fetcher.Form
              key={`${mode}-${formKey}`}
              method="post"
              action="/account/auth"
              className={phoneFirst ? "mt-4 max-sm:hidden" : "mt-4"}
              noValidate
              hidden={withMobile === true}
              onSubmit={(e) => setSentTo(String(new FormData(e.currentTarget).get("email") ?? "").trim())}
            >
              <input type="hidden" name="intent" value={mode} />
              {/* Where the confirmation link brings a new customer back to: this page, without the dialog. */}
              {register ? <input type="hidden" name="next" value={closeAuthDialogHref(location)} /> : null}
              <fieldset disabled={submitting} className="space-y-3">
                {register ? (
                  <TextField
                    label={t("ui_account_full_name")}
                    name="name"
                    autoComplete="name"
                    required
                    maxLength={FIELD_MAX.name}
                    error={fields.name}
                    autoFocus
                  />
                ) : null}
                <TextField
                  label={t("ui_account_email")}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={FIELD_MAX.email}
                  error={fields.email}
                  autoFocus={!register}
                />
                <div className="relative">
                  <TextField
                    label={t("ui_account_password")}
                    name="password"
                    type={showPassword ? "text" : "password"}
                    autoComplete={register ? "new-password" : "current-password"}
                    required
                    maxLength={PASSWORD_MAX}
                    hint={register ? t("ui_account_password_rule", { min: PASSWORD_MIN }) : undefined}
                    error={fields.password}
                  />
                  <button
                    type="button"
                    onClick={() => setShowPassword((s) => !s)}
                    className="absolute right-1 top-7 flex h-9 w-9 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100"
                    aria-label={showPassword ? t("ui_account_hide_password") : t("ui_account_show_password")}
                    aria-pressed={showPassword}
                  >
                    {showPassword ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
                  </button>
                </div>
                {register ? null : (
                  <p className="text-sm">
                    <a href={localePath("/forgot-password")} className="font-semibold text-brand-700 underline">
                      {t("ui_account_forgot_password")}
                    </a>
                  </p>
                )}
                {register ? (
                  <>
                    <TextField
                      label={t("ui_account_phone")}
                      name="phone"
                      type="tel"
                      autoComplete="tel"
                      required
                      placeholder="+91 98765 43210"
                      maxLength={FIELD_MAX.phone}
                      error={fields.phone}
                    />
                    <TextField
                      label={t("ui_account_street")}
                      name="street"
                      autoComplete="street-address"
                      required
                      maxLength={FIELD_MAX.street}
                      error={fields.street}
                    />
                    <div className="grid grid-cols-2 gap-3">
                      <TextField
                        label={t("ui_account_city")}
                        name="city"
                        autoComplete="address-level2"
                        required
                        maxLength={FIELD_MAX.city}
                        error={fields.city}
                      />
                      <StateSelect label={t("ui_account_state")} error={fields.state} />
                    </div>
                    <TextField
                      label={t("ui_account_pincode")}
                      name="pincode"
                      inputMode="numeric"
                      autoComplete="postal-code"
                      required
                      maxLength={6}
                      error={fields.pincode}
                    />
                  </>
                ) : null}
                {error ? (
                  <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
                    {error}
                  </p>
                ) : null}
                <button
                  type="submit"
                  className="h-11 w-full rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  {submitting ? t("ui_account_processing") : register ? t("ui_account_create_account") : t("ui_account_login")}
                </button>
              </fieldset>
            </fetcher.Form>
          )}
          {registered ? null : phoneFirst ? (
            <>
              <div className="sm:hidden" data-testid="phone-first">
                <MobileSignIn onSignedIn={close} onUseEmail={() => setWithMobile(false)} />
              </div>
              <div className="max-sm:hidden">
                <MobileSignInSwitch active={false} onChange={setWithMobile} onSignedIn={close} />
              </div>
            </>
          ) : (
            <MobileSignInSwitch active={withMobile === true} onChange={setWithMobile} onSignedIn={close} />
          )}
          <p className="mt-4 text-center text-sm text-stone-700">
            {register ? (
              <button type="button" className="font-semibold text-brand-700 underline" onClick={() => switchTo("login")}>
                {t("ui_account_have_account")}
              </button>
            ) : (
              <button type="button" className="font-semibold text-brand-700 underline" onClick={() => switchTo("register")}>
                {t("ui_account_no_account")}
              </button>
            )}
          </p>
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * After registration: the same words whether the email was new or already had an account (the
 * owner of a taken one is told by email), so this panel reveals nothing about who has an account.
 */
function RegisteredNotice({ message, email, onClose }: { message: string; email: string; onClose: () => void }) {
  const t = useT();
  return (
    <div className="mt-4 space-y-3 text-stone-800">
      <p role="status" className="rounded-lg bg-brand-50 p-3 font-semibold text-brand-900">
        {message}
      </p>
      <p className="text-sm">
        {withSlot(t("ui_account_registered_link", { email: "{email}" }), "email", <span className="break-all font-semibold">{email}</span>)}
      </p>
      <p className="text-sm text-stone-600">{t("ui_account_registered_spam")}</p>
      <button type="button" onClick={onClose} className="h-11 w-full rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800">
        {t("ui_account_ok")}
      </button>
    </div>
  );
}
