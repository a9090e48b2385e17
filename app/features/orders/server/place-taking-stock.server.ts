import { type Insertable, sql } from "kysely";
import type { Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { compiledOnce } from "~/platform/db/compiled-once.server";
import { outboxInsert, type OutboxRow } from "~/features/messaging/server/enqueue.server";

/** What a cash-on-delivery order writes in its one statement (PostgreSQL): placeTakingStock's. */
export type WrittenOrder = {
  order: Insertable<Database["orders"]>;
  lines: Insertable<Database["order_line"]>[];
  event: Insertable<Database["order_event"]>;
  messages: OutboxRow[];
  /**
   * The uses of the order's offers, every one of them without a limit as read (issue 31,
   * docs/decisions/050-offers.md, "Counting uses"): counted by these rows alone, each offer's row held
   * (for share) by the statement, which fails unless every one is still active and unlimited.
   */
  uses: Insertable<Database["offer_use"]>[];
};

type Scalar = string | number | boolean | null;
type Values = Record<string, Scalar | readonly Scalar[]>;
type Row = Readonly<Record<string, unknown>>;

/**
 * The order's statement as compiledOnce takes it: each row's values under `table.column`, a list per
 * column for the lines and the messages (their count is then the statement's shape, as a list's
 * length is), and the sizes asked for as two lists.
 */
export function orderStatementValues(
  written: WrittenOrder,
  productIds: readonly string[],
  sizes: readonly { id: string; quantity: number }[],
): Values {
  const values: Record<string, Scalar | readonly Scalar[]> = {};
  addColumns(values, "order", [written.order]);
  addColumns(values, "event", [written.event]);
  addColumns(values, "line", written.lines);
  addColumns(values, "message", written.messages);
  addColumns(values, "use", written.uses);
  values.offerIds = [...new Set(written.uses.map((u) => u.offer_id))].sort();
  values.productIds = productIds;
  values.productCount = productIds.length;
  values.sizeIds = sizes.map((s) => s.id);
  values.quantities = sizes.map((s) => s.quantity);
  values.sizeCount = sizes.length;
  return values;
}

/**
 * Rows as a list of values per column, under `table.column`. A column the first row leaves
 * undefined is left out, as an insert leaves it out; every row must give the same columns.
 */
function addColumns(values: Record<string, Scalar | readonly Scalar[]>, table: string, rows: readonly Row[]) {
  const first = rows[0];
  if (!first) return;
  let count = 0;
  for (const column in first) {
    if (first[column] === undefined) continue;
    count++;
    const list: Scalar[] = [];
    for (const row of rows) list.push(scalar(row[column], table, column));
    values[keyOf(table, column)] = list;
  }
  for (const row of rows) {
    let given = 0;
    for (const column in row) if (row[column] !== undefined) given++;
    if (given !== count) throw new Error(`the order's ${table} rows differ in their columns`);
  }
}

/** `table.column`, made once per column rather than at every order. */
const keys = new Map<string, Map<string, string>>();
function keyOf(table: string, column: string) {
  let ofTable = keys.get(table);
  if (!ofTable) {
    ofTable = new Map();
    keys.set(table, ofTable);
  }
  let key = ofTable.get(column);
  if (key === undefined) {
    key = `${table}.${column}`;
    ofTable.set(column, key);
  }
  return key;
}

function scalar(value: unknown, table: string, column: string): Scalar {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  throw new Error(`the order's ${table} rows must all give ${column} a value of its own`);
}

/** In the builder: the rows back from their columns (stand-ins in the values' places). */
function rowsOf<T>(table: string, values: Values): T[] {
  const columns = Object.keys(values).filter((key) => key.startsWith(`${table}.`));
  const count = (values[columns[0] ?? ""] as readonly unknown[] | undefined)?.length ?? 0;
  return Array.from(
    { length: count },
    (_, i) => Object.fromEntries(columns.map((key) => [key.slice(table.length + 1), (values[key] as readonly unknown[])[i]])) as T,
  );
}

/**
 * The statement (docs/decisions/043-orders-under-a-rush.md): the order, its lines, its event and
 * its messages; the products' rows locked in order; every size's guarded decrement, once every
 * product was locked; each product's stock less what was taken, once every size was.
 */
function withStock(db: Db, v: Values) {
  const [order] = rowsOf<Insertable<Database["orders"]>>("order", v);
  const [event] = rowsOf<Insertable<Database["order_event"]>>("event", v);
  const lines = rowsOf<Insertable<Database["order_line"]>>("line", v);
  const messages = rowsOf<OutboxRow>("message", v);
  const uses = rowsOf<Insertable<Database["offer_use"]>>("use", v);
  if (!order || !event) throw new Error("an order's statement needs the order and its event");
  const sizeIds = v.sizeIds as readonly string[];
  const quantities = v.quantities as readonly number[];
  const asked = sizeIds.map((id, i) => sql`(${id}, ${quantities[i]}::integer)`);
  return db
    .with("placed_order", (qc) => qc.insertInto("orders").values(order))
    .with("placed_lines", (qc) => qc.insertInto("order_line").values(lines))
    .with("placed_event", (qc) => qc.insertInto("order_event").values(event))
    .with("placed_messages", (qc) => (messages.length > 0 ? outboxInsert(qc, messages) : qc.selectNoFrom(sql<number>`1`.as("none"))))
    .with(
      (cte) => cte("locked").materialized(),
      () =>
        sql<{
          id: string;
        }>`(select id from product where id in (${sql.join(v.productIds as readonly string[])}) and status = 'live' order by id for no key update)`,
    )
    .with(
      "taken",
      () => sql<{ id: string; product_id: string; stock: number; q: number }>`(update product_variant v set stock = v.stock - t.q
        from (values ${sql.join(asked)}) as t(id, q)
        where v.id = t.id and v.stock >= t.q and (select count(*) from locked) = ${v.productCount}
        returning v.id, v.product_id, v.stock, t.q)`,
    )
    .with(
      "summed",
      () => sql<{ id: string }>`(update product p set stock = p.stock - s.q, version = p.version + 1
        from (select product_id, sum(q) as q from taken group by product_id) s
        where p.id = s.product_id and (select count(*) from taken) = ${v.sizeCount}
        returning p.id)`,
    )
    .with("placed_uses", (qc) => (uses.length > 0 ? qc.insertInto("offer_use").values(uses) : qc.selectNoFrom(sql<number>`1`.as("none"))))
    .with(
      // The offers' rows, after the products' (as every order takes them), held to the commit so that no
      // admin gives one a limit meanwhile without counting this order's use (updateOffer recounts them).
      (cte) => cte("shared").materialized(),
      () =>
        uses.length > 0
          ? sql<{ id: string }>`(select id from offer where id in (${sql.join(v.offerIds as readonly string[])})
              and status = 'active' and max_uses is null and budget_paise is null
              and (select count(*) from locked) = ${v.productCount} order by id for share)`
          : sql<{ id: string }>`(select null::text as id where false)`,
    );
}

/** The offers' rows the statement holds must be all it used: true without offers. */
const offersHeld = (v: Values) => sql<boolean>`(select count(*) from shared) = ${(v.offerIds as readonly string[]).length}`;

/** The statement answering the sizes it took, with the stock each has left. */
export const placeAndTake = compiledOnce((db, v: Values) =>
  withStock(db, v).selectFrom("taken").select(["taken.id", "taken.stock"]).select(offersHeld(v).as("offers_held")),
);

/**
 * The statement that fails unless it took every size's stock, leaving each some: nothing may be
 * left to check after it when its COMMIT is already behind it (withCommitBehind).
 */
export const placeAndTakeAll = compiledOnce((db, v: Values) =>
  withStock(db, v).selectNoFrom(
    sql<boolean>`case when (select count(*) from taken) = ${v.sizeCount} and not exists (select from taken where stock <= 0)
          and ${offersHeld(v)} then true else stock_not_taken() end`.as("taken"),
  ),
);
