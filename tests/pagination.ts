import { expect } from "vitest";
import { type Page, type PageRequest, MAX_PAGE_SIZE } from "~/platform/core/pagination";
import { defined } from "~/platform/defined";

/**
 * Walks a keyset list to its end with Next and back to the start with Previous, checking on the
 * way what a reader sees: pages of at most 50, "Showing a–b of N" true, every row exactly once.
 * Returns the keys in list order.
 */
export async function walkPages<T>(
  fetchPage: (request: PageRequest) => Promise<Page<T>>,
  keyOf: (row: T) => string,
  expectedTotal: number,
): Promise<string[]> {
  const forward: string[] = [];
  let request: PageRequest = { cursor: null, direction: "next" };
  const cursors: (string | null)[] = [];
  for (let pages = 0; ; pages++) {
    expect(pages, "walking forward never ends").toBeLessThan(1000);
    const page = await fetchPage(request);
    expect(page.total).toBe(expectedTotal);
    expect(page.rows.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
    expect(page.start).toBe(page.rows.length ? forward.length + 1 : 0);
    expect(page.prevCursor === null).toBe(forward.length === 0);
    forward.push(...page.rows.map(keyOf));
    cursors.push(page.prevCursor);
    if (!page.nextCursor) break;
    expect(page.rows.length).toBeGreaterThan(0);
    request = { cursor: page.nextCursor, direction: "next" };
  }
  expect(forward).toHaveLength(expectedTotal);
  expect(new Set(forward).size).toBe(expectedTotal);

  // Back from the last page: the same rows, page by page, ending on a full page 1.
  const last = await fetchPage(request);
  const backward: string[][] = [last.rows.map(keyOf)];
  let prev = last.prevCursor;
  while (prev) {
    const page = await fetchPage({ cursor: prev, direction: "prev" });
    expect(page.total).toBe(expectedTotal);
    const keys = page.rows.map(keyOf);
    expect(page.start).toBe(forward.indexOf(defined(keys[0], "a row on a page before this one")) + 1);
    backward.unshift(keys);
    prev = page.prevCursor;
    expect(backward.length, "walking back never ends").toBeLessThan(1000);
  }
  expect(backward.flat()).toEqual(forward);
  return forward;
}

/**
 * Inserts orders straight into the table (placing hundreds through checkout would take minutes),
 * many sharing a created_at so the id has to break ties. Returns their ids.
 */
export async function insertOrders(
  count: number,
  options: { userId: string; name?: (i: number) => string; createdAt?: (i: number) => string; status?: string },
) {
  const { getDb } = await import("~/platform/db/db.server");
  const { newId } = await import("~/platform/ids");
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    user_id: options.userId,
    checkout_key: newId(20),
    status: (options.status ?? "pending") as "pending",
    payment_method: "cod",
    subtotal_paise: 100_000 + i,
    shipping_paise: 0,
    tax_paise: 0,
    total_paise: 100_000 + i,
    customer_name: options.name?.(i) ?? `Buyer ${i}`,
    customer_email: `buyer${i}@example.in`,
    customer_phone: "+91 90000 00000",
    street: "1 Test Street",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    created_at: options.createdAt?.(i) ?? new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 7) * 60_000).toISOString(),
    updated_at: new Date().toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 100)
    await getDb()
      .insertInto("orders")
      .values(rows.slice(i, i + 100))
      .execute();
  return rows.map((r) => r.id);
}
