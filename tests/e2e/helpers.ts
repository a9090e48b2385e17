import { defined } from "../../app/platform/defined";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { sampleProducts, type SampleProduct } from "../../app/features/catalog/server/seed/catalog";
import { CART_COOKIE, cartCookieValue } from "../../app/features/cart/domain/cart-cookie";
import { baseURL } from "../../playwright.config";
import { waitForHydration } from "./fixtures";
import { confirmByEmail, confirmInBrowser } from "./mail-helpers";

export { waitForHydration };

/** A customer as the registration form takes it (the phone comes back normalised: "+91 98765 43210"). */
export type Customer = {
  name: string;
  email: string;
  password: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
};

let counter = 0;

/** A new customer with an email no other call (in any worker or run) has used. */
export function newCustomer(overrides: Partial<Customer> = {}): Customer {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Asha ${unique.slice(-4)}`,
    email: `asha.${unique}@example.com`,
    password: "kheti-2024-secure",
    phone: "98765 43210",
    street: "12 Gangapur Road",
    city: "Nashik",
    state: "Maharashtra",
    pincode: "422013",
    ...overrides,
  };
}

export const product = (name: string): SampleProduct => {
  const p = sampleProducts.find((s) => s.name === name);
  if (!p) throw new Error(`no sample product named ${name}`);
  return p;
};

// Cheap, well-stocked products: orders placed by parallel tests take stock from the same database.
export const TOMATO = product("Hybrid Tomato Seeds (Arka Rakshak)"); // 10 g ₹549 (stock 240), 50 g, 100 g
export const SECATEURS = product("Pruning Secateurs"); // ₹599, stock 160
export const VERMICOMPOST = product("Vermicompost 25 kg"); // 25 kg ₹450 first of three sizes
export const KHURPI = product("Khurpi Hand Weeder (Pack of 2)"); // ₹499, stock 350
export const ROTAVATOR = product("Rotavator 6 ft"); // out of stock

/** The open Login/Register dialog. */
export function authDialog(page: Page): Locator {
  return page.getByRole("dialog");
}

/** A header link or button a visitor can see at this width; on a phone, opens the menu first. */
async function headerControl(page: Page, name: string): Promise<Locator> {
  const banner = page.getByRole("banner");
  const direct = banner.getByRole("link", { name, exact: true }).filter({ visible: true });
  if ((await direct.count()) > 0) return direct.first();
  await banner.getByLabel("Toggle menu").click();
  const inMenu = banner.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
  await expect(inMenu).toBeVisible();
  return inMenu;
}

/** The password field (its label reads "Password *"; the eye button is "Show password"). */
export function passwordInput(scope: Locator): Locator {
  return scope.getByLabel(/^Password/);
}

/** Fills and submits the open dialog's registration form. */
export async function fillRegistration(dialog: Locator, c: Customer) {
  await dialog.getByLabel("Full name").fill(c.name);
  await dialog.getByLabel("Email").fill(c.email);
  await passwordInput(dialog).fill(c.password);
  await dialog.getByLabel("Phone").fill(c.phone);
  await dialog.getByLabel("Street address").fill(c.street);
  await dialog.getByLabel("City").fill(c.city);
  await dialog.getByLabel("State").selectOption(c.state);
  await dialog.getByLabel("Pincode").fill(c.pincode);
  await dialog.getByRole("button", { name: "Create Account" }).click();
}

/**
 * Registers a new customer through the header's Register button and the dialog (the phone menu on
 * narrow screens), and waits until the header shows the user's name.
 */
export async function registerCustomer(page: Page, overrides: Partial<Customer> = {}): Promise<Customer> {
  const customer = newCustomer(overrides);
  await waitForHydration(page);
  await (await headerControl(page, "Register")).click();
  const dialog = authDialog(page);
  await expect(dialog.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await fillRegistration(dialog, customer);
  // Nobody is signed in yet: the emailed link does that.
  await expect(dialog.getByRole("status")).toHaveText("Check your email to finish creating your account");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
  await confirmInBrowser(page, new URL(page.url()).origin, customer.email, customer.password);
  await expect(userMenu(page, customer)).toBeVisible();
  // The welcome toast sits over the top of the page (on a phone, over the menu toggle) for six
  // seconds, and a pointer resting on it keeps it there: the journey goes on once it has gone.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  return customer;
}

/** The header's user-name menu (its <summary>). */
export function userMenu(page: Page, c: Pick<Customer, "name">): Locator {
  return page.getByRole("banner").locator("summary").filter({ hasText: c.name });
}

/**
 * Creates an account through the same endpoint the dialog posts to, and opens the confirmation link
 * it emails. With `page.request` the session cookie (HttpOnly, set by the confirmation) lands in the
 * page's browser context, so this is a fast login for tests that are not about logging in.
 */
export async function createAccount(
  request: APIRequestContext,
  overrides: Partial<Customer> = {},
  origin: string = baseURL,
): Promise<Customer> {
  const customer = newCustomer(overrides);
  const response = await request.post("/account/auth", {
    form: { intent: "register", ...customer },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  await confirmByEmail(request, new URL(response.url()).origin, customer.email, customer.password);
  return customer;
}

/** Fast login: registers a new customer whose session cookie goes into the page's context. */
export async function loginAs(page: Page, overrides: Partial<Customer> = {}, origin?: string): Promise<Customer> {
  const customer = await createAccount(page.request, overrides, origin);
  // The confirmation's "welcome" toast is for a person who clicked the link: a test that only needs a
  // session starts without it (it would sit over the header for six seconds).
  await page.context().clearCookies({ name: "angle.toast" });
  return customer;
}

type StoredLine = {
  product: {
    id: string;
    variantId?: string;
    variantLabel?: string | null;
    name: string;
    pricePaise: number;
    image: string;
    category: string;
    stock: number;
  };
  quantity: number;
};

export async function storedCart(page: Page): Promise<StoredLine[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("angle-cart") ?? "[]"));
}

/**
 * Adds a product with its card's Add to Cart button (from the catalogue unless the current page
 * already shows its card) and waits until the stored cart holds one more of it.
 */
export async function addProductToCart(page: Page, name: string) {
  let card = page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
  if ((await card.count()) === 0) {
    // Searched for by name: other tests' products may push it off the catalogue's first page.
    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    card = page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
  }
  await waitForHydration(page);
  const before = (await storedCart(page)).find((l) => l.product.name === name)?.quantity ?? 0;
  const chooseSize = card.getByRole("link", { name: /choose size/i });
  if ((await chooseSize.count()) > 0) {
    // A product in several pack sizes is added from its page, in the size it opens on (the first in stock).
    await chooseSize.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await waitForHydration(page);
    await page
      .getByRole("main")
      .getByRole("button", { name: /add to cart/i })
      .click();
  } else {
    await card.getByRole("button", { name: /add to cart/i }).click();
  }
  await expect.poll(async () => (await storedCart(page)).find((l) => l.product.name === name)?.quantity ?? 0).toBe(before + 1);
}

/**
 * Puts lines straight into the browser's stored cart and their copy into the cart's cookie, as the
 * store's own cart writes both (what an earlier visit would have left there: a cookie left naming an
 * older cart would have the server draw that one, decision 046). `cookie: false` leaves the cookie as
 * it is: a cart stored before the store kept that copy. Call on a page of the site; the next
 * navigation reads them.
 */
export async function seedCart(
  page: Page,
  lines: { product: SampleProduct | StoredLine["product"]; quantity: number; pricePaise?: number }[],
  { cookie = true }: { cookie?: boolean } = {},
) {
  const stored: StoredLine[] = lines.map(({ product: p, quantity, pricePaise }) => ({
    product: {
      id: p.id,
      // A line of a size names it; without, the line is one from before pack sizes.
      ...("variantId" in p && typeof p.variantId === "string" ? { variantId: p.variantId, variantLabel: p.variantLabel ?? null } : {}),
      name: p.name,
      pricePaise: pricePaise ?? p.pricePaise,
      image: p.image,
      category: p.category,
      stock: "stock" in p ? p.stock : 10,
    },
    quantity,
  }));
  if (page.url() === "about:blank") await page.goto("/about");
  await page.evaluate((value) => window.localStorage.setItem("angle-cart", value), JSON.stringify(stored));
  if (!cookie) return;
  const copy = cartCookieValue(stored);
  if (copy) {
    const expires = Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60;
    await page.context().addCookies([{ name: CART_COOKIE, value: copy, url: new URL(page.url()).origin, sameSite: "Lax", expires }]);
  } else await page.context().clearCookies({ name: CART_COOKIE });
}

/** The Place Order button, once the cart has been checked against the server. */
export function placeOrderButton(page: Page): Locator {
  return page.getByRole("button", { name: "Place Order", exact: true });
}

/**
 * On /checkout (logged in): picks the payment method (a new store offers only Cash on Delivery:
 * card and UPI need a gateway enabled by an admin), places the order and returns its id. */
export async function placeOrder(page: Page, payment = "Cash on Delivery") {
  await waitForHydration(page);
  await page.getByRole("radio", { name: payment }).check();
  await expect(placeOrderButton(page)).toBeEnabled();
  await placeOrderButton(page).click();
  await page.waitForURL(/\/order-confirmation\/[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your order has been placed.");
  return defined(/\/order-confirmation\/([a-z0-9]+)$/.exec(page.url())?.[1], "the order's id in the address");
}

/** Today in en-IN long format, India's time zone (how the store prints dates). */
export function todayInIndia() {
  return new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" }).format(new Date());
}

/**
 * Fails if anything makes the page wider than the viewport (on a phone the browser would zoom out
 * or scroll sideways): compares against the configured viewport width, not innerWidth, which a
 * mobile browser widens to fit overflowing content.
 */
export async function expectNoHorizontalScroll(page: Page) {
  const viewport = defined(page.viewportSize(), "the configured viewport").width;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport);
  expect(innerWidth, `${page.url()}: layout viewport widened to ${innerWidth}px`).toBeLessThanOrEqual(viewport);
}
