import type { Locale } from "~/platform/i18n/locale";
import * as m from "~/paraglide/messages";
import { formatDate } from "~/platform/core/dates";
import { type StockAlerts, alertCount } from "~/features/lots/domain/stock-alerts";
import type { EmailBlock, EmailMessage, EmailStore } from "./layout";

const day = (iso: string, locale: Locale) => formatDate(`${iso}T12:00:00+05:30`, locale);

/**
 * The daily stock alerts (docs/decisions/058-warehouse-work.md): pack sizes at or below their reorder
 * level and lots expiring soon, to the admin (every seller's, `forAdmin`) or a vendor (their own), in
 * the recipient's language, with a link to the page that lists them.
 */
export function stockAlertsEmail(
  store: EmailStore,
  alerts: StockAlerts,
  options: { today: string; forAdmin: boolean; locale?: Locale },
): EmailMessage {
  const locale = options.locale ?? "en";
  const o = { locale };
  const seller = (name: string | null) => (options.forAdmin ? ` · ${name ?? store.name}` : "");
  const blocks: EmailBlock[] = [{ kind: "paragraph", text: m.email_stock_alerts_intro({ days: alerts.withinDays }, o) }];
  if (alerts.lowStock.length > 0) {
    blocks.push({
      kind: "table",
      title: m.email_stock_alerts_low_title({}, o),
      head: [m.email_stock_alerts_size({}, o), m.email_stock_alerts_on_hand({}, o)],
      rows: alerts.lowStock.map((a) => ({
        cells: [
          `${a.productName} (${a.label}) · SKU ${a.sku}${seller(a.seller)}`,
          m.email_stock_alerts_of_level({ stock: a.stock, level: a.reorderLevel }, o),
        ],
      })),
    });
  }
  if (alerts.expiring.length > 0) {
    blocks.push({
      kind: "table",
      title: m.email_stock_alerts_expiring_title({ days: alerts.withinDays }, o),
      head: [m.email_stock_alerts_lot({}, o), m.email_stock_alerts_on_hand({}, o)],
      rows: alerts.expiring.map((a) => ({
        cells: [
          `${a.productName} (${a.label}) · ${m.email_stock_alerts_lot_expires({ number: a.lotNumber, date: day(a.expiresOn, locale) }, o)}${seller(a.seller)}`,
          String(a.quantity),
        ],
      })),
    });
  }
  blocks.push({
    kind: "link",
    label: m.email_stock_alerts_open({}, o),
    path: options.forAdmin ? "/admin/stock-alerts" : "/vendor-login/stock-alerts",
  });
  return {
    store,
    locale,
    subject: m.email_stock_alerts_subject({ count: alertCount(alerts), date: day(options.today, locale) }, o),
    heading: m.email_stock_alerts_heading({}, o),
    blocks,
  };
}
