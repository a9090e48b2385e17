import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * A part of a page that never changes once drawn (no state, no handlers), rendered to HTML on the
 * server so its components are not shipped as JavaScript; `StaticHtml` shows it
 * (docs/decisions/007-first-load-budget.md). React escapes every text and attribute it renders,
 * so database text (a name, a description) comes out as text, never as markup: only our own
 * components' markup may be passed here, never HTML from a user.
 */
export function staticMarkup(element: ReactElement): string {
  return renderToStaticMarkup(element);
}
