import { data, Link, useFetcher, useRouteLoaderData } from "react-router";
import { useState } from "react";
import BarChart3 from "lucide-react/icons/chart-column";
import ClipboardList from "lucide-react/icons/clipboard-list";
import Package from "lucide-react/icons/package";
import PackagePlus from "lucide-react/icons/package-plus";
import UserPen from "lucide-react/icons/user-pen";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./layout";
import { getSessionUser } from "~/platform/auth/session.server";
import { AddressFields } from "~/features/delivery/ui/address-fields";
import { TextField } from "~/ui/text-field";
import { FIELD_MAX, PASSWORD_MAX, PASSWORD_MIN } from "~/features/accounts/domain/account-rules";
import { LoginSchema } from "~/features/accounts/domain/account";
import { VendorRegisterSchema } from "~/features/vendor-shops/domain/vendor";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { clearSessionCookie, signInAtDoor } from "~/features/accounts/server/sign-in.server";
import { clientAddress } from "~/platform/rate-limit/rate-limit.server";
import { registerVendor } from "~/features/vendor-shops/server/register-vendor.server";
import { countVendorStats } from "~/features/vendor-shops/server/vendor-orders.server";
import { log } from "~/platform/log.server";
import { readFields } from "~/platform/http/read-form.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { m } from "~/platform/i18n/i18n.server";
import { useT } from "~/platform/i18n/i18n";
import { useStateName } from "~/features/delivery/ui/use-state-name";

type Result = { ok: boolean; error?: string; fields?: Record<string, string>; message?: string };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user?.role !== "vendor") return { stats: null };
  return { stats: await countVendorStats(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFields(request);
  const meta = { ip: clientAddress(request), headers: request.headers };
  try {
    if (form.intent === "register") {
      const parsed = VendorRegisterSchema.safeParse(form);
      if (!parsed.success) {
        const fields = formErrors(parsed.error) as Record<string, string>;
        return data<Result>({ ok: false, error: Object.values(fields)[0], fields }, { status: 400 });
      }
      // The same answer whether or not the email has an account: the link in the email signs in.
      await registerVendor(parsed.data, meta);
      return data<Result>({ ok: true, message: m.vendor_registration_sent() });
    }
    const parsed = LoginSchema.safeParse(form);
    if (!parsed.success) {
      const fields = formErrors(parsed.error) as Record<string, string>;
      return data<Result>({ ok: false, error: Object.values(fields)[0], fields }, { status: 400 });
    }
    const { headers } = await signInAtDoor("vendor", parsed.data, meta);
    const out = new Headers();
    for (const c of headers.getSetCookie()) out.append("Set-Cookie", c);
    return data<Result>({ ok: true }, { headers: out });
  } catch (error) {
    if (error instanceof RefusalError) {
      // A refused sign-in (wrong door, suspended) leaves no session cookie behind.
      const headers = error.status === 403 ? { "Set-Cookie": clearSessionCookie() } : undefined;
      return data<Result>({ ok: false, error: renderRefusal(error.refusal) }, { status: error.status, headers });
    }
    log.error({ err: error }, "vendor auth failed");
    return data<Result>({ ok: false, error: renderRefusal(refusal("vendor.auth_error")) }, { status: 500 });
  }
}

export default function VendorHome({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/vendor-login/layout");
  const vendor = layout?.vendor;
  const t = useT();
  const stateName = useStateName();
  if (!vendor || !loaderData.stats) return <VendorAuth />;
  const { stats } = loaderData;
  const actions = [
    { to: "/vendor-login/products/new", label: t("ui_vendor_add_product"), icon: PackagePlus },
    { to: "/vendor-login/products", label: t("ui_vendor_view_products"), icon: Package },
    { to: "/vendor-login/orders", label: t("ui_vendor_manage_orders"), icon: ClipboardList },
    { to: "/vendor-login/analytics", label: t("ui_vendor_nav_analytics"), icon: BarChart3 },
  ];
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_welcome", { name: vendor.businessName })}</h1>
      <div className="mt-6 grid gap-4 lg:grid-cols-[2fr_1fr]">
        <section className="rounded-xl bg-white p-5 ring-1 ring-stone-200" aria-labelledby="profile-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="profile-title" className="text-lg font-bold">
              {t("ui_vendor_business_profile")}
            </h2>
            <Link
              to="/vendor-login/profile"
              className="inline-flex items-center gap-1.5 rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-semibold"
            >
              <UserPen className="h-4 w-4" aria-hidden="true" /> {t("ui_vendor_edit_profile")}
            </Link>
          </div>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-stone-600">{t("ui_vendor_business_name")}</dt>
              <dd className="font-semibold">{vendor.businessName}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t("ui_vendor_email")}</dt>
              <dd className="break-all font-semibold">{vendor.email}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t("ui_vendor_phone")}</dt>
              <dd className="font-semibold">{vendor.phone}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{t("ui_vendor_gstin")}</dt>
              <dd className="font-mono font-semibold">{vendor.gstNumber}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-stone-600">{t("ui_vendor_address")}</dt>
              <dd className="font-semibold">
                {vendor.address.street}, {vendor.address.city}, {stateName(vendor.address.state)} {vendor.address.pincode}
              </dd>
            </div>
          </dl>
        </section>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-1">
          <div className="rounded-xl bg-white p-5 ring-1 ring-stone-200">
            <p className="text-sm text-stone-600">{t("ui_vendor_products_listed")}</p>
            <p className="text-3xl font-bold" data-testid="products-listed">
              {stats.products}
            </p>
          </div>
          <div className="rounded-xl bg-white p-5 ring-1 ring-stone-200">
            <p className="text-sm text-stone-600">{t("ui_vendor_orders_received")}</p>
            <p className="text-3xl font-bold" data-testid="orders-received">
              {stats.orders}
            </p>
          </div>
        </div>
      </div>
      <ul className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {actions.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex flex-col items-center gap-2 rounded-xl bg-white p-4 text-center font-semibold text-stone-900 ring-1 ring-stone-200 hover:ring-brand-600"
            >
              <Icon className="h-6 w-6 text-brand-700" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function VendorAuth() {
  const [mode, setMode] = useState<"login" | "register">("login");
  const fetcher = useFetcher<Result>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const fields = result && !result.ok ? (result.fields ?? {}) : {};
  const register = mode === "register";
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-stone-900">{register ? t("ui_vendor_register_title") : t("ui_vendor_login_title")}</h1>
      <p className="mt-1 text-stone-600">{t("ui_vendor_pitch")}</p>
      {result?.ok && result.message ? (
        <div className="mt-5 space-y-2 rounded-xl bg-white p-5 ring-1 ring-stone-200">
          <p role="status" className="rounded-lg bg-brand-50 p-3 font-semibold text-brand-900">
            {result.message}
          </p>
          <p className="text-sm text-stone-700">{t("ui_vendor_registration_next")}</p>
        </div>
      ) : null}
      <fetcher.Form key={mode} method="post" noValidate className="mt-5 rounded-xl bg-white p-5 ring-1 ring-stone-200">
        <input type="hidden" name="intent" value={mode} />
        <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-2">
          {register ? (
            <TextField
              className="sm:col-span-2"
              label={t("ui_vendor_business_name")}
              name="businessName"
              required
              maxLength={FIELD_MAX.businessName}
              autoComplete="organization"
              error={fields.businessName}
            />
          ) : null}
          <TextField
            className="sm:col-span-2"
            label={t("ui_vendor_email")}
            name="email"
            type="email"
            required
            maxLength={FIELD_MAX.email}
            autoComplete="email"
            error={fields.email}
          />
          <TextField
            className="sm:col-span-2"
            label={t("ui_vendor_password")}
            name="password"
            type="password"
            required
            maxLength={PASSWORD_MAX}
            autoComplete={register ? "new-password" : "current-password"}
            hint={register ? t("ui_vendor_password_rule", { min: PASSWORD_MIN }) : undefined}
            error={fields.password}
          />
          {register ? null : (
            <p className="text-sm sm:col-span-2">
              <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
                {t("ui_vendor_forgot_password")}
              </Link>
            </p>
          )}
          {register ? (
            <>
              <TextField
                label={t("ui_vendor_phone")}
                name="phone"
                type="tel"
                required
                placeholder="+91 98765 43210"
                maxLength={FIELD_MAX.phone}
                autoComplete="tel"
                error={fields.phone}
              />
              <TextField
                label={t("ui_vendor_gst_number")}
                name="gstNumber"
                required
                maxLength={15}
                placeholder="22AAAAA0000A1Z5"
                hint={t("ui_vendor_gstin_hint")}
                className="uppercase"
                error={fields.gstNumber}
              />
              <AddressFields errors={fields} />
            </>
          ) : null}
          {result && !result.ok ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 sm:col-span-2">
              {result.error || t("ui_vendor_auth_error")}
            </p>
          ) : null}
          <button
            type="submit"
            className="h-11 rounded-lg bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:col-span-2"
          >
            {busy ? t("ui_vendor_processing") : register ? t("ui_vendor_register") : t("ui_vendor_login")}
          </button>
        </fieldset>
      </fetcher.Form>
      <p className="mt-4 text-center text-sm">
        <button type="button" onClick={() => setMode(register ? "login" : "register")} className="font-semibold text-brand-700 underline">
          {register ? t("ui_vendor_switch_to_login") : t("ui_vendor_switch_to_register")}
        </button>
      </p>
      <ul className="mt-8 grid gap-3 text-sm text-stone-700 sm:grid-cols-3">
        {[
          [t("ui_vendor_benefit_reach_title"), t("ui_vendor_benefit_reach_text")],
          [t("ui_vendor_benefit_listings_title"), t("ui_vendor_benefit_listings_text")],
          [t("ui_vendor_benefit_orders_title"), t("ui_vendor_benefit_orders_text")],
        ].map(([title, text]) => (
          <li key={title} className="rounded-xl bg-white p-4 ring-1 ring-stone-200">
            <p className="font-semibold text-stone-900">{title}</p>
            <p className="mt-1">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
