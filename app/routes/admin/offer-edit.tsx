import { data, Form, Link } from "react-router";
import type { Route } from "./+types/offer-edit";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { OfferFormSchema } from "~/features/offers/domain/offer-form";
import { OFFER_TARGETS, type Offer } from "~/features/offers/domain/offers";
import { createOffer, getOffer, OfferRefused, updateOffer } from "~/features/offers/server/admin-offers.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.offer ? "Edit offer" : "New offer"} · Angle Admin` }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  if (!params.id) return { offer: null };
  const offer = await getOffer(params.id);
  if (!offer) throw data("Not found", { status: 404 });
  return { offer };
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

/** An instant as `datetime-local` in India time. */
const indiaLocal = (iso: string | null) => (iso ? new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16) : "");
const rupeesOf = (paise: number | null) => (paise === null || paise === 0 ? "" : (paise / 100).toFixed(2).replace(/\.00$/, ""));

function valuesOf(offer: Offer | null): Record<string, string> {
  if (!offer) return { kind: "coupon", discountType: "percent", target: "cart" };
  const d = offer.discount;
  return {
    kind: offer.kind,
    code: offer.code ?? "",
    name: offer.name,
    nameHi: offer.nameHi ?? "",
    discountType: d.type,
    percent: d.type === "percent" ? String(d.percent) : "",
    amount: d.type === "fixed" ? rupeesOf(d.paise) : "",
    target: offer.target,
    targetIds: offer.targetIds.join(", "),
    minCart: rupeesOf(offer.minCartPaise),
    minQuantity: offer.minQuantity ? String(offer.minQuantity) : "",
    firstOrderOnly: offer.firstOrderOnly ? "on" : "",
    states: offer.states.join(", "),
    startsAt: indiaLocal(offer.startsAt),
    endsAt: indiaLocal(offer.endsAt),
    maxUses: offer.maxUses === null ? "" : String(offer.maxUses),
    usesPerCustomer: offer.usesPerCustomer === null ? "" : String(offer.usesPerCustomer),
    budget: rupeesOf(offer.budgetPaise),
    stacks: offer.stacks ? "on" : "",
  };
}

const TARGET_LABELS: Record<(typeof OFFER_TARGETS)[number], string> = {
  cart: "The whole cart",
  products: "Products (ids)",
  categories: "Categories (keys, e.g. seeds)",
  crops: "Crops (keys, e.g. tomato)",
  vendor: "A vendor's products (vendor ids)",
  variants: "Pack sizes (ids)",
};

const select = "h-10 w-full rounded-lg border border-stone-300 bg-white px-3 focus:border-brand-600 focus:outline-none";

export default function AdminOfferEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { offer } = loaderData;
  const values: Record<string, string> = actionData?.values ?? valuesOf(offer);
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const v = (name: string) => values[name] ?? "";
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
          Used {offer.uses} times; status {offer.status}. Pause, resume or end it from the list.
        </p>
      ) : null}
      <FormError message={errors.form} />
      <Form
        method="post"
        key={key}
        className="mt-4 grid max-w-3xl gap-4 rounded-xl bg-white p-5 ring-1 ring-stone-200 sm:grid-cols-2"
        noValidate
      >
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">Kind</legend>
          <div className="flex gap-4">
            {(["coupon", "automatic"] as const).map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input type="radio" name="kind" value={k} defaultChecked={v("kind") === k} />
                {k === "coupon" ? "Coupon (a code)" : "Automatic (no code)"}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Coupon code"
          name="code"
          defaultValue={v("code")}
          error={errors.code}
          hint="Letters and digits; not needed for an automatic offer."
          maxLength={40}
        />
        <TextField label="Name (English)" name="name" required defaultValue={v("name")} error={errors.name} maxLength={80} />
        <TextField label="Name (Hindi, optional)" name="nameHi" defaultValue={v("nameHi")} error={errors.nameHi} maxLength={80} lang="hi" />
        <div>
          <label htmlFor="offer-discount-type" className="mb-1 block text-sm font-medium text-stone-800">
            Discount
          </label>
          <select id="offer-discount-type" name="discountType" defaultValue={v("discountType")} className={select}>
            <option value="percent">A percentage off</option>
            <option value="fixed">A sum off (rupees)</option>
            <option value="free_shipping">Free delivery</option>
          </select>
        </div>
        <TextField label="Percentage off (1–100)" name="percent" inputMode="numeric" defaultValue={v("percent")} error={errors.percent} />
        <TextField label="Rupees off" name="amount" inputMode="decimal" defaultValue={v("amount")} error={errors.amount} />
        <div>
          <label htmlFor="offer-target" className="mb-1 block text-sm font-medium text-stone-800">
            Applies to
          </label>
          <select id="offer-target" name="target" defaultValue={v("target")} className={select}>
            {OFFER_TARGETS.map((t) => (
              <option key={t} value={t}>
                {TARGET_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Which ones"
          name="targetIds"
          multiline
          defaultValue={v("targetIds")}
          error={errors.targetIds}
          hint="Ids or keys, separated by commas or lines; empty for the whole cart."
          className="sm:col-span-2"
        />
        <TextField
          label="Minimum cart value (rupees)"
          name="minCart"
          inputMode="decimal"
          defaultValue={v("minCart")}
          error={errors.minCart}
        />
        <TextField
          label="Minimum quantity"
          name="minQuantity"
          inputMode="numeric"
          defaultValue={v("minQuantity")}
          error={errors.minQuantity}
        />
        <TextField
          label="States (GST codes)"
          name="states"
          defaultValue={v("states")}
          error={errors.states}
          hint="e.g. 27, 29; empty for every State."
        />
        <label className="flex items-center gap-2 self-end pb-2">
          <input type="checkbox" name="firstOrderOnly" defaultChecked={v("firstOrderOnly") === "on"} />
          First order only
        </label>
        <TextField
          label="Starts (India time)"
          name="startsAt"
          type="datetime-local"
          defaultValue={v("startsAt")}
          error={errors.startsAt}
          hint="Empty: now."
        />
        <TextField
          label="Ends (India time)"
          name="endsAt"
          type="datetime-local"
          defaultValue={v("endsAt")}
          error={errors.endsAt}
          hint="Empty: no end."
        />
        <TextField label="Total uses allowed" name="maxUses" inputMode="numeric" defaultValue={v("maxUses")} error={errors.maxUses} />
        <TextField
          label="Uses per customer"
          name="usesPerCustomer"
          inputMode="numeric"
          defaultValue={v("usesPerCustomer")}
          error={errors.usesPerCustomer}
        />
        <TextField label="Budget (rupees)" name="budget" inputMode="decimal" defaultValue={v("budget")} error={errors.budget} />
        <label className="flex items-center gap-2 self-end pb-2">
          <input type="checkbox" name="stacks" defaultChecked={v("stacks") === "on"} />
          Stacks on other offers (automatic only)
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className="h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
            {offer ? "Save offer" : "Create offer"}
          </button>
        </div>
      </Form>
    </div>
  );
}
