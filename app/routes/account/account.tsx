import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { getSessionUser } from "~/platform/auth/session.server";
import { StateSelect } from "~/features/delivery/ui/state-select";
import { TextField } from "~/ui/text-field";
import { AccountSecurity } from "~/features/accounts/ui/account-security";
import { MessagePreferences } from "~/features/accounts/ui/message-preferences";
import { PhoneVerification } from "~/features/accounts/ui/phone-verification";
import { VerifyEmailBanner } from "~/features/accounts/ui/verify-email-banner";
import { ChangeEmailSchema, ChangePasswordSchema, ProfileSchema } from "~/features/accounts/domain/account";
import { formatMobile } from "~/features/accounts/domain/mobile";
import { shownContact } from "~/features/accounts/domain/contact";
import { CodeSchema, MessagePreferencesSchema } from "~/features/accounts/domain/mobile-forms";
import { FIELD_MAX } from "~/features/accounts/domain/account-rules";
import { firstError } from "~/platform/core/form-errors";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";
import { safeReturnPath } from "~/platform/http/safe-return-path";
import { changePassword } from "~/features/accounts/server/change-password.server";
import { loadMessagePreferences, saveMessagePreferences } from "~/features/accounts/server/message-preferences.server";
import { updateProfile } from "~/features/accounts/server/update-profile.server";
import { confirmPhoneVerification, sendPhoneVerification } from "~/features/accounts/server/verify-phone.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";
import { requestEmailChange } from "~/features/accounts/server/change-email.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";
import { useLocalePath } from "~/ui/use-locale-path";
import { withSlot } from "~/ui/message-slot";
import { LANGUAGE_NAMES, LOCALES } from "~/platform/i18n/locale";
import { BusinessBuyerSchema } from "~/features/tax/domain/business-buyer";
import { getBusinessBuyer, removeBusinessBuyer, saveBusinessBuyer } from "~/features/tax/server/business-buyer.server";
import { BusinessDetails } from "~/features/tax/ui/business-details";
import { indianStateByGstCode } from "~/platform/core/indian-states";
import { getAgent } from "~/features/agents/server/agents.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "My account · Angle" },
  { name: "robots", content: "noindex" },
];

/** Signed in (any role: vendors and admins change their password here too), or to the sign-in dialog. */
async function requireSignedIn(request: Request) {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/?auth=login");
  return user;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireSignedIn(request);
  const customer = user.role === "user";
  const [messages, business, agent] = await Promise.all([
    customer ? loadMessagePreferences(user.id) : null,
    customer ? getBusinessBuyer(user.id) : null,
    customer ? getAgent(user.id) : null,
  ]);
  return {
    title: m.account_title_account(),
    locale: currentLocale(),
    user: {
      name: user.name,
      // A mobile account's placeholder address is never shown.
      email: shownContact(user).email ?? "",
      mobile: user.mobile ? formatMobile(user.mobile) : "",
      phone: user.phone,
      address: user.address,
      role: user.role,
      verified: user.verified,
    },
    messages,
    // Field agents (docs/decisions/065-field-agents.md): an agent's pages, or the way to become one.
    agentLink: customer
      ? agent
        ? { to: "/agent", label: m.agents_account_open() }
        : { to: "/agent/register", label: m.agents_account_become() }
      : null,
    business: business && {
      ...business,
      stateName: indianStateByGstCode(business.gstin.slice(0, 2))?.name ?? business.gstin.slice(0, 2),
    },
  };
}

type Refusal = {
  intent: "profile" | "password" | "messages" | "email" | "phone" | "business";
  error: string;
  fields: Record<string, string>;
};

/** Where a change made from another page (the vendor area's profile) comes back to: a path of this site only. */
const backTo = (value: string | undefined, url: URL) => safeReturnPath(value, samePage(url));

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireSignedIn(request);
  const form = await readFields(request);
  if (form.intent === "password") {
    const parsed = ChangePasswordSchema.safeParse(form);
    if (!parsed.success) {
      const fields = formErrors(parsed.error);
      return data<Refusal>({ intent: "password", error: firstError(fields), fields }, { status: 400 });
    }
    let cookies: Headers;
    try {
      cookies = await changePassword(
        user,
        { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password },
        { headers: request.headers },
      );
    } catch (error) {
      if (error instanceof RefusalError) {
        const message = renderRefusal(error.refusal);
        const fields: Record<string, string> = error.status === 400 ? { currentPassword: message } : {};
        return data<Refusal>({ intent: "password", error: message, fields }, { status: error.status });
      }
      throw error;
    }
    const headers = new Headers();
    for (const cookie of cookies.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirectWithToast(backTo(form.back, url), { description: m.account_password_changed() }, { headers });
  }
  if (form.intent === "email") {
    const parsed = ChangeEmailSchema.safeParse(form);
    if (!parsed.success) {
      const fields = formErrors(parsed.error);
      return data<Refusal>({ intent: "email", error: firstError(fields), fields }, { status: 400 });
    }
    try {
      await requestEmailChange(user, parsed.data.newEmail, { ip: clientAddress(request), headers: request.headers });
    } catch (error) {
      if (error instanceof RefusalError) {
        const message = renderRefusal(error.refusal);
        const fields: Record<string, string> = error.status === 400 ? { newEmail: message } : {};
        return data<Refusal>({ intent: "email", error: message, fields }, { status: error.status });
      }
      throw error;
    }
    // The same words whether or not the address has an account elsewhere.
    return redirectWithToast(backTo(form.back, url), {
      description: m.account_email_change_sent({ email: parsed.data.newEmail }),
    });
  }
  if (form.intent === "messages") {
    if (user.role !== "user")
      return data<Refusal>({ intent: "messages", error: m.account_messages_only_customers(), fields: {} }, { status: 403 });
    try {
      await saveMessagePreferences(user, MessagePreferencesSchema.parse(form));
    } catch (error) {
      if (!(error instanceof RefusalError)) throw error;
      const message = renderRefusal(error.refusal);
      return data<Refusal>({ intent: "messages", error: message, fields: { smsOrderUpdates: message } }, { status: error.status });
    }
    return redirectWithToast(samePage(url), { description: m.account_messages_saved() });
  }
  if (form.intent === "business" || form.intent === "business-remove") {
    // A tax invoice in a business's name is for a customer's own orders (docs/decisions/051-business-buyers.md).
    if (user.role !== "user")
      return data<Refusal>({ intent: "business", error: m.account_business_only_customers(), fields: {} }, { status: 403 });
    if (form.intent === "business-remove") {
      await removeBusinessBuyer(user.id);
      return redirectWithToast(samePage(url), { description: m.account_business_removed() });
    }
    const parsed = BusinessBuyerSchema.safeParse(form);
    if (!parsed.success) {
      const fields = formErrors(parsed.error);
      return data<Refusal>({ intent: "business", error: firstError(fields), fields }, { status: 400 });
    }
    await saveBusinessBuyer(user.id, parsed.data);
    return redirectWithToast(samePage(url), { description: m.account_business_saved() });
  }
  if (form.intent === "send-phone-code" || form.intent === "verify-phone") {
    if (user.role !== "user")
      return data<Refusal>({ intent: "phone", error: m.account_messages_only_customers(), fields: {} }, { status: 403 });
    const meta = { ip: clientAddress(request), locale: currentLocale() };
    try {
      if (form.intent === "send-phone-code") {
        const mobile = await sendPhoneVerification(user, meta);
        return redirectWithToast(samePage(url), { description: m.account_phone_code_sent({ mobile: formatMobile(mobile) }) });
      }
      const code = CodeSchema.safeParse(form.code ?? "");
      if (!code.success) {
        const message = renderRefusal(refusal("account.code_invalid"));
        return data<Refusal>({ intent: "phone", error: message, fields: { code: message } }, { status: 400 });
      }
      const mobile = await confirmPhoneVerification(user, code.data, meta);
      return redirectWithToast(samePage(url), { description: m.account_phone_verified({ mobile: formatMobile(mobile) }) });
    } catch (error) {
      if (!(error instanceof RefusalError)) throw error;
      const message = renderRefusal(error.refusal);
      return data<Refusal>({ intent: "phone", error: message, fields: { code: message } }, { status: error.status });
    }
  }
  if (user.role !== "user")
    return data<Refusal>({ intent: "profile", error: m.account_address_only_customers(), fields: {} }, { status: 403 });
  const parsed = ProfileSchema.safeParse(form);
  if (!parsed.success) {
    const fields = formErrors(parsed.error);
    return data<Refusal>({ intent: "profile", error: firstError(fields), fields }, { status: 400 });
  }
  try {
    await updateProfile(user, parsed.data);
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    const message = renderRefusal(error.refusal);
    return data<Refusal>({ intent: "profile", error: message, fields: { phone: message } }, { status: error.status });
  }
  return redirectWithToast(samePage(url), { description: m.account_details_saved() });
}

const button = "h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, messages } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const profile = actionData?.intent === "profile" ? actionData : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-900">{t("ui_account_heading")}</h1>
      <p className="mt-2 break-words text-stone-600">
        {withSlot(
          t("ui_account_signed_in_as", { who: "{who}" }),
          "who",
          <span className="font-semibold">{user.email || user.mobile}</span>,
        )}
        {user.email && user.mobile ? <> · {t("ui_account_also_mobile", { mobile: user.mobile })}</> : null}
      </p>

      {user.email && !user.verified ? (
        <div className="mt-6">
          <VerifyEmailBanner email={user.email} reason={t("ui_account_verify_reason")} />
        </div>
      ) : null}

      {user.role === "user" ? (
        <section aria-labelledby="profile-heading" className="mt-8 rounded-xl border border-stone-200 bg-white p-5">
          <h2 id="profile-heading" className="text-xl font-semibold text-stone-900">
            {t("ui_account_details_heading")}
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {t("ui_account_details_hint")}{" "}
            <Link to="/account/addresses" className="font-medium text-brand-800 underline">
              {t("ui_addresses_manage")}
            </Link>
            {" · "}
            <Link to="/account/wishlist" className="font-medium text-brand-800 underline">
              {t("ui_wishlist_menu")}
            </Link>
            {loaderData.agentLink ? (
              <>
                {" · "}
                <Link to={loaderData.agentLink.to} className="font-medium text-brand-800 underline">
                  {loaderData.agentLink.label}
                </Link>
              </>
            ) : null}
          </p>
          <Form method="post" noValidate className="mt-4">
            <fieldset disabled={busy} className="space-y-4">
              <input type="hidden" name="intent" value="profile" />
              {profile?.error ? (
                <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
                  {profile.error}
                </p>
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={t("ui_account_full_name")}
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={FIELD_MAX.name}
                  defaultValue={user.name}
                  error={profile?.fields.name}
                />
                <TextField
                  label={t("ui_account_phone")}
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  required
                  placeholder="+91 98765 43210"
                  maxLength={FIELD_MAX.phone}
                  defaultValue={user.phone}
                  // Until the email is confirmed the phone stays as registered (the server refuses a new one).
                  readOnly={!user.verified}
                  hint={user.verified ? undefined : t("ui_account_phone_locked")}
                  error={profile?.fields.phone}
                />
              </div>
              <TextField
                label={t("ui_account_street")}
                name="street"
                autoComplete="street-address"
                required
                maxLength={FIELD_MAX.street}
                defaultValue={user.address.street}
                error={profile?.fields.street}
              />
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField
                  label={t("ui_account_city")}
                  name="city"
                  autoComplete="address-level2"
                  required
                  maxLength={FIELD_MAX.city}
                  defaultValue={user.address.city}
                  error={profile?.fields.city}
                />
                <StateSelect label={t("ui_account_state")} defaultValue={user.address.state} error={profile?.fields.state} />
                <TextField
                  label={t("ui_account_pincode")}
                  name="pincode"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  required
                  maxLength={6}
                  defaultValue={user.address.pincode}
                  error={profile?.fields.pincode}
                />
              </div>
              <button type="submit" className={button}>
                {t("ui_account_save_details")}
              </button>
            </fieldset>
          </Form>
        </section>
      ) : null}

      {messages ? (
        <>
          <MessagePreferences
            preferences={messages}
            locked={!user.verified}
            busy={busy}
            error={actionData?.intent === "messages" ? actionData.error : undefined}
          />
          {messages.unprovenMobile ? (
            <PhoneVerification
              mobile={formatMobile(messages.unprovenMobile)}
              locked={!user.verified}
              busy={busy}
              error={actionData?.intent === "phone" ? actionData.error : undefined}
            />
          ) : null}
        </>
      ) : null}

      {user.role === "user" ? (
        <BusinessDetails
          business={loaderData.business}
          busy={busy}
          error={actionData?.intent === "business" ? actionData.error : undefined}
          fields={actionData?.intent === "business" ? actionData.fields : undefined}
        />
      ) : null}

      <AccountSecurity
        email={user.email}
        hasPassword={Boolean(user.email)}
        back="/account"
        fallback={actionData}
        emailLocked={Boolean(user.email) && !user.verified}
      />

      <LanguagePreference current={loaderData.locale} />
    </div>
  );
}

/**
 * The language the store opens in: the switch's two links (/language remembers the choice on the
 * account as well as in this browser, and comes back here in it).
 */
function LanguagePreference({ current }: { current: string }) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <section aria-labelledby="language-heading" className="mt-8 rounded-xl border border-stone-200 bg-white p-5">
      <h2 id="language-heading" className="text-xl font-semibold text-stone-900">
        {t("ui_account_language_heading")}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t("ui_account_language_hint")}</p>
      <ul className="mt-4 flex flex-wrap gap-3">
        {LOCALES.map((locale) => (
          <li key={locale}>
            {locale === current ? (
              <span
                aria-current="true"
                lang={locale}
                className="inline-flex h-11 items-center rounded-lg border-2 border-brand-700 bg-brand-50 px-5 font-semibold text-brand-900"
              >
                {LANGUAGE_NAMES[locale]} <span className="ml-1 text-sm font-normal">{t("ui_account_language_current")}</span>
              </span>
            ) : (
              <a
                href={localePath(`/language?to=${locale}&next=/account`)}
                lang={locale}
                hrefLang={locale === "hi" ? "hi-IN" : "en-IN"}
                className="inline-flex h-11 items-center rounded-lg border border-stone-300 px-5 font-semibold text-brand-700 hover:bg-stone-50"
              >
                {LANGUAGE_NAMES[locale]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
