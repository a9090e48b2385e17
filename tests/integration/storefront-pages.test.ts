import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { sampleProducts } from "~/features/catalog/server/seed/catalog";
import { seedCatalogIfEmpty } from "~/features/catalog/server/seed/seed.server";
import {
  elements,
  linksOf,
  loadProductionBuildAsStarted,
  ORIGIN,
  type ProductionApp,
  textOf,
  textsOf,
  titleOf,
  visit,
} from "../helpers/production-app";

/**
 * Storefront pages as the server renders them, on the sample catalogue (16 products, 3 out of
 * stock): what a page shows before any script runs. (Moved from tests/e2e/storefront.spec.ts and
 * crops.spec.ts, where a browser added nothing; clicks, forms, the cart and axe stay there.)
 */
let app: ProductionApp;

beforeAll(async () => {
  await seedCatalogIfEmpty(getDb());
  const { build, clientDir } = await loadProductionBuildAsStarted();
  app = createApp({ build, clientDir, https: false, origin: ORIGIN });
});

const SUPPORT_EMAIL = "support@angle.in";
const SUPPORT_PHONE = "+91 80 4567 8900";
const productNamed = (name: string) =>
  defined(
    sampleProducts.find((p) => p.name === name),
    `the sample product ${name}`,
  );

/** The elements with `data-testid` = `id`, whatever their tag. */
function withTestId(html: string, id: string) {
  const attribute = new RegExp(`\\sdata-testid="${id}"`);
  const tags = new Set([...html.matchAll(new RegExp(`<([a-z][a-z0-9]*)\\b[^>]*\\sdata-testid="${id}"`, "gi"))].map((m) => m[1] ?? ""));
  return [...tags].flatMap((tag) => elements(html, tag, attribute));
}

/** The text of the page's one element with `data-testid` = `id` (undefined when there is none, an error when several). */
function testId(html: string, id: string) {
  const found = withTestId(html, id).map((e) => textOf(e.html));
  expect(found.length, `elements with data-testid="${id}"`).toBeLessThanOrEqual(1);
  return found[0];
}

/** The value of the <select> labelled `label`: its selected option's, or its first's. */
function selectValue(html: string, label: string) {
  const labelled = elements(html, "label").find((l) => textOf(l.html) === label);
  const id = defined(/\bfor="([^"]+)"/.exec(labelled?.tag ?? "")?.[1], `a label "${label}" for a field`);
  const select = defined(elements(html, "select", new RegExp(`\\sid="${id}"`))[0], `the <select> labelled "${label}"`);
  const options = elements(select.html, "option");
  const chosen = options.find((o) => /\sselected=""/.test(o.tag)) ?? options[0];
  return /\bvalue="([^"]*)"/.exec(chosen?.tag ?? "")?.[1];
}

/** The product cards' names (their <h3>), in the order they are shown. */
/** The "we don't sell it" notice's lines. */
const notice = (html: string) => withTestId(html, "not-sold").flatMap((n) => textsOf(n.html, "p"));
const cardNames = (html: string) => withTestId(html, "product-card").flatMap((card) => textsOf(card.html, "h3"));

/** The page's <main>, and whether it sits in the store's layout: its header and footer. */
const mainOf = (html: string) => defined(elements(html, "main")[0], "the page's <main>").html;
const storeLayout = (html: string) => ({ header: elements(html, "header").length, footer: elements(html, "footer").length });

describe("catalogue", () => {
  it("lists every product with the count", async () => {
    const page = await visit(app, "/products");
    expect(testId(page.text, "result-count")).toBe("Showing 16 of 16 products");
    expect(cardNames(page.text)).toHaveLength(16);
  });

  it("sorts by name by default", async () => {
    const page = await visit(app, "/products");
    expect(selectValue(page.text, "Sort by")).toBe("name");
    const names = cardNames(page.text);
    expect(names).toHaveLength(16);
    expect(names[0]).toBe("Alphonso Mango Sapling (Grafted)");
    expect(names.at(-1)).toBe("Vermicompost 25 kg");
    // Initials ascend; ties such as "NPK…"/"Neem…" are left to the database's collation.
    const initials = names.map((n) => n.charAt(0).toLowerCase());
    expect(initials).toEqual([...initials].sort());
  });

  it("unknown parameters fall back to the defaults", async () => {
    const page = await visit(app, "/products?category=zzz&sort=bad&page=-1");
    expect(page.status).toBe(200);
    expect(textsOf(page.text, "h1")).toEqual(["All products"]);
    expect(selectValue(page.text, "Category")).toBe("all");
    expect(selectValue(page.text, "Sort by")).toBe("name");
    expect(testId(page.text, "result-count")).toBe("Showing 16 of 16 products");
    expect(cardNames(page.text)[0]).toBe("Alphonso Mango Sapling (Grafted)");
  });

  it("a 5000-character search does not fail", async () => {
    const page = await visit(app, `/products?q=${"maize".repeat(1000)}`);
    expect(page.status).toBe(200);
    expect(testId(page.text, "result-count")).toBe("Showing 0 of 16 products");
    expect([1, 2, 3, 4, 5, 6].flatMap((level) => textsOf(page.text, `h${level}`))).toContain("No products found");
  });

  it("a category or crop word finds what that category's or crop's page lists, first, in either language", async () => {
    const sorted = (names: string[]) => [...names].sort();
    // What the listing shows first (best match): products whose description merely mentions the
    // word (the drip kit's fertiliser injector) follow them.
    const first = async (q: string, n: number) =>
      sorted(cardNames((await visit(app, `/products?q=${encodeURIComponent(q)}`)).text).slice(0, n));
    const fertilizers = sorted(cardNames((await visit(app, "/products?category=fertilizers")).text));
    const chilli = sorted(cardNames((await visit(app, "/crops/chilli")).text));
    expect(fertilizers.length).toBeGreaterThan(0);
    expect(chilli.length).toBeGreaterThan(0);
    for (const q of ["उर्वरक", "खाद"]) expect(await first(q, fertilizers.length), q).toEqual(fertilizers);
    for (const q of ["मिर्च", "chilli", "chili", "mirchi"]) expect(await first(q, chilli.length), q).toEqual(chilli);
  });

  it("a search for a kind of product the store does not sell says so, in English and in Hindi, and offers alternatives", async () => {
    const urea = encodeURIComponent("यूरिया खाद");
    const en = await visit(app, `/products?q=${urea}`);
    expect(notice(en.text)).toEqual(["We don't sell urea.", "Here are the nearest alternatives: See all Fertilizers"]);
    // The neem cake's description mentions urea: it is what the search found, under the notice.
    expect(cardNames(en.text)).toEqual([productNamed("Neem Cake Powder 40 kg").name]);
    const hi = await visit(app, `/hi/products?q=${urea}`);
    expect(notice(hi.text)).toEqual(["हम यूरिया नहीं बेचते।", "इसकी जगह ये देखें: सभी खाद और उर्वरक देखें"]);
    expect(linksOf(hi.text).map((link) => link.href)).toContain("/hi/products?category=fertilizers");
    // Nothing found: the category's products instead of an empty page.
    const thresher = await visit(app, "/hi/products?q=thresher");
    expect(notice(thresher.text)).toEqual(["हम थ्रेशर नहीं बेचते।", "इसकी जगह ये देखें: सभी कृषि मशीनें देखें"]);
    const equipment = sampleProducts.filter((p) => p.category === "equipment").map((p) => p.nameHi);
    const offered = cardNames(thresher.text);
    expect(offered).toHaveLength(Math.min(4, equipment.length));
    for (const name of offered) expect(equipment).toContain(name);
    // Sold: no notice.
    expect(notice((await visit(app, "/products?q=tractor")).text)).toEqual([]);
  });
});

describe("product page", () => {
  it("an in-stock product says so", async () => {
    const vermicompost = productNamed("Vermicompost 25 kg");
    const page = await visit(app, `/products/${vermicompost.id}`);
    expect(testId(page.text, "price")).toBe("₹450");
    expect(testId(page.text, "stock-state")).toBe("In stock");
  });

  it("a missing product is a 404 page", async () => {
    const page = await visit(app, "/products/no-such-product");
    expect(page.status).toBe(404);
    expect(textsOf(page.text, "h1")).toEqual(["Product not found"]);
    expect(titleOf(page.text)).toBe("Product not found · Angle");
    expect(storeLayout(page.text)).toEqual({ header: 1, footer: 1 });
    expect(linksOf(mainOf(page.text)).find((link) => link.text === "Browse products")?.href).toBe("/products");
  });
});

describe("header and footer", () => {
  it("an unknown address shows the friendly 404 page inside the store", async () => {
    const page = await visit(app, "/no-such-page");
    expect(page.status).toBe(404);
    expect(textsOf(page.text, "h1")).toEqual(["Page not found"]);
    expect(storeLayout(page.text)).toEqual({ header: 1, footer: 1 });
    expect(linksOf(mainOf(page.text)).find((link) => link.text === "Go home")?.href).toBe("/");
  });
});

describe("legal pages", () => {
  function expectSupportContacts(html: string) {
    const links = linksOf(mainOf(html));
    expect(links.find((link) => link.text === SUPPORT_EMAIL)?.href).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(links.map((link) => link.text)).toContain(SUPPORT_PHONE);
  }

  it("terms give 30 days' notice of material changes", async () => {
    const page = await visit(app, "/terms");
    expect(textsOf(page.text, "h1")).toEqual(["Terms of Service"]);
    expect(textOf(mainOf(page.text))).toContain("30 days' notice");
    expectSupportContacts(page.text);
  });

  it("privacy policy states the age limit of 18", async () => {
    const page = await visit(app, "/privacy");
    expect(textsOf(page.text, "h1")).toEqual(["Privacy Policy"]);
    expect(textOf(mainOf(page.text))).toMatch(/aged 18 and over/);
    expectSupportContacts(page.text);
  });

  it("refund policy has no unfilled placeholders", async () => {
    const page = await visit(app, "/refund");
    expect(textsOf(page.text, "h1")).toEqual(["Refund & Returns Policy"]);
    expect(textOf(mainOf(page.text))).not.toContain("[");
    expect(textOf(mainOf(page.text))).not.toMatch(/\bX days\b/);
    expectSupportContacts(page.text);
  });
});

describe("crops", () => {
  it("an unknown crop is a 404 page in the store layout", async () => {
    const page = await visit(app, "/crops/banana");
    expect(page.status).toBe(404);
    expect(textsOf(page.text, "h1")).toEqual(["Crop not found"]);
    expect(storeLayout(page.text).footer).toBe(1); // the store's footer
    expect(titleOf(page.text)).toBe("Crop not found · Angle");
    const allCrops = defined(linksOf(page.text).find((link) => link.text === "See all crops")?.href, 'the "See all crops" link');
    expect(textsOf((await visit(app, allCrops)).text, "h1")).toEqual(["Shop by crop"]);
  });
});
