import { defined } from "../../app/lib/defined";
import { test, expect } from "./fixtures";

// Issue 6 / decision 007: what a shopper's phone downloads before it can use a page. Bytes, not
// timings: the same build always gives the same figures (speed itself is measured by npm run bench).
const JS_BUDGET_BYTES = 100 * 1024;
const CHROME_ENCODINGS = "gzip, deflate, br, zstd";

test("each storefront page's first-load JavaScript is within 100 KB compressed, its CSS inlined, its icons one sprite", async ({
  request,
}) => {
  const productPath = defined(/href="(\/products\/[a-z0-9]+)"/.exec(await (await request.get("/products")).text())?.[1], "a product link");
  for (const path of ["/", "/products", productPath, "/cart"]) {
    const html = await (await request.get(path)).text();
    // No render-blocking stylesheet: the CSS is in the page.
    const css = html.indexOf('<style id="angle-css">');
    expect(css, path).toBeGreaterThan(0);
    expect(html.indexOf("</style>", css) - css, path).toBeGreaterThan(1000);
    expect(html, path).not.toMatch(/<link rel="stylesheet"/);

    const scripts = new Set(
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => defined(m[1], "a preloaded script")),
    );
    for (const m of html.matchAll(/import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g))
      scripts.add(defined(m[1] ?? m[2], "an imported script"));
    expect(scripts.size, path).toBeGreaterThan(2);
    let bytes = 0;
    for (const src of scripts) {
      const res = await request.head(src, { headers: { "accept-encoding": CHROME_ENCODINGS } });
      expect(res.status(), src).toBe(200);
      expect(res.headers()["content-encoding"], src).toBe("br");
      expect(res.headers()["cache-control"], src).toContain("immutable");
      // Trimmed to what they need (decision 007), but never the security and caching essentials.
      expect(res.headers()["x-content-type-options"], src).toBe("nosniff");
      expect(res.headers().vary, src).toContain("Accept-Encoding");
      expect(res.headers()["content-type"], src).toBe("text/javascript");
      bytes += Number(res.headers()["content-length"]);
    }
    test
      .info()
      .annotations.push({ type: "first-load JS", description: `${path}: ${(bytes / 1024).toFixed(1)} KB in ${scripts.size} files` });
    expect(bytes, `${path} loads ${(bytes / 1024).toFixed(1)} KB of JavaScript`).toBeLessThanOrEqual(JS_BUDGET_BYTES);

    const sprite = /<use href="(\/assets\/icons-[a-f0-9]+\.svg)#/.exec(html)?.[1];
    const svg = await request.get(defined(sprite, `the icon sprite of ${path}`));
    expect(svg.headers()["content-type"]).toContain("image/svg+xml");
    for (const m of html.matchAll(/<use href="[^"#]+#([a-z0-9-]+)"/g))
      expect(await svg.text(), `icon ${m[1]}`).toContain(`<symbol id="${m[1]}"`);
  }
});

test("pages look the same once hydrated: the inlined stylesheet survives and the icons are drawn", async ({ page }) => {
  await page.goto("/products");
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated !== undefined ||
      (window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules !== undefined,
  );
  await expect(page.locator("style#angle-css")).toHaveCount(1);
  expect(await page.locator("style#angle-css").evaluate((s) => s.textContent?.length ?? 0)).toBeGreaterThan(1000);
  // The cart icon in the header is a 24 px drawing, not an empty box.
  const box = await page.locator('header a[href="/cart"] svg').boundingBox();
  expect(box?.width).toBeGreaterThan(10);
  // The drawing comes from the sprite file, which may still be on its way: wait for it to be drawn.
  await expect
    .poll(() => page.locator('header a[href="/cart"] svg use').evaluate((u) => (u as SVGUseElement).getBBox().width))
    .toBeGreaterThan(5);
  // Client-side navigation keeps the styles (the <style> is rendered by React, not lost).
  await page.getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("style#angle-css")).toHaveCount(1);
  // The home page's own heading (the address changes a moment before the new page is drawn).
  await expect(page.getByRole("heading", { level: 1, name: /delivered to your door/i })).toHaveCSS("font-weight", "800");
});
