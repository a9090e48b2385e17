import { defined } from "../../app/platform/defined";
import { test, expect, expectAccessible, waitForHydration } from "./admin-fixtures";
import { loginAsAdmin } from "./admin-helpers";
import { toasts } from "./toast-helpers";

/*
 * The ONDC page as an owner uses it before going live (issue 35): the e2e store has no ONDC settings,
 * so the page says ONDC is not configured; the owner turns the switch on and sets where the store ships
 * from, first with a GPS ONDC would refuse. It runs against a store of its own (admin-fixtures.ts), as
 * the switch and the locations are settings every ONDC call reads.
 */
test.describe.configure({ mode: "serial" });

test("an owner turns ONDC on and sets the store's location, a bad GPS refused first", async ({ page, baseURL }) => {
  const store = defined(baseURL, "this worker's store");
  await loginAsAdmin(page, store);
  await page.goto("/admin/ondc");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "ONDC" })).toBeVisible();
  await expect(page.getByTestId("ondc-configured")).toContainText("Not configured");
  await expect(page.getByTestId("ondc-cities")).toContainText("ONDC is not configured");
  await expect(page.getByTestId("ondc-settlement")).toContainText("Incomplete");
  await expect(page.getByRole("link", { name: "Set it in Payment Settings" })).toHaveAttribute("href", "/admin/payment-settings");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Turn ONDC on" }).click();
  await expect(toasts(page)).toContainText("ONDC is on");
  await expect(page.getByTestId("ondc-switch-state")).toContainText("not configured on this server");
  await expect(page.getByRole("button", { name: "Turn ONDC off" })).toBeVisible();

  const seller = page.getByTestId("seller-store");
  await expect(seller).toContainText("Not listed on ONDC until its location is set.");
  await seller.getByLabel(/^GPS of/).fill("18.5204,73.8567");
  await seller.getByLabel(/^City of/).fill("std:020");
  await seller.getByRole("button", { name: "Save location" }).click();
  await expect(seller.getByRole("alert")).toHaveText("GPS must look like 18.520400,73.856700 (latitude, longitude, six decimals).");
  await expect(seller).toContainText("Not listed on ONDC until its location is set.");
  await expectAccessible(page);

  await seller.getByLabel(/^GPS of/).fill("18.520400,73.856700");
  await seller.getByLabel(/^City of/).fill("std:020");
  await seller.getByRole("button", { name: "Save location" }).click();
  await expect(toasts(page)).toContainText("Location saved");
  await expect(seller).toContainText("Ships from 18.520400,73.856700 in std:020.");
  await expect(seller).not.toContainText("Not listed on ONDC");
  await expect(seller.getByRole("alert")).toHaveCount(0);

  // Put the store back as it was for any later test on this worker's store.
  await seller.getByRole("button", { name: "Clear" }).click();
  await expect(seller).toContainText("Not listed on ONDC until its location is set.");
  await page.getByRole("button", { name: "Turn ONDC off" }).click();
  await expect(page.getByRole("button", { name: "Turn ONDC on" })).toBeVisible();
});
