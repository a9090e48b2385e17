import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { formatDateTime } from "~/platform/core/dates";
import { formatPaise } from "~/platform/core/money";
import {
  type CustomerStrayPayment,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_STYLES,
  type PaymentStatus,
} from "~/features/payments/domain/payments";
import { ownMoney, StrayPaymentLines } from "~/features/payments/ui/stray-payment-lines";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { rich, useStatusNames } from "~/features/orders/ui/order-text";

/** Razorpay Checkout's options as the server made them (key id, the Razorpay order, amount…). */
export type RazorpayOptions = {
  key: string;
  order_id: string;
  amount: number;
  currency: "INR";
  name: string;
  description: string;
  callback_url: string;
  prefill: { name: string; email: string; contact: string };
  notes: { order_id: string };
};

export type PaymentPanelProps = {
  status: PaymentStatus;
  method: string;
  totalPaise: number;
  paidPaise: number;
  refundedPaise: number;
  dueAt: string | null;
  payWith: "razorpay" | "stripe" | null;
  /** Payments the order did not take: late, second or mismatched ones, and their refunds. */
  strays: CustomerStrayPayment[];
  /** The action's answer: Razorpay options to open, or a message. */
  razorpay?: { checkoutJs: string; options: RazorpayOptions } | null;
  error?: string | null;
  notice?: string | null;
};

type RazorpayResult = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
type RazorpayFailure = { error?: { description?: string; metadata?: { payment_id?: string; order_id?: string } } };
type RazorpayInstance = { open: () => void; on: (event: "payment.failed", fn: (r: RazorpayFailure) => void) => void };
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance;
  }
}

/** Loads Razorpay Checkout's script once (its origin is allowed by this page's CSP). */
function loadScript(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("Checkout could not load"));
    document.head.append(script);
  });
}

/**
 * The order's payment: its status, and while it waits for one, a "Pay" button that opens Razorpay
 * Checkout (UPI, cards) in the page or goes to Stripe's hosted page. On a small screen Razorpay
 * redirects and returns through callback_url, so a phone that loses the page still completes.
 * The result is only ever accepted by the server after it verified it.
 */
export function PaymentPanel(props: PaymentPanelProps) {
  const { status, totalPaise, dueAt, payWith, razorpay } = props;
  const t = useT();
  const locale = useLocale();
  const names = useStatusNames({ payment: PAYMENT_STATUS_LABELS });
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [problem, setProblem] = useState<string | null>(null);
  const opened = useRef<string | null>(null);

  useEffect(() => {
    if (!razorpay || opened.current === razorpay.options.order_id) return;
    opened.current = razorpay.options.order_id;
    setProblem(null);
    loadScript(razorpay.checkoutJs)
      .then(() => {
        const Razorpay = window.Razorpay;
        if (!Razorpay) throw new Error("Checkout could not load");
        const small = window.matchMedia("(max-width: 640px)").matches;
        const checkout = new Razorpay({
          ...razorpay.options,
          theme: { color: "#15803d" },
          redirect: small,
          handler: (result: RazorpayResult) => submit({ intent: "razorpay-verify", ...result }, { method: "post" }),
          modal: {
            ondismiss: () => {
              opened.current = null;
            },
          },
        });
        checkout.on("payment.failed", (failure) =>
          submit({ intent: "razorpay-failed", metadata: JSON.stringify(failure.error?.metadata ?? {}) }, { method: "post" }),
        );
        checkout.open();
      })
      .catch(() => {
        opened.current = null;
        setProblem(t("ui_orders_payment_page_failed"));
      });
  }, [razorpay, submit, t]);

  const waiting = status === "awaiting_payment" || status === "failed";
  const pay =
    props.method === "upi"
      ? t("ui_orders_pay_upi", { amount: formatPaise(totalPaise) })
      : t("ui_orders_pay_card", { amount: formatPaise(totalPaise) });
  const payLabel = status === "failed" ? t("ui_orders_pay_retry", { action: pay }) : pay;
  // A late or second payment is counted in as received and refunded: "Paid" says only the order's own.
  const own = ownMoney(props.paidPaise, props.refundedPaise, props.strays);
  const message = props.error ?? problem ?? (status === "failed" ? t("ui_orders_payment_failed_message") : null);
  return (
    <section className="mt-6 rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="payment-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-title" className="text-lg font-bold text-stone-900">
          {t("ui_orders_payment_title")}
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${PAYMENT_STATUS_STYLES[status]}`} data-testid="payment-status">
          {names.payment(status)}
        </span>
      </div>
      {props.notice ? (
        <p className="mt-3 text-stone-700" role="status">
          {props.notice}
        </p>
      ) : null}
      {message ? (
        <p className="mt-3 rounded-lg bg-red-50 p-3 font-medium text-red-800" role="alert">
          {message}
        </p>
      ) : null}
      {waiting && payWith ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="pay" />
          <p className="text-stone-700">
            {dueAt
              ? rich(t("ui_orders_pay_saved_until", { date: "{date}" }), { date: <strong>{formatDateTime(dueAt, locale)}</strong> })
              : t("ui_orders_pay_saved")}
          </p>
          <button
            type="submit"
            disabled={busy}
            className="mt-3 min-h-12 w-full rounded-lg bg-brand-700 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          >
            {payLabel}
          </button>
        </Form>
      ) : null}
      {waiting && !payWith ? (
        <p className="mt-3 text-stone-700">
          {dueAt && Date.parse(dueAt) <= Date.now() ? t("ui_orders_pay_expired") : t("ui_orders_pay_unavailable")}
        </p>
      ) : null}
      {own.paidPaise > 0 ? (
        <p className="mt-3 text-stone-700">
          {own.refundedPaise > 0
            ? t("ui_orders_paid_refunded", { paid: formatPaise(own.paidPaise), refunded: formatPaise(own.refundedPaise) })
            : t("ui_orders_paid", { paid: formatPaise(own.paidPaise) })}
        </p>
      ) : null}
      <StrayPaymentLines strays={props.strays} className="mt-3" />
    </section>
  );
}
