import { Link } from "react-router";
import { RETURN_WINDOW_DAYS } from "~/domain/returns";
import type { LegalProps } from "./legal-props";

const h2 = "mt-8 text-xl font-semibold text-stone-900";
const p = "mt-3";
const list = "mt-3 list-disc pl-6 space-y-1";
const link = "text-green-700 underline";

export function RefundContent({ siteName, email, phone }: LegalProps) {
  const tel = phone.replace(/[^+\d]/g, "");
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-stone-700 leading-relaxed">
      <h1 className="text-3xl font-bold text-stone-900">Refund &amp; Returns Policy</h1>
      <p className="mt-2 text-sm text-stone-600">
        Last updated: <time dateTime="2026-11-01">1 November 2026</time>
      </p>
      <p className={p}>
        We want every order from {siteName} to arrive right. This policy explains when you can cancel, return or get a refund. It forms part
        of our{" "}
        <Link className={link} to="/terms">
          Terms of Service
        </Link>{" "}
        and does not limit your rights under the Consumer Protection Act, 2019.
      </p>

      <h2 className={h2}>Cancelling an order</h2>
      <ul className={list}>
        <li>
          You can cancel free of charge at any time before your order is shipped. We refund the full amount, including GST and any shipping
          fee.
        </li>
        <li>Once an order has shipped it can no longer be cancelled, but you may return eligible items as described below.</li>
      </ul>

      <h2 className={h2}>Garden tools and equipment accessories</h2>
      <p className={p}>
        You can request a return within {RETURN_WINDOW_DAYS} days of delivery for garden tools and equipment accessories (for example
        sprayer nozzles, hoses, pump fittings and spare blades) if the item is unused, in its original condition and in its original
        packaging with all tags, manuals and parts.
      </p>

      <h2 className={h2}>Seeds, saplings and fertilizers</h2>
      <ul className={list}>
        <li>
          Seeds, saplings and fertilizers cannot be returned once their packet, bag or packaging has been opened, because we cannot
          guarantee their quality for another customer.
        </li>
        <li>
          Unopened items in their original sealed packaging can be returned within {RETURN_WINDOW_DAYS} days of delivery, like tools and
          accessories.
        </li>
        <li>
          If an item arrives damaged, leaking, wrong, past its expiry date, or a sapling arrives dead or not viable, report it within 48
          hours of delivery with clear photos of the item, its packaging and the label. We will send a replacement or give you a full
          refund.
        </li>
      </ul>

      <h2 className={h2}>Large farm machinery</h2>
      <ul className={list}>
        <li>
          Please inspect tractors, tillers, pumps and other large machinery in front of the delivery partner, and note any visible damage or
          missing parts on the delivery receipt.
        </li>
        <li>
          Report transit damage or a wrong model within 48 hours of delivery with photos. We will arrange repair, replacement or a refund.
        </li>
        <li>
          After delivery, machinery is covered by the manufacturer's warranty on its warranty card. We will help you reach the
          manufacturer's authorised service centre and follow up on your claim.
        </li>
      </ul>

      <h2 className={h2}>How to request a return</h2>
      <ol className="mt-3 list-decimal pl-6 space-y-1">
        <li>
          Open the order in{" "}
          <Link className={link} to="/orders">
            My Orders
          </Link>{" "}
          and choose <strong>Return items</strong> within {RETURN_WINDOW_DAYS} days of delivery: pick the item, how many, and tell us why.
          Or contact us at{" "}
          <a className={link} href={`mailto:${email}`}>
            {email}
          </a>{" "}
          or{" "}
          <a className={link} href={`tel:${tel}`}>
            {phone}
          </a>{" "}
          within the time limit above, with your order ID.
        </li>
        <li>Where this policy asks for photos, send them to us by email with your order ID.</li>
        <li>We will confirm whether the item qualifies and arrange a pickup or tell you where to send it.</li>
        <li>
          Once we approve the return, we refund the item's price with its GST for the quantity returned; the delivery charge is refunded
          only as described under Shipping charges below.
        </li>
      </ol>

      <h2 className={h2}>Refunds</h2>
      <ul className={list}>
        <li>
          Refunds are processed within 7 working days of approval, after we have reviewed your photos or received and inspected the returned
          item.
        </li>
        <li>Money goes back to the original payment method (card or UPI). Your bank may take a few more days to show it.</li>
        <li>For cash on delivery orders, we refund by bank transfer or UPI to an account you give us.</li>
        <li>The GST you paid on a refunded item is refunded with it.</li>
      </ul>

      <h2 className={h2}>Shipping charges</h2>
      <ul className={list}>
        <li>The ₹500 shipping fee is refunded only when the problem is our error: a damaged, defective, wrong or missing item.</li>
        <li>
          In those cases we also arrange the return pickup free of charge. For other returns, the return shipping cost is yours; we tell you
          the pickup charge before we book one.
        </li>
      </ul>

      <h2 className={h2}>Need help?</h2>
      <p className={p}>
        Our team is happy to help with any return or refund. Email{" "}
        <a className={link} href={`mailto:${email}`}>
          {email}
        </a>{" "}
        or call{" "}
        <a className={link} href={`tel:${tel}`}>
          {phone}
        </a>
        , or visit our{" "}
        <Link className={link} to="/contact">
          contact page
        </Link>
        .
      </p>
    </article>
  );
}
