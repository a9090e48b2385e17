import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { smsDir } from "../../playwright.config";
import { expect, expectAccessible, test } from "./fixtures";
import { addProductToCart, authDialog, placeOrder, TOMATO, userMenu, waitForHydration } from "./helpers";
import { formatOrderId } from "../../app/platform/core/order-id";

/** The SMS the test server has written to `e164` so far (with no MSG91 settings each one is a .txt file), oldest first. */
async function smsTo(e164: string): Promise<string[]> {
  const names = (await readdir(smsDir).catch(() => [])).filter((n) => n.endsWith(".txt")).sort();
  const texts = await Promise.all(names.map((n) => readFile(join(smsDir, n), "utf8")));
  return texts.filter((t) => t.startsWith(`To: ${e164}\n`));
}

/** Waits for the newest sign-in code sent to `e164` after `before` messages, and reads it as the person would. */
async function newCode(e164: string, before: number) {
  let code = "";
  await expect
    .poll(
      async () => {
        const texts = await smsTo(e164);
        code = texts.length > before ? (/\b(\d{6}) is your/.exec(texts.at(-1) ?? "")?.[1] ?? "") : "";
        return code;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** A fresh Indian mobile number for this run: 10 digits starting 9. */
const freshMobile = () => `9${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

test("a farmer registers with a mobile number and an SMS code, then orders with Cash on Delivery and gets an SMS", async ({ page }) => {
  const digits = freshMobile();
  const e164 = `+91${digits}`;
  const shown = `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;

  await page.goto("/?auth=register");
  await waitForHydration(page);
  const dialog = authDialog(page);
  await dialog.getByRole("button", { name: "Use mobile number instead" }).click();
  await dialog.getByLabel("Mobile number").fill(`${digits.slice(0, 5)} ${digits.slice(5)}`);
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByText(`We sent a code to ${shown}.`)).toBeVisible();
  const code = await newCode(e164, 0);
  await expectAccessible(page);

  // A wrong code is refused in the dialog's alert, and the right one still works after it.
  const codeInput = dialog.getByLabel("6-digit code");
  await expect(codeInput).toHaveAttribute("autocomplete", "one-time-code");
  await expect(codeInput).toHaveAttribute("inputmode", "numeric");
  await codeInput.fill(code === "000000" ? "111111" : "000000");
  await dialog.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That code is not right, or it has expired. Check the SMS, or ask for a new code.");
  await expect(dialog.getByRole("button", { name: /Resend code/ })).toBeDisabled();

  await codeInput.fill(code);
  await dialog.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(dialog).toBeHidden();
  await expect(userMenu(page, { name: shown })).toBeVisible();

  // The account page shows the number, never a placeholder email, and has the Messages section.
  await page.goto("/account");
  await expect(page.getByText(`Signed in as ${shown}`)).toBeVisible();
  await expect(page.getByText("phone.angle.invalid")).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /SMS order updates/ })).toBeChecked();

  await addProductToCart(page, TOMATO.name);
  await page.goto("/checkout");
  await waitForHydration(page);
  // The account has no name yet (the number stood in for one): checkout asks for it, once.
  await page.getByRole("textbox", { name: /^Name/ }).fill("Sunil Jadhav");
  await page.getByLabel("Street address").fill("Survey No. 12, Gangapur Road");
  await page.getByLabel("City").fill("Nashik");
  await page.getByLabel(/^State/).selectOption("Maharashtra");
  await page.getByLabel("Pincode").fill("422013");
  const orderId = await placeOrder(page);
  await expect(userMenu(page, { name: "Sunil Jadhav" })).toBeVisible();

  await expect
    .poll(async () => (await smsTo(e164)).find((t) => t.includes(`order #${formatOrderId(orderId)} is placed`)) ?? "", { timeout: 20_000 })
    .toContain(`/order-confirmation/${orderId}`);
});

test("a number that is not an Indian mobile is refused with a clear message", async ({ page }) => {
  await page.goto("/?auth=login");
  await waitForHydration(page);
  const dialog = authDialog(page);
  await dialog.getByRole("button", { name: "Use mobile number instead" }).click();
  await dialog.getByLabel("Mobile number").fill("12345");
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Enter a 10-digit Indian mobile number, e.g. 98765 43210.");
  await dialog.getByRole("button", { name: "Use email instead" }).click();
  await expect(dialog.getByLabel("Email")).toBeVisible();
});
