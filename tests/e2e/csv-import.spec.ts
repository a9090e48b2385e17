import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { CATALOG_COLUMNS, type CatalogColumn } from "../../app/features/catalog/domain/catalog-csv";
import { loginAsAdmin, unique } from "./admin-helpers";
import { expect, expectAccessible, test, waitForHydration } from "./admin-fixtures";
import { gstinFor } from "../fuzz/fuzz-targets";
import { expectNoHorizontalScroll } from "./helpers";
import { confirmByEmail } from "./mail-helpers";
import { toasts } from "./toast-helpers";

/*
 * Issue 13, bulk catalogue work: a vendor imports 200 products from a CSV (a file with mistakes
 * first: its preview lists each by row, column and message, and nothing is written), and an admin's
 * export imported again changes nothing. On a store of the worker's own (admin-fixtures), so the
 * admin's export is not changed by other specs between its download and its upload.
 */

type Row = Partial<Record<CatalogColumn, string>>;

/** A CSV as a spreadsheet saves it: UTF-8 with a byte-order mark, CRLF, cells quoted when they must be. */
function csvFile(rows: Row[], name = "my-products.csv") {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [CATALOG_COLUMNS.join(","), ...rows.map((r) => CATALOG_COLUMNS.map((c) => cell(r[c] ?? "")).join(","))];
  return { name, mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`) };
}

/** 200 products for a seed shop: every fourth in three pack sizes, the rest in one (300 rows). */
function twoHundredProducts(tag: string): Row[] {
  const rows: Row[] = [];
  for (let p = 0; p < 200; p++) {
    const sizes = p % 4 === 0 ? ["100 g", "500 g", "1 kg"] : ["1 piece"];
    sizes.forEach((label, s) => {
      const [quantity = "1", unit = "piece"] = label.split(" ");
      rows.push({
        handle: `p${p}`,
        ...(s === 0
          ? {
              name: `CSV Seed ${tag} ${String(p).padStart(3, "0")}`,
              category: p % 4 === 0 ? "Seeds & Saplings" : "tools",
              hsn_code: p % 4 === 0 ? "12099160" : "82019000",
              gst_rate: "0",
              description: "Hybrid, high yield. Sow 2 cm deep, 45 cm apart.",
              crops: p % 4 === 0 ? "tomato, chilli" : "",
              season: p % 4 === 0 ? "kharif" : "",
            }
          : {}),
        size_label: label,
        pack_quantity: quantity,
        pack_unit: unit,
        sku: `CSV-${tag}-${p}-${s}`,
        mrp_rupees: String(200 + s * 150),
        price_rupees: `${(150 + s * 120).toLocaleString("en-IN")}.50`,
        stock: String(10 + s),
      });
    });
  }
  return rows;
}

/** A vendor, registered and confirmed by the emailed link, signed in on `page`. */
async function signInNewVendor(page: Page, storeUrl: string) {
  const tag = unique();
  const email = `csv.vendor.${tag}@example.com`;
  const response = await page.request.post("/vendor-login?index", {
    form: {
      intent: "register",
      businessName: `Kisan Beej ${tag}`,
      email,
      password: "seller-pass-2024",
      phone: "91234 56789",
      gstNumber: gstinFor(`csv-${tag}`),
      street: "Plot 7, MIDC Ambad",
      city: "Nashik",
      state: "Maharashtra",
      pincode: "422010",
    },
    headers: { origin: storeUrl },
  });
  expect(response.status(), "vendor registration").toBe(200);
  await confirmByEmail(page.request, storeUrl, email, "seller-pass-2024");
}

async function uploadForPreview(page: Page, file: ReturnType<typeof csvFile> | string) {
  await page.getByLabel(/^CSV file/).setInputFiles(file);
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("heading", { name: /^Preview of / })).toBeVisible();
}

test("a vendor imports 200 products: the row problems first, nothing written; then the fixed file, waiting for approval", async ({
  page,
  storeURL,
}) => {
  test.setTimeout(120_000);
  await signInNewVendor(page, storeURL);
  const tag = unique().toUpperCase();
  const good = twoHundredProducts(tag);
  expect(good).toHaveLength(300);

  // Five mistakes a spreadsheet user makes. A product's first row in the spreadsheet: its index + 2 (row 1 is the header).
  const bad = good.map((r) => ({ ...r }));
  const rowOf = (product: number) => bad.findIndex((r) => r.handle === `p${product}`) + 2;
  const at = (row: number) => bad[row - 2] ?? {};
  const [wrongCategory, aboveMrp, takenSku, badStock, oldRate] = [rowOf(9), rowOf(0) + 1, rowOf(20), rowOf(50), rowOf(70)];
  const firstSku = rowOf(10);
  at(wrongCategory).category = "Fertiliser";
  at(aboveMrp).price_rupees = "900"; // the 500 g size of product 0, whose MRP is ₹350
  at(takenSku).sku = at(firstSku).sku ?? "";
  at(badStock).stock = "twelve";
  at(oldRate).gst_rate = "12"; // a rate from before 22 Sep 2025

  await page.goto("/vendor-login/products");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { name: "Import products from CSV" })).toBeVisible();
  await uploadForPreview(page, csvFile(bad));
  await expect(page.getByTestId("import-problems")).toHaveText(/^5 problems in 5 rows\. Nothing has been saved\./);
  const problems = page.getByTestId("import-problem");
  await expect(problems).toHaveCount(5);
  const problem = (row: number) => problems.filter({ has: page.getByRole("cell", { name: String(row), exact: true }) });
  await expect(problem(aboveMrp)).toContainText("price_rupees");
  // Product 0 is nil-rated: with GST a unit still comes to ₹900, and the most it may be is its MRP.
  await expect(problem(aboveMrp)).toContainText(
    "With GST a unit comes to ₹900, above its MRP of ₹350: selling above the MRP is not allowed. Set the price (before GST) to ₹350 or less, or correct the MRP.",
  );
  await expect(problem(wrongCategory)).toContainText("category");
  await expect(problem(wrongCategory)).toContainText('Unknown category "Fertiliser". Use seeds, equipment, tools or fertilizers.');
  await expect(problem(takenSku)).toContainText("sku");
  await expect(problem(takenSku)).toContainText(`The SKU ${at(firstSku).sku} is also in row ${firstSku}, for another product.`);
  await expect(problem(badStock)).toContainText("stock");
  await expect(problem(badStock)).toContainText("Stock must be a whole number, 0 or more.");
  await expect(problem(oldRate)).toContainText("gst_rate");
  await expect(problem(oldRate)).toContainText('Unknown GST rate "12". Use 0, 5, 18 or 40, a plain number such as 5.');
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Nothing was written.
  await page.goto("/vendor-login/products");
  await expect(page.getByText("You have no listings yet.")).toBeVisible();

  // The fixed file: 200 new products, then applied.
  await page.getByRole("link", { name: "Import CSV" }).click();
  await uploadForPreview(page, csvFile(good));
  await expect(page.getByTestId("import-new")).toHaveText("200 new products");
  await expect(page.getByTestId("import-updated")).toHaveText("0 updated");
  await expect(page.getByTestId("import-problem")).toHaveCount(0);
  await expect(page.getByTestId("import-new-product")).toHaveCount(200);
  await expect(page.getByTestId("import-new-product").first()).toHaveText(new RegExp(`CSV Seed ${tag} 000\\s*3 sizes, rows 2–4`));
  await expectAccessible(page);
  // The same preview open in a second tab.
  const secondTab = await page.context().newPage();
  await secondTab.goto(page.url());
  await page.getByRole("button", { name: "Apply import" }).click();

  await page.waitForURL("**/vendor-login/products");
  await expect(toasts(page)).toContainText("Imported 200 new products and 0 changed products. They were sent for approval");
  await expect(page.getByText("Showing 1–25 of 200 listings").first()).toBeVisible();
  const listings = page.getByTestId("vendor-product");
  await expect(listings).toHaveCount(25);
  for (const state of await listings.getByTestId("listing-state").allTextContents()) expect(state).toBe("Pending approval");
  // Each as the file has it: three sizes from ₹150.50 (stock 10 + 11 + 12), or one at ₹150.50.
  for (const text of await listings.allTextContents())
    expect(text).toMatch(new RegExp(`^CSV Seed ${tag} \\d{3}.*(from ₹150\\.50 · 3 sizes · stock 33|Garden Tools · ₹150\\.50 · stock 10)`));

  // Applying it again from the second tab is refused: it was imported; going back shows the same.
  await secondTab.getByRole("button", { name: "Apply import" }).click();
  await expect(secondTab.getByRole("alert").filter({ hasText: "was imported already" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("alert").filter({ hasText: "was imported already" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);
  await page.goto("/vendor-login/products");
  await expect(page.getByText("Showing 1–25 of 200 listings").first()).toBeVisible();
});

test("an admin's export, imported again unchanged, changes nothing", async ({ page, storeURL }) => {
  await loginAsAdmin(page, storeURL);
  await page.goto("/admin/products");
  await waitForHydration(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^angle-products-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const bytes = await readFile(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString("utf8").slice(1).split("\r\n")[0]).toBe(CATALOG_COLUMNS.join(","));
  const products = Number(
    /Showing 1–\d+ of ([\d,]+) products/.exec(
      (await page
        .getByText(/^Showing 1–/)
        .first()
        .textContent()) ?? "",
    )?.[1],
  );
  expect(products).toBeGreaterThanOrEqual(16);

  await page.getByRole("link", { name: "Import CSV" }).click();
  await uploadForPreview(page, path);
  await expect(page.getByTestId("import-new")).toHaveText("0 new products");
  await expect(page.getByTestId("import-updated")).toHaveText("0 updated");
  await expect(page.getByTestId("import-unchanged")).toHaveText(`${products} unchanged`);
  await expect(page.getByTestId("import-nothing")).toHaveText("Nothing to change: every product in the file is as the store has it.");
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);
  await expectAccessible(page);
});

test("a CSV that freezes the server: thousands of problems list the first 200, and 50,000 columns are refused at once", async ({
  page,
  storeURL,
}) => {
  await loginAsAdmin(page, storeURL);
  await page.goto("/admin/products/import");
  await waitForHydration(page);
  // 300 new products without a name, a category or a price: several problems each.
  const rows: Row[] = Array.from({ length: 300 }, (_, i) => ({ handle: `bad${i}`, size_label: "1 kg", price_rupees: "free" }));
  await uploadForPreview(page, csvFile(rows, "many-problems.csv"));
  await expect(page.getByTestId("import-problems")).toHaveText(/ problems in 300 rows\. Nothing has been saved\./);
  await expect(page.getByTestId("import-problem")).toHaveCount(200);
  await expect(page.getByTestId("import-more-problems")).toHaveText(
    /^…and [\d,]+ more problems, not listed here\. Fix the ones above and upload the file again to see the rest\.$/,
  );

  const header = Array.from({ length: 50_000 }, (_, i) => `c${i}`).join(",");
  const wide = { name: "wide.csv", mimeType: "text/csv", buffer: Buffer.from(`${header}\r\n${`${",".repeat(49_999)}x\r\n`.repeat(20)}`) };
  await page.getByLabel(/^CSV file/).setInputFiles(wide);
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Row 1 has more than 60 columns" })).toHaveText(
    "Row 1 has more than 60 columns; a product file has 29. Delete the other columns and upload the file again.",
  );
});
