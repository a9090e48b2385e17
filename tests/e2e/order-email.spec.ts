import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { mailDir } from "../../playwright.config";
import { loginAs, placeOrder, seedCart, TOMATO } from "./helpers";

/** The emails the test server has written so far (with no SMTP_URL each one is an .eml file). */
async function sentMail(): Promise<ParsedMail[]> {
  const names = await readdir(mailDir).catch(() => []);
  return Promise.all(names.filter((n) => n.endsWith(".eml")).map(async (n) => simpleParser(await readFile(join(mailDir, n)))));
}

test("placing an order sends the customer an email with its lines, totals and a link to the order", async ({ page }) => {
  const customer = await loginAs(page);
  await page.goto("/");
  await seedCart(page, [{ product: TOMATO, quantity: 2 }]);
  await page.goto("/checkout");
  const orderId = await placeOrder(page);

  // The outbox worker sends within a few seconds of the order's commit.
  let mail: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        mail = (await sentMail()).find((m) => m.text?.includes(orderId) && m.to && JSON.stringify(m.to).includes(customer.email));
        return mail !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const text = mail?.text ?? "";
  // ₹549 × 2 = ₹1,098; below ₹50,000 ships for ₹500; the seeds are nil-rated (GST by rate, the
  // store's default), so GST ₹0 (none on the shipping either, at the order's highest rate); total ₹1,598.
  for (const figure of ["Hybrid Tomato Seeds (Arka Rakshak)", "₹1,098", "₹500", "GST — ₹0", "₹1,598", "Cash on Delivery"]) {
    expect(text, figure).toContain(figure);
  }
  expect(text).toContain(`/order-confirmation/${orderId}`);
  expect(mail?.html || "", "an HTML part too").toContain("₹1,598");
});
