import { relative, resolve } from "node:path";
import type { ServerBuild } from "react-router";
import { expect } from "vitest";
import type { createApp } from "../../server/app";
import { linkToken, sessionCookie } from "../account-links";
import { getEnv } from "~/platform/env.server";
import { productionBuildTests } from "../setup/test-files";

/**
 * The production build served by the Hono app in the test's own process, on the test file's
 * database, and requests to it as a browser on the store's origin sends them: the origin header
 * the request policy wants, the session cookie, no redirects followed.
 */
export const ORIGIN = getEnv().BASE_URL;
const BUILD_DIR = resolve(import.meta.dirname, "../..", getEnv().BUILD_DIR);

/** The built server (`npm run build`), once its start-up work is done; `clientDir` for createApp. */
export async function loadProductionBuild() {
  // The build's modules outlive a test file in a shared worker: a file loading it runs isolated.
  const file = relative(resolve(import.meta.dirname, "../.."), expect.getState().testPath ?? "");
  if (!productionBuildTests.includes(file))
    throw new Error(`${file} loads the production build: list it in tests/setup/test-files.ts productionBuildTests`);
  const build = (await import(resolve(BUILD_DIR, "server/index.js"))) as ServerBuild;
  await (build.entry.module as unknown as { ready: Promise<void> }).ready;
  return { build, clientDir: resolve(BUILD_DIR, "client") };
}

export type ProductionApp = ReturnType<typeof createApp>;
export type Reply = { status: number; headers: Headers; text: string; cookie: string };

/** A GET, or a POST of `form`, unless `method` says otherwise; `cookie` is the session the next request would carry. */
export async function send(
  app: ProductionApp,
  path: string,
  init: { method?: string; form?: Record<string, string>; cookie?: string } = {},
): Promise<Reply> {
  const headers = new Headers({ origin: ORIGIN });
  if (init.cookie) headers.set("cookie", init.cookie);
  const response = await app.request(`${ORIGIN}${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, text: await response.text(), cookie: sessionCookie(response.headers) };
}

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
export const address = { phone: "9876543210", street: "1 Road", city: "Pune", state: "Maharashtra", pincode: "411001" };

/**
 * Registers a customer through the store's own actions, as `label-…@example.in` with the password
 * `label-pass-123`; returns the address, the password and the session cookie.
 */
export async function registerCustomer(app: ProductionApp, name: string, label: string) {
  const email = `${label}-${unique()}@example.in`;
  const password = `${label}-pass-123`;
  const reply = await send(app, "/account/auth", { form: { intent: "register", name, email, password, ...address } });
  expect(reply.status, reply.text).toBe(200);
  // Registration signs nobody in: the emailed link does, with the password chosen.
  const confirmed = await send(app, "/verify-email", { form: { token: await linkToken(email), password } });
  expect(confirmed.status, confirmed.text).toBe(303);
  return { email, password, cookie: confirmed.cookie };
}

/**
 * The built server as `npm start` runs it, NODE_ENV=production: the CSP header with each page's
 * nonce, the offline head and the scripts moved after the first paint, the inlined stylesheet. The
 * build reads its environment once, as it loads; this process's own modules keep the test's.
 */
export async function loadProductionBuildAsStarted() {
  const before = { NODE_ENV: process.env.NODE_ENV, LOG_LEVEL: process.env.LOG_LEVEL };
  process.env.NODE_ENV = "production";
  process.env.LOG_LEVEL ??= "silent";
  try {
    return await loadProductionBuild();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * `app` on a port of this machine, served as server/index.ts serves it: through @hono/node-server,
 * whose responses keep a header set after their body was made (the hashed files' Cache-Control is).
 */
export async function listen(app: ProductionApp, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const { serve } = await import("@hono/node-server");
  return new Promise((started) => {
    const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, (info) =>
      started({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise((closed) => server.close(() => closed())),
      }),
    );
  });
}

/**
 * A browser opening `path`: a navigation asking for HTML, in `language` first, following redirects
 * as a browser does; `path` is the address it ended on.
 */
export async function visit(
  app: ProductionApp,
  path: string,
  { language = "en-IN", cookie }: { language?: string; cookie?: string } = {},
): Promise<Reply & { path: string }> {
  let at = path;
  for (let hops = 0; hops <= 10; hops++) {
    const headers = new Headers({ accept: "text/html", "accept-language": language, "sec-fetch-mode": "navigate" });
    if (cookie) headers.set("cookie", cookie);
    const response = await app.request(`${ORIGIN}${at}`, { headers, redirect: "manual" });
    const location = response.headers.get("location");
    const reply = {
      status: response.status,
      headers: response.headers,
      text: await response.text(),
      cookie: sessionCookie(response.headers),
    };
    if (response.status < 300 || response.status >= 400 || !location) return { ...reply, path: at };
    const next = new URL(location, `${ORIGIN}${at}`);
    if (next.origin !== ORIGIN) throw new Error(`${path} was sent off the store, to ${location}`);
    at = next.pathname + next.search;
  }
  throw new Error(`${path}: more than 10 redirects`);
}

/**
 * The elements `tag` of a page whose opening tag matches `attributes`, in document order: the
 * opening tag, and the HTML inside (same-named elements within are kept whole). For React's
 * rendered pages, whose tags are always closed.
 */
export function elements(html: string, tag: string, attributes = /(?:)/): { tag: string; html: string }[] {
  const found: { tag: string; html: string }[] = [];
  const tokens = [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>|</${tag}\\s*>`, "gi"))];
  tokens.forEach((open, i) => {
    if (open[0].startsWith("</") || !attributes.test(open[0])) return;
    let depth = 0;
    for (const token of tokens.slice(i)) {
      depth += token[0].startsWith("</") ? -1 : 1;
      if (depth === 0) {
        found.push({ tag: open[0], html: html.slice(open.index + open[0].length, token.index) });
        return;
      }
    }
  });
  return found;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** HTML's character references written out: "&amp;" as "&", "&#x27;" as "'". */
const decoded = (html: string) =>
  html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (/^#x/i.test(name)) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });

/** What a reader gets of some HTML (an element's text content): tags, comments and scripts out, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<[^>]*>/g, "");
  return decoded(text).replace(/\s+/g, " ").trim();
}

/** The texts of the elements `tag` (matching `attributes`) of a page. */
export const textsOf = (html: string, tag: string, attributes?: RegExp) => elements(html, tag, attributes).map((e) => textOf(e.html));

/** The links of a page (or part of one): their address and their text. */
export const linksOf = (html: string) =>
  elements(html, "a").map((a) => ({ href: decoded(/\bhref="([^"]*)"/.exec(a.tag)?.[1] ?? ""), text: textOf(a.html) }));

/** The page's <title>, and its <html lang>. */
export const titleOf = (html: string) => textsOf(html, "title")[0];
export const langOf = (html: string) => /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1];
