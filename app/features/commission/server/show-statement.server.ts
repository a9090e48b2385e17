import { isCategoryKey } from "~/features/catalog/domain/categories";
import { productText } from "~/features/catalog/domain/product-view";
import { formatDate } from "~/platform/core/dates";
import { formatPaiseExact } from "~/platform/core/money";
import { formatOrderId } from "~/platform/core/order-id";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import { monthTitle, percentText } from "../domain/commission";
import type { ShownLabels, ShownLine } from "../ui/statement-view";
import type { AgentStatement, StatementLine } from "./agent-statement.server";

const CATEGORY = {
  seeds: m.ui_catalog_category_seeds,
  equipment: m.ui_catalog_category_equipment,
  tools: m.ui_catalog_category_tools,
  fertilizers: m.ui_catalog_category_fertilizers,
} as const;

/** A statement in the request's language, for the agent's page: its words and its lines as cards. */
export function showStatement(s: AgentStatement) {
  const locale = currentLocale();
  const month = monthTitle(s.month, locale);
  const line = (l: StatementLine): ShownLine => ({
    key: `${l.orderId}:${l.product}:${l.placedAt}:${l.basePaise}`,
    product: productText(l.product, l.productHi, locale),
    category: isCategoryKey(l.category) ? CATEGORY[l.category]() : l.category,
    farmer: l.farmer,
    order: formatOrderId(l.orderId),
    when: l.deliveredAt
      ? `${m.commission_delivered()}: ${formatDate(l.deliveredAt, locale)}`
      : `${m.commission_placed()}: ${formatDate(l.placedAt, locale)}`,
    quantity: l.returned
      ? m.commission_returned({ count: l.returned, quantity: l.quantity })
      : m.commission_quantity({ quantity: l.quantity }),
    base: formatPaiseExact(l.basePaise),
    rate: `${percentText(l.rateBp)}%`,
    commission: formatPaiseExact(l.commissionPaise),
  });
  const labels: ShownLabels = {
    farmer: m.commission_farmer(),
    order: m.commission_order(),
    base: m.commission_base(),
    rate: m.commission_rate(),
    commission: m.commission_amount(),
  };
  return {
    month: s.month,
    labels,
    earned: s.earned.map(line),
    pending: s.pending.map(line),
    text: {
      earnedHeading: m.commission_earned_heading({ month }),
      earnedTotal: m.commission_earned_total({ month, amount: formatPaiseExact(s.earnedPaise) }),
      pendingHeading: m.commission_pending_heading(),
      pendingText: m.commission_pending_text({ amount: formatPaiseExact(s.pendingPaise) }),
      noneEarned: m.commission_none_earned(),
      nonePending: m.commission_none_pending(),
    },
  };
}
