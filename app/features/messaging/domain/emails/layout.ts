/**
 * The one email layout: every message the store sends is a heading and a few blocks, rendered
 * twice — a plain-text part and an HTML part (a simple table, inline styles only, every value
 * escaped) — with the store's name, address and support contacts at the foot. Pure: the caller
 * passes the store's details (see app/features/messaging/server/email-context.server.ts). Written in the
 * recipient's language (`locale`): the footer, <html lang> and the store's links (a Hindi email's
 * links open the Hindi pages, /hi/…).
 */
import { htmlLang, type Locale, localizePath } from "~/platform/i18n/locale";
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

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes a value for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

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

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#1c1917;";
const CELL = "padding:6px 8px;border-bottom:1px solid #e7e5e4;font-size:14px;";

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
      return `${block.label}: ${storeUrl(store, localizePath(block.path, locale))}`;
  }
}

function blockHtml(store: EmailStore, block: EmailBlock, locale: Locale): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">${escapeHtml(block.text)}</p>`;
    case "lines":
      return (
        `<p style="margin:0 0 4px;font-size:15px;font-weight:bold;">${escapeHtml(block.title)}</p>` +
        `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;">${block.lines.map(escapeHtml).join("<br>")}</p>`
      );
    case "table": {
      const title = block.title ? `<p style="margin:0 0 4px;font-size:15px;font-weight:bold;">${escapeHtml(block.title)}</p>` : "";
      const align = (i: number, n: number) => (i === n - 1 && n > 1 ? "text-align:right;" : "text-align:left;");
      const head = block.head
        ? `<tr>${block.head.map((h, i, all) => `<th style="${CELL}${align(i, all.length)}color:#57534e;">${escapeHtml(h)}</th>`).join("")}</tr>`
        : "";
      const rows = block.rows
        .map(
          (r) =>
            `<tr>${r.cells
              .map((c, i, all) => `<td style="${CELL}${align(i, all.length)}${r.strong ? "font-weight:bold;" : ""}">${escapeHtml(c)}</td>`)
              .join("")}</tr>`,
        )
        .join("");
      return `${title}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;">${head}${rows}</table>`;
    }
    case "link":
      return `<p style="margin:0 0 16px;"><a href="${escapeHtml(storeUrl(store, localizePath(block.path, locale)))}" style="display:inline-block;background:#15803d;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;font-size:15px;">${escapeHtml(block.label)}</a></p>`;
  }
}

/** Renders a message in the store's layout and the recipient's language: subject (one line), plain text and HTML. */
export function renderEmail(
  store: EmailStore,
  message: { subject: string; heading: string; blocks: EmailBlock[] },
  locale: Locale = "en",
): RenderedEmail {
  const subject = oneLine(message.subject);
  const questions = m.email_footer_questions({}, { locale });
  const footer = [store.name, store.address, `${questions} ${store.supportEmail} · ${store.supportPhone}`];
  const text = [message.heading, "", ...message.blocks.flatMap((b) => [blockText(store, b, locale), ""]), "—", ...footer, ""].join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="${htmlLang(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f5f5f4;${FONT}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f4;"><tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;${FONT}">`,
    `<tr><td style="background:#14532d;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0;">${escapeHtml(store.name)}</td></tr>`,
    `<tr><td style="padding:24px;">`,
    `<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;">${escapeHtml(message.heading)}</h1>`,
    ...message.blocks.map((b) => blockHtml(store, b, locale)),
    "</td></tr>",
    `<tr><td style="padding:16px 24px;border-top:1px solid #e7e5e4;font-size:12px;line-height:1.5;color:#57534e;">`,
    `${escapeHtml(store.name)}<br>${escapeHtml(store.address)}<br>`,
    `${escapeHtml(questions)} <a href="mailto:${escapeHtml(store.supportEmail)}" style="color:#15803d;">${escapeHtml(store.supportEmail)}</a> · ${escapeHtml(store.supportPhone)}`,
    "</td></tr></table>",
    "</td></tr></table>",
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}
