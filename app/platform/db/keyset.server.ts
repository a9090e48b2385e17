import { sql, type SelectQueryBuilder, type SqlBool } from "kysely";
import {
  type CursorKind,
  type CursorValue,
  decodeCursor,
  encodeCursor,
  MAX_PAGE_SIZE,
  type Page,
  type PageRequest,
} from "~/platform/core/pagination";

/** One column of a list's sort order; the last one must be unique (the id) so the order is total. */
export type SortKey<O> = {
  /** The column as SQL names it, e.g. "orders.created_at". */
  ref: string;
  /** The selected field of a row that holds its value. */
  field: keyof O & string;
  kind: CursorKind;
};

/** Every key sorts the same way, so a page boundary is one row-value comparison both engines index. */
export type Keyset<O> = { keys: SortKey<O>[]; order: "asc" | "desc" };

function keyValues<O>(row: O, keyset: Keyset<O>): CursorValue[] {
  return keyset.keys.map((k) => {
    const v = row[k.field] as unknown;
    if (v instanceof Date) return v.toISOString();
    return k.kind === "number" ? Number(v) : String(v);
  });
}

/** Rows strictly after (`>`) or before (`<`) the given key in ascending terms. */
function beyond<O>(keyset: Keyset<O>, values: CursorValue[], op: "<" | ">") {
  const columns = sql.join(keyset.keys.map((k) => sql.ref(k.ref)));
  const params = sql.join(values.map((v) => sql`${v}`));
  return sql<SqlBool>`(${columns}) ${sql.raw(op)} (${params})`;
}

async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) {
  const row = await query.clearSelect().select(sql<number>`count(*)`.as("n")).$castTo<{ n: number | string }>().executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of `query` (its filters and joins, no order or limit) in keyset order: the rows after
 * (or, going back, before) the cursor's row, the true total, and cursors for the pages around it.
 * A malformed cursor reads as page 1.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keyset: Keyset<O>,
  page: PageRequest,
  pageSize: number,
): Promise<Page<O>> {
  const size = Math.min(Math.max(1, Math.floor(pageSize)), MAX_PAGE_SIZE);
  const after = decodeCursor(
    page.cursor,
    keyset.keys.map((k) => k.kind),
  );
  const backwards = after !== null && page.direction === "prev";
  const forwardOp = keyset.order === "desc" ? "<" : ">";
  const backOp = keyset.order === "desc" ? ">" : "<";
  const order = backwards === (keyset.order === "desc") ? "asc" : "desc";

  let q = query;
  if (after) q = q.where(beyond(keyset, after, backwards ? backOp : forwardOp));
  for (const k of keyset.keys) q = q.orderBy(sql.ref(k.ref), order);
  const fetched = await q.limit(size + 1).execute();
  const more = fetched.length > size;
  const rows = fetched.slice(0, size);
  if (backwards) {
    // Fewer rows before the cursor than a page: that is page 1, shown full.
    if (!more) return paginate(query, keyset, { cursor: null, direction: "next" }, size);
    rows.reverse();
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  const atStart = after === null;
  const [total, before] = await Promise.all([
    countRows(query),
    first && !atStart ? countRows(query.where(beyond(keyset, keyValues(first, keyset), backOp))) : Promise.resolve(0),
  ]);
  return {
    rows,
    total,
    start: first ? before + 1 : 0,
    nextCursor: last && (backwards || more) ? encodeCursor(keyValues(last, keyset)) : null,
    prevCursor: atStart ? null : first ? encodeCursor(keyValues(first, keyset)) : page.cursor,
  };
}

/** Every row of `query` in keyset order, a batch at a time (for exports that must not hold them all). */
export async function* walkKeyset<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keyset: Keyset<O>,
  batchSize = 500,
): AsyncGenerator<O[]> {
  const op = keyset.order === "desc" ? "<" : ">";
  let after: CursorValue[] | null = null;
  for (;;) {
    let q = query;
    if (after) q = q.where(beyond(keyset, after, op));
    for (const k of keyset.keys) q = q.orderBy(sql.ref(k.ref), keyset.order);
    const rows = await q.limit(batchSize).execute();
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = keyValues(last, keyset);
  }
}
