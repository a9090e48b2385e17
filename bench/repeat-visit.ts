// Issue 17: a repeat visit with the service worker (docs/decisions/029-offline.md) against one
// without it: time to first contentful paint of a product page visited before, on a slow 4G phone
// and with no network at all. Part of `npm run bench` (bench/run.ts); see bench/README.md.
//
// The connection is slowed by a small proxy in front of the server rather than by the browser's
// network emulation, which is set per page (DevTools' Network domain) and so is not sure to reach the
// service worker's own fetches: every byte, the page's and the worker's, crosses the same emulated link. Playwright's offline switch covers both.
import { createServer, connect, type Server, type Socket } from "node:net";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { CACHED_AT } from "../app/platform/offline/policy.ts";
import { defined } from "../app/platform/defined.ts";

/** Chrome DevTools' "Slow 4G" (also Lighthouse's applied throttling): round trip, and link speeds in kilobits per second. */
export const SLOW_4G = { rttMs: 562.5, downKbps: 1474.56, upKbps: 675 } as const;
/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Scenario =
  /** online, slow 4G, the page seen a minute ago: the worker shows its copy at once */
  | "online, visited just now"
  /** online, slow 4G, the page seen yesterday: the worker asks the network first */
  | "online, visited yesterday"
  /** no network, the page seen yesterday */
  | "offline, visited yesterday";

export type RepeatVisitResult = {
  scenario: Scenario;
  serviceWorker: boolean;
  /** first contentful paint after the navigation started, per run (null: no page at all) */
  fcpMs: (number | null)[];
  /** the page's first byte after the navigation started, per run (Navigation Timing's responseStart) */
  firstByteMs: (number | null)[];
  best: number | null;
  median: number | null;
  /** whether the offline notice was on the page */
  offlineNotice: boolean;
  /** runs whose page was the worker's copy (it carries the worker's CACHED_AT header), not the network's */
  fromCopy: number;
};

type Link = { rttMs: number; downKbps: number; upKbps: number };

/**
 * A TCP proxy to 127.0.0.1:targetPort that gives every byte a one-way delay of half the round trip
 * and shares one link of the given speeds between all connections, as a phone's radio would.
 */
export async function startSlowLink(targetPort: number, link: Link = SLOW_4G): Promise<{ port: number; close: () => Promise<void> }> {
  const oneWay = link.rttMs / 2;
  // When each direction of the shared link is next free (performance.now() milliseconds).
  const free = { up: 0, down: 0 };
  const sockets = new Set<Socket>();
  const shape = (from: Socket, to: Socket, direction: "up" | "down") => {
    const bitsPerMs = direction === "up" ? link.upKbps : link.downKbps;
    // In order, one timer at a time: two timers due in the same millisecond may fire in either order,
    // which would reorder the bytes of one connection.
    const queue: { due: number; chunk: Buffer | null }[] = [];
    let scheduled = false;
    const schedule = (due: number) => {
      scheduled = true;
      setTimeout(pump, Math.max(0, due - performance.now()));
    };
    const pump = () => {
      scheduled = false;
      while (queue.length > 0 && defined(queue[0], "the next chunk").due <= performance.now()) {
        const { chunk } = defined(queue.shift(), "the next chunk");
        if (chunk === null) to.end();
        else if (to.writable) to.write(chunk);
      }
      const next = queue[0];
      if (next) schedule(next.due);
    };
    const send = (due: number, chunk: Buffer | null) => {
      queue.push({ due, chunk });
      if (!scheduled) schedule(due);
    };
    let last = 0;
    from.on("data", (chunk: Buffer) => {
      const sent = Math.max(performance.now(), free[direction]) + (chunk.length * 8) / bitsPerMs;
      free[direction] = sent;
      last = sent + oneWay;
      send(last, chunk);
    });
    from.on("end", () => send(Math.max(last, performance.now()), null));
  };
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    shape(client, upstream, "up");
    shape(upstream, client, "down");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the slow link has no port");
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(
    sorted.length % 2
      ? defined(sorted[mid], "a middle value")
      : (defined(sorted[mid - 1], "a value") + defined(sorted[mid], "a value")) / 2,
  );
};

async function firstContentfulPaint(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        const seen = performance.getEntriesByName("first-contentful-paint")[0];
        if (seen) return resolve(Math.round(seen.startTime));
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName("first-contentful-paint")[0];
          if (entry) resolve(Math.round(entry.startTime));
        }).observe({ type: "paint", buffered: true });
        setTimeout(() => resolve(null), 10_000);
      }),
  );
}

/** The worker's kept pages, made to look a day old (as after a night away from the store). */
async function ageKeptPages(page: Page) {
  await page.evaluate(
    async ({ header, age }) => {
      for (const name of await caches.keys()) {
        if (!name.startsWith("angle-pages-")) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const kept = await cache.match(request);
          if (!kept) continue;
          const headers = new Headers(kept.headers);
          headers.set(header, String(Date.now() - age));
          await cache.put(request, new Response(await kept.blob(), { status: kept.status, statusText: kept.statusText, headers }));
        }
      }
    },
    { header: CACHED_AT, age: DAY_MS },
  );
}

/** Whether the worker has kept this page (and so can show it offline). */
async function isKept(page: Page, url: string) {
  return page.evaluate(async (href) => {
    for (const name of await caches.keys())
      if (name.startsWith("angle-pages-") && (await (await caches.open(name)).match(href))) return true;
    return false;
  }, url);
}

/**
 * One visitor's repeat visits to `productPath` through the slow link at `base`: the first visit
 * (the home page, then the product), then `runs` visits per scenario, each a fresh navigation.
 */
async function visitor(context: BrowserContext, base: string, productPath: string, serviceWorker: boolean, runs: number) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const productUrl = `${base}${productPath}`;
  // Yesterday's visit, on the same slow link: the worker installs, fetching what it keeps, and takes over.
  await page.goto(`${base}/`, { waitUntil: "load" });
  if (serviceWorker) {
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 120_000 });
  }
  await page.goto(productUrl, { waitUntil: "load" });
  if (serviceWorker) {
    const deadline = Date.now() + 60_000;
    while (!(await isKept(page, productUrl))) {
      if (Date.now() > deadline) throw new Error(`the service worker did not keep ${productPath}`);
      await page.waitForTimeout(200);
    }
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

  const results: RepeatVisitResult[] = [];
  const scenarios: Scenario[] = ["online, visited just now", "online, visited yesterday", "offline, visited yesterday"];
  for (const scenario of scenarios) {
    const fcpMs: (number | null)[] = [];
    const firstByteMs: (number | null)[] = [];
    let offlineNotice = false;
    let fromCopy = 0;
    for (let run = 0; run < runs; run++) {
      // Seen a moment ago, or a day ago (the worker's copy aged; the browser's own cache is left as
      // it is, which only favours the visit without the worker), then away, so each run is a whole load.
      if (scenario === "online, visited just now") await page.goto(productUrl, { waitUntil: "load" });
      else if (serviceWorker) {
        // The worker's caches are read from a page of the store (a run ends on the product page).
        if (!page.url().startsWith(base)) await page.goto(productUrl, { waitUntil: "load" });
        await ageKeptPages(page);
      }
      await page.goto("about:blank");
      const offline = scenario.startsWith("offline");
      if (offline) await context.setOffline(true);
      try {
        const response = await page.goto(productUrl, { waitUntil: "load", timeout: 60_000 }).catch(() => null);
        if (!response && !serviceWorker) {
          fcpMs.push(null);
          firstByteMs.push(null);
          continue;
        }
        if (response?.headers()[CACHED_AT]) fromCopy++;
        const heading = await page
          .getByRole("heading", { level: 1 })
          .first()
          .isVisible()
          .catch(() => false);
        fcpMs.push(heading ? await firstContentfulPaint(page) : null);
        firstByteMs.push(
          await page.evaluate(() => {
            const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
            return entry ? Math.round(entry.responseStart) : null;
          }),
        );
        offlineNotice ||= await page
          .locator("#offline-notice")
          .isVisible()
          .catch(() => false);
      } finally {
        if (offline) await context.setOffline(false);
      }
    }
    console.log(
      `  ${scenario}, ${serviceWorker ? "with" : "without"} the service worker: first paint ${fcpMs.map((v) => v ?? "-").join(", ")} ms; ` +
        `first byte ${firstByteMs.map((v) => v ?? "-").join(", ")} ms; ${fromCopy} of ${fcpMs.length} from the phone's copy`,
    );
    const painted = fcpMs.filter((v): v is number => v !== null);
    results.push({
      scenario,
      serviceWorker,
      fcpMs,
      firstByteMs,
      best: painted.length === fcpMs.length && painted.length ? Math.min(...painted) : null,
      median: painted.length === fcpMs.length ? median(painted) : null,
      offlineNotice,
      fromCopy,
    });
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.close();
  return results;
}

/** The repeat-visit figures with and without the service worker, the server at 127.0.0.1:serverPort. */
export async function runRepeatVisit(
  serverPort: number,
  productPath: string,
  runs: number,
  chromePath: string,
): Promise<RepeatVisitResult[]> {
  const link = await startSlowLink(serverPort);
  // A worker needs a secure context: localhost is one.
  const base = `http://localhost:${link.port}`;
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const results: RepeatVisitResult[] = [];
    for (const serviceWorker of [true, false]) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        serviceWorkers: serviceWorker ? "allow" : "block",
      });
      try {
        results.push(...(await visitor(context, base, productPath, serviceWorker, runs)));
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
    await link.close();
  }
}
