import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, waitForHydration } from "./fixtures";
import { DEVANAGARI, HINDI_WORD, linksOutOfHindi, switchLink } from "./hindi-helpers";
import { addProductToCart, SECATEURS, storedCart } from "./helpers";
import { TRACTOR } from "./storefront-helpers";

/*
 * Issue 16: one store in two languages (docs/decisions/026-hindi.md). A Hindi page is its English
 * path under /hi; a browser that asks for Hindi first lands there on its first visit; the header's
 * and footer's switch ("English | हिन्दी") opens the same page, filters and all, in the other
 * language and remembers the choice; the cart (in the browser) is unchanged by it. What the server
 * answers alone (the first visit's redirect, hreflang, a page's HTML in one language) is checked
 * without a browser: tests/integration/languages.test.ts.
 */

const htmlLang = (page: import("@playwright/test").Page) => page.locator("html").getAttribute("lang");
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

test.describe("the switch", () => {
  test.use({ locale: "en-IN" });

  test("the header's हिन्दी opens the same page with the same filters in Hindi, and the cart is unchanged; English brings it back", async ({
    page,
  }) => {
    await page.goto("/products?category=tools");
    await addProductToCart(page, SECATEURS.name);
    await page.goto("/products?category=tools");
    await waitForHydration(page);
    const cart = await storedCart(page);
    expect(cart.length).toBeGreaterThan(0);
    const cards = await page.getByTestId("product-card").count();
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    await (await switchLink(page, "header", HINDI_WORD)).click();
    await page.waitForURL((url) => pathOf(url.href) === "/hi/products?category=tools");
    expect(await htmlLang(page)).toBe("hi-IN");
    await waitForHydration(page);
    await expect(page.getByTestId("product-card")).toHaveCount(cards);
    expect(await storedCart(page)).toEqual(cart);
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    await (await switchLink(page, "header", "English")).click();
    await page.waitForURL((url) => pathOf(url.href) === "/products?category=tools");
    expect(await htmlLang(page)).toBe("en-IN");
    expect(await storedCart(page)).toEqual(cart);
  });

  test("the footer offers both languages too, for the page being shown (also after moving within the store)", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    // The page's own language is shown as the current one, not as a link.
    await expect(await switchLink(page, "footer", HINDI_WORD)).toBeVisible();
    // A page reached in the page (no reload) switches as itself, not as the page first loaded.
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact" }).click();
    await page.waitForURL("**/contact");
    await (await switchLink(page, "footer", HINDI_WORD)).click();
    await page.waitForURL((url) => pathOf(url.href) === "/hi/contact");
    expect(await htmlLang(page)).toBe("hi-IN");
    await (await switchLink(page, "footer", "English")).click();
    await page.waitForURL((url) => pathOf(url.href) === "/contact");
    expect(await htmlLang(page)).toBe("en-IN");
  });

  test("each language is named in itself and marked with its language (WCAG 3.1.2)", async ({ page }) => {
    await page.goto("/products");
    const hindi = await switchLink(page, "header", HINDI_WORD);
    await expect(hindi).toHaveAttribute("lang", /^hi/);
    await page.goto("/hi/products");
    const english = await switchLink(page, "header", "English");
    await expect(english).toHaveAttribute("lang", /^en/);
  });

  test.describe("with a browser that asks for Hindi", () => {
    test.use({ locale: "hi-IN" });

    test("choosing English sticks: the next visit to /products stays English", async ({ page, context }) => {
      await page.goto("/");
      expect(pathOf(page.url())).toBe("/hi");
      await waitForHydration(page);
      await (await switchLink(page, "header", "English")).click();
      await page.waitForURL((url) => pathOf(url.href) === "/");
      expect(await htmlLang(page)).toBe("en-IN");
      expect((await context.cookies()).find((c) => c.name === "angle_lang")?.value).toBe("en");

      await page.goto("/products");
      expect(pathOf(page.url())).toBe("/products");
      expect(await htmlLang(page)).toBe("en-IN");
      // And choosing Hindi again sticks the other way.
      await (await switchLink(page, "header", HINDI_WORD)).click();
      await page.waitForURL((url) => pathOf(url.href) === "/hi/products");
      await page.goto("/about");
      expect(pathOf(page.url())).toBe("/hi/about");
    });
  });
});

test.describe("moving around a Hindi page", () => {
  test.use({ locale: "hi-IN" });

  test("a product card opens the product's Hindi page, in the page, with no hydration errors", async ({ page, consoleErrors }) => {
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (/hydrat/i.test(m.text())) warnings.push(m.text());
    });
    await page.goto("/hi/products");
    await waitForHydration(page);
    // Marks the document: a full page load would lose it.
    await page.evaluate(() => Object.assign(window, { __stillHere: true }));
    const card = page.getByTestId("product-card").first();
    await card.getByRole("heading", { level: 3 }).getByRole("link").click();
    await page.waitForURL(/\/hi\/products\/[a-z0-9]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
    expect(await htmlLang(page)).toBe("hi-IN");
    // The header's cart link and the rest stay in Hindi.
    await expect(page.getByRole("banner").locator('a[href="/hi/cart"]')).toHaveCount(1);
    await page.goBack();
    await page.waitForURL((url) => pathOf(url.href) === "/hi/products");
    expect(warnings, "hydration warnings").toEqual([]);
    expect(
      consoleErrors.filter((e) => /hydrat/i.test(e)),
      "hydration errors",
    ).toEqual([]);
  });

  test("every link to a page of the store stays under /hi", async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of ["/hi", "/hi/products", `/hi/products/${TRACTOR.id}`, "/hi/about", "/hi/cart", "/hi/vendor-login"]) {
      await page.goto(path);
      await waitForHydration(page);
      expect.soft(await linksOutOfHindi(page), `${path}: links that leave Hindi`).toEqual([]);
    }
  });
});

test.describe("one language at a time", () => {
  const buildDir = process.env.BUILD_DIR ?? "build";

  test("no script the browser downloads carries Hindi, but for the switch's हिन्दी", () => {
    const assets = join(buildDir, "client", "assets");
    const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    const withHindi = scripts.filter((name) => {
      const code = readFileSync(join(assets, name), "utf8")
        .replaceAll(HINDI_WORD, "")
        .replaceAll("\\u0939\\u093f\\u0928\\u094d\\u0926\\u0940", "");
      // Written out or escaped ("\u0915").
      return DEVANAGARI.test(code) || /\\u09[0-7][0-9a-f]/i.test(code);
    });
    expect(withHindi, `scripts in ${assets} with Devanagari (the Hindi strings travel as page data)`).toEqual([]);
  });

  test("only a Hindi page downloads the Devanagari font, and draws its Hindi, regular and bold, with it", async ({ page }) => {
    const fonts: string[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      // Hashed by the build, so browsers keep them for a year: /assets/noto-sans-devanagari-400-<hash>.woff2.
      const font = /^\/assets\/(noto-sans-devanagari-\d+)-[\w-]+\.woff2$/.exec(pathname);
      if (font) fonts.push(`${font[1]} ${response.status()} ${response.headers()["cache-control"]}`);
    });
    await page.goto("/products");
    await page.evaluate(() => document.fonts.ready);
    expect(fonts, "fonts an English page downloads").toEqual([]);

    await page.goto("/hi/products");
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.sort()).toEqual([
      "noto-sans-devanagari-400 200 max-age=31536000, immutable",
      "noto-sans-devanagari-700 200 max-age=31536000, immutable",
    ]);
    // The page's Hindi letters are drawn by the store's own faces, regular and bold.
    const text = await page.locator("body").innerText();
    const letters = [...new Set(text.match(/[\u0900-\u097F]/g) ?? [])].join("");
    expect(letters.length).toBeGreaterThan(20);
    const covered = await page.evaluate(
      async (sample) =>
        Promise.all(["400", "700"].map(async (weight) => (await document.fonts.load(`${weight} 16px "Angle Devanagari"`, sample)).length)),
      letters,
    );
    expect(covered, "faces of Angle Devanagari that draw the page's letters (400, 700)").toEqual([1, 1]);
  });
});
