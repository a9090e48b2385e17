import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import X from "lucide-react/icons/x";
import { FIELD_MAX, PASSWORD_MAX, PASSWORD_RULE } from "~/domain/account-rules";
import { AUTH_UNEXPECTED } from "~/domain/messages";
import { MobileSignInSwitch } from "./mobile-sign-in";
import { StateSelect } from "./state-select";
import { TextField } from "./ui/text-field";
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
  const mode = authModeOf(location.search);
  const dialog = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<Result>({ key: "auth-dialog" });
  const [formKey, setFormKey] = useState(0);
  const [showPassword, setShowPassword] = useState(false);
  // The address the registration form was sent with: the "check your email" panel names it.
  const [sentTo, setSentTo] = useState("");
  // "Use mobile number instead": the email form stays mounted (hidden) so its fields survive a switch back.
  const [withMobile, setWithMobile] = useState(false);
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
    setWithMobile(false);
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
  const error = result && !result.ok ? result.error || AUTH_UNEXPECTED : null;
  const register = mode === "register";
  const registered = result?.ok && result.registered ? result : null;

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
              {registered ? "Check your email" : register ? "Create your account" : "Login to Angle"}
            </h2>
            <button type="button" onClick={close} className="-m-2 rounded-md p-2 text-stone-600 hover:bg-stone-100" aria-label="Close">
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
              className="mt-4"
              noValidate
              hidden={withMobile}
              onSubmit={(e) => setSentTo(String(new FormData(e.currentTarget).get("email") ?? "").trim())}
            >
              <input type="hidden" name="intent" value={mode} />
              <fieldset disabled={submitting} className="space-y-3">
                {register ? (
                  <TextField
                    label="Full name"
                    name="name"
                    autoComplete="name"
                    required
                    maxLength={FIELD_MAX.name}
                    error={fields.name}
                    autoFocus
                  />
                ) : null}
                <TextField
                  label="Email"
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
                    label="Password"
                    name="password"
                    type={showPassword ? "text" : "password"}
                    autoComplete={register ? "new-password" : "current-password"}
                    required
                    maxLength={PASSWORD_MAX}
                    hint={register ? PASSWORD_RULE : undefined}
                    error={fields.password}
                  />
                  <button
                    type="button"
                    onClick={() => setShowPassword((s) => !s)}
                    className="absolute right-1 top-7 flex h-9 w-9 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100"
                    aria-label={showPassword ? "Hide password" : "Show password"}
                    aria-pressed={showPassword}
                  >
                    {showPassword ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
                  </button>
                </div>
                {register ? null : (
                  <p className="text-sm">
                    <a href="/forgot-password" className="font-semibold text-brand-700 underline">
                      Forgot password?
                    </a>
                  </p>
                )}
                {register ? (
                  <>
                    <TextField
                      label="Phone"
                      name="phone"
                      type="tel"
                      autoComplete="tel"
                      required
                      placeholder="+91 98765 43210"
                      maxLength={FIELD_MAX.phone}
                      error={fields.phone}
                    />
                    <TextField
                      label="Street address"
                      name="street"
                      autoComplete="street-address"
                      required
                      maxLength={FIELD_MAX.street}
                      error={fields.street}
                    />
                    <div className="grid grid-cols-2 gap-3">
                      <TextField
                        label="City"
                        name="city"
                        autoComplete="address-level2"
                        required
                        maxLength={FIELD_MAX.city}
                        error={fields.city}
                      />
                      <StateSelect label="State" error={fields.state} />
                    </div>
                    <TextField
                      label="Pincode"
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
                  {submitting ? "Processing..." : register ? "Create Account" : "Login"}
                </button>
              </fieldset>
            </fetcher.Form>
          )}
          {registered ? null : <MobileSignInSwitch active={withMobile} onChange={setWithMobile} onSignedIn={close} />}
          <p className="mt-4 text-center text-sm text-stone-700">
            {register ? (
              <button type="button" className="font-semibold text-brand-700 underline" onClick={() => switchTo("login")}>
                Already have an account? Sign in
              </button>
            ) : (
              <button type="button" className="font-semibold text-brand-700 underline" onClick={() => switchTo("register")}>
                Don't have an account? Sign up
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
  return (
    <div className="mt-4 space-y-3 text-stone-800">
      <p role="status" className="rounded-lg bg-brand-50 p-3 font-semibold text-brand-900">
        {message}
      </p>
      <p className="text-sm">
        We have sent a link to <span className="break-all font-semibold">{email}</span>. Open it within 24 hours to confirm your address; it
        signs you in.
      </p>
      <p className="text-sm text-stone-600">No email after a few minutes? Look in the spam folder, or sign in and ask for a new link.</p>
      <button type="button" onClick={onClose} className="h-11 w-full rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800">
        OK
      </button>
    </div>
  );
}
