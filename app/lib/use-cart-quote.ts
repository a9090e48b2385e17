import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatPaise } from "~/domain/money";
import type { ProductCard } from "~/domain/product-view";
import { readCart, useCart, writeCart, type CartLine } from "./cart";

export type QuotedLine = CartLine & { outOfStock: boolean; priceChangedFrom: number | null };

/**
 * Brings the stored cart up to date with the server: current prices and stock replace the stored
 * ones, products no longer sold are dropped, quantities above stock are lowered — each with a
 * notice, so nothing is silently sold at an old price.
 */
export function useCartQuote() {
  const lines = useCart();
  const fetcher = useFetcher<{ products: ProductCard[] }>();
  const [notices, setNotices] = useState<string[]>([]);
  const [changed, setChanged] = useState<Record<string, number>>({});
  const ids = lines
    .map((l) => l.product.id)
    .sort()
    .join(",");
  // The ids of the last quote asked for, and the last answer applied (each answer is applied once).
  const requested = useRef<Set<string>>(new Set());
  const applied = useRef<unknown>(null);

  const askForQuote = useEffectEvent((forIds: string) => {
    requested.current = new Set(forIds.split(","));
    fetcher.load(`/resources/cart-quote?ids=${encodeURIComponent(forIds)}`);
  });
  useEffect(() => {
    if (ids) askForQuote(ids);
  }, [ids]);

  // Runs on both data and state: React Router publishes a fetcher's data before its "idle" state
  // (the state arrives in a transition), so a render can see the new data while still "loading".
  // Reacting to the data alone would skip it then and never look at it again.
  useEffect(() => {
    const products = fetcher.data?.products;
    if (!products || fetcher.state !== "idle" || applied.current === fetcher.data) return;
    applied.current = fetcher.data;
    const current = new Map(products.map((p) => [p.id, p]));
    const stored = readCart();
    const messages: string[] = [];
    const priceChanges: Record<string, number> = {};
    const next: CartLine[] = [];
    let dirty = false;
    for (const line of stored) {
      const p = current.get(line.product.id);
      if (!p && !requested.current.has(line.product.id)) {
        // Added after this quote was asked for: the next quote covers it.
        next.push(line);
        continue;
      }
      if (!p) {
        messages.push(`${line.product.name} is no longer available and was removed from your cart.`);
        dirty = true;
        continue;
      }
      if (p.pricePaise !== line.product.pricePaise) {
        priceChanges[p.id] = line.product.pricePaise;
        messages.push(`The price of ${p.name} changed from ${formatPaise(line.product.pricePaise)} to ${formatPaise(p.pricePaise)}.`);
      }
      let quantity = line.quantity;
      if (p.stock > 0 && quantity > p.stock) {
        quantity = p.stock;
        messages.push(`Only ${p.stock} of ${p.name} in stock: quantity lowered.`);
      }
      const product = { id: p.id, name: p.name, pricePaise: p.pricePaise, image: p.image, category: p.category, stock: p.stock };
      if (quantity !== line.quantity || JSON.stringify(product) !== JSON.stringify(line.product)) dirty = true;
      next.push({ product, quantity });
    }
    if (dirty) writeCart(next);
    if (messages.length) setNotices((old) => [...new Set([...old, ...messages])]);
    if (Object.keys(priceChanges).length) setChanged((old) => ({ ...old, ...priceChanges }));
  }, [fetcher.data, fetcher.state]);

  const quoted: QuotedLine[] = useMemo(
    () =>
      lines.map((l) => ({
        ...l,
        outOfStock: l.product.stock <= 0,
        priceChangedFrom: changed[l.product.id] ?? null,
      })),
    [lines, changed],
  );
  const checked = !!fetcher.data && fetcher.state === "idle";
  return { lines: quoted, notices, checked };
}
