import { data, Form, Link } from "react-router";
import type { Route } from "./+types/offer-edit";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { OfferFormSchema } from "~/features/offers/domain/offer-form";
import { createOffer, formTargets, getOffer, OfferRefused, updateOffer } from "~/features/offers/server/admin-offers.server";
import { OfferFields, type OfferWords, offerFormValues } from "~/features/offers/ui/offer-fields";
import { listCustomerGroups } from "~/features/price-lists/server/admin-customer-groups.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.offer ? "Edit offer" : "New offer"} · Angle Admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  // The groups an offer may be for (decision 054).
  const groups = (await listCustomerGroups()).map((g) => ({ id: g.id, name: g.name }));
  if (!params.id) return { offer: null, shown: { targetIds: [], getSkus: [] }, groups };
  const offer = await getOffer(params.id);
  if (!offer) throw data("Not found", { status: 404 });
  return { offer, shown: await formTargets(offer), groups };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdminAction(request);
  const fields = await readFields(request);
  const parsed = OfferFormSchema.safeParse(fields);
  if (!parsed.success)
    return data({ errors: formErrors(parsed.error) as Record<string, string | undefined>, values: fields }, { status: 400 });
  try {
    if (params.id) await updateOffer(params.id, parsed.data);
    else await createOffer(parsed.data);
  } catch (error) {
    if (error instanceof OfferRefused) {
      const message = renderRefusal(error.refusal);
      return data(
        { errors: { [error.field ?? "form"]: message } as Record<string, string | undefined>, values: fields },
        { status: error.status },
      );
    }
    throw error;
  }
  return redirectWithToast("/admin/offers", {
    description: params.id ? `Offer “${parsed.data.name}” saved.` : `Offer “${parsed.data.name}” created.`,
  });
}

/** The form's words on the admin's (English) page. */
const ADMIN_WORDS: OfferWords = {
  kind: "Kind",
  kindCoupon: "Coupon (a code)",
  kindAutomatic: "Automatic (no code)",
  code: "Coupon code",
  codeHint: "Letters and digits; not needed for an automatic offer.",
  name: "Name (English)",
  nameHi: "Name (Hindi, optional)",
  discount: "Discount",
  discountPercent: "A percentage off",
  discountFixed: "A sum off (rupees)",
  discountFree: "Free delivery",
  discountBuyGet: "Buy X get Y",
  percent: "Percentage off (1–100)",
  amount: "Rupees off",
  buyQuantity: "Buy X: how many to buy",
  getQuantity: "Get Y: how many are given",
  getSkus: "Y: the pack sizes given (SKUs)",
  getSkusHint: "Empty: the same pack sizes as the ones bought. Each unit given is free, or at the percentage off above.",
  appliesTo: "Applies to",
  targetCart: "The whole cart",
  targetProducts: "Products (by a pack size's SKU)",
  targetVariants: "Pack sizes (SKUs)",
  targetCategories: "Categories (keys, e.g. seeds)",
  targetCrops: "Crops (keys, e.g. tomato)",
  targetVendor: "A vendor's products (vendor ids)",
  which: "Which ones",
  whichHint:
    "SKUs for products and pack sizes (as in the products list), keys or ids for the others; separated by commas or lines; empty for the whole cart.",
  minCart: "Minimum cart value (rupees)",
  minQuantity: "Minimum quantity",
  states: "States (GST codes)",
  statesHint: "e.g. 27, 29; empty for every State.",
  pincodes: "Delivery pincodes",
  pincodesHint: "e.g. 411001, 4130* (every pincode starting 4130); empty for everywhere.",
  firstOrderOnly: "First order only",
  startsAt: "Starts (India time)",
  startsHint: "Empty: now.",
  endsAt: "Ends (India time)",
  endsHint: "Empty: no end.",
  maxUses: "Total uses allowed",
  usesPerCustomer: "Uses per customer",
  budget: "Budget (rupees)",
  stacks: "Stacks on other offers (automatic only)",
};

const BLANK_OFFER = { kind: "coupon", discountType: "percent", target: "cart" };

export default function AdminOfferEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, groups } = loaderData;
  const values: Record<string, string> = actionData?.values ?? offerFormValues(offer, loaderData.shown, BLANK_OFFER);
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  // The form's values are the server's after a refusal: a new key re-mounts the fields with them.
  const key = JSON.stringify(values);
  return (
    <div>
      <Link to="/admin/offers" className="text-sm font-semibold text-brand-800 hover:underline">
        ← Offers
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-stone-900">{offer ? `Edit offer: ${offer.name}` : "New offer"}</h1>
      {offer ? (
        <p className="mt-1 text-sm text-stone-600">
          Used {offer.uses} times; status {offer.status}
          {offer.vendorId ? `; funded by its vendor, ${offer.approval === "pending" ? "awaiting approval" : offer.approval}` : ""}. Pause,
          resume or end it from the list.
        </p>
      ) : null}
      <FormError message={errors.form} />
      <Form
        method="post"
        key={key}
        className="mt-4 grid max-w-3xl gap-4 rounded-xl bg-white p-5 ring-1 ring-stone-200 sm:grid-cols-2"
        noValidate
      >
        <OfferFields values={values} errors={errors} words={ADMIN_WORDS} mode="admin" />
        <div>
          <label htmlFor="offer-group" className="mb-1 block text-sm font-medium text-stone-800">
            Customer group
          </label>
          <select
            id="offer-group"
            name="customerGroup"
            defaultValue={values.customerGroup ?? ""}
            aria-invalid={errors.customerGroup ? true : undefined}
            aria-describedby="offer-group-hint"
            className="h-10 w-full rounded-lg border border-stone-300 bg-white px-3 focus:border-brand-600 focus:outline-none"
          >
            <option value="">Everyone</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          <p id="offer-group-hint" className="mt-1 text-sm text-stone-600">
            Only the group's members get it (groups: Customers → Customer groups).
          </p>
          {errors.customerGroup ? <p className="mt-1 text-sm text-red-700">{errors.customerGroup}</p> : null}
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className="h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
            {offer ? "Save offer" : "Create offer"}
          </button>
        </div>
      </Form>
    </div>
  );
}
