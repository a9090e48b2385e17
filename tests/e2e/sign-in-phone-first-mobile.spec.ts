import { expect, test } from "./fixtures";
import { authDialog, waitForHydration } from "./helpers";

/*
 * On a phone the sign-in dialog starts with the mobile number (most farmers sign in with one); a
 * wider screen starts with the email. CSS picks it by the screen's width: no script measures it.
 */
test("on a phone the sign-in dialog asks for the mobile number first, email one tap away, in both languages", async ({ page }) => {
  await page.goto("/?auth=login");
  await waitForHydration(page);
  const dialog = authDialog(page);
  await expect(dialog.getByRole("heading", { name: "Login to Angle" })).toBeVisible();
  await expect(dialog.getByLabel("Mobile number")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeHidden();
  await dialog.getByRole("button", { name: "Use email instead" }).click();
  await expect(dialog.getByLabel("Email")).toBeVisible();
  await expect(dialog.getByLabel("Mobile number")).toBeHidden();

  // A wide screen opens on the email, the mobile number one tap away.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/?auth=login");
  await waitForHydration(page);
  await expect(dialog.getByLabel("Email")).toBeVisible();
  await expect(dialog.getByLabel("Mobile number")).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Use mobile number instead" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/hi/?auth=login");
  await waitForHydration(page);
  await expect(dialog.getByRole("heading", { name: "Angle में लॉग इन करें" })).toBeVisible();
  await expect(dialog.getByLabel("मोबाइल नंबर")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "ईमेल से लॉग इन करें" })).toBeVisible();
});
