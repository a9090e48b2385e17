import { formatMonth, indiaMonth } from "../../app/features/tax/domain/gst-month";
import { formatPaiseExact } from "../../app/platform/core/money";
import { ADMIN, loginAsAdmin } from "./admin-helpers";
import { test as base, expect, waitForHydration } from "./fixtures";
import { addNovember2025, addVendorSeptember2025, type Database, userIdOf } from "./gst-helpers";
import { expectNoHorizontalScroll } from "./helpers";
import { startPrivateStore } from "./private-store";
import { registerVendorInUi } from "./vendor-helpers";

/*
 * The admin's GST report (/admin/gst) on a desktop and a 390 px phone. Issuing invoices is built
 * elsewhere, so the documents are written straight into a store of this file's own
 * (tests/e2e/gst-helpers.ts). axe checks these views in accessibility.spec.ts.
 */
const test = base.extend<object, { store: { url: string; database: Database } }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("gst", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await use({ url: store.url, database: store.database });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

// A desktop, a narrow desktop beside the sidebar (the wide tables scroll inside their boxes), a phone.
const WIDTHS = [1280, 1024, 390];

test("the GST report: an empty month, a month's tables, the CSV, and a bad month, at desktop and phone widths", async ({ page, store }) => {
  test.slow(); // three views at three widths
  await loginAsAdmin(page, store.url);
  // The documents are November 2025's; this month (the page's default) has none.
  expect(indiaMonth()).not.toBe("2025-11");

  // This month has no documents yet.
  await page.goto("/admin/gst");
  await expect(page.getByRole("heading", { level: 1, name: "GST Report" })).toBeVisible();
  await expect(page.getByTestId("gst-empty")).toHaveText(`No invoices or credit notes in ${formatMonth(indiaMonth())}.`);
  await expect(page.getByLabel("Month")).toHaveValue(indiaMonth());
  await expect(page.getByLabel("Seller")).toHaveValue("store");

  const { first, second, creditNote } = await addNovember2025(store.database);
  const net = first.total_paise + second.total_paise - creditNote.total_paise;

  // The month picker, as a person uses it.
  await waitForHydration(page);
  await page.getByLabel("Month").fill("2025-11");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(/month=2025-11/);
  await expect(page.getByTestId("gst-document-row")).toHaveCount(3);
  await expect(page.getByTestId("gst-reconciled")).toContainText(`is ${formatPaiseExact(net)}.`);
  await expect(page.getByTestId("gst-summary").locator("dd").nth(2)).toHaveText(formatPaiseExact(net));

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/gst?month=2025-11&seller=store");
    await expect(page.getByTestId("gst-b2c-row")).toHaveCount(3);
    await expect(page.getByTestId("gst-b2c-row").filter({ hasText: "29 Karnataka" }).first()).toBeVisible();
    await expect(page.getByTestId("gst-hsn-row").filter({ hasText: "9965" })).toHaveCount(1);
    await expect(page.getByTestId("gst-series-row")).toHaveCount(2);
    await expect(page.getByTestId("gst-series-row").first()).toContainText("ANG/25-26/000001");
    await expectNoHorizontalScroll(page);

    await page.goto(`/admin/gst?month=${indiaMonth()}`);
    await expect(page.getByTestId("gst-empty")).toBeVisible();
    await expectNoHorizontalScroll(page);

    const bad = await page.goto("/admin/gst?month=2026-13");
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("That is not a month: use YYYY-MM, for example 2026-11.");
    await expectNoHorizontalScroll(page);
  }

  const csv = await page.request.get("/admin/gst/export?month=2025-11&seller=store");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toBe('attachment; filename="gst-report-2025-11-store.csv"');
  const text = await csv.text();
  expect(text).toContain("ANGC/25-26/00001");
  expect(text).toContain("29-Karnataka");
  // The page offers the same file; the bad month's page (still open) offers none.
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveCount(0);
  await page.goto("/admin/gst?month=2025-11");
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/admin/gst/export?month=2025-11&seller=store");
});

test("a vendor's GST report shows their own documents only, at desktop and phone widths", async ({ page, store }) => {
  test.slow(); // registration by email, then two widths
  const vendor = await registerVendorInUi(page);
  const vendorId = await userIdOf(store.database, vendor.email);
  expect(vendorId).not.toBe("");
  await addVendorSeptember2025(store.database, vendorId);

  await page.getByRole("navigation", { name: "Vendor" }).getByRole("link", { name: "GST Report" }).click();
  await expect(page).toHaveURL(/\/vendor-login\/gst$/);
  await expect(page.getByTestId("gst-empty")).toBeVisible();
  await expect(page.getByLabel("Seller")).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Naming the store in the address changes nothing: it is always the vendor's own report.
    await page.goto("/vendor-login/gst?month=2025-09&seller=store");
    await expect(page.getByTestId("gst-document-row")).toHaveCount(1);
    await expect(page.getByTestId("gst-document-row")).toContainText("KIS/25-26/000001");
    await expect(page.getByText("ANG/25-26/000050")).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  }
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/vendor-login/gst/export?month=2025-09");
  const csv = await page.request.get("/vendor-login/gst/export?month=2025-09&seller=store");
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain("KIS/25-26/000001");
  expect(text).not.toContain("ANG/");
});
