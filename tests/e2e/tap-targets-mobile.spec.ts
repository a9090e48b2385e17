import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { KHURPI, loginAs, placeOrder, seedCart, TOMATO } from "./helpers";

// Runs in the "phone" project: 390 px wide, touch. Every link and button a thumb can reach on the
// storefront is at least 44 × 44 px (the store's own rule, above WCAG 2.2's 24 px minimum, 2.5.8).
// The one exception WCAG makes that we keep: a link inside running text (a sentence's words set
// its height). A target smaller than 44 px is allowed when invisible spacing around it makes a
// 44 px box nobody else's; we do not rely on that: the box itself is 44 px.

const MIN = 44;

/** Every visible link and button smaller than MIN × MIN, not a link within a sentence. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const small: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>(
      "a[href], button, [role='button'], summary, input[type='checkbox'], input[type='radio'], select",
    );
    for (const element of targets) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Not on screen: display none, a closed <details>, hidden, inert.
      if (!element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
      if (box.width === 0 || box.height === 0 || element.closest("[hidden], [aria-hidden='true'], [inert]")) continue;
      // Visually hidden (sr-only): not a tap target.
      if (box.width <= 1 && box.height <= 1) continue;
      // Taps land on a checkbox's or radio's label when it wraps it: measure the label.
      const label = element instanceof HTMLInputElement ? element.closest("label") : null;
      const measured = label ? label.getBoundingClientRect() : box;
      if (measured.width >= min - 0.5 && measured.height >= min - 0.5) continue;
      // A link within running text: inline, in a block whose text is more than the link's own.
      if (element.tagName === "A" && style.display === "inline") {
        const block = element.parentElement?.closest("p, li, dd, td, span, div");
        const around = (block?.textContent ?? "").replace(element.textContent ?? "", "").trim();
        if (around.length > 0 && block && getComputedStyle(block).display !== "flex") continue;
      }
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(measured.width)}×${Math.round(measured.height)}`);
    }
    return small;
  }, MIN);
}

async function expectTapTargets(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  // The cart's lines are drawn once their script has come.
  if (path.endsWith("/cart")) await expect(page.getByTestId("cart-line").first()).toBeVisible();
  // Checkout's form (its payment choices) once the cart has been read.
  if (path.endsWith("/checkout")) await expect(page.locator('input[name="paymentMethod"]').first()).toBeVisible();
  expect(await smallTargets(page), `${path}: links and buttons under ${MIN} × ${MIN} px`).toEqual([]);
  // Bigger targets move nothing once drawn: no layout shift while the page loaded and came alive.
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          let total = 0;
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
          resolve(total);
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );
  expect(shift, `${path}: cumulative layout shift`).toBe(0);
  // With the menu open too.
  const toggle = page.getByRole("button", { name: /Toggle menu|मेन्यू/ });
  if (await toggle.isVisible()) {
    await toggle.click();
    expect(await smallTargets(page), `${path} with the menu open`).toEqual([]);
  }
}

for (const prefix of ["", "/hi"]) {
  const language = prefix ? "Hindi" : "English";
  test(`${language}: the catalogue's, cart's and information pages' links and buttons are at least 44 × 44 px`, async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of ["/", "/products", `/products/${TOMATO.id}`, "/crops", "/crops/tomato", "/about", "/contact", "/refund"])
      await expectTapTargets(page, `${prefix}${path}` || "/");
    await seedCart(page, [{ product: KHURPI, quantity: 2 }]);
    await expectTapTargets(page, `${prefix}/cart`);
  });
}

test("a customer's pages (checkout, account, orders, an order) have links and buttons of at least 44 × 44 px, in both languages", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page);
  await page.goto("/");
  for (const prefix of ["", "/hi"]) {
    await seedCart(page, [{ product: KHURPI, quantity: 1 }]);
    await expectTapTargets(page, `${prefix}/checkout`);
  }
  // An order to list and open (cash on delivery).
  await page.goto("/checkout");
  const id = await placeOrder(page);
  for (const prefix of ["", "/hi"])
    for (const path of ["/account", "/orders", `/order-confirmation/${id}`]) await expectTapTargets(page, `${prefix}${path}`);
});
