import { useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { formatPaiseExact } from "~/platform/core/money";
import type { CancelFrom } from "~/features/orders/domain/returns";
import { useHydrated } from "~/ui/use-hydrated";
import { useT } from "~/platform/i18n/i18n";
import { formatOrderId } from "~/platform/core/order-id";

type Props = {
  orderId: string;
  /** The page it is on, to come back to after the cancel. */
  from: CancelFrom;
  /** What cancelling refunds (0: nothing was paid). */
  refundPaise: number;
  className?: string;
};

/** What the customer is told before they cancel, in the page's language. */
export function useCancelConsequences() {
  const t = useT();
  return (refundPaise: number) =>
    `${
      refundPaise > 0 ? t("ui_orders_cancel_refund", { amount: formatPaiseExact(refundPaise) }) : t("ui_orders_cancel_nothing")
    } ${t("ui_orders_cancel_final")}`;
}

/**
 * "Cancel order": a modal dialog asks first (native <dialog>: the page behind is inert, so focus
 * stays inside; Escape closes; labelled by its heading) and posts to /orders/{id}/cancel. Before
 * JavaScript it is a link to that page, which asks the same question with a plain form.
 */
export function CancelOrderButton({ orderId, from, refundPaise, className = "" }: Props) {
  const t = useT();
  const consequences = useCancelConsequences();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const fetcher = useFetcher<{ error?: string }>({ key: `cancel-order-${orderId}` });
  const titleId = useId();
  const textId = useId();
  const busy = fetcher.state !== "idle";
  const style = `inline-flex min-h-11 items-center rounded-lg border border-red-700 px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 ${className}`;
  if (!hydrated) {
    return (
      <Link to={`/orders/${orderId}/cancel?from=${from}`} className={style}>
        {t("ui_orders_cancel_order")}
      </Link>
    );
  }
  // Opening puts focus on "Keep order": the safe choice is the one Enter or Space takes.
  const open = () => {
    dialog.current?.showModal();
    keep.current?.focus();
  };
  return (
    <>
      <button type="button" onClick={open} className={style} aria-haspopup="dialog">
        {t("ui_orders_cancel_order")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="m-auto w-[min(100%-2rem,28rem)] rounded-xl p-5 shadow-2xl backdrop:bg-stone-900/60"
      >
        <h2 id={titleId} className="text-lg font-bold text-stone-900">
          {t("ui_orders_cancel_question", { id: `#${formatOrderId(orderId)}` })}
        </h2>
        <p id={textId} className="mt-2 text-stone-700">
          {consequences(refundPaise)}
        </p>
        {fetcher.data?.error ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {fetcher.data.error}
          </p>
        ) : null}
        <fetcher.Form method="post" action={`/orders/${orderId}/cancel`} className="mt-5 flex flex-wrap justify-end gap-2">
          <input type="hidden" name="confirm" value="yes" />
          <input type="hidden" name="from" value={from} />
          <button
            ref={keep}
            type="button"
            onClick={() => dialog.current?.close()}
            className="min-h-11 rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
          >
            {t("ui_orders_keep_order")}
          </button>
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? t("ui_orders_cancelling") : t("ui_orders_yes_cancel")}
          </button>
        </fetcher.Form>
      </dialog>
    </>
  );
}
