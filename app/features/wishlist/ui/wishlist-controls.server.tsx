import Bell from "lucide-react/icons/bell";
import Heart from "lucide-react/icons/heart";
import { m } from "~/platform/i18n/i18n.server";
import { localHref } from "~/platform/http/local-href.server";
import { staticMarkup } from "~/platform/render/static-markup.server";

/** Who is looking: a guest (null), or a customer with what they saved and wait for. */
export type WishlistViewer = { saved: boolean; waitingFor: readonly string[] } | null;

type Props = {
  productId: string;
  /** The product's name in the page's language, with the size when it has several ("DAP (50 kg)"). */
  name: string;
  size: { id: string; stock: number };
  viewer: WishlistViewer;
  /** The page to come back to (unlocalised: /products/…?size=…). */
  returnTo: string;
};

/**
 * The product page's "Save" (a toggle, aria-pressed) and, for a sold-out size, "Tell me when it's
 * back": HTML made on the server, each a plain POST form to /account/wishlist that works without
 * JavaScript and adds none to the page (docs/decisions/044). A guest's tap comes back to this page
 * with the Login dialog open (?auth=login).
 */
export function wishlistControlsMarkup(props: Props): string {
  return staticMarkup(<WishlistControls {...props} />);
}

const button =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:border-brand-600";

function WishlistControls({ productId, name, size, viewer, returnTo }: Props) {
  const action = localHref("/account/wishlist");
  const back = localHref(returnTo);
  const saved = viewer?.saved === true;
  const waiting = viewer?.waitingFor.includes(size.id) === true;
  return (
    <div className="mt-4 flex flex-col gap-3" data-testid="wishlist-controls">
      <div className="flex flex-wrap items-center gap-3">
        <form method="post" action={action}>
          <input type="hidden" name="intent" value={saved ? "remove" : "save"} />
          <input type="hidden" name="productId" value={productId} />
          <input type="hidden" name="returnTo" value={back} />
          <button type="submit" className={button} aria-pressed={saved ? "true" : "false"} data-testid="wishlist-save">
            <Heart className={`h-5 w-5 ${saved ? "fill-red-600 text-red-700" : "text-stone-600"}`} aria-hidden="true" />
            {m.wishlist_save()}
          </button>
        </form>
        {saved ? (
          <a href={localHref("/account/wishlist")} data-discover="true" className="text-sm font-medium text-brand-800 underline">
            {m.wishlist_see_list()}
          </a>
        ) : null}
      </div>
      {size.stock <= 0 ? (
        waiting ? (
          <form method="post" action={action} className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="cancel-alert" />
            <input type="hidden" name="variantId" value={size.id} />
            <input type="hidden" name="returnTo" value={back} />
            <p className="text-sm text-stone-700" data-testid="back-in-stock-waiting">
              {m.wishlist_alert_waiting()}
            </p>
            <button
              type="submit"
              className="min-h-11 text-sm font-medium text-brand-800 underline"
              aria-label={m.wishlist_alert_cancel_label({ name })}
            >
              {m.wishlist_alert_cancel()}
            </button>
          </form>
        ) : (
          <form method="post" action={action}>
            <input type="hidden" name="intent" value="alert" />
            <input type="hidden" name="variantId" value={size.id} />
            <input type="hidden" name="returnTo" value={back} />
            <button type="submit" className={button} data-testid="back-in-stock">
              <Bell className="h-5 w-5 text-stone-600" aria-hidden="true" />
              {m.wishlist_alert_button()}
            </button>
          </form>
        )
      ) : null}
    </div>
  );
}
