import { data, Form, Link } from "react-router";
import type { Route } from "./+types/offers";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { Pager } from "~/ui/pager";
import { FormError } from "~/ui/form-error";
import { formatPaise } from "~/platform/core/money";
import { readPageRequest } from "~/platform/core/pagination";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { m } from "~/platform/i18n/i18n.server";
import { firstRefusal, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { refusal } from "~/platform/core/refusal";
import { OfferStatusSchema } from "~/features/offers/domain/offer-form";
import { listOffers, setOfferStatus } from "~/features/offers/server/admin-offers.server";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { type UiKey, useT } from "~/platform/i18n/i18n";

/** A vendor's own offers (issue 31, docs/decisions/050-offers.md): listed, paused, resumed or ended; new ones wait for approval. */
export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_offers");

export async function loader({ request }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  return { page: await listOffers(readPageRequest(new URL(request.url).searchParams), vendor.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  const parsed = OfferStatusSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: renderRefusal(firstRefusal(parsed.error)) }, { status: 400 });
  const { intent, id } = parsed.data;
  // A vendor cannot approve their own offer, nor change another's: setOfferStatus refuses both.
  if (!(await setOfferStatus(id, intent, new Date(), vendor.id)))
    return data({ error: renderRefusal(refusal("offers.not_found")) }, { status: 409 });
  return redirectWithToast(`/vendor-login/offers${new URL(request.url).search}`, { description: m.ui_vendor_offers_done() });
}

const STATE_WORD: Record<string, UiKey> = {
  pending: "ui_vendor_offers_pending",
  rejected: "ui_vendor_offers_rejected",
  active: "ui_vendor_offers_active",
  paused: "ui_vendor_offers_paused",
  ended: "ui_vendor_offers_ended",
};

export default function VendorOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">{t("ui_vendor_nav_offers")}</h1>
        <Link
          to="/vendor-login/offers/new"
          className="inline-flex h-11 items-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          {t("ui_vendor_offers_new")}
        </Link>
      </div>
      <p className="mt-1 text-sm text-stone-600">{t("ui_vendor_offers_intro")}</p>
      <FormError message={actionData?.error} />
      {page.rows.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-stone-600 ring-1 ring-stone-200">{t("ui_vendor_offers_none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100 rounded-xl bg-white ring-1 ring-stone-200">
          {page.rows.map((o) => {
            const state = o.approval === "approved" ? o.status : o.approval;
            const d = o.discount;
            return (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="vendor-offer">
                <div>
                  <Link to={`/vendor-login/offers/${o.id}`} className="font-semibold text-brand-800 hover:underline">
                    {o.name}
                  </Link>
                  <p className="text-xs text-stone-600">
                    {o.code ?? ""} {d.type === "percent" ? `${d.percent}%` : d.type === "fixed" ? formatPaise(d.paise) : ""}
                    {d.type === "buy_x_get_y" ? `${d.buy} + ${d.get}` : ""} · {t("ui_vendor_offers_used", { count: o.uses })}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <span className="rounded bg-stone-100 px-2 py-0.5 text-xs font-semibold" data-testid="vendor-offer-state">
                    {t(STATE_WORD[state] ?? "ui_vendor_offers_active")}
                  </span>
                  {o.status === "active" ? <StatusButton id={o.id} intent="pause" label={t("ui_vendor_offers_pause")} /> : null}
                  {o.status === "paused" ? <StatusButton id={o.id} intent="resume" label={t("ui_vendor_offers_resume")} /> : null}
                  {o.status !== "ended" ? <StatusButton id={o.id} intent="end" label={t("ui_vendor_offers_end")} /> : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={page} noun={[t("ui_vendor_noun_offer_one"), t("ui_vendor_noun_offer_other")]} className="mt-4" />
    </div>
  );
}

function StatusButton({ id, intent, label }: { id: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="min-h-11 rounded-md border border-stone-300 px-3 text-sm font-semibold">
        {label}
      </button>
    </Form>
  );
}
