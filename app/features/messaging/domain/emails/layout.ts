/**
 * The one email layout, as data: every message the store sends is a heading and a few blocks, from
 * the store (its name, address and support contacts go at the foot), in the recipient's language
 * (`locale`: the footer, <html lang> and the store's links; a Hindi email's links open the Hindi
 * pages, /hi/…). The message builders return an `EmailMessage`; the server draws it twice — the
 * plain-text part here (pure, nothing to escape) and the HTML part from React components, which
 * escape every value (app/features/messaging/server/render-email.server.tsx,
 * docs/decisions/037-emails-from-components.md). The caller passes the store's details (see
 * app/features/messaging/server/email-context.server.ts).
 */
import { type Locale, localizePath } from "~/platform/i18n/locale";
import * as m from "~/paraglide/messages";

export type EmailStore = {
  /** The site title from General Settings. */
  name: string;
  address: string;
  supportEmail: string;
  supportPhone: string;
  /** BASE_URL: links in emails are absolute. */
  baseUrl: string;
};

/** An email as the outbox keeps it and the mail transport sends it. */
export type RenderedEmail = { subject: string; text: string; html: string };

/** A table row: a label and a value, or several cells (the last one right-aligned). */
export type EmailRow = { cells: string[]; strong?: boolean };

export type EmailBlock =
  | { kind: "paragraph"; text: string }
  /** A titled group of lines, e.g. an address. */
  | { kind: "lines"; title: string; lines: string[] }
  | { kind: "table"; title?: string; head?: string[]; rows: EmailRow[] }
  /** A link to a page of the store, by path (/orders/…). */
  | { kind: "link"; label: string; path: string };

/** A message before it is drawn: what every email builder returns. */
export type EmailMessage = {
  store: EmailStore;
  locale: Locale;
  subject: string;
  heading: string;
  blocks: EmailBlock[];
};

/** One line: no CR, LF or other line breaks (a header must never carry them), spaces collapsed. */
export function oneLine(value: string): string {
  return value
    .replace(/[\r\n\u0085\u2028\u2029\t\v\f]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** An absolute link to a path of the store. */
export function storeUrl(store: EmailStore, path: string): string {
  return new URL(path, store.baseUrl.endsWith("/") ? store.baseUrl : `${store.baseUrl}/`).toString();
}

/** Where a link block leads: the store's page in the recipient's language, absolute. */
export const blockUrl = (store: EmailStore, path: string, locale: Locale) => storeUrl(store, localizePath(path, locale));

/** The footer's "Questions?" lead-in, in the recipient's language. */
export const footerQuestions = (locale: Locale) => m.email_footer_questions({}, { locale });

function blockText(store: EmailStore, block: EmailBlock, locale: Locale): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "lines":
      return [`${block.title}:`, ...block.lines].join("\n");
    case "table": {
      const rows = block.rows.map((r) => r.cells.join(" — "));
      return [...(block.title ? [`${block.title}:`] : []), ...rows].join("\n");
    }
    case "link":
      return `${block.label}: ${blockUrl(store, block.path, locale)}`;
  }
}

/** The plain-text part: the heading, each block, then the store's details. */
export function emailText({ store, locale, heading, blocks }: EmailMessage): string {
  const footer = [store.name, store.address, `${footerQuestions(locale)} ${store.supportEmail} · ${store.supportPhone}`];
  return [heading, "", ...blocks.flatMap((b) => [blockText(store, b, locale), ""]), "—", ...footer, ""].join("\n");
}
