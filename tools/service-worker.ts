import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { offlinePageHtml, type OfflineText } from "../app/platform/offline/offline-page.ts";
import type { Locale } from "../app/platform/offline/policy.ts";
import type { WorkerBuild } from "../app/platform/offline/sw.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const WORKER_SOURCES = ["app/platform/offline/sw.ts", "app/platform/offline/policy.ts", "app/platform/offline/offline-page.ts"];
/** The routes whose scripts a kept catalogue page needs to come alive offline (app/routes.ts). */
const CATALOGUE_ROUTES = [
  "root",
  "routes/store/layout",
  "routes/store/home",
  "routes/store/products",
  "routes/store/product",
  "routes/store/crops",
  "routes/store/crop",
  "routes/store/cart",
  "routes/store/not-found",
  // The cart page's price check and the delivery check are fetchers of these.
  "routes/resources/cart-quote",
  "routes/resources/delivery",
];
const OFFLINE_PAGES: Record<Locale, string> = { en: "/offline.html", hi: "/offline-hi.html" };

type RouteManifest = {
  version: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
};

/**
 * The files a built chunk imports on demand (React's lazy components): Vite lists each dynamic
 * import's files in the chunk's `__vite__mapDeps` table ("assets/x.js"); a dynamic import with no
 * files of its own to preload is a bare import(`./x.js`).
 */
export function lazyImports(chunk: string): string[] {
  const files = new Set<string>();
  const table = /\bm\.f=\[([^\]]*)\]/.exec(chunk)?.[1];
  for (const [, path] of table?.matchAll(/["'`](assets\/[\w.-]+\.(?:js|css))["'`]/g) ?? []) files.add(`/${path}`);
  for (const [, name] of chunk.matchAll(/\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)) files.add(`/assets/${name}`);
  return [...files];
}

/** The store's messages (messages/store/<locale>.json) the worker and the offline page say. */
function storeMessages(locale: Locale) {
  const messages = JSON.parse(readFileSync(join(ROOT, `messages/store/${locale}.json`), "utf8")) as Record<string, string>;
  const say = (key: string) => {
    const text = messages[key];
    if (!text) throw new Error(`messages/store/${locale}.json has no ${key}`);
    return text;
  };
  const page: OfflineText = {
    title: say("store_offline_title"),
    detail: say("store_offline_detail"),
    tryAgain: say("store_offline_try_again"),
    home: say("store_offline_home"),
    cart: say("store_offline_cart"),
  };
  return { page, notice: say("store_offline_notice"), saved: say("store_offline_saved") };
}

/**
 * After the client and server builds (react-router.config.ts's buildEnd): writes the offline pages
 * and build/client/sw.js, the service worker bundled with this build's version and the files it
 * fetches when installed (docs/decisions/029-offline.md). The server sends sw.js with no-cache.
 */
export async function writeServiceWorker(clientDir: string) {
  const assets = readdirSync(join(clientDir, "assets")).filter((name) => !/\.(br|gz)$/.test(name));
  const find = (pattern: RegExp, what: string) => {
    const name = assets.find((n) => pattern.test(n));
    if (!name) throw new Error(`service worker: no ${what} in ${clientDir}/assets`);
    return `/assets/${name}`;
  };
  const routeManifest = find(/^manifest-[\w-]+\.js$/, "React Router manifest");
  const text = readFileSync(join(clientDir, routeManifest), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as RouteManifest;
  const stylesheet = find(/^app-[\w-]+\.css$/, "stylesheet");

  const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of CATALOGUE_ROUTES) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`service worker: route ${id} is not in the build`);
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) scripts.add(file);
  }
  // What those scripts load later (the cart's lines, toasts, the sign-in dialog) is not in React
  // Router's manifest: without it a kept cart page offline would show its lines never.
  for (const file of scripts) {
    if (!file.endsWith(".js")) continue;
    for (const later of lazyImports(readFileSync(join(clientDir, file), "utf8"))) scripts.add(later);
  }

  const logo = readFileSync(join(clientDir, "favicon.svg"), "utf8").trim();
  const en = storeMessages("en");
  const hi = storeMessages("hi");
  for (const [locale, messages] of [
    ["en", en],
    ["hi", hi],
  ] as const) {
    writeFileSync(join(clientDir, OFFLINE_PAGES[locale]), offlinePageHtml({ locale, text: messages.page, stylesheet, logo }));
  }

  const precache = [
    ...scripts,
    routeManifest,
    stylesheet,
    find(/^icons-[a-f0-9]+\.svg$/, "icon sprite"),
    OFFLINE_PAGES.en,
    OFFLINE_PAGES.hi,
  ];
  // Any change to the build's files, the offline pages' words or the worker's code is a new version.
  const hash = createHash("sha256").update(assets.sort().join("\n"));
  hash.update(JSON.stringify([en, hi]));
  for (const source of WORKER_SOURCES) hash.update(readFileSync(join(ROOT, source)));
  const worker: WorkerBuild = {
    version: hash.digest("hex").slice(0, 12),
    precache,
    routeManifest,
    routeManifestVersion: manifest.version,
    offlinePage: OFFLINE_PAGES,
    notice: { en: en.notice, hi: hi.notice },
    savedPages: { en: en.saved, hi: hi.saved },
  };

  const entry = "\0angle-service-worker";
  await build({
    input: entry,
    platform: "browser",
    logLevel: "warn",
    plugins: [
      {
        name: "angle:service-worker-entry",
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry
            ? `import { startServiceWorker } from ${JSON.stringify(join(ROOT, "app/platform/offline/sw.ts"))};\nstartServiceWorker(${JSON.stringify(worker)});\n`
            : null,
      },
    ],
    output: { file: join(clientDir, "sw.js"), format: "iife", minify: true },
  });
  return worker;
}
