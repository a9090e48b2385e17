import { createContext, useContext } from "react";

const STYLE_ID = "angle-css";

/** The stylesheet's text, given by entry.server in production so the first paint needs no CSS request. */
export const InlineCssContext = createContext<string | null>(null);

/**
 * The store's stylesheet: inlined as a <style> when the server provides its text (one round trip
 * less before a slow phone paints anything), a <link> otherwise (development). In the browser the
 * text is read back from the page, so hydration matches without shipping the CSS inside JavaScript.
 */
export function Stylesheet({ href }: { href: string }) {
  const serverCss = useContext(InlineCssContext);
  const css = serverCss ?? (typeof document === "undefined" ? null : (document.getElementById(STYLE_ID)?.textContent ?? null));
  if (css === null) return <link rel="stylesheet" href={href} />;
  // React writes a <style>'s text as it is (escaping only "</style"), so no innerHTML is needed.
  return <style id={STYLE_ID}>{css}</style>;
}
