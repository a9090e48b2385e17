import { addDays, formatIsoDay, indiaToday } from "../../app/platform/core/india-day";
import { defined } from "../../app/platform/defined";
import { baseURL } from "../../playwright.config";
import { fillSize, loginAsAdmin, ORIGIN, unique } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { toasts } from "./toast-helpers";
import { licenceForm, markLicenceVerified, nextYear, registerVendorInUi } from "./vendor-helpers";

/*
 * Issue 13, "an admin cannot approve a pesticide listing before verifying the licence": a vendor
 * lists a pesticide; the admin cannot approve it and is told why (and a forced approval is refused
 * by the server); the vendor enters the insecticide selling licence; the admin marks it verified
 * and approves; the listing is in the store. Revoking the licence takes it off sale again.
 */
test("a pesticide listing waits for the vendor's verified insecticide selling licence", async ({ page, browser }) => {
  test.setTimeout(120_000); // a vendor, an admin and a shopper
  // A name early in the alphabet: the admin's vendor list (50 a page, by name) shows it first.
  const vendor = await registerVendorInUi(page, { businessName: `Aadhya Agro Inputs ${unique()}` });
  const productName = `Neem Oil 1500 ppm ${unique()}`;

  // The vendor lists neem oil: a fertilizers product, regulated as a pesticide.
  await page.getByRole("link", { name: "Add New Product" }).click();
  await waitForHydration(page);
  await page.getByLabel(/^Name/).fill(productName);
  await page.getByLabel(/^Description/).fill("Cold-pressed neem oil, azadirachtin 1500 ppm, for sucking pests.");
  await expect(page.getByLabel("Regulated as")).toHaveCount(0);
  // Until the vendor picks a GST rate, it follows what the product is: seeds nil, fertilisers 5%, a pesticide 18%.
  await expect(page.getByLabel(/^GST rate/)).toHaveValue("");
  await page.getByLabel(/^Category/).selectOption("seeds");
  await expect(page.getByTestId("regulated-as-note")).toContainText("Sold as seed");
  await expect(page.getByLabel(/^GST rate/)).toHaveValue("0");
  await page.getByLabel(/^Category/).selectOption("fertilizers");
  await expect(page.getByLabel("Regulated as")).toHaveValue("fertiliser");
  await expect(page.getByLabel(/^GST rate/)).toHaveValue("5");
  await page.getByLabel("Regulated as").selectOption("pesticide");
  await expect(page.getByLabel(/^GST rate/)).toHaveValue("18");
  await page.getByLabel(/^HSN code/).fill("3808 91 99");
  await fillSize(page, 1, { label: "1 L", quantity: "1", unit: "l", price: "640", stock: "25" });
  await page.getByRole("button", { name: "Submit for Approval" }).click();
  await page.waitForURL("**/vendor-login/products");
  const listing = page.getByTestId("vendor-product").filter({ hasText: productName });
  await expect(listing.getByTestId("listing-state")).toHaveText("Pending approval");
  await expect(listing).toContainText("Fertilizers (pesticide)");
  await expect(listing.getByTestId("licence-note")).toContainText("Needs your insecticide selling licence: add it in your profile.");

  // The admin cannot approve it, sees why, and a forced approval is refused by the server.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto("/admin/vendors");
  await waitForHydration(admin);
  const card = admin.getByTestId("pending-listing").filter({ hasText: productName });
  await expect(card).toContainText(`${vendor.businessName} · Fertilizers (pesticide) · ₹640`);
  const reason = "Verify the vendor's insecticide selling licence before approving this listing.";
  await expect(card.getByTestId("licence-block")).toContainText(`${reason} The vendor has not entered one yet.`);
  await expect(card.getByRole("button", { name: "Approve" })).toBeDisabled();
  await expect(card.getByTestId("vendor-licence")).toContainText("Not provided");
  const approveForm = card.locator("form").filter({ has: admin.getByRole("button", { name: "Approve" }) });
  const forced = await admin.request.post("/admin/vendors", {
    form: {
      intent: "approve",
      id: await approveForm.locator('input[name="id"]').inputValue(),
      version: await approveForm.locator('input[name="version"]').inputValue(),
    },
    headers: ORIGIN,
    maxRedirects: 0,
  });
  expect(forced.status()).toBe(409);
  expect(await forced.text()).toContain("insecticide selling licence");
  await expectAccessible(admin);

  // The vendor enters the licence: an expired date is refused with the reason, then a valid one is saved.
  await page.goto("/vendor-login/profile");
  await waitForHydration(page);
  const form = licenceForm(page, "pesticide");
  await expect(form.getByTestId("licence-status")).toHaveText("Not provided");
  const number = `MH/NSK/INS/${unique().toUpperCase()}`;
  await form.getByLabel(/^Licence number/).fill(number.toLowerCase());
  const yesterday = addDays(indiaToday(), -1);
  await form.getByLabel(/^Valid until/).fill(yesterday);
  await form.getByRole("button", { name: "Save insecticide selling licence" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    `This licence expired on ${formatIsoDay(yesterday)}. Enter your renewed licence's number and expiry date.`,
  );
  await expect(form.getByLabel(/^Valid until/)).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel(/^Valid until/).fill(nextYear());
  await form.getByLabel(/^Issuing State/).selectOption("Maharashtra");
  await form.getByRole("button", { name: "Save insecticide selling licence" }).click();
  await expect(toasts(page)).toContainText("Insecticide selling licence saved. Our team will verify it");
  await expect(form.getByTestId("licence-status")).toHaveText("Awaiting verification");
  await expect(form.getByLabel(/^Licence number/)).toHaveValue(number);
  await expectAccessible(page);

  // The admin still cannot approve; they mark the licence verified, and then approve.
  await admin.goto("/admin/vendors");
  await expect(card.getByTestId("licence-block")).toContainText(reason);
  await expect(card.getByTestId("licence-block")).not.toContainText("has not entered one");
  await expect(card.getByTestId("vendor-licence")).toContainText(number);
  await markLicenceVerified(admin, productName, "pesticide");
  await expect(card.getByTestId("licence-block")).toHaveCount(0);
  const row = admin.getByTestId("admin-vendor-row").filter({ hasText: vendor.businessName });
  await expect(row.locator('[data-kind="pesticide"]')).toContainText("Verified");
  await expect(row.locator('[data-kind="seed"]')).toContainText("Not provided");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(toasts(admin)).toContainText("Listing approved");

  // It is in the store.
  // What the server answers: a phone's service worker may show a page seen under a minute ago from
  // its copy (decision 029), which would answer 200 for a listing just taken off sale.
  const guestContext = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const guest = await guestContext.newPage();
  await guest.goto(`/products?q=${encodeURIComponent(productName)}`);
  const productCard = guest.getByTestId("product-card").filter({ hasText: productName });
  await expect(productCard).toBeVisible();
  const href = defined(await productCard.getByRole("link").first().getAttribute("href"), "the product's link");
  expect((await guest.goto(href))?.status()).toBe(200);

  // Revoking the verification takes it off sale again; the vendor sees why.
  await admin.goto("/admin/vendors");
  await waitForHydration(admin);
  await row
    .locator('[data-kind="pesticide"]')
    .getByRole("button", { name: /^Revoke/ })
    .click();
  await expect(toasts(admin)).toContainText("Insecticide selling licence verification revoked. 1 listing taken off sale.");
  expect((await guest.goto(href))?.status()).toBe(404);
  await guest.goto(`/products?q=${encodeURIComponent(productName)}`);
  await expect(guest.getByText("No products found")).toBeVisible();
  await page.goto("/vendor-login/products");
  await expect(listing.getByTestId("listing-state")).toHaveText("Off sale: licence");
  await expect(listing.getByTestId("licence-note")).toContainText("Needs your insecticide selling licence verified by our team");
  await guestContext.close();
  await adminContext.close();
});
