/**
 * Keyset pagination, the client-safe half: the opaque cursor in a list's URL and the page a list
 * service returns. A cursor is the sort key of a row (e.g. [created_at, id]) as base64url JSON; it
 * is validated on the way in, and anything malformed simply means "page 1".
 */

export type Direction = "next" | "prev";
export type PageRequest = { cursor: string | null; direction: Direction };
export type CursorValue = string | number;
/** What a cursor value must look like: text, a number, or an ISO-8601 UTC time (a timestamp column on PostgreSQL). */
export type CursorKind = "string" | "number" | "time";

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export type Page<T> = {
  rows: T[];
  /** Every row the filters match, not just this page's. */
  total: number;
  /** 1-based position of the page's first row in the whole list (0 when empty). */
  start: number;
  nextCursor: string | null;
  prevCursor: string | null;
};

/** Pages are at most this long. */
export const MAX_PAGE_SIZE = 50;
/** A cursor longer than this is not one we made. */
const MAX_CURSOR_LENGTH = 1000;

export function encodeCursor(values: readonly CursorValue[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(values));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor's values if it is well-formed with the expected kinds in order, else null. */
export function decodeCursor(cursor: string | null | undefined, kinds: readonly CursorKind[]): CursorValue[] | null {
  if (!cursor || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const binary = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const values: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (!Array.isArray(values) || values.length !== kinds.length) return null;
    const ok = values.every((v, i) =>
      kinds[i] === "number"
        ? typeof v === "number" && Number.isSafeInteger(v)
        : kinds[i] === "time"
          ? typeof v === "string" && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))
          : typeof v === "string" && v.length <= 200 && !v.includes("\u0000"),
    );
    return ok ? (values as CursorValue[]) : null;
  } catch {
    return null;
  }
}

/** A page with two lists names the second one's parameters: "queue" → `queueCursor`, `queueDir`. */
function paramNames(prefix: string) {
  return prefix ? { cursor: `${prefix}Cursor`, dir: `${prefix}Dir` } : { cursor: "cursor", dir: "dir" };
}

/** The page a list URL asks for: `?cursor=…&dir=prev`; no cursor (or a bad one) is page 1. */
export function readPageRequest(searchParams: URLSearchParams, prefix = ""): PageRequest {
  const names = paramNames(prefix);
  const cursor = searchParams.get(names.cursor);
  return {
    cursor: cursor && cursor.length <= MAX_CURSOR_LENGTH ? cursor : null,
    direction: searchParams.get(names.dir) === "prev" ? "prev" : "next",
  };
}

/** The link to another page: the current query string (filters, search) with the cursor swapped. */
export function pageHref(search: string, cursor: string, direction: Direction, prefix = ""): string {
  const names = paramNames(prefix);
  const params = new URLSearchParams(search);
  params.set(names.cursor, cursor);
  if (direction === "prev") params.set(names.dir, "prev");
  else params.delete(names.dir);
  return `?${params.toString()}`;
}

export const FIRST_PAGE: PageRequest = { cursor: null, direction: "next" };
