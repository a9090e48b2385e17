import { sql, type Expression, type SqlBool } from "kysely";
import { getDatabase } from "./db.server";

/**
 * A LIKE pattern for "contains q", with the wildcards in q escaped so they match themselves. NUL is
 * dropped: PostgreSQL refuses it in text (a 500 for /admin/users?q=%00), and no stored text holds one.
 */
export function containsPattern(q: string) {
  return `%${q.replaceAll("\u0000", "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "column contains q" on either engine. */
export function containsInsensitive(column: string, q: string): Expression<SqlBool> {
  const pattern = containsPattern(q);
  return getDatabase().engine === "postgres"
    ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}
