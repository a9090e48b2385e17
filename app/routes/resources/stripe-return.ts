import { redirect } from "react-router";
import type { Route } from "./+types/stripe-return";
import { paymentNotice } from "~/features/payments/domain/payments";
import { confirmStripeReturn, PaymentNotVerified } from "~/features/payments/server/confirm-payment.server";

/** Back from Stripe Checkout (success_url): the session is asked of Stripe, then the customer sees their order. */
export async function loader({ request }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  try {
    const { outcome, orderId } = await confirmStripeReturn(sessionId);
    return redirect(`/order-confirmation/${orderId}?payment=${paymentNotice(outcome)}`);
  } catch (error) {
    if (error instanceof PaymentNotVerified) return redirect("/orders");
    throw error;
  }
}
