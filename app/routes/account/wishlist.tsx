import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/wishlist";
import { checkCustomer } from "~/platform/auth/guards.server";
import { RefusalError, refusal, refusalOfIssue } from "~/platform/core/refusal";
import { formatPaise } from "~/platform/core/money";
import { readFields } from "~/platform/http/read-form.server";
import { safeReturnPath } from "~/platform/http/safe-return-path";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import { localizePath } from "~/platform/i18n/locale";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { requestState } from "~/platform/request-policy.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { AddToCartButton } from "~/features/cart/ui/add-to-cart-button";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { displayPrice } from "~/features/tax/domain/gst";
import { taxConfig } from "~/features/tax/server/tax-config.server";
import { MAX_WISHLIST_ITEMS, WishlistFormSchema } from "~/features/wishlist/domain/wishlist";
import { askBackInStock, cancelBackInStock, listBackInStock } from "~/features/wishlist/server/stock-alerts.server";
import { listWishlist, removeFromWishlist, saveToWishlist } from "~/features/wishlist/server/wishlist.server";
import { imageSrc } from "~/ui/image-srcset";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.text.meta ?? "My wishlist · Angle" },
  { name: "robots", content: "noindex" },
];

/** The customer's own wishlist and the sizes they wait for (issue 31); a guest signs in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await checkCustomer(request, context);
  if (!customer.ok) throw redirect(customer.status === 401 ? "/?auth=login" : "/account");
  const locale = currentLocale();
  const [items, waiting, settings] = await Promise.all([
    listWishlist(customer.user.id, locale),
    listBackInStock(customer.user.id, locale),
    requestState(context).settings(),
  ]);
  const tax = taxConfig(settings);
  return {
    items: items.map((item) => ({
      ...item,
      price: item.size ? shownPrice(formatPaise(displayPrice(item.size.pricePaise, item.gstRate, tax)), item.priceVaries) : null,
      status: !item.onSale ? m.wishlist_not_for_sale() : item.stock > 0 ? m.wishlist_in_stock() : m.wishlist_out_of_stock(),
      removeLabel: m.wishlist_remove_label({ name: item.name }),
    })),
    waiting: waiting.map((w) => ({ ...w, cancelLabel: m.wishlist_alert_cancel_label({ name: w.name }) })),
    text: {
      meta: m.wishlist_meta(),
      heading: m.wishlist_heading(),
      intro: m.wishlist_intro(),
      count: m.wishlist_count({ count: items.length, max: MAX_WISHLIST_ITEMS }),
      empty: m.wishlist_empty(),
      browse: m.wishlist_browse(),
      back: m.wishlist_back_to_account(),
      remove: m.wishlist_remove(),
      goBack: m.wishlist_go_back(),
      waitingHeading: m.wishlist_alerts_heading(),
      waitingText: m.wishlist_alert_waiting(),
      cancel: m.wishlist_alert_cancel(),
    },
  };
}

/** A price, "from ₹…" when the product's sizes differ in price. */
const shownPrice = (price: string, varies: boolean) => (varies ? m.wishlist_from_price({ price }) : price);

type Refused = { error: string; back: string | null };

/**
 * Every wishlist control posts here (the product page's Save and "Tell me when it's back", this
 * page's Remove and Stop waiting), then goes back to the page it came from. A guest goes back there
 * with the Login dialog open; a refusal (a full list, a size back in stock) is this page with the
 * reason, answered 4xx, and a link back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFields(request);
  const locale = currentLocale();
  const home = localizePath("/account/wishlist", locale);
  const back = safeReturnPath(fields.returnTo, home);
  const customer = await checkCustomer(request, context);
  if (!customer.ok) {
    if (customer.status === 401) throw redirect(withLogin(back));
    return data<Refused>({ error: renderRefusal(refusal("wishlist.vendor")), back }, { status: 403 });
  }
  const parsed = WishlistFormSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<Refused>({ error: renderRefusal(issue ? refusalOfIssue(issue) : refusal("common.form_missing")), back }, { status: 400 });
  }
  const form = parsed.data;
  const userId = customer.user.id;
  try {
    switch (form.intent) {
      case "save":
        await saveToWishlist(userId, form.productId);
        return redirectWithToast(back, { description: m.wishlist_saved() });
      case "remove":
        await removeFromWishlist(userId, form.productId);
        return redirectWithToast(back, { description: m.wishlist_removed() });
      case "alert": {
        // Read before the transaction (SQLite has one connection).
        const ctx = await getEmailContext();
        await askBackInStock(userId, form.variantId, ctx, locale);
        return redirectWithToast(back, { description: m.wishlist_alert_saved() });
      }
      case "cancel-alert":
        await cancelBackInStock(userId, form.variantId);
        return redirectWithToast(back, { description: m.wishlist_alert_cancelled() });
    }
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    return data<Refused>({ error: renderRefusal(error.refusal), back }, { status: error.status });
  }
}

/** The page asked for, with the Login dialog open on it (?auth=login). */
function withLogin(path: string) {
  const url = new URL(path, "http://store.invalid");
  url.searchParams.set("auth", "login");
  return `${url.pathname}${url.search}`;
}

const button = "inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800";

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  const { items, waiting, text } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p>
        <Link to="/account" className="text-sm font-medium text-brand-800 underline">
          {text.back}
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{text.heading}</h1>
      <p className="mt-1 text-sm text-stone-600">
        {text.intro} <span data-testid="wishlist-count">{text.count}</span>
      </p>
      {actionData?.error ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          <p>{actionData.error}</p>
          {actionData.back ? (
            <p className="mt-1">
              <a href={actionData.back} className="underline">
                {text.goBack}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}

      {items.length === 0 ? (
        <div className="mt-8 rounded-xl border border-stone-200 bg-white p-6 text-center">
          <p className="text-stone-700">{text.empty}</p>
          <Link to="/products" className="mt-4 inline-block font-semibold text-brand-800 underline">
            {text.browse}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" data-testid="wishlist-items">
          {items.map((item) => (
            <li key={item.productId} className="flex flex-wrap items-center gap-4 p-4" data-testid="wishlist-item">
              <img
                src={imageSrc(item.image)}
                alt=""
                width={64}
                height={64}
                className="h-16 w-16 rounded-lg bg-stone-100 object-cover"
                loading="lazy"
              />
              <div className="min-w-40 flex-1">
                {item.onSale ? (
                  <Link to={`/products/${item.productId}`} className="font-semibold text-stone-900 hover:underline">
                    {item.name}
                  </Link>
                ) : (
                  <span className="font-semibold text-stone-900">{item.name}</span>
                )}
                <p className="text-sm text-stone-700">
                  {item.price ? <span className="font-semibold">{item.price}</span> : null}
                  {item.size?.label ? <span> · {item.size.label}</span> : null}
                  <span className={item.onSale && item.stock > 0 ? " text-brand-800" : " text-stone-600"}> · {item.status}</span>
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {item.onSale && item.size ? (
                  <AddToCartButton
                    product={{
                      id: item.productId,
                      variantId: item.size.id,
                      variantLabel: item.size.label,
                      name: item.name,
                      pricePaise: item.size.pricePaise,
                      image: item.image,
                      category: item.category,
                      stock: item.size.stock,
                    }}
                    className="h-11 px-4"
                  />
                ) : null}
                <form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="productId" value={item.productId} />
                  <button type="submit" className={button} aria-label={item.removeLabel}>
                    {text.remove}
                  </button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      )}

      {waiting.length > 0 ? (
        <section aria-labelledby="waiting-heading" className="mt-10">
          <h2 id="waiting-heading" className="text-xl font-semibold text-stone-900">
            {text.waitingHeading}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{text.waitingText}</p>
          <ul className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white" data-testid="waiting-items">
            {waiting.map((w) => (
              <li key={w.variantId} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <Link to={w.path} className="font-medium text-stone-900 hover:underline">
                  {w.name}
                </Link>
                <form method="post">
                  <input type="hidden" name="intent" value="cancel-alert" />
                  <input type="hidden" name="variantId" value={w.variantId} />
                  <button type="submit" className={button} aria-label={w.cancelLabel}>
                    {text.cancel}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
