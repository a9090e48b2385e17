import type { Locale } from "~/platform/i18n/locale";
import * as m from "~/paraglide/messages";
import type { EmailBlock } from "./layout";

/** The order's own page, the one place every order email sends its reader (the layout makes it absolute). */
export const orderLink = (id: string) => `/order-confirmation/${encodeURIComponent(id)}`;

/** The "View your order" link most customer order emails end with. */
export function viewOrderLink(id: string, locale: Locale): EmailBlock {
  return { kind: "link", label: m.email_view_order({}, { locale }), path: orderLink(id) };
}
