import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { checkoutInput, createProduct } from "../factories";
import {
  elements,
  loadProductionBuildAsStarted,
  ORIGIN,
  type ProductionApp,
  registerCustomer,
  textOf,
  visit,
} from "../helpers/production-app";
import { getDb } from "~/platform/db/db.server";
import { withLocale } from "~/platform/i18n/i18n.server";
import { seedCatalogIfEmpty } from "~/features/catalog/server/seed/seed.server";
import { placeOrder } from "~/features/orders/server/place-order.server";

/**
 * A farmer in Madhya Pradesh on the Hindi store, as the production build serves the pages: what a
 * shopper reads is Hindi — the order's item names and pack sizes, the State and the district, the
 * payment note, the footer's tagline — and reviews are marked with the language they are written in.
 */
let app: ProductionApp;
let cookie: string;
let orderId: string;
let productId: string;
const language = "hi-IN";
const TOMATO = "eoczqk4sbbk5"; // the sample catalogue's tomato seeds, with sample reviews in both languages

beforeAll(async () => {
  await seedCatalogIfEmpty(getDb());
  const { build, clientDir } = await loadProductionBuildAsStarted();
  app = createApp({ build, clientDir, https: false, origin: ORIGIN });
  const signedIn = await registerCustomer(app, "Ramesh Patel", "hindi-pages");
  cookie = signedIn.cookie;
  const customer = await getDb()
    .selectFrom("user")
    .select(["id", "name", "email"])
    .where("email", "=", signedIn.email)
    .executeTakeFirstOrThrow();
  const product = await createProduct({
    name: "Bhindi Seeds Hybrid",
    category: "seeds",
    variants: [
      { label: "10 g", pricePaise: 9_900, stock: 20, packQuantity: 10, packUnit: "g" },
      { label: "25 kg bag", pricePaise: 99_900, stock: 20, packQuantity: 25, packUnit: "kg" },
    ],
  });
  productId = product.id;
  await getDb().updateTable("product").set({ name_hi: "हाइब्रिड भिंडी के बीज" }).where("id", "=", productId).execute();
  const size = await getDb()
    .selectFrom("product_variant")
    .select("id")
    .where("product_id", "=", productId)
    .where("label", "=", "10 g")
    .executeTakeFirstOrThrow();
  const input = checkoutInput([{ productId, variantId: size.id, quantity: 2 }], {
    paymentMethod: "cod",
    name: customer.name,
    city: "Indore",
    state: "Madhya Pradesh",
    pincode: "452001",
  });
  orderId = (await withLocale("hi", () => placeOrder(customer, input))).orderId;
});

/** The page's visible text (the body without its scripts), for what a person reads. */
const readable = (html: string) => textOf(html.replace(/<script\b[\s\S]*?<\/script>/g, ""));

describe("an order placed on the Hindi store", () => {
  it("keeps the product's Hindi name with the line it was ordered with", async () => {
    const line = await getDb()
      .selectFrom("order_line")
      .select(["name", "name_hi"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ name: "Bhindi Seeds Hybrid", name_hi: "हाइब्रिड भिंडी के बीज" });
  });

  it("shows the item's Hindi name and pack, and the State in Hindi, on the Hindi order page", async () => {
    const page = await visit(app, `/hi/order-confirmation/${orderId}`, { language, cookie });
    expect(page.status).toBe(200);
    const text = readable(page.text);
    expect(text).toContain("हाइब्रिड भिंडी के बीज (10 ग्राम)");
    expect(text).toContain("Indore, मध्य प्रदेश 452001");
    expect(text).not.toMatch(/Bhindi Seeds|10 g\b|Madhya Pradesh/);
  });

  it("keeps English on the English order page", async () => {
    const text = readable((await visit(app, `/order-confirmation/${orderId}`, { cookie })).text);
    expect(text).toContain("Bhindi Seeds Hybrid (10 g)");
    expect(text).toContain("Indore, Madhya Pradesh 452001");
  });

  it("names the item in Hindi in My Orders", async () => {
    const text = readable((await visit(app, "/hi/orders", { language, cookie })).text);
    expect(text).toContain("हाइब्रिड भिंडी के बीज (10 ग्राम)");
    expect(text).not.toContain("Bhindi Seeds");
  });
});

describe("the Hindi product page", () => {
  it("says the pack sizes in Hindi and where a pincode is in Hindi", async () => {
    const page = await visit(app, `/hi/products/${productId}?pin=452001`, { language });
    expect(page.status).toBe(200);
    const sizes = elements(page.text, "ul", /data-testid="sizes"/).map((e) => textOf(e.html));
    expect(sizes.join(" ")).toContain("10 ग्राम");
    expect(sizes.join(" ")).toContain("25 किलो की बोरी");
    expect(sizes.join(" ")).not.toMatch(/\b(g|kg|bag)\b/);
    const text = readable(page.text);
    expect(text).toMatch(/इंदौर, मध्य प्रदेश में (सोमवार|मंगलवार|बुधवार|गुरुवार|शुक्रवार|शनिवार), \d{1,2} [\u0900-\u097F]+ तक डिलीवरी/);
    expect(text).not.toMatch(/Indore|Madhya Pradesh/);
  });

  it("marks each review with the language it is written in", async () => {
    const page = await visit(app, `/hi/products/${TOMATO}`, { language });
    const hindi = elements(page.text, "p", /\blang="hi"/).map((e) => textOf(e.html));
    const english = elements(page.text, "p", /\blang="en"/).map((e) => textOf(e.html));
    expect(hindi.some((t) => t.includes("अर्का रक्षक"))).toBe(true);
    expect(english.length).toBeGreaterThan(0);
    expect(english.every((t) => /^[\x20-\x7E’—–]+$/.test(t))).toBe(true);
  });

  it("has the footer's tagline in Hindi", async () => {
    const text = readable((await visit(app, "/hi/products", { language })).text);
    expect(text).toContain("हर भारतीय खेत के लिए बीज, औज़ार और मशीनें");
    expect(text).not.toContain("Seeds, tools and machinery for every Indian farm");
  });
});

describe("Hindi forms and checkout", () => {
  it("lists the States in Hindi, posting the names the database keeps", async () => {
    const page = await visit(app, "/hi/account", { language, cookie });
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<option value="Madhya Pradesh"[^>]*>मध्य प्रदेश<\/option>/);
    expect(page.text).toMatch(/<option value="Tamil Nadu"[^>]*>तमिलनाडु<\/option>/);
  });

  it("gives cash on delivery's note in Hindi", async () => {
    const hindi = await visit(app, "/hi/checkout", { language, cookie });
    expect(hindi.status).toBe(200);
    expect(hindi.text).toContain("डिलीवरी पर नकद भुगतान करें।");
    expect(hindi.text).not.toContain("Pay cash upon delivery.");
    const english = await visit(app, "/checkout", { cookie });
    expect(english.text).toContain("Pay cash upon delivery.");
  });
});
