import { type RawBuilder, sql } from "kysely";
import type { Db } from "./db.server";
import type { Database } from "./schema";

/**
 * Bound parameters per statement for writes of many rows at once: under SQLite's limit (32,766)
 * and PostgreSQL's (65,535), with room to spare.
 */
const MAX_PARAMETERS = 16_000;

/** `items` in slices of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** How many rows of `columns` values one statement may carry. */
export function rowsPerStatement(columns: number) {
  return Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns)));
}

/** Ids for `where id in (…)`, a statement's worth at a time. */
export function idChunks(ids: Iterable<string>) {
  return chunks([...new Set(ids)], rowsPerStatement(1));
}

/** The SQL types a batched update casts its values to (both engines know these names). */
export type ColumnType = "text" | "integer" | "bigint" | "double precision";

/**
 * Updates many rows of `table`, each with its own values, in as few statements as the parameter
 * limit allows: `with v(key, a, b) as (values (…), (…)) update table set a = cast(v.a as …) … from v
 * where table.key = v.key` (SQLite 3.33+ and PostgreSQL alike; the casts give PostgreSQL the types
 * its untyped parameters lack). `also` adds the same assignments to every row (e.g. a version bump).
 */
export async function updateEach(
  db: Db,
  table: keyof Database & string,
  key: string,
  columns: readonly { name: string; type: ColumnType }[],
  rows: readonly (readonly unknown[])[],
  also: readonly RawBuilder<unknown>[] = [],
) {
  const names = [key, ...columns.map((c) => c.name)];
  for (const slice of chunks(rows, rowsPerStatement(names.length))) {
    const values = sql.join(slice.map((row) => sql`(${sql.join(row.map((v) => sql`${v}`))})`));
    const sets = [...columns.map((c) => sql`${sql.ref(c.name)} = cast(${sql.ref(`v.${c.name}`)} as ${sql.raw(c.type)})`), ...also];
    await sql`with v (${sql.join(names.map((n) => sql.ref(n)))}) as (values ${values})
      update ${sql.table(table)} set ${sql.join(sets)}
      from v where ${sql.ref(`${table}.${key}`)} = ${sql.ref(`v.${key}`)}`.execute(db);
  }
}
