import { defined } from "../../app/platform/defined";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * On a budget phone (issue 30) a catalogue page hydrates when the person first reaches for something
 * that needs its scripts (decision 044). A tap on "Add to cart" just after the page has painted is
 * then held, the page hydrates, and the tap is applied: never lost, never applied twice.
 */
const CPU_SLOWDOWN = 14; // a budget phone on this 2-core host (bench/README.md: benchmark index ÷ 264)

type Seen = { fcp?: number; tap?: number; hydratedAtTap?: boolean; clicks: number };

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true });

  test("a tap on Add to cart right after the first paint, on a slowed CPU, is applied once", async ({ page }) => {
    // What the page saw: its first paint, and the first click reaching the document, with whether the
    // page had hydrated by then (recorded before any of the page's own scripts run).
    await page.addInitScript(() => {
      const seen: Seen = { clicks: 0 };
      (window as unknown as { __seen: Seen }).__seen = seen;
      new PerformanceObserver((list) => {
        const fcp = list.getEntriesByName("first-contentful-paint")[0];
        if (fcp) seen.fcp = fcp.startTime;
      }).observe({ type: "paint", buffered: true });
      addEventListener(
        "click",
        (event) => {
          seen.clicks++;
          if (seen.tap !== undefined) return;
          seen.tap = event.timeStamp;
          seen.hydratedAtTap = document.documentElement.hasAttribute("data-hydrated");
        },
        true,
      );
    });
    // Where the first card's button is drawn (the same on every load of the page at this size), read
    // on a first visit, so that the tap needs nothing from the slowed page but its first paint.
    await page.goto("/products");
    const button = page.getByRole("button", { name: "Add to cart" }).first();
    const box = defined(await button.boundingBox(), "the first Add to cart button's box");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    // The browser says when the page has painted (not the page's own scripts, which wait for a busy
    // main thread); the tap follows at once, where the button is: pointer events, then a click.
    await cdp.send("Page.enable");
    await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
    const painted = new Promise<void>((resolve) => {
      cdp.on("Page.lifecycleEvent", (event) => {
        if (event.name === "firstContentfulPaint") resolve();
      });
    });
    await page.goto("/products", { waitUntil: "commit" });
    await painted;
    // …once the button is on the screen (the first paint may be the header alone): the first card's
    // button is just below a phone's first screen, so the person scrolls a little first (no intent).
    await button.waitFor({ state: "visible" });
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, 300);
      return window.scrollY;
    });
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2 - scrolled);

    const seen = await page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);
    const after = defined(seen.tap, "the tap reached the page") - defined(seen.fcp, "a first paint");
    test
      .info()
      .annotations.push({ type: "first tap", description: `${after.toFixed(0)} ms after the first paint, CPU ${CPU_SLOWDOWN}× slower` });
    // Early: before the page hydrated (the hard case: nothing of React is listening yet).
    expect(seen.hydratedAtTap, "the page had not hydrated when tapped").toBe(false);

    // Applied: one item in the cart and on the badge, once the page has hydrated.
    await expect(page.getByTestId("cart-count")).toHaveText("1", { timeout: 30_000 });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("angle-cart") ?? "[]") as { quantity: number }[]);
    expect(stored.map((line) => line.quantity)).toEqual([1]);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  });
});

test("a catalogue page does not run its scripts until the person reaches for something, but has them ready", async ({ page }) => {
  await page.goto("/products");
  // Fetched once the page has painted (decision 028), not run: nothing was touched.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".js")).length))
    .toBeGreaterThan(2);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);
  // A link still works as a link: the next page loads.
  await page.getByRole("link", { name: "About" }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  // A focus (here a key press on the page) is intent: it hydrates.
  await page.goto("/products");
  await page.getByRole("searchbox").first().focus();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
});

test("a page that needs its scripts, like checkout's sign-in or the cart with lines, hydrates at once", async ({ page }) => {
  await page.goto("/products?auth=login");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 15_000 });
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate(() =>
    localStorage.setItem(
      "angle-cart",
      JSON.stringify([{ product: { id: "x", name: "x", pricePaise: 100, image: "", category: "seeds", stock: 1 }, quantity: 1 }]),
    ),
  );
  await page.goto("/cart");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 15_000 });
});
