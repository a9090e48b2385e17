import { defined } from "../../app/platform/defined";
import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { baseURL } from "../../playwright.config";
import { confirmByEmail } from "./mail-helpers";
import { newCustomer, placeOrder, seedCart, type Customer } from "./helpers";

/** The admin the end-to-end server creates on its first start (see playwright.config.ts). */
export const ADMIN = { email: "admin@angle.test", password: "admin-e2e-password" };
export const ORIGIN = { origin: baseURL };

/** Every page of the admin panel (the product editor and an order need an id, so they are tested elsewhere). */
export const ADMIN_PAGES: { path: string; heading: string }[] = [
  { path: "/admin/dashboard", heading: "Dashboard" },
  { path: "/admin/products", heading: "Manage Products" },
  { path: "/admin/products/new", heading: "Add Product" },
  { path: "/admin/products/import", heading: "Import products from CSV" },
  { path: "/admin/users", heading: "Manage Users" },
  { path: "/admin/audit", heading: "Audit Trail" },
  { path: "/admin/orders", heading: "Orders" },
  { path: "/admin/vendors", heading: "Vendors" },
  { path: "/admin/payment-settings", heading: "Payment Settings" },
  { path: "/admin/settings", heading: "General Settings" },
  { path: "/admin/search-synonyms", heading: "Search Synonyms" },
  { path: "/admin/delivery", heading: "Delivery" },
  { path: "/admin/reviews", heading: "Reviews" },
  { path: "/admin/offers", heading: "Offers" },
  { path: "/admin/offers/new", heading: "New offer" },
  { path: "/admin/customer-groups", heading: "Customer groups" },
  { path: "/admin/price-lists", heading: "Price lists" },
  { path: "/admin/price-lists/new", heading: "New price list" },
  { path: "/admin/kits", heading: "Kits" },
  { path: "/admin/staff", heading: "Staff" },
  { path: "/admin/lots", heading: "Lots" },
  { path: "/admin/stock-alerts", heading: "Stock alerts" },
  { path: "/admin/lots/import", heading: "Receive lots from a CSV file" },
  { path: "/admin/assisted-orders/new", heading: "Phone Orders" },
  { path: "/admin/agents", heading: "Field Agents" },
  { path: "/admin/agent-commission", heading: "Agent Commission" },
  { path: "/admin/draft-orders", heading: "Draft Orders" },
];

/** The sidebar links the spec asks for, in order, with where each goes (then a Logout button). */
export const SIDEBAR: [label: string, path: string][] = [
  ["Dashboard", "/admin/dashboard"],
  ["Manage Products", "/admin/products"],
  ["Manage Users", "/admin/users"],
  ["Orders", "/admin/orders"],
  ["Payment Settings", "/admin/payment-settings"],
  ["General Settings", "/admin/settings"],
];

/** Where the admin sidebar's links go (on the current admin page), whatever pages it has grown. */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const links = page.getByRole("navigation", { name: "Admin" }).getByRole("link");
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

let counter = 0;
/** A short token no other test (in any worker or run) uses. */
export function unique() {
  counter += 1;
  return `${Date.now().toString(36).slice(-5)}${process.pid.toString(36).slice(-2)}${counter}${Math.random().toString(36).slice(2, 5)}`;
}

/**
 * Fast admin login for tests that are not about logging in: the action answers with a redirect
 * carrying the session cookie, which lands in the page's browser context.
 */
export async function loginAsAdmin(page: Page, origin = baseURL) {
  const response = await page.request.post("/admin/login", { form: ADMIN, headers: { origin }, maxRedirects: 0 });
  expect(response.status(), "admin login").toBe(302);
  expect(response.headers().location).toMatch(/\/admin\/dashboard$/);
}

/**
 * Sets the store's cash-on-delivery cap (the admin on `page` signed in to `origin`): for tests whose
 * orders are over the default ₹50,000, in a store of their own (the shared store keeps the default).
 */
export async function setCodCap(page: Page, origin: string, rupees: number) {
  const saved = await page.request.post("/admin/delivery", {
    form: { intent: "general", codMax: String(rupees), restServed: "on", restDays: "6", restCod: "on" },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(saved.status(), "the COD cap saved").toBe(303);
}

/** A small, real PNG. */
export function pngBytes(color = "#3a3") {
  return sharp({ create: { width: 50, height: 50, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export type AdminProduct = { id: string; name: string; pricePaise: number; stock: number; category: string; image: string };

/**
 * Adds a product through the admin's form endpoint (as the admin signed in on `page`) and returns it
 * with its id, read from the product list.
 */
export async function createProduct(
  page: Page,
  overrides: Partial<{
    name: string;
    price: string;
    stock: number;
    category: string;
    description: string;
    hsnCode: string;
    gstRate: string;
  }> = {},
  origin = baseURL,
): Promise<AdminProduct> {
  const p = {
    name: `Neem Cake Fertilizer ${unique()}`,
    price: "250",
    stock: 40,
    category: "fertilizers",
    description: "Organic neem cake for soil health.",
    hsnCode: "23069018",
    gstRate: "5",
    ...overrides,
  };
  const response = await page.request.post("/admin/products/new", {
    multipart: {
      name: p.name,
      description: p.description,
      category: p.category,
      hsnCode: p.hsnCode,
      gstRate: p.gstRate,
      price: p.price,
      stock: String(p.stock),
    },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status(), "product created").toBe(303);
  const list = await page.request.get(`/admin/products?q=${encodeURIComponent(p.name)}`);
  const id = /href="\/admin\/products\/([a-z0-9]{16})"/.exec(await list.text())?.[1];
  expect(id, "new product id").toBeTruthy();
  return {
    id: defined(id, "the new product's id"),
    name: p.name,
    pricePaise: Math.round(Number(p.price) * 100),
    stock: p.stock,
    category: p.category,
    image: "/images/products/placeholder.svg",
  };
}

/**
 * A new customer, signed in, in a browser context of their own (so the admin on `page` stays signed
 * in). `url` is the store's address (the shared server unless a test has its own).
 */
export async function customerContext(
  browser: Browser,
  url = baseURL,
): Promise<{ context: BrowserContext; page: Page; customer: Customer }> {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  const customer = newCustomer();
  const response = await page.request.post("/account/auth", { form: { intent: "register", ...customer }, headers: { origin: url } });
  expect(response.status(), await response.text()).toBe(200);
  // The emailed link confirms the address and signs the customer in.
  await confirmByEmail(page.request, url, customer.email, customer.password);
  await context.clearCookies({ name: "angle.toast" }); // the welcome toast is for a person who clicked the link
  return { context, page, customer };
}

/** The admin, signed in, in a browser context of their own on the store at `url`. */
export async function adminContext(browser: Browser, url = baseURL) {
  const context = await browser.newContext({ baseURL: url });
  const admin = await context.newPage();
  await loginAsAdmin(admin, url);
  return { context, admin };
}

/** A new customer (own context) places a Cash on Delivery order for these lines; returns the order id. */
export async function placeCustomerOrder(browser: Browser, lines: { product: AdminProduct; quantity: number }[], url = baseURL) {
  const shopper = await customerContext(browser, url);
  await seedCart(shopper.page, lines);
  await shopper.page.goto("/checkout");
  const orderId = await placeOrder(shopper.page);
  return { ...shopper, orderId };
}

/**
 * The admin signed in on `page` moves an order through `statuses` in turn, as the order page's form
 * does; "shipped" comes with a courier and a tracking number.
 */
export async function moveOrder(page: Page, orderId: string, statuses: string[], origin = baseURL) {
  for (const status of statuses) {
    const form: Record<string, string> = status === "shipped" ? { status, courier: "India Post", tracking: "EE123456789IN" } : { status };
    const moved = await page.request.post(`/admin/orders/${orderId}`, { form, headers: { origin }, maxRedirects: 0 });
    expect(moved.status(), `order marked ${status}`).toBe(303);
  }
}

/** "₹11,25,345.50" → 112534550 */
export function paiseOf(text: string) {
  const cleaned = text.replace(/[^\d.]/g, "");
  return Math.round(Number(cleaned) * 100);
}

export type SizeFields = Partial<{
  label: string;
  quantity: string;
  unit: string;
  sku: string;
  mrp: string;
  price: string;
  stock: string;
  weight: string;
}>;

/** The row of the product form's pack size `n` (1 = the first), on `scope` (a page or a part of one). */
export function sizeRow(scope: Page | Locator, n: number) {
  return scope.getByRole("group", { name: `Size ${n}`, exact: true });
}

/** Fills the product form's HSN code and picks its GST rate (both required). */
export async function fillGst(scope: Page | Locator, hsnCode: string, gstRate: string) {
  await scope.getByLabel(/^HSN code/).fill(hsnCode);
  await scope.getByLabel(/^GST rate/).selectOption(gstRate);
}

/** Fills a pack-size row of the product form; a one-size product needs only a price and stock. */
export async function fillSize(scope: Page | Locator, n: number, fields: SizeFields) {
  const row = sizeRow(scope, n);
  const f = { label: "Standard", quantity: "1", unit: "piece", ...fields };
  await row.getByLabel("Size label").fill(f.label);
  await row.getByLabel("Pack quantity").fill(f.quantity);
  await row.getByLabel("Unit", { exact: true }).selectOption(f.unit);
  if (f.sku !== undefined) await row.getByLabel("SKU").fill(f.sku);
  if (f.mrp !== undefined) await row.getByLabel("MRP (₹)").fill(f.mrp);
  if (f.price !== undefined) await row.getByLabel("Price (₹)").fill(f.price);
  if (f.stock !== undefined) await row.getByLabel("Stock").fill(f.stock);
  if (f.weight !== undefined) await row.getByLabel("Weight (g)").fill(f.weight);
}
