import { Link } from "react-router";
import type { LegalProps } from "./legal-props";

const h2 = "mt-8 text-xl font-semibold text-stone-900";
const p = "mt-3";
const list = "mt-3 list-disc pl-6 space-y-1";
const link = "text-green-700 underline";
const code = "rounded bg-stone-100 px-1 font-mono text-sm text-stone-900";

export function PrivacyContent({ siteName, email, phone, address }: LegalProps) {
  const tel = phone.replace(/[^+\d]/g, "");
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-stone-700 leading-relaxed">
      <h1 className="text-3xl font-bold text-stone-900">Privacy Policy</h1>
      <p className="mt-2 text-sm text-stone-600">
        Last updated: <time dateTime="2026-11-01">1 November 2026</time>
      </p>
      <p className={p}>
        This policy explains what personal data {siteName} collects, why we collect it, and the choices and rights you have. We process your
        data in line with India's Digital Personal Data Protection Act, 2023.
      </p>

      <h2 className={h2}>Who can use {siteName}</h2>
      <p className={p}>
        Our service is for users aged 18 and over. We do not knowingly collect personal data from anyone under 18. If you believe a child
        has given us their details, please contact us and we will delete them.
      </p>

      <h2 className={h2}>What we collect</h2>
      <ul className={list}>
        <li>Your name, email address and phone number when you register.</li>
        <li>Your delivery address: street, city, state and pincode.</li>
        <li>Your order history: products, quantities, amounts, payment method and order status.</li>
        <li>Messages you send us through the contact form or by email.</li>
        <li>For vendors: business name, GST number, phone number and business address.</li>
      </ul>
      <p className={p}>
        Card and UPI payments are processed by our payment partners. We do not receive or store your full card number, CVV or UPI PIN.
      </p>

      <h2 className={h2}>Why we use it</h2>
      <ul className={list}>
        <li>To create and run your account and keep you signed in.</li>
        <li>To process, deliver and support your orders, including returns and refunds.</li>
        <li>To answer your questions and give you product advice.</li>
        <li>To keep records required by tax and accounting law, including GST.</li>
        <li>To detect and prevent fraud and protect the security of our service.</li>
      </ul>

      <h2 className={h2}>Cookies and local storage</h2>
      <p className={p}>We keep this to the minimum needed for the store to work. We do not use advertising or tracking cookies.</p>
      <ul className={list}>
        <li>A session cookie that keeps you signed in.</li>
        <li>
          Browser local storage under the key <code className={code}>angle-cart</code>, which remembers the items in your cart.
        </li>
        <li>
          Browser local storage under the key <code className={code}>angle-user</code>, which keeps a copy of your signed-in profile so
          pages load quickly.
        </li>
      </ul>
      <p className={p}>Signing out removes your session. You can clear local storage at any time from your browser settings.</p>

      <h2 className={h2}>Who we share it with</h2>
      <p className={p}>We do not sell your personal data, and we do not share it for advertising. We share only what is needed with:</p>
      <ul className={list}>
        <li>Courier and freight partners, and the vendor fulfilling your order, to deliver it.</li>
        <li>Payment partners, to take card and UPI payments and issue refunds.</li>
        <li>Hosting, authentication and database providers that run our service for us.</li>
        <li>Government authorities, when the law requires it.</li>
      </ul>

      <h2 className={h2}>How long we keep it</h2>
      <p className={p}>
        We keep your account data while your account is open. If you ask us to delete your account, we erase your profile, except order and
        invoice records that tax and accounting laws require us to keep, which we hold only for the period the law sets and then delete.
        Contact form messages are deleted once they are no longer needed to help you.
      </p>

      <h2 className={h2}>How we protect it</h2>
      <ul className={list}>
        <li>Passwords are hashed and are never stored in plain text.</li>
        <li>All traffic between your browser and our site is encrypted.</li>
        <li>Access to personal data is limited to staff who need it for their work.</li>
      </ul>
      <p className={p}>
        If a personal data breach affects you, we will inform you and the Data Protection Board of India as the law requires.
      </p>

      <h2 className={h2}>Your rights</h2>
      <p className={p}>Under the Digital Personal Data Protection Act, 2023 you can:</p>
      <ul className={list}>
        <li>Ask for a summary of the personal data we hold about you and how we use it.</li>
        <li>Ask us to correct, complete or update your data.</li>
        <li>Ask us to erase your data, subject to records the law requires us to keep.</li>
        <li>Withdraw your consent at any time, as easily as you gave it.</li>
        <li>Nominate another person to exercise your rights if you die or become incapacitated.</li>
        <li>Raise a grievance with us, and if you are not satisfied with our response, complain to the Data Protection Board of India.</li>
      </ul>

      <h2 className={h2}>Changes to this policy</h2>
      <p className={p}>
        If we make a material change to this policy, we will tell you by email and by a notice on this page before it takes effect. See also
        our{" "}
        <Link className={link} to="/terms">
          Terms of Service
        </Link>
        .
      </p>

      <h2 className={h2}>Contact and grievances</h2>
      <p className={p}>To exercise your rights or ask about this policy, contact our Grievance Officer:</p>
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
