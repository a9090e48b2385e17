import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { createApp } from "../../server/app";
import { pageCacheFromEnv } from "../../server/page-cache";
import { defined } from "~/platform/defined";
import { resetEnv } from "~/platform/env.server";
import { linkToken } from "../account-links";
import { freePort } from "../helpers/free-port";
import { listen, loadProductionBuildAsStarted } from "../helpers/production-app";
import type { Answer } from "./client";
import { applyEdits, hostileFile, hostileForm, hostileQuery, ODD_BODIES, postForm, realPng, showInput, type Pairs } from "./fuzz-inputs";
import { snapshot, storeViolations } from "./fuzz-invariants";
import {
  ACTION_TARGETS,
  type ActionTarget,
  GET_AREAS,
  GET_TARGETS,
  type GetArea,
  type GetTarget,
  type Group,
  PARAM_VALUES,
  type Role,
  type World,
} from "./fuzz-targets";
import { buildWorld, type Sessions } from "./fuzz-world";
import { FUZZ_STORE_ENV, type FuzzStore, openStoreReader } from "./store-reader";

/*
 * Property-based hostile input (issue: "never a 500, never a stored script that renders unescaped,
 * nothing half-written"), shared by the tests/integration/fuzz-*.test.ts files. Every action and
 * resource route (fuzz-targets.ts; fuzz-targets.test.ts fails when a route module is missing from it)
 * gets malformed forms from its own role, and a few from every role it must turn away; pages and
 * resource routes get hostile query strings, odd bodies and wrong methods. The production build serves
 * them over HTTP from the test's process, as `npm start` serves (@hono/node-server, the page cache), on
 * the file's database with the sample catalogue, which the test reads to check nothing was
 * half-written. Seeds are fixed and depend only on the target, role and path: a failure names the
 * target, role, seed and sample, and shows the input, and the same inputs are sent whichever file
 * sends them. The work is split into several files, one group of targets each, so that the two cores
 * share it (one file was about 150 s, the longest in the run); each file builds its own store and world.
 * That stored hostile text renders as text in a browser is tests/e2e/fuzz-xss.spec.ts.
 */

const SEED = 20261121;
/** Hundreds of requests a test, on a slow machine beside another run. */
export const LONG = { timeout: 300_000 };

export type Fuzz = { store: FuzzStore; world: World; sessions: Sessions };

/**
 * Starts the production build on this file's database with the sample catalogue and builds the
 * fuzzing's world in it, before the file's tests; stops it after them. The tests read it through the
 * returned function.
 */
export function setUpFuzzStore(): () => Fuzz {
  let fuzz: Fuzz | undefined;
  let stopStore: () => Promise<void> = async () => undefined;
  // React Router says so on the console for each malformed path it is sent (its answer is checked,
  // never a 5xx): hundreds of lines.
  const consoleError = console.error;
  beforeAll(async () => {
    console.error = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes("could not be decoded because it is a malformed URL segment")) return;
      consoleError(...args);
    };
    const uploads = mkdtempSync(join(tmpdir(), "angle-fuzz-uploads-"));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // The build reads its environment once, as it loads: the store's origin, its admin and high limits.
    Object.assign(process.env, FUZZ_STORE_ENV, { SEED_ON_EMPTY: "true", BASE_URL: url, UPLOAD_DIR: uploads, PAGE_CACHE: "on" });
    resetEnv();
    const { build, clientDir } = await loadProductionBuildAsStarted();
    const server = await listen(createApp({ build, clientDir, https: false, origin: url, pageCache: pageCacheFromEnv(build) }), port);
    const reader = await openStoreReader(
      process.env.DATABASE_URL
        ? { postgresUrl: process.env.DATABASE_URL }
        : { sqlitePath: defined(process.env.SQLITE_PATH, "this file's SQLite database") },
    );
    // The build's own modules hold their own pool and rate-limit store: closed before the database goes.
    const entry = build.entry.module as unknown as { closeDatabase: () => Promise<void>; closeRateLimitStore: () => Promise<void> };
    stopStore = async () => {
      await reader.close();
      await server.close();
      await entry.closeRateLimitStore();
      await entry.closeDatabase();
      rmSync(uploads, { recursive: true, force: true });
    };
    // The confirmation emails wait in the outbox (no worker sends them here): their links are read there.
    const store: FuzzStore = { url, query: reader.query, confirmationToken: (email) => linkToken(email), stop: stopStore };
    fuzz = { store, ...(await buildWorld(store, Date.now().toString(36))) };
  }, 180_000);
  afterAll(async () => {
    await stopStore();
    console.error = consoleError;
  });
  return () => defined(fuzz, "the fuzz store (started before the file's tests)");
}

function seedFor(label: string) {
  let h = 0;
  for (const ch of label) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return SEED + (h % 1_000_000);
}

export type Outcome = { role: Role; i: number; status: number; pairs: Pairs; location?: string };

/** Posts a target's hostile samples as one role; 5xx answers (and, for a refused role, 2xx ones) go to `failures`. */
async function fuzzAs(fuzz: Fuzz, t: ActionTarget, role: Role, runs: number, failures: string[], refused = false): Promise<Outcome[]> {
  const { world, sessions } = fuzz;
  const request = t.session ? await sessions.fresh(role) : sessions.as[role];
  const special = t.special?.(world) ?? {};
  const fields = Object.keys(t.valid(world, 0));
  const files = hostileFile(await realPng());
  const seed = seedFor(`${t.label}/${role}`);
  const samples = fc.sample(hostileForm(fields, ["intent", "id", "name", "email", "image", "__proto__", ""], special, files), {
    numRuns: runs,
    seed,
  });
  const outcomes: Outcome[] = [];
  for (const [i, s] of samples.entries()) {
    const pairs = applyEdits(t.valid(world, i), s.edits, s.randomOnly);
    const path = t.path(world);
    let response: Answer;
    try {
      response = await postForm(request, path, pairs, t.encoding ?? s.encoding);
    } catch (error) {
      failures.push(`${t.label} as ${role} [seed ${seed}, sample ${i}]: request failed (${error}): ${showInput(pairs)}`);
      continue;
    }
    const status = response.status();
    const bad = status >= 500 || (refused && status < 300);
    if (bad)
      failures.push(
        `${t.label} (POST ${path}) as ${role} [seed ${seed}, sample ${i}] → ${status}: ${showInput(pairs)}\n    answer: ${(await response.text()).slice(0, 300)}`,
      );
    outcomes.push({ role, i, status, pairs, location: response.headers().location });
  }
  // FUZZ_STATS=1 shows how deep the samples got (how many passed validation) when tuning them.
  if (process.env.FUZZ_STATS)
    console.log(
      `${t.label} as ${role}:`,
      JSON.stringify(
        Object.groupBy(outcomes, (o) => o.status),
        (_key, v) => (Array.isArray(v) ? v.length : v),
      ),
    );
  return outcomes;
}

/** The first value a form gave a field (what the actions read). */
export const first = (pairs: Pairs, key: string) => {
  const v = pairs.find(([k]) => k === key)?.[1];
  return typeof v === "string" ? v : v === undefined ? undefined : "";
};

/** Every target of a group: its roles' full samples, then a few from each role it must refuse, which must change nothing. */
export async function fuzzGroup(fuzz: Fuzz, group: Group, failures: string[]) {
  const results = new Map<string, Outcome[]>();
  for (const t of ACTION_TARGETS.filter((x) => x.group === group)) {
    const outcomes: Outcome[] = [];
    for (const role of t.roles) outcomes.push(...(await fuzzAs(fuzz, t, role, t.samples, failures)));
    for (const role of t.refused) {
      const before = await snapshot(fuzz.store);
      await fuzzAs(fuzz, t, role, 5, failures, true);
      const after = await snapshot(fuzz.store);
      if (after !== before) failures.push(`${t.label} as ${role} (must be refused) changed the store`);
    }
    results.set(t.label, outcomes);
  }
  return results;
}

export async function expectConsistent(store: FuzzStore, failures: string[]) {
  const violations = await storeViolations(store);
  expect([...failures, ...violations.map((v) => `store after the fuzzing: ${v}`)]).toEqual([]);
}

export const stockById = async (store: FuzzStore) =>
  new Map((await store.query("select id, stock from product")).map((r) => [String(r.id), Number(r.stock)]));

const inArea = (area: GetArea) => (t: GetTarget) => GET_AREAS[area].test(t.file);

/** Sends a request; a 5xx answer, or none at all, goes to `failures`. */
async function check(failures: string[], what: string, send: () => Promise<Answer>) {
  try {
    const response = await send();
    if (response.status() >= 500) failures.push(`${what} → ${response.status()}: ${(await response.text()).slice(0, 200)}`);
  } catch (error) {
    failures.push(`${what}: request failed (${error})`);
  }
}

/** Odd bodies (JSON, XML, binary, huge, empty…) posted to every action of a group, once per path and first role. */
export async function oddBodies(fuzz: Fuzz, group: Exclude<Group, "settings">, failures: string[]) {
  const { world, sessions } = fuzz;
  const seen = new Set<string>();
  for (const t of ACTION_TARGETS.filter((x) => x.group === group)) {
    const path = t.path(world);
    const role = t.roles[0] ?? "anon";
    if (seen.has(`${path} ${role}`)) continue;
    seen.add(`${path} ${role}`);
    const request = t.session ? await sessions.fresh(role) : sessions.as[role];
    for (const body of ODD_BODIES) {
      await check(failures, `POST ${path} as ${role} with ${body.label}`, () =>
        request.post(path, { headers: body.headers, data: body.data, maxRedirects: 0 }),
      );
    }
  }
}

/** Wrong methods at every page and resource route of an area. */
export async function wrongMethods(fuzz: Fuzz, area: GetArea, failures: string[]) {
  const { world, sessions } = fuzz;
  const methods = ["PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND"];
  for (const t of GET_TARGETS.filter(inArea(area))) {
    const path = t.path(world);
    for (const method of methods) {
      if (t.file === "routes/account/logout.ts" || path.startsWith("/api/auth/")) continue; // would end this file's sessions
      await check(failures, `${method} ${path} as ${t.role}`, () =>
        sessions.as[t.role].fetch(path, {
          method,
          form:
            method === "HEAD" || method === "OPTIONS" || method === "TRACE"
              ? undefined
              : { intent: "delete", id: defined(world.disposableProductIds[3], "a fourth disposable product") },
          maxRedirects: 0,
        }),
      );
    }
  }
}

/** A forged session cookie or odd headers are a visitor with no session, not an error. */
export async function oddHeaders(fuzz: Fuzz, failures: string[]) {
  const headerSets: Record<string, string>[] = [
    { cookie: "angle.session_token=%00%27%22; angle.session_data=e30" },
    { cookie: `angle.session_token=${"a".repeat(4000)}.${"b".repeat(40)}` },
    { cookie: "angle.session_token=x.y; angle.session_token=; better-auth.session_token=z" },
    { "accept-language": "'; drop table product; --", "x-forwarded-for": "<script>", range: "bytes=-1", "if-none-match": '"\u00ff\'"' },
  ];
  for (const headers of headerSets) {
    for (const path of ["/", "/orders", "/admin/dashboard", "/vendor-login/products", "/api/auth/get-session", "/checkout"]) {
      await check(failures, `GET ${path} with ${JSON.stringify(headers).slice(0, 80)}`, () =>
        fuzz.sessions.as.anon.get(path, { headers, maxRedirects: 0 }),
      );
    }
  }
}

/** Hostile query strings on every page and resource route of an area, as its role, a guest and (pages) single-fetch. */
export async function hostileQueries(fuzz: Fuzz, area: GetArea, failures: string[]) {
  const { world, sessions } = fuzz;
  for (const t of GET_TARGETS.filter(inArea(area))) {
    const path = t.path(world);
    const seed = seedFor(`query ${path} ${t.role}`);
    const params = [...t.params, "q"];
    const special = fc.oneof(
      ...params.flatMap((p) => PARAM_VALUES[p]?.map((v) => `${p}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, "?"))}`) ?? []),
      hostileQuery(params),
    );
    const queries = fc.sample(fc.oneof(hostileQuery(params), special), { numRuns: 6, seed });
    // Besides the random ones, each parameter gets the values most likely to break a query.
    const must = t.params.flatMap((p) => ["%00", "a%00b%25_", "%E0%A4", "%27%22%3C%3E", "x".repeat(3000)].map((v) => `${p}=${v}&${p}=2`));
    const dataPath =
      path.includes(".data") || /^\/(api|uploads|resources|healthz|logout|account)/.test(path)
        ? null
        : `${path === "/" ? "/_root" : path}.data`;
    for (const [i, query] of [...queries, ...must].entries()) {
      for (const [url, role] of [
        [`${path}?${query}`, t.role],
        ...(i < 2 ? [[`${path}?${query}`, "anon"]] : []),
        ...(dataPath && i < 3 ? [[`${dataPath}?${query}`, t.role]] : []),
      ] as [string, Role][]) {
        try {
          const response = await sessions.as[role].get(url, { maxRedirects: 0 });
          if (response.status() >= 500)
            failures.push(
              `GET ${url.slice(0, 300)} as ${role} [seed ${seed}, sample ${i}] → ${response.status()}: ${(await response.text()).slice(0, 200)}`,
            );
        } catch (error) {
          failures.push(`GET ${url.slice(0, 300)} as ${role}: request failed (${error})`);
        }
      }
    }
  }
}
