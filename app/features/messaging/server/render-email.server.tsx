import { type CSSProperties, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  blockUrl,
  type EmailBlock,
  type EmailMessage,
  type EmailRow,
  type EmailStore,
  emailText,
  footerQuestions,
  oneLine,
  type RenderedEmail,
} from "~/features/messaging/domain/emails/layout";
import { htmlLang } from "~/platform/i18n/locale";

/**
 * The HTML part of every email, drawn by React: a simple table, inline styles only (mail clients
 * drop style sheets). React escapes every text and attribute value, so a product name, a customer's
 * message or the store's title comes out as text, never as markup (docs/decisions/037-emails-from-components.md).
 */

const FONT: CSSProperties = { fontFamily: "Arial,Helvetica,sans-serif", color: "#1c1917" };
const CELL: CSSProperties = { padding: "6px 8px", borderBottom: "1px solid #e7e5e4", fontSize: "14px" };
const TITLE: CSSProperties = { margin: "0 0 4px", fontSize: "15px", fontWeight: "bold" };

/** A layout table: no spacing of its own, read by screen readers as plain content. */
function LayoutTable({ style, children }: { style: CSSProperties; children: ReactNode }) {
  return (
    <table role="presentation" width="100%" cellPadding="0" cellSpacing="0" style={style}>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The last of several cells is right-aligned (an amount); a lone cell is not. */
const align = (i: number, n: number): CSSProperties => ({ textAlign: i === n - 1 && n > 1 ? "right" : "left" });

function Title({ children }: { children: string }) {
  return <p style={TITLE}>{children}</p>;
}

function Rows({ rows }: { rows: EmailRow[] }) {
  return rows.map((r, ri) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: rows are drawn once and never reordered
    <tr key={ri}>
      {r.cells.map((c, i, all) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: cells are drawn once and never reordered
        <td key={i} style={{ ...CELL, ...align(i, all.length), ...(r.strong ? { fontWeight: "bold" } : {}) }}>
          {c}
        </td>
      ))}
    </tr>
  ));
}

function Block({ store, block, locale }: { store: EmailStore; block: EmailBlock; locale: EmailMessage["locale"] }) {
  switch (block.kind) {
    case "paragraph":
      return <p style={{ margin: "0 0 16px", fontSize: "15px", lineHeight: "1.5" }}>{block.text}</p>;
    case "lines":
      return (
        <>
          <Title>{block.title}</Title>
          <p style={{ margin: "0 0 16px", fontSize: "14px", lineHeight: "1.5" }}>
            {block.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are drawn once and never reordered
              <Fragment key={i}>
                {i > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </p>
        </>
      );
    case "table":
      return (
        <>
          {block.title && <Title>{block.title}</Title>}
          <LayoutTable style={{ borderCollapse: "collapse", margin: "0 0 16px" }}>
            {block.head && (
              <tr>
                {block.head.map((h, i, all) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a heading row is drawn once
                  <th key={i} style={{ ...CELL, ...align(i, all.length), color: "#57534e" }}>
                    {h}
                  </th>
                ))}
              </tr>
            )}
            <Rows rows={block.rows} />
          </LayoutTable>
        </>
      );
    case "link":
      return (
        <p style={{ margin: "0 0 16px" }}>
          <a
            href={blockUrl(store, block.path, locale)}
            style={{
              display: "inline-block",
              background: "#15803d",
              color: "#ffffff",
              padding: "10px 18px",
              borderRadius: "6px",
              textDecoration: "none",
              fontWeight: "bold",
              fontSize: "15px",
            }}
          >
            {block.label}
          </a>
        </p>
      );
  }
}

/** The store's name, address and support contacts, under every message. */
function Footer({ store, locale }: { store: EmailStore; locale: EmailMessage["locale"] }) {
  return (
    <td style={{ padding: "16px 24px", borderTop: "1px solid #e7e5e4", fontSize: "12px", lineHeight: "1.5", color: "#57534e" }}>
      {store.name}
      <br />
      {store.address}
      <br />
      {footerQuestions(locale)}{" "}
      <a href={`mailto:${store.supportEmail}`} style={{ color: "#15803d" }}>
        {store.supportEmail}
      </a>
      {` · ${store.supportPhone}`}
    </td>
  );
}

function EmailDocument({ message, subject }: { message: EmailMessage; subject: string }) {
  const { store, locale } = message;
  return (
    <html lang={htmlLang(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: "0", padding: "0", background: "#f5f5f4", ...FONT }}>
        <LayoutTable style={{ background: "#f5f5f4" }}>
          <tr>
            <td align="center" style={{ padding: "24px 12px" }}>
              <LayoutTable style={{ maxWidth: "600px", background: "#ffffff", borderRadius: "8px", ...FONT }}>
                <tr>
                  <td
                    style={{
                      background: "#14532d",
                      color: "#ffffff",
                      padding: "16px 24px",
                      fontSize: "20px",
                      fontWeight: "bold",
                      borderRadius: "8px 8px 0 0",
                    }}
                  >
                    {store.name}
                  </td>
                </tr>
                <tr>
                  <td style={{ padding: "24px" }}>
                    <h1 style={{ margin: "0 0 16px", fontSize: "20px", lineHeight: "1.3" }}>{message.heading}</h1>
                    {message.blocks.map((block, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: blocks are drawn once and never reordered
                      <Block key={i} store={store} block={block} locale={locale} />
                    ))}
                  </td>
                </tr>
                <tr>
                  <Footer store={store} locale={locale} />
                </tr>
              </LayoutTable>
            </td>
          </tr>
        </LayoutTable>
      </body>
    </html>
  );
}

/** Draws a message in the store's layout and the recipient's language: subject (one line), plain text and HTML. */
export function renderEmail(message: EmailMessage): RenderedEmail {
  const subject = oneLine(message.subject);
  const html = `<!doctype html>\n${renderToStaticMarkup(<EmailDocument message={message} subject={subject} />)}`;
  return { subject, text: emailText(message), html };
}
