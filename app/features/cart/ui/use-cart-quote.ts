import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatPaise } from "~/platform/core/money";
import type { QuotedItem } from "~/features/catalog/domain/product-view";
import { useT } from "../../../platform/i18n/i18n";
import { lineKey, lineName, readCart, useCart, writeCart, type CartLine } from "../domain/cart";
import { type DrawnCart, quotedProduct } from "../domain/cart-cookie";

export type QuotedLine = CartLine & { outOfStock: boolean; priceChangedFrom: number | null };

/**
 * Brings the stored cart up to date with the server: current prices and stock of each pack size
 * replace the stored ones, sizes no longer sold are dropped, quantities above stock are lowered —
 * each with a notice, so nothing is silently sold at an old price. A line from before pack sizes
 * gets its product's first size.
 */
export function useCartQuote(drawn?: DrawnCart | null) {
  const t = useT();
  const lines = useCart(drawn?.lines);
  const fetcher = useFetcher<{ items: QuotedItem[] }>();
  const [notices, setNotices] = useState<string[]>([]);
  const [changed, setChanged] = useState<Record<string, number>>({});
  const ids = quoteIds(lines);
  // The ids of the last quote asked for, and the last answer applied (each answer is applied once).
  const requested = useRef<Set<string>>(new Set());
  const applied = useRef<unknown>(null);
  // The cart's ids as the last answer left it. An answer names each line's size, so a line from
  // before pack sizes changes the ids when it is applied; that cart was just checked, and asking
  // again would disable Place Order for a moment, long enough to swallow a click. A page the server
  // drew with the cart (checkout) comes with its quote: the first answer.
  const answered = useRef<string | null>(drawn ? quoteIds(drawn.lines) : null);
  const [drawnAnswer, setDrawnAnswer] = useState(!!drawn);

  const askForQuote = useEffectEvent((forIds: string) => {
    requested.current = new Set(forIds.split(",").map((part) => part.split("~").at(-1) ?? part));
    fetcher.load(`/resources/cart-quote?ids=${encodeURIComponent(forIds)}`);
  });
  useEffect(() => {
    if (!ids) return;
    // Offline the check cannot answer (and a failed fetcher shows the error page): the stored cart
    // stands until the connection comes back, and is checked again then.
    if (navigator.onLine && ids !== answered.current) {
      setDrawnAnswer(false);
      askForQuote(ids);
    }
    const recheck = () => askForQuote(ids);
    window.addEventListener("online", recheck);
    return () => window.removeEventListener("online", recheck);
  }, [ids]);

  // Brings the stored cart up to date with an answer (see above).
  const apply = useEffectEvent((items: readonly QuotedItem[]) => {
    const current = new Map(items.map((p) => [p.key, p]));
    const stored = readCart();
    const messages: string[] = [];
    const priceChanges: Record<string, number> = {};
    const next: CartLine[] = [];
    let dirty = false;
    for (const line of stored) {
      const key = lineKey(line.product);
      const p = current.get(key);
      if (!p && !requested.current.has(key)) {
        // Added after this quote was asked for: the next quote covers it.
        next.push(line);
        continue;
      }
      if (!p) {
        messages.push(t("ui_checkout_notice_removed", { name: lineName(line.product) }));
        dirty = true;
        continue;
      }
      const product = quotedProduct(p);
      if (p.pricePaise !== line.product.pricePaise) {
        priceChanges[p.variantId] = line.product.pricePaise;
        messages.push(
          t("ui_checkout_notice_price", {
            name: lineName(product),
            old: formatPaise(line.product.pricePaise),
            new: formatPaise(p.pricePaise),
          }),
        );
      }
      let quantity = line.quantity;
      if (p.stock > 0 && quantity > p.stock) {
        quantity = p.stock;
        messages.push(t("ui_checkout_notice_stock", { stock: p.stock, name: lineName(product) }));
      }
      if (quantity !== line.quantity || JSON.stringify(product) !== JSON.stringify(line.product)) dirty = true;
      // A line from before sizes and a line of its first size become one.
      const twin = next.find((l) => lineKey(l.product) === p.variantId);
      if (twin) {
        twin.quantity = Math.min(twin.quantity + quantity, Math.max(p.stock, 1));
        dirty = true;
      } else {
        next.push({ product, quantity });
      }
    }
    answered.current = quoteIds(next);
    if (dirty) writeCart(next);
    if (messages.length) setNotices((old) => [...new Set([...old, ...messages])]);
    if (Object.keys(priceChanges).length) setChanged((old) => ({ ...old, ...priceChanges }));
  });

  // Runs on both data and state: React Router publishes a fetcher's data before its "idle" state
  // (the state arrives in a transition), so a render can see the new data while still "loading".
  // Reacting to the data alone would skip it then and never look at it again.
  useEffect(() => {
    const items = fetcher.data?.items;
    if (!items || fetcher.state !== "idle" || applied.current === fetcher.data) return;
    applied.current = fetcher.data;
    apply(items);
  }, [fetcher.data, fetcher.state]);
  // The server's quote of the cart it drew, applied to the stored cart once, as an answer is: a price
  // kept in this browser from before is brought up to date, with its notice.
  useEffect(() => {
    if (!drawn || applied.current === drawn) return;
    applied.current = drawn;
    requested.current = new Set(drawn.lines.map((l) => lineKey(l.product)));
    apply(drawn.items);
  }, [drawn]);

  const quoted: QuotedLine[] = useMemo(
    () =>
      lines.map((l) => ({
        ...l,
        outOfStock: l.product.stock <= 0,
        priceChangedFrom: changed[lineKey(l.product)] ?? null,
      })),
    [lines, changed],
  );
  const checked = fetcher.state === "idle" && (!!fetcher.data || drawnAnswer);
  return { lines: quoted, notices, checked };
}

/** The lines a quote is asked for: each product, with its size where the line names one. */
/** The cart's lines as the server's cart quote and delivery check take them: "productId~variantId,…". */
export function quoteIds(lines: readonly CartLine[]): string {
  return lines
    .map((l) => (l.product.variantId ? `${l.product.id}~${l.product.variantId}` : l.product.id))
    .sort()
    .join(",");
}
