import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { log } from "../app/platform/log.server.ts";

/** What is swapped into a stored page for each response: its own CSP nonce and request id. */
export type Hole = "nonce" | "requestId";
/** Text (or bytes) cut where the holes were: parts[0] hole[0] parts[1] … (one more part than holes). */
export type Template<T extends string | Buffer = string> = { parts: T[]; holes: Hole[] };

/**
 * A rendered response as stored, with its nonce and request id taken out. The body stays bytes,
 * UTF-8 as rendered: serving a copy joins buffers, with no text to convert or encode again.
 */
export type CachedPage = {
  /** The whole key it was stored under (checked again on the way out of a hashed store). */
  key: string;
  status: number;
  headers: [string, Template][];
  body: Template<Buffer>;
  /** Epoch ms. */
  storedAt: number;
};

/** A page as one Redis value: its description as JSON, a newline, then the body's parts end to end. */
export function encodePage(page: CachedPage): Buffer {
  const { body, ...rest } = page;
  const head = JSON.stringify({ ...rest, holes: body.holes, lengths: body.parts.map((part) => part.length) });
  return Buffer.concat([Buffer.from(`${head}\n`), ...body.parts]);
}

export function decodePage(value: Buffer): CachedPage {
  const end = value.indexOf(0x0a); // JSON.stringify escapes every newline within
  const { holes, lengths, ...rest } = JSON.parse(value.subarray(0, end).toString("utf8")) as Omit<CachedPage, "body"> & {
    holes: Hole[];
    lengths: number[];
  };
  const parts: Buffer[] = [];
  let at = end + 1;
  for (const length of lengths) {
    parts.push(value.subarray(at, at + length));
    at += length;
  }
  return { ...rest, body: { parts, holes } };
}

/** Where pages are kept. A store never throws: an unreachable one answers "not there". */
export type PageStore = {
  get(key: string): Promise<CachedPage | undefined>;
  set(page: CachedPage, bytes: number): Promise<void>;
  /** The catalogue's version seen by the latest request; pages kept under another one are dead. */
  versionSeen(version: string): void;
  close(): Promise<void>;
};

/** In this process, least recently used out first once they pass `maxBytes`; each for `ttlMs` at most. */
export function createMemoryPageStore({ maxBytes, ttlMs }: { maxBytes: number; ttlMs: number }): PageStore {
  // A Map iterates in insertion order: a page read is moved to the end, the front is the oldest.
  const pages = new Map<string, { page: CachedPage; bytes: number }>();
  let total = 0;
  let version: string | undefined;
  const remove = (key: string) => {
    const entry = pages.get(key);
    if (!entry) return;
    pages.delete(key);
    total -= entry.bytes;
  };
  return {
    async get(key) {
      const entry = pages.get(key);
      if (!entry) return undefined;
      pages.delete(key);
      if (entry.page.storedAt + ttlMs <= Date.now()) {
        total -= entry.bytes;
        return undefined;
      }
      pages.set(key, entry);
      return entry.page;
    },
    async set(page, bytes) {
      if (bytes > maxBytes) return;
      remove(page.key);
      pages.set(page.key, { page, bytes });
      total += bytes;
      for (const key of pages.keys()) {
        if (total <= maxBytes) break;
        remove(key);
      }
    },
    versionSeen(seen) {
      if (version !== undefined && seen !== version) {
        pages.clear();
        total = 0;
      }
      version = seen;
    },
    async close() {
      pages.clear();
      total = 0;
    },
  };
}

/**
 * In Redis, shared by every instance: one string per page under `<prefix><sha-256 of its key>`
 * (keys hold whole query strings), expiring after `ttlSeconds`. Commands fail fast while Redis is
 * away (no offline queue, a 500 ms timeout): the page is then rendered as if not cached.
 */
export function createRedisPageStore({ url, prefix, ttlSeconds }: { url: string; prefix: string; ttlSeconds: number }): PageStore {
  const client = new Redis(url, { connectTimeout: 2_000, commandTimeout: 500, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  // A warning at most once a minute, not once per request or reconnection attempt.
  let warned = 0;
  const failed = (error: unknown) => {
    if (Date.now() - warned < 60_000) return;
    warned = Date.now();
    log.warn({ err: error }, "page cache (Redis) unreachable: pages are rendered without it");
  };
  client.on("error", failed);
  const redisKey = (key: string) => prefix + createHash("sha256").update(key).digest("base64url");
  return {
    async get(key) {
      // Still connecting, or reconnecting: not worth a wait.
      if (client.status !== "ready") return undefined;
      try {
        const value = await client.getBuffer(redisKey(key));
        if (value === null) return undefined;
        const page = decodePage(value);
        return page.key === key ? page : undefined;
      } catch (error) {
        failed(error);
        return undefined;
      }
    },
    async set(page) {
      if (client.status !== "ready") return;
      try {
        await client.set(redisKey(page.key), encodePage(page), "EX", ttlSeconds);
      } catch (error) {
        failed(error);
      }
    },
    // Pages of older versions expire with their TTL; nothing to do per request.
    versionSeen() {},
    async close() {
      if (client.status === "ready") await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
