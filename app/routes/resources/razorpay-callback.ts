import { redirect } from "react-router";
import type { Route } from "./+types/razorpay-callback";
import { readFields } from "~/platform/http/read-form.server";
import { log } from "~/platform/log.server";
import { confirmRazorpayCheckout, confirmRazorpayFailure, PaymentNotVerified } from "~/features/payments/server/confirm-payment.server";
import { paymentNotice } from "~/features/payments/domain/payments";
import { refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { payLinkAfterCallback } from "~/features/orders/server/pay-link.server";

/**
 * Razorpay Checkout's redirect flow (callback_url): Razorpay's page POSTs the result here from its
 * own origin, so this request carries no session (SameSite=Lax) and is allowed past the cross-site
 * guard (server/app.ts). Nothing is believed until verified against the attempt we stored; then the
 * customer's browser goes on to their order page, or to the pay link's page it came from.
 */
export async function action({ request }: Route.ActionArgs) {
  const fields = await readFields(request);
  try {
    const failed = Object.keys(fields).some((k) => k.startsWith("error["));
    const { outcome, orderId } = failed ? await confirmRazorpayFailure(fields) : await confirmRazorpayCheckout(fields);
    // Paid from a phone order's SMS link (docs/decisions/063-phone-order-pay-link.md): back to that
    // page, which needs no session; the link's signature came with the callback's address.
    const payLink = await payLinkAfterCallback(orderId, new URL(request.url).searchParams.get("pay"), paymentNotice(outcome));
    return redirect(payLink ?? `/order-confirmation/${orderId}?payment=${paymentNotice(outcome)}`, 303);
  } catch (error) {
    if (error instanceof PaymentNotVerified) {
      return new Response(renderRefusal(refusal("orders.not_verified")), {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    log.error({ err: error }, "Razorpay callback failed");
    throw error;
  }
}

export const loader = () => redirect("/orders");
