import { data, Form, Link } from "react-router";
import type { Route } from "./+types/offer-edit";
import { requireVendorAction, requireVendorPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { m } from "~/platform/i18n/i18n.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { OfferFormSchema } from "~/features/offers/domain/offer-form";
import { createOffer, formTargets, getOffer, OfferRefused, updateOffer } from "~/features/offers/server/admin-offers.server";
import { OfferFields, type OfferWords, offerFormValues } from "~/features/offers/ui/offer-fields";
import { vendorTitle } from "~/features/vendor-shops/ui/vendor-words";
import { useT } from "~/platform/i18n/i18n";

/**
 * A vendor's offer (issue 31): on their own products only (the server resolves each SKU and refuses
 * another vendor's), funded by them, and waiting for the admin's approval after each change.
 */
export const meta: Route.MetaFunction = ({ matches }) => vendorTitle(matches, "ui_vendor_title_offers");

export async function loader({ request, params }: Route.LoaderArgs) {
  const vendor = await requireVendorPage(request);
  if (!params.id) return { offer: null, shown: { targetIds: [], getSkus: [] } };
  const offer = await getOffer(params.id);
  if (!offer || offer.vendorId !== vendor.id) throw data("Not found", { status: 404 });
  return { offer, shown: await formTargets(offer) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const vendor = await requireVendorAction(request);
  const fields = await readFields(request);
  // "All my products" names no SKU: the vendor is the target (the server sets it whatever is sent).
  const parsed = OfferFormSchema.safeParse(fields.target === "vendor" ? { ...fields, targetIds: vendor.id } : fields);
  if (!parsed.success)
    return data({ errors: formErrors(parsed.error) as Record<string, string | undefined>, values: fields }, { status: 400 });
  try {
    if (params.id) await updateOffer(params.id, parsed.data, new Date(), { vendorId: vendor.id });
    else await createOffer(parsed.data, new Date(), { vendorId: vendor.id });
  } catch (error) {
    if (error instanceof OfferRefused) {
      return data(
        { errors: { [error.field ?? "form"]: renderRefusal(error.refusal) } as Record<string, string | undefined>, values: fields },
        { status: error.status },
      );
    }
    throw error;
  }
  return redirectWithToast("/vendor-login/offers", { description: m.ui_vendor_offers_saved() });
}

export default function VendorOfferEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { offer } = loaderData;
  const values =
    actionData?.values ?? offerFormValues(offer, loaderData.shown, { kind: "automatic", discountType: "percent", target: "vendor" });
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const words: OfferWords = {
    kind: t("ui_vendor_offer_kind"),
    kindCoupon: t("ui_vendor_offer_kind_coupon"),
    kindAutomatic: t("ui_vendor_offer_kind_automatic"),
    code: t("ui_vendor_offer_code"),
    codeHint: t("ui_vendor_offer_code_hint"),
    name: t("ui_vendor_offer_name"),
    nameHi: t("ui_vendor_offer_name_hi"),
    discount: t("ui_vendor_offer_discount"),
    discountPercent: t("ui_vendor_offer_discount_percent"),
    discountFixed: t("ui_vendor_offer_discount_fixed"),
    discountFree: t("ui_vendor_offer_discount_free"),
    discountBuyGet: t("ui_vendor_offer_discount_buy_get"),
    percent: t("ui_vendor_offer_percent"),
    amount: t("ui_vendor_offer_amount"),
    buyQuantity: t("ui_vendor_offer_buy"),
    getQuantity: t("ui_vendor_offer_get"),
    getSkus: t("ui_vendor_offer_get_skus"),
    getSkusHint: t("ui_vendor_offer_get_skus_hint"),
    appliesTo: t("ui_vendor_offer_applies"),
    targetCart: t("ui_vendor_offer_target_vendor"),
    targetVendor: t("ui_vendor_offer_target_vendor"),
    targetProducts: t("ui_vendor_offer_target_products"),
    targetVariants: t("ui_vendor_offer_target_variants"),
    targetCategories: "",
    targetCrops: "",
    which: t("ui_vendor_offer_which"),
    whichHint: t("ui_vendor_offer_which_hint"),
    minCart: t("ui_vendor_offer_min_cart"),
    minQuantity: t("ui_vendor_offer_min_quantity"),
    states: "",
    statesHint: "",
    pincodes: t("ui_vendor_offer_pincodes"),
    pincodesHint: t("ui_vendor_offer_pincodes_hint"),
    firstOrderOnly: "",
    startsAt: t("ui_vendor_offer_starts"),
    startsHint: t("ui_vendor_offer_starts_hint"),
    endsAt: t("ui_vendor_offer_ends"),
    endsHint: t("ui_vendor_offer_ends_hint"),
    maxUses: t("ui_vendor_offer_max_uses"),
    usesPerCustomer: t("ui_vendor_offer_uses_per_customer"),
    budget: t("ui_vendor_offer_budget"),
    stacks: "",
  };
  return (
    <div>
      <Link to="/vendor-login/offers" className="text-sm font-semibold text-brand-800 hover:underline">
        {t("ui_vendor_offers_back")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-stone-900">
        {offer ? `${t("ui_vendor_offers_edit")}: ${offer.name}` : t("ui_vendor_offers_new")}
      </h1>
      <FormError message={errors.form} />
      <Form
        method="post"
        key={JSON.stringify(values)}
        className="mt-4 grid max-w-3xl gap-4 rounded-xl bg-white p-5 ring-1 ring-stone-200 sm:grid-cols-2"
        noValidate
      >
        <OfferFields values={values} errors={errors} words={words} mode="vendor" />
        <div className="sm:col-span-2">
          <button type="submit" className="h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
            {t("ui_vendor_offers_save")}
          </button>
        </div>
      </Form>
    </div>
  );
}
