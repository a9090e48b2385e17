import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { baseURL, smsDir } from "../../playwright.config";
import { expect, expectAccessible, test } from "./fixtures";
import { authDialog, createAccount, newCustomer, passwordInput, userMenu, waitForHydration } from "./helpers";
import { linkIn, waitForMail } from "./mail-helpers";

/*
 * Pre-registration hijack and unproved phones (docs/decisions/030-pre-registration-and-phones.md),
 * as the two people involved see it in their own browsers.
 */

/** The SMS the store has written to `e164`, oldest first (no MSG91 settings: one .txt file each). */
async function smsTo(e164: string): Promise<string[]> {
  const names = (await readdir(smsDir).catch(() => [])).filter((n) => n.endsWith(".txt")).sort();
  const texts = await Promise.all(names.map((n) => readFile(join(smsDir, n), "utf8")));
  return texts.filter((t) => t.startsWith(`To: ${e164}\n`));
}

/** A fresh Indian mobile number for this run: 10 digits starting 8. */
const freshMobile = () => `8${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

test("pre-registration hijack: the owner with only the link resets the password, and the attacker's session, password and phone are gone", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const victim = newCustomer({ phone: "90000 11111", password: "attacker-pass-2024" });

  // The attacker registers her email with his phone and password, and signs in.
  const attacker = await browser.newContext({ baseURL });
  const registered = await attacker.request.post("/account/auth", {
    form: { intent: "register", ...victim },
    headers: { origin: baseURL },
  });
  expect(registered.status()).toBe(200);
  const signedIn = await attacker.request.post("/account/auth", {
    form: { intent: "login", email: victim.email, password: victim.password },
    headers: { origin: baseURL },
  });
  expect(signedIn.status()).toBe(200);
  const his = await attacker.newPage();
  await his.goto("/account");
  const phone = his.getByLabel(/^Phone/);
  await expect(phone).toHaveAttribute("readonly", "");
  await expect(phone).toHaveAccessibleDescription("Confirm your email first to change your phone number.");
  await expect(his.getByRole("button", { name: "Save preferences" })).toBeDisabled();
  // The server refuses whatever the page shows.
  const sms = await attacker.request.post("/account", {
    form: { intent: "messages", smsOrderUpdates: "on" },
    headers: { origin: baseURL },
  });
  expect(sms.status()).toBe(403);

  // The owner opens the link from her mailbox: she never chose this password.
  const owner = await browser.newContext({ baseURL });
  const her = await owner.newPage();
  await her.goto(linkIn(await waitForMail(baseURL, victim.email, "verify-email"), "/verify-email"));
  await her.getByRole("button", { name: "Confirm my email" }).click();
  await expect(her.getByText("Please enter your password.")).toBeVisible();
  await expectAccessible(her);
  await her
    .getByRole("main")
    .getByLabel(/^Password/)
    .fill("my-own-guess-2024");
  await her.getByRole("button", { name: "Confirm my email" }).click();
  await expect(her.getByText(/That password is not right/)).toBeVisible();

  // "Choose a new password instead": the reset link comes to her mailbox.
  await her.getByRole("link", { name: "Choose a new password" }).click();
  await her.getByLabel(/^Email/).fill(victim.email);
  const asked = Date.now();
  await her.getByRole("button", { name: /Send/ }).click();
  const reset = await waitForMail(baseURL, victim.email, "password-reset", { newerThan: asked - 1000 });
  await her.goto(linkIn(reset, "/reset-password"));
  await her.getByLabel(/^New password/).fill("owner-pass-2026");
  await her.getByRole("button", { name: "Set new password" }).click();
  await expect(her.getByText("Your password has been changed. Please sign in with your new password.")).toBeVisible();

  // His session has ended and his password no longer works.
  await his.goto("/account");
  await expect(his).toHaveURL(/auth=login/);
  const again = await attacker.request.post("/account/auth", {
    form: { intent: "login", email: victim.email, password: victim.password },
    headers: { origin: baseURL },
  });
  expect(again.status()).toBe(401);

  // She signs in: her account is confirmed and keeps no phone of his.
  await waitForHydration(her);
  const dialog = authDialog(her);
  if (!(await dialog.isVisible())) await her.goto("/?auth=login");
  await authDialog(her).getByLabel("Email").fill(victim.email);
  await passwordInput(authDialog(her)).fill("owner-pass-2026");
  await authDialog(her).getByRole("button", { name: "Login" }).click();
  await expect(userMenu(her, victim)).toBeVisible();
  await her.goto("/account");
  await expect(her.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);
  await expect(her.getByLabel(/^Phone/)).toHaveValue("");
  await attacker.close();
  await owner.close();
});

test("a profile phone gets order SMS only once verified with a code: a wrong code is refused", async ({ page }) => {
  const digits = freshMobile();
  const e164 = `+91${digits}`;
  await createAccount(page.request, { phone: digits });
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Verify your mobile number" });
  await expect(section).toContainText(`+91 ${digits.slice(0, 5)} ${digits.slice(5)}`);
  await expect(page.getByText("Verify your mobile number below to get these.")).toBeVisible();
  await expectAccessible(page);

  const before = (await smsTo(e164)).length;
  await section.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
  let code = "";
  await expect
    .poll(async () => {
      const texts = await smsTo(e164);
      code = texts.length > before ? (/\b(\d{6}) is your/.exec(texts.at(-1) ?? "")?.[1] ?? "") : "";
      return code;
    })
    .toMatch(/^\d{6}$/);

  const verify = page.getByRole("region", { name: "Verify your mobile number" });
  await verify.getByLabel(/^6-digit code/).fill(code === "000000" ? "111111" : "000000");
  await verify.getByRole("button", { name: "Verify this number" }).click();
  await expect(verify.getByRole("alert")).toHaveText("That code is not right, or it has expired. Check the SMS, or ask for a new code.");
  await verify.getByLabel(/^6-digit code/).fill(code);
  await verify.getByRole("button", { name: "Verify this number" }).click();
  await expect(page.getByText(/is verified: order SMS can go to it now/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Verify your mobile number" })).toHaveCount(0);
  await expect(page.getByText("A text when an order is placed and when its status changes.")).toBeVisible();
});
