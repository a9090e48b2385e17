import { expect, type Locator, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { sampleProducts } from "../../app/features/catalog/server/seed/catalog";
import { hasHindiTwin } from "../../app/platform/i18n/locale";
import { seriousViolations, waitForHydration } from "./fixtures";
import { type Customer, newCustomer } from "./helpers";
import { leftConfirmPage, waitForMail } from "./mail-helpers";

/*
 * Helpers for the Hindi store's specs (hindi.spec.ts, hindi-pages.spec.ts, language-switch.spec.ts).
 * They find controls by structure (input names, roles, test ids), never by their English or Hindi
 * wording, so the specs check the words separately and do not break on a better translation.
 */

export const DEVANAGARI = /[\u0900-\u097F]/;
export const HINDI_WORD = "हिन्दी";

/** The width at which a Hindi page is checked with axe (once per page). */
const AXE_WIDTH = 390;

/** The 390 px phone every Hindi page is opened on; `checkHindiPageAtBothWidths` also checks it at a 1280 px desktop's width. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/**
 * Latin words a Hindi page may show in its chrome, and why:
 * - brand names the glossary keeps as they are (docs/hindi-glossary.md): Angle, UPI, Razorpay, Stripe, Visa;
 * - "English", the language switch's name for the other language (in its own language);
 * - units printed after a number ("25 kg", "1.5 L", "5 HP", "6 ft", "15 MB") and "PDF" on a download link;
 * - the picture formats the vendor's product form takes ("JPEG, PNG या WebP"), named as the phone names its files.
 * Names the store's data brings (products, brands, sellers, the shopper's own name and address,
 * the store's address) are taken from the page's data instead (`dataStrings`), not listed here.
 */
const ALLOWED_WORDS = new Set(
  ["Angle", "UPI", "Razorpay", "Stripe", "Visa", "English", "kg", "g", "ml", "L", "HP", "ft", "MB", "PDF", "JPEG", "PNG", "WebP"].map((w) =>
    w.toLowerCase(),
  ),
);

/** Things that are not words to translate: email addresses, web addresses, GSTINs and other codes. */
const NOT_WORDS = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
  /https?:\/\/\S+/g,
  /\b\d{2}[A-Z]{5}\d{4}[A-Z][A-Z\d]Z[A-Z\d]\b/g, // GSTIN
  /\b[A-Z]{3}\/\d\d-\d\d\/\d{6}\b/g, // invoice numbers
];

/** Product names and brands of the sample catalogue (a cart's lines come from the browser's storage). */
const CATALOGUE_NAMES = sampleProducts.flatMap((p) => [p.name, p.brand ?? "", ...(p.variants ?? []).map((v) => v.label)]).filter(Boolean);

/**
 * The strings the page's data brings (React Router's loader data, once hydrated): names of
 * products, brands, sellers and people, pack sizes, addresses. They are shown as they were entered.
 */
async function dataStrings(page: Page): Promise<string[]> {
  await waitForHydration(page);
  return page.evaluate(() => {
    const DATA_KEYS = new Set([
      "name",
      "productName",
      "brand",
      "businessName",
      "vendorName",
      "sellerName",
      "seller",
      "variantLabel",
      "customerName",
      "siteTitle",
      "siteTagline",
      "address",
      "street",
      "city",
      "state",
      "email",
      "phone",
      "sku",
    ]);
    const found = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (value: unknown, depth: number) => {
      if (!value || typeof value !== "object" || depth > 12 || seen.has(value)) return;
      seen.add(value);
      const record = value as Record<string, unknown>;
      // A pack size's label ("40 kg bag") is the seller's.
      const isPack = "packUnit" in record || "packQuantity" in record;
      for (const [key, child] of Object.entries(record)) {
        if (typeof child === "string") {
          if (DATA_KEYS.has(key) || (isPack && key === "label")) found.add(child);
        } else walk(child, depth + 1);
      }
    };
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { loaderData: unknown } } }).__reactRouterDataRouter;
    walk(router?.state.loaderData, 0);
    return [...found];
  });
}

/** The visible words of the page's chrome: header, navigation, footer, headings, buttons, labels, links, dialogs, placeholders. */
async function chromeTexts(page: Page): Promise<{ where: string; text: string }[]> {
  return page.evaluate(() => {
    const selector = [
      "header",
      "nav",
      "footer",
      "main h1",
      "main h2",
      "dialog[open] h2",
      "dialog[open] p",
      "button",
      "label",
      "legend",
      "summary",
      "th",
      "a",
      "[role=status]",
      "[role=alert]",
    ].join(",");
    const out: { where: string; text: string }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const text = element.innerText?.trim();
      if (text) out.push({ where: element.tagName.toLowerCase(), text });
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[placeholder], textarea[placeholder]")) {
      if (field.checkVisibility()) out.push({ where: `${field.tagName.toLowerCase()}[placeholder]`, text: field.placeholder });
    }
    return out;
  });
}

/** Runs of two or more consecutive Latin-letter words in `text` that no allowance covers. */
export function englishRuns(text: string, data: readonly string[]): string[] {
  let rest = text;
  for (const known of [...data].sort((a, b) => b.length - a.length)) if (known.trim()) rest = rest.split(known).join(" ¶ ");
  for (const pattern of NOT_WORDS) rest = rest.replace(pattern, " ¶ ");
  const runs: string[] = [];
  let run: string[] = [];
  const end = () => {
    if (run.length >= 2) runs.push(run.join(" "));
    run = [];
  };
  for (const raw of rest.split(/\s+/)) {
    const word = raw.replace(/^[("'“‘[]+|[)"'”’\],.:;!?…]+$/g, "");
    if (/^[A-Za-z][A-Za-z'’.-]*$/.test(word) && !ALLOWED_WORDS.has(word.toLowerCase())) run.push(word);
    else end();
  }
  end();
  return runs;
}

/** "No English left in the visible chrome": the runs of English words the page shows, with where. */
export async function englishLeft(page: Page, extra: readonly string[] = []): Promise<string[]> {
  const data = [...CATALOGUE_NAMES, ...(await dataStrings(page)), ...extra];
  const found = new Set<string>();
  for (const { where, text } of await chromeTexts(page)) for (const run of englishRuns(text, data)) found.add(`${where}: “${run}”`);
  return [...found];
}

/**
 * Everything checked on a Hindi page, softly (one run reports every problem of every page):
 * html lang="hi-IN"; no sideways scrolling; no English left in the chrome; the main heading in Hindi
 * unless it is a name (`headingIsData`: a product's page); and at the phone's width, axe (WCAG 2.2
 * AA) with no serious or critical violation.
 */
export async function checkHindiPage(page: Page, options: { extra?: readonly string[]; headingIsData?: boolean } = {}) {
  const where = `${new URL(page.url()).pathname}${new URL(page.url()).search} at ${page.viewportSize()?.width} px`;
  await waitForHydration(page);
  expect.soft(new URL(page.url()).pathname, `${where}: stays under /hi`).toMatch(/^\/hi(\/|$)/);
  expect.soft(await page.locator("html").getAttribute("lang"), `${where}: <html lang>`).toBe("hi-IN");

  const viewport = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect.soft(scrollWidth, `${where}: page width (no sideways scrolling)`).toBeLessThanOrEqual(viewport);

  const h1 = page.getByRole("heading", { level: 1 }).filter({ visible: true }).first();
  if (!options.headingIsData && (await h1.count()) > 0)
    expect.soft(await h1.innerText(), `${where}: main heading in Hindi`).toMatch(DEVANAGARI);

  expect.soft(await englishLeft(page, options.extra), `${where}: English left in the chrome`).toEqual([]);

  // axe runs once per page (issue 28): at the phone's width, where the most is squeezed (and where
  // most of these farmers are); the desktop pass keeps the language, overflow and English checks.
  if (viewport > AXE_WIDTH) return;
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const bad = await seriousViolations(page);
  expect.soft(bad, `${where}: axe WCAG 2.2 AA`).toEqual([]);
}

/**
 * `checkHindiPage` on the page as it stands, at the phone's width (with axe), then resized to a 1280 px
 * desktop (language, overflow and English), then back to the phone's width for whatever the test does
 * next. One visit serves both widths: the store's layout depends on the width alone (its media queries
 * and `matchMedia` ask for widths, never for touch or hover), and the page's state (an open menu, a
 * form's errors) is the same at both, as it was when each width had a test and a visit of its own.
 */
export async function checkHindiPageAtBothWidths(page: Page, options: { extra?: readonly string[]; headingIsData?: boolean } = {}) {
  const phone = page.viewportSize();
  if (phone?.width !== AXE_WIDTH) throw new Error(`a Hindi page is opened at ${AXE_WIDTH} px, not ${phone?.width}`);
  await checkHindiPage(page, options);
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await checkHindiPage(page, options);
  await page.setViewportSize(phone);
}

/** Links to pages of the site that leave Hindi: every same-site link on a Hindi page is under /hi, but for single-language paths. */
export async function linksOutOfHindi(page: Page): Promise<string[]> {
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll("a[href]")]
      .map((a) => a.getAttribute("href") ?? "")
      .filter((h) => h.startsWith("/") && !h.startsWith("//")),
  );
  return [
    ...new Set(
      hrefs.filter((href) => {
        const path = href.split(/[?#]/)[0] ?? "/";
        return !(path === "/hi" || path.startsWith("/hi/")) && hasHindiTwin(path);
      }),
    ),
  ];
}

/** The language switch's link (`name`: "हिन्दी" or "English") in the header (opening the phone menu if need be) or the footer. */
export async function switchLink(page: Page, where: "header" | "footer", name: string): Promise<Locator> {
  if (where === "footer") return page.getByRole("contentinfo").getByRole("link", { name, exact: true });
  const banner = page.getByRole("banner");
  const direct = banner.getByRole("link", { name, exact: true }).filter({ visible: true });
  if ((await direct.count()) > 0) return direct.first();
  await waitForHydration(page);
  // On a phone the switch may sit behind the menu toggle (the <summary> of the header's <details>).
  await banner.locator("details > summary").first().click();
  return banner.getByRole("link", { name, exact: true }).filter({ visible: true }).first();
}

/** The emailed link to `path` (in either language: /verify-email or /hi/verify-email). */
export function emailedLink(mail: ParsedMail, path: string): string {
  const link = new RegExp(`https?://[^\\s/]+(?:/hi)?${path.replace(/[/-]/g, "\\$&")}\\?token=[^\\s]+`).exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no ${path} link in "${mail.subject}":\n${mail.text}`);
  return link;
}

/**
 * Registers through the open register dialog of a Hindi page (fields found by their names, the
 * form by its submit button), then opens the emailed link and confirms with its page's button.
 */
export async function registerThroughDialog(page: Page, overrides: Partial<Customer> = {}): Promise<Customer> {
  const customer = newCustomer(overrides);
  const dialog = page.getByRole("dialog");
  await expect(dialog.locator('input[name="name"]')).toBeVisible();
  await dialog.locator('input[name="name"]').fill(customer.name);
  await dialog.locator('input[name="email"]').fill(customer.email);
  await dialog.locator('input[name="password"]').fill(customer.password);
  await dialog.locator('input[name="phone"]').fill(customer.phone);
  await dialog.locator('input[name="street"]').fill(customer.street);
  await dialog.locator('input[name="city"]').fill(customer.city);
  await dialog.locator('select[name="state"]').selectOption(customer.state);
  await dialog.locator('input[name="pincode"]').fill(customer.pincode);
  await dialog.locator('form button[type="submit"]').click();
  const status = dialog.getByRole("status");
  await expect(status).toBeVisible();
  expect(await status.innerText(), "the registration notice, in Hindi").toMatch(DEVANAGARI);
  const origin = new URL(page.url()).origin;
  const mail = await waitForMail(origin, customer.email, "verify-email");
  expect(mail.subject ?? "", "the confirmation email's subject, in Hindi").toMatch(DEVANAGARI);
  await page.goto(emailedLink(mail, "/verify-email"));
  await waitForHydration(page);
  await page.getByRole("main").locator('input[name="password"]').fill(customer.password);
  await page.getByRole("main").locator('form button[type="submit"]').click();
  await leftConfirmPage(page);
  return customer;
}

/** On a Hindi /checkout (signed in): cash on delivery, place the order; returns the order's id. */
export async function placeOrderInHindi(page: Page): Promise<string> {
  await waitForHydration(page);
  await page.locator('input[name="paymentMethod"][value="cod"]').check();
  const place = page.locator('form:has(input[name="checkoutKey"]) button[type="submit"]');
  await expect(place).toBeEnabled();
  expect(await place.innerText(), "the Place Order button, in Hindi").toMatch(DEVANAGARI);
  await place.click();
  await page.waitForURL(/\/hi\/order-confirmation\/[a-z0-9]+/);
  const id = /\/order-confirmation\/([a-z0-9]+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`no order id in ${page.url()}`);
  return id;
}
