import { resolve } from "node:path";
import type { ServerBuild } from "react-router";
import { expect } from "vitest";
import type { createApp } from "../../server/app";
import { linkToken, sessionCookie } from "../account-links";
import { getEnv } from "~/platform/env.server";

/**
 * The production build served by the Hono app in the test's own process, on the test file's
 * database, and requests to it as a browser on the store's origin sends them: the origin header
 * the request policy wants, the session cookie, no redirects followed.
 */
export const ORIGIN = getEnv().BASE_URL;
const BUILD_DIR = resolve(import.meta.dirname, "../..", getEnv().BUILD_DIR);

/** The built server (`npm run build`), once its start-up work is done; `clientDir` for createApp. */
export async function loadProductionBuild() {
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
