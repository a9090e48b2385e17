import { Link } from "react-router";
import { RETURN_WINDOW_DAYS } from "~/domain/returns";
import type { LegalProps } from "./legal-props";

const h2 = "mt-8 text-xl font-semibold text-stone-900";
const p = "mt-3";
const list = "mt-3 list-disc pl-6 space-y-1";
const link = "text-green-700 underline";

export function TermsContent({ siteName, email, phone, address }: LegalProps) {
  const tel = phone.replace(/[^+\d]/g, "");
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-stone-700 leading-relaxed">
      <h1 className="text-3xl font-bold text-stone-900">Terms of Service</h1>
      <p className="mt-2 text-sm text-stone-600">
        Last updated: <time dateTime="2026-11-01">1 November 2026</time>
      </p>
      <p className={p}>
        These terms govern your use of the {siteName} website and every purchase you make on it. By browsing, creating an account or placing
        an order, you agree to them. Please read them together with our{" "}
        <Link className={link} to="/privacy">
          Privacy Policy
        </Link>{" "}
        and{" "}
        <Link className={link} to="/refund">
          Refund &amp; Returns Policy
        </Link>
        .
      </p>

      <h2 className={h2}>1. Eligibility</h2>
      <p className={p}>
        You must be at least 18 years old and able to enter into a binding contract under the Indian Contract Act, 1872 to create an account
        or place an order. If you buy for a business, farm or cooperative, you confirm that you are authorised to act for it.
      </p>

      <h2 className={h2}>2. Your account</h2>
      <ul className={list}>
        <li>Give accurate details, including your name, phone number and delivery address.</li>
        <li>Keep your password secret. You are responsible for activity on your account.</li>
        <li>Tell us at once if you think someone else has used your account.</li>
        <li>We may suspend an account used for fraud, abuse or breach of these terms.</li>
      </ul>

      <h2 className={h2}>3. Prices, GST and shipping</h2>
      <ul className={list}>
        <li>All prices are in Indian rupees (₹).</li>
        <li>
          Prices shown on product pages and in the cart exclude GST. GST at 18% of the order subtotal is added at checkout and shown
          separately before you pay.
        </li>
        <li>
          Shipping is a flat ₹500 per order. Shipping is free when the order subtotal (before GST) is above ₹50,000; an order of exactly
          ₹50,000 pays the ₹500 fee.
        </li>
        <li>
          We try hard to keep prices and product details correct. If an obvious pricing error slips through, we may cancel the affected
          order and refund any payment in full.
        </li>
      </ul>

      <h2 className={h2}>4. Orders and acceptance</h2>
      <p className={p}>
        Placing an order is an offer to buy. Your order is received as pending, and a contract is formed only when we confirm it. We may
        decline or cancel an order, for example when an item is out of stock, the delivery address cannot be served or we suspect fraud. If
        we cancel after you have paid, we refund you in full.
      </p>

      <h2 className={h2}>5. Payment</h2>
      <p className={p}>You can pay by any method offered at checkout:</p>
      <ul className={list}>
        <li>Credit or debit card</li>
        <li>UPI</li>
        <li>Cash on delivery, paid to the delivery partner when your order arrives</li>
      </ul>
      <p className={p}>
        Card and UPI payments are handled by our payment partners. We never see or store your full card number or UPI PIN.
      </p>

      <h2 className={h2}>6. Delivery</h2>
      <p className={p}>
        We deliver across India. Most orders arrive within 5 to 7 days of confirmation; remote areas, heavy equipment and machinery may take
        longer, and we will keep you informed. Please check your package when it arrives, and for large machinery inspect it in front of the
        delivery partner. Risk in the goods passes to you on delivery.
      </p>

      <h2 className={h2}>7. Returns, cancellations and refunds</h2>
      <p className={p}>
        Returns, cancellations and refunds are covered by our{" "}
        <Link className={link} to="/refund">
          Refund &amp; Returns Policy
        </Link>
        , which forms part of these terms. You may cancel an order until it ships, and ask to return eligible items within{" "}
        {RETURN_WINDOW_DAYS} days of delivery. Nothing in these terms limits your rights under the Consumer Protection Act, 2019.
      </p>

      <h2 className={h2}>8. Vendors and marketplace sellers</h2>
      <p className={p}>
        Some products are sold by independent vendors registered on {siteName}. Vendors must hold a valid GST registration and are
        responsible for the accuracy of their listings, the quality and legality of their goods and any warranty they offer. We check
        vendors before they can sell and will help you resolve any problem with a vendor's order.
      </p>

      <h2 className={h2}>9. Product use and advice</h2>
      <p className={p}>
        Yields depend on soil, weather, water and farming practice, so we cannot promise a particular harvest. Follow the label and
        manufacturer instructions for seeds, fertilizers and machinery. Our expert advice is given in good faith as general guidance.
      </p>

      <h2 className={h2}>10. Limitation of liability</h2>
      <p className={p}>
        To the extent permitted by law, our total liability for any order is limited to the amount you paid for it, and we are not liable
        for indirect losses such as loss of crop, profit or business. We do not exclude liability for death or personal injury caused by our
        negligence, for fraud, or for anything that cannot be excluded under Indian law.
      </p>

      <h2 className={h2}>11. Changes to these terms</h2>
      <p className={p}>
        We may update these terms from time to time. We will give you at least 30 days' notice of any material change, by email to
        registered customers and by a notice on this page, before it takes effect. Orders placed before a change takes effect remain under
        the terms in force when they were placed.
      </p>

      <h2 className={h2}>12. Governing law and disputes</h2>
      <p className={p}>
        These terms are governed by the laws of India. Any dispute is subject to the jurisdiction of the competent courts in India, and you
        may also approach the consumer commissions under the Consumer Protection Act, 2019.
      </p>

      <h2 className={h2}>13. Grievance officer and contact</h2>
      <p className={p}>
        In line with the Consumer Protection (E-Commerce) Rules, 2020, you can raise a complaint with our Grievance Officer. We acknowledge
        complaints within 48 hours and aim to resolve them within one month.
      </p>
      <ul className={list}>
        <li>
          Email:{" "}
          <a className={link} href={`mailto:${email}`}>
            {email}
          </a>
        </li>
        <li>
          Phone:{" "}
          <a className={link} href={`tel:${tel}`}>
            {phone}
          </a>
        </li>
        <li>Address: {address}</li>
      </ul>
    </article>
  );
}
