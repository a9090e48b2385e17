import type { TaxConfig } from "~/features/tax/domain/gst";
import { Fragment, type ReactNode } from "react";
import { formatDate } from "~/platform/core/dates";
import { localizePath } from "~/platform/i18n/locale";
import { currentLocale, m } from "~/platform/i18n/i18n.server";

/** The store's details the information pages quote (the root loader's `storeDetails`). */
export type LegalStore = {
  siteTitle: string;
  email: string;
  phone: string;
  address: string;
  tax: Pick<TaxConfig, "mode" | "display" | "shipping">;
};

// A message's inputs that give back each input's own name in braces, so a compiled message called
// with them returns its pattern ("Write to us at {email}") for `rich` to fill with elements.
const placeholders = new Proxy({}, { get: (_target, name) => (typeof name === "string" ? `{${name}}` : undefined) });

/**
 * A message in the page's language with React nodes (links, bold words) in place of its
 * {placeholders}: the words around a link stay one sentence for the translator.
 */
export function rich<I>(message: (inputs: I) => string, values: { [K in keyof I]: ReactNode }): ReactNode {
  const parts = message(placeholders as I).split(/\{(\w+)\}/);
  return parts.map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered.
    i % 2 === 1 ? <Fragment key={i}>{(values as Record<string, ReactNode>)[part] ?? `{${part}}`}</Fragment> : part,
  );
}

export const h2 = "mt-8 text-xl font-semibold text-stone-900";
export const p = "mt-3";
export const list = "mt-3 list-disc pl-6 space-y-1";
export const link = "text-green-700 underline";

/** A link to a page of the store, in the page's language (StaticHtml follows it in the page). */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a className={link} href={localizePath(to, currentLocale())} data-discover="true">
      {children}
    </a>
  );
}

export function EmailLink({ email }: { email: string }) {
  return (
    <a className={link} href={`mailto:${email}`}>
      {email}
    </a>
  );
}

export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className={link} href={`tel:${phone.replace(/[^+\d]/g, "")}`}>
      {phone}
    </a>
  );
}

/** The page's heading and the date the text was last changed. */
export function LegalHeader({ title }: { title: ReactNode }) {
  return (
    <>
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 text-sm text-stone-600">
        {rich(m.legal_common_last_updated, { date: <time dateTime="2026-11-01">{formatDate("2026-11-01", currentLocale())}</time> })}
      </p>
    </>
  );
}

/** The Grievance Officer's email, phone and address. */
export function ContactList({ store }: { store: LegalStore }) {
  return (
    <ul className={list}>
      <li>{rich(m.legal_common_email_line, { email: <EmailLink email={store.email} /> })}</li>
      <li>{rich(m.legal_common_phone_line, { phone: <PhoneLink phone={store.phone} /> })}</li>
      <li>{m.legal_common_address_line({ address: store.address })}</li>
    </ul>
  );
}

/** A bulleted list of messages. */
export function Bullets({ items }: { items: string[] }) {
  return (
    <ul className={list}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
