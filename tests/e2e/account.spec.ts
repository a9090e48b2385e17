import { test as base, expect } from "./fixtures";
import { authDialog, passwordInput, registerCustomer, userMenu } from "./helpers";
import { linkIn, waitForMail } from "./mail-helpers";
import { startPrivateStore } from "./private-store";

/** A store of this file's own: its sign-ins and emails disturb no other spec. */
const test = base.extend<object, { store: { url: string } }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("account");
      await use({ url: store.url });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

test("forgot password: the emailed link sets a new password once, signs out everywhere, and the new one signs in", async ({
  page,
  store,
}) => {
  test.setTimeout(60_000);
  await page.goto("/");
  const customer = await registerCustomer(page);

  // Another browser, signed out, asks for a link from the sign-in dialog.
  const other = await page.context().browser()?.newContext({ baseURL: store.url });
  if (!other) throw new Error("no browser");
  const visitor = await other.newPage();
  await visitor.goto("/?auth=login");
  await authDialog(visitor).getByRole("link", { name: "Forgot password?" }).click();
  await expect(visitor.getByRole("heading", { name: "Forgot password?" })).toBeVisible();
  await visitor.getByLabel("Email").fill(customer.email);
  await visitor.getByRole("button", { name: "Send reset link" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "If an account exists" })).toHaveText(
    "If an account exists for that email, we have sent a link to reset the password. It works for one hour.",
  );

  // The email as it arrived (the outbox keeps no working link once it is sent).
  const email = await waitForMail(store.url, customer.email, "password-reset");
  expect(email.subject).toBe("Reset your Angle password");
  const link = linkIn(email, "/reset-password");

  await visitor.goto(link ?? "");
  await expect(visitor.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await visitor.getByLabel(/^New password/).fill("brand-new-pass-9");
  await visitor.getByRole("button", { name: "Set new password" }).click();
  await expect(visitor.getByText("Your password has been changed. Please sign in with your new password.")).toBeVisible();

  // The old password no longer works; the new one does.
  const dialog = authDialog(visitor);
  await expect(dialog.getByRole("heading", { name: "Login to Angle" })).toBeVisible();
  await dialog.getByLabel("Email").fill(customer.email);
  await passwordInput(dialog).fill(customer.password);
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid email or password");
  await dialog.getByLabel("Email").fill(customer.email);
  await passwordInput(dialog).fill("brand-new-pass-9");
  await dialog.getByRole("button", { name: "Login" }).click();
  await expect(userMenu(visitor, customer)).toBeVisible();

  // The first browser's session ended with the reset.
  await page.reload();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).first()).toBeAttached();
  await expect(userMenu(page, customer)).toHaveCount(0);

  // The link works once.
  await visitor.goto(link ?? "");
  await expect(visitor.getByText("This link has expired or was already used. Ask for a new one.")).toBeVisible();
  await other.close();
});

test("the account page: details are saved; change password needs the current one", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/");
  const customer = await registerCustomer(page);

  await userMenu(page, customer).click();
  await page.getByRole("link", { name: "My account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  const details = page.locator("form").filter({ has: page.getByLabel("Street address") });
  await details.getByLabel("Pincode").fill("022013");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(details.getByRole("alert")).toHaveText("Pincode must be 6 digits and cannot start with 0.");
  await details.getByLabel("Street address").fill("7 Canal Road");
  await details.getByLabel("City").fill("Pune");
  await details.getByLabel("Pincode").fill("411001");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Your details have been saved.")).toBeVisible();
  await page.reload();
  await expect(details.getByLabel("City")).toHaveValue("Pune");
  await expect(details.getByLabel("Pincode")).toHaveValue("411001");

  await page.goto("/account");
  const password = page.locator("form").filter({ has: page.getByLabel(/^Current password/) });
  await password.getByLabel(/^Current password/).fill("not-my-password");
  await password.getByLabel(/^New password/).fill("another-pass-7");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByRole("alert")).toHaveText("Your current password is not correct.");
  await password.getByLabel(/^Current password/).fill(customer.password);
  await password.getByLabel(/^New password/).fill("another-pass-7");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed. You are signed out everywhere else.")).toBeVisible();
  // This browser stays signed in.
  await page.reload();
  await expect(userMenu(page, customer)).toBeVisible();
});

test("change email: a link goes to the new address, and the account moves to it only when the link is opened", async ({ page, store }) => {
  test.setTimeout(60_000);
  await page.goto("/");
  const customer = await registerCustomer(page);
  const newEmail = `moved.${Date.now().toString(36)}@example.com`;
  await page.goto("/account");
  const form = page.locator("form").filter({ has: page.getByLabel(/^New email/) });
  await form.getByLabel(/^New email/).fill(customer.email);
  await form.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(form.getByRole("alert")).toHaveText("That is already your email address.");
  await form.getByLabel(/^New email/).fill(newEmail);
  await form.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText(`We have sent a link to ${newEmail}. Your email changes when you open it (within 24 hours).`)).toBeVisible();
  await expect(page.getByText(`Signed in as ${customer.email}`)).toBeVisible();

  const mail = await waitForMail(store.url, newEmail, "change-email");
  expect(mail.subject).toBe("Confirm your new email for Angle");
  await page.goto(linkIn(mail, "/verify-email"));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText("Your email address has been changed.")).toBeVisible();
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();
});
