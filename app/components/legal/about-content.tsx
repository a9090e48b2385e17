import { Link } from "react-router";
import type { LegalProps } from "./legal-props";

const h2 = "mt-8 text-xl font-semibold text-stone-900";
const p = "mt-3";
const list = "mt-3 list-disc pl-6 space-y-1";
const link = "text-green-700 underline";

export function AboutContent({ siteName, email, phone }: LegalProps) {
  const tel = phone.replace(/[^+\d]/g, "");
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-stone-700 leading-relaxed">
      <h1 className="text-3xl font-bold text-stone-900">About {siteName}</h1>
      <p className="mt-2 text-sm text-stone-600">
        Last updated: <time dateTime="2026-11-01">1 November 2026</time>
      </p>

      <p className={p}>
        {siteName} is an online store for the people who grow India's food and green its homes. Whether you farm ten acres of paddy in the
        delta, tend a kitchen garden on a city terrace or run a nursery, we bring you seeds and saplings, farm equipment, garden tools and
        fertilizers you can trust, delivered to your door.
      </p>

      <h2 className={h2}>Our mission</h2>
      <p className={p}>
        A farmer's season depends on decisions made at the very start: the seed in the ground, the tool in the hand, the nutrients in the
        soil. A bad packet of seed or a fake spare part can cost a whole harvest. Our mission is simple: to make genuine, good-quality farm
        inputs easy to buy at a fair price, wherever in India you farm, and to stand behind every order.
      </p>

      <h2 className={h2}>What we stand for</h2>
      <ul className={list}>
        <li>
          <strong className="text-stone-900">Quality seeds and saplings.</strong> We source from established seed companies and nurseries,
          check packing and expiry dates, and store stock away from heat and damp so it reaches you ready to grow.
        </li>
        <li>
          <strong className="text-stone-900">Genuine equipment.</strong> Sprayers, pumps, tillers and tractors come from authorised
          manufacturers and dealers, with the manufacturer's warranty intact. No copies, no grey-market parts.
        </li>
        <li>
          <strong className="text-stone-900">Fair, clear prices.</strong> Every price is shown in rupees. GST and shipping are shown
          separately at checkout, so you always know what you are paying for, and orders above ₹50,000 ship free.
        </li>
        <li>
          <strong className="text-stone-900">Expert advice.</strong> Not sure which hybrid suits your soil, or which fertilizer to apply
          before flowering? Our team includes people who have worked in the field, and we are happy to help you choose before you buy.
        </li>
        <li>
          <strong className="text-stone-900">Delivery across India.</strong> From Punjab to Tamil Nadu and from Gujarat to Assam, we work
          with courier and freight partners to reach villages and towns as well as cities, with the order tracked from confirmation to your
          door.
        </li>
      </ul>

      <h2 className={h2}>Who we serve</h2>
      <p className={p}>
        Our customers are smallholder and commercial farmers, home gardeners, nurseries and agri-entrepreneurs. We also welcome local
        sellers and manufacturers who want to reach them: vendors can join {siteName} as marketplace sellers and list their products
        alongside ours, under the same standards of honesty and quality.
      </p>

      <h2 className={h2}>Our promise to you</h2>
      <p className={p}>
        If something arrives damaged, wrong or not as described, tell us and we will put it right. We keep cash on delivery, UPI and card
        payments equally simple, because not every farm pays the same way. And when you have a question, you will reach a person who
        understands farming, not a script.
      </p>

      <h2 className={h2}>Talk to us</h2>
      <p className={p}>
        We would love to hear from you, whether it is a question about a product, advice for your crop, or feedback on your order. Write to
        us at{" "}
        <a className={link} href={`mailto:${email}`}>
          {email}
        </a>
        , call{" "}
        <a className={link} href={`tel:${tel}`}>
          {phone}
        </a>
        , or use our{" "}
        <Link className={link} to="/contact">
          contact page
        </Link>
        .
      </p>
    </article>
  );
}
