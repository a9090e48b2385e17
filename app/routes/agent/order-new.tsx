import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/order-new";
import { currentLocale, m } from "~/platform/i18n/i18n.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { RefusalError, refusal } from "~/platform/core/refusal";
import { formatPaise } from "~/platform/core/money";
import { formatOrderId } from "~/platform/core/order-id";
import { newId } from "~/platform/ids";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { parseCartCookie } from "~/features/cart/domain/cart-cookie";
import { productText } from "~/features/catalog/domain/product-view";
import { packLabel } from "~/features/catalog/domain/pack-label";
import { quoteAssistedCart, searchSizes } from "~/features/orders/server/assisted-orders.server";
import { changedLines, linesText, orderPageUrl, postedLines } from "~/features/agents/domain/order-lines";
import { farmerOfAgent } from "~/features/agents/server/agent-farmers.server";
import { placeAgentOrder } from "~/features/agents/server/agent-orders.server";
import { AgentNav } from "~/features/agents/ui/agent-nav";
import { AgentCart, type AgentCartText } from "~/features/agents/ui/agent-cart";
import { requireAgentAction, requireAgentPage } from "~/features/agents/web/require-agent.server";
import { agentNavText } from "~/features/agents/web/agent-nav-text.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta ?? "Order for a farmer · Angle" },
  { name: "robots", content: "noindex" },
];

/**
 * An agent builds an order for one of their approved farmers (docs/decisions/065-field-agents.md):
 * the cart in the address, priced for the farmer by the phone desk's quoteAssistedCart (the farmer's
 * price list, offers, delivery), never the agent's own prices; placed as cash on delivery.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { agent } = await requireAgentPage(request);
  const params = new URL(request.url).searchParams;
  const nav = agentNavText();
  let farmer: Awaited<ReturnType<typeof farmerOfAgent>>;
  try {
    farmer = await farmerOfAgent(agent.userId, params.get("farmer"));
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    return data(
      { state: "refused" as const, meta: m.agents_order_meta(), nav, message: renderRefusal(error.refusal) },
      { status: error.status },
    );
  }
  const changed = changedLines(params);
  if (changed) throw redirect(orderPageUrl(farmer.id, changed, params.get("q") ?? ""));
  const lines = parseCartCookie(params.get("lines") ?? "") ?? [];
  const q = params.get("q") ?? "";
  const [found, cart] = await Promise.all([searchSizes(q), quoteAssistedCart(farmer, lines)]);
  const locale = currentLocale();
  const text: AgentCartText = {
    search: m.agents_order_search(),
    searchButton: m.agents_order_search_button(),
    noMatch: q ? m.agents_order_no_match({ q }) : "",
    add: m.agents_order_add(),
    lines: m.agents_order_lines(),
    empty: m.agents_order_empty(),
    goods: m.agents_order_goods(),
    delivery: m.agents_order_delivery(),
    gst: m.agents_order_gst(),
    total: m.agents_order_total(),
    place: m.agents_order_place(),
    deliveryNote: cart.delivery.ok
      ? cart.delivery.cod
        ? m.agents_order_delivers({ pincode: farmer.pincode, date: cart.delivery.date })
        : m.agents_order_no_cod({ pincode: farmer.pincode })
      : cart.delivery.message,
  };
  return {
    state: "cart" as const,
    meta: m.agents_order_meta(),
    nav,
    title: m.agents_order_title({ name: farmer.name }),
    intro: m.agents_order_intro(),
    farmer: { id: farmer.id, pincode: farmer.pincode },
    linesText: linesText(lines),
    q,
    text,
    found: found.map((s) => {
      const named = productText(s.name, s.nameHi, locale);
      const name = s.label ? `${named} (${packLabel(s.label, locale)})` : named;
      const stock = Number(s.stock);
      return {
        key: `${s.productId}~${s.variantId}`,
        name,
        stockText: stock > 0 ? m.agents_order_in_stock({ count: stock }) : m.agents_order_out_of_stock(),
        quantityLabel: m.agents_order_quantity({ name }),
      };
    }),
    lines: cart.lines.map((l) => ({
      key: l.key,
      variantId: l.variantId,
      name: l.name,
      quantity: l.quantity,
      unit: l.unitPaise === null ? null : formatPaise(l.unitPaise),
      short:
        l.unitPaise !== null && l.stock < l.quantity
          ? l.stock > 0
            ? m.agents_order_only_left({ count: l.stock })
            : m.agents_order_out_of_stock()
          : null,
      removeLabel: m.agents_order_remove({ name: l.name }),
    })),
    offers: cart.offers.map((o) => ({ id: o.offerId, name: o.name, amount: formatPaise(o.withGstPaise ?? o.paise) })),
    totals: {
      goods: formatPaise(cart.totals.subtotal),
      delivery: formatPaise(cart.totals.shipping),
      gst: formatPaise(cart.totals.tax),
      total: formatPaise(cart.totals.total),
      totalPaise: cart.totals.total,
    },
    // One key per page drawn: a second press of the button is the first order.
    checkoutKey: `agent-${newId(24)}`,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { agent } = await requireAgentAction(request);
  const fields = await readFields(request);
  if (fields.intent !== "place") return data({ error: renderRefusal(refusal("common.unknown_intent")) }, { status: 400 });
  const items = postedLines(fields.lines);
  const key = typeof fields.checkoutKey === "string" && /^[A-Za-z0-9-]{16,64}$/.test(fields.checkoutKey) ? fields.checkoutKey : null;
  if (items === null || key === null) return data({ error: renderRefusal(refusal("checkout.cart_empty")) }, { status: 400 });
  try {
    const { orderId, farmer } = await placeAgentOrder(agent.userId, fields.farmer ?? "", { items, checkoutKey: key });
    return redirectWithToast("/agent/orders", { description: m.agents_order_placed({ id: formatOrderId(orderId), name: farmer.name }) });
  } catch (error) {
    if (error instanceof RefusalError) return data({ error: renderRefusal(error.refusal) }, { status: error.status });
    throw error;
  }
}

export default function AgentOrderNew({ loaderData: page, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AgentNav text={page.nav} />
      {page.state === "refused" ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 font-medium text-red-800">
          {page.message}
        </p>
      ) : (
        <>
          <h1 className="mt-6 text-2xl font-bold text-stone-900">{page.title}</h1>
          <p className="mt-1 text-stone-700">{page.intro}</p>
          <AgentCart page={page} error={actionData?.error} busy={busy} />
        </>
      )}
    </div>
  );
}
