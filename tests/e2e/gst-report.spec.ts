import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { formatMonth, indiaMonth } from "../../app/features/tax/domain/gst-month";
import { formatPaiseExact } from "../../app/platform/core/money";
import { type DocumentSpec, type TaxDocumentRow, taxDocumentRow } from "../tax-documents";
import { ADMIN, loginAsAdmin } from "./admin-helpers";
import { test as base, expect, expectAccessible, waitForHydration } from "./fixtures";
import { expectNoHorizontalScroll } from "./helpers";
import { startPrivateStore } from "./private-store";
import { registerVendorInUi } from "./vendor-helpers";

/*
 * The admin's GST report (/admin/gst) on a desktop and a 390 px phone. Issuing invoices is built
 * elsewhere, so the documents are written straight into a store of this file's own: an order row
 * for each (the foreign key) and tax_document rows with their snapshots, as the issuing code stores them.
 */
type Database = { sqlitePath: string } | { postgresUrl: string };
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

const id = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

/** Runs statements ($1-style parameters) in one transaction on either engine. */
async function run(database: Database, statements: [string, (string | number | null)[]][], read?: [string, string[]]) {
  if ("sqlitePath" in database) {
    const db = new DatabaseSync(database.sqlitePath, { timeout: 5000 });
    try {
      const found = read
        ? (db.prepare(read[0].replace(/\$(\d+)/g, "?$1")).get(...read[1]) as Record<string, string> | undefined)
        : undefined;
      db.exec("begin immediate");
      for (const [text, params] of statements) db.prepare(text.replace(/\$(\d+)/g, "?$1")).run(...params);
      db.exec("commit");
      return found;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.postgresUrl });
  await client.connect();
  try {
    const found = read ? (await client.query(read[0], read[1])).rows[0] : undefined;
    await client.query("begin");
    for (const [text, params] of statements) await client.query(text, params);
    await client.query("commit");
    return found as Record<string, string> | undefined;
  } finally {
    await client.end();
  }
}

/** Writes documents and returns their rows; one without an order id gets an order of its own (placed by the admin). */
async function addDocuments(database: Database, specs: (Omit<DocumentSpec, "orderId"> & { orderId?: string })[]) {
  const admin = await run(database, [], [`select id from "user" where email = $1`, [ADMIN.email]]);
  const rows: TaxDocumentRow[] = [];
  const statements: [string, (string | number | null)[]][] = [];
  for (const spec of specs) {
    const orderId = spec.orderId ?? id();
    if (!spec.orderId) {
      statements.push([
        `insert into orders (id, user_id, checkout_key, status, payment_method, subtotal_paise, shipping_paise, tax_paise, total_paise,
           customer_name, customer_email, customer_phone, street, city, state, pincode, created_at, updated_at)
         values ($1, $2, $3, 'delivered', 'cod', 100000, 0, 0, 100000, 'Ramesh Patil', 'ramesh@example.in', '+91 98765 43210',
           '1 Test Street', 'Pune', 'Maharashtra', '411001', $4, $4)`,
        [orderId, admin?.id ?? "", `gst-${orderId}`, spec.issuedAt],
      ]);
    }
    const row = taxDocumentRow(id(), { ...spec, orderId });
    rows.push(row);
    const columns = Object.keys(row);
    statements.push([
      `insert into tax_document (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
      Object.values(row),
    ]);
  }
  await run(database, statements);
  return rows;
}

const KHURPI = {
  description: "Khurpi hand weeder with a very long descriptive name",
  hsn: "8201",
  quantity: 1,
  unitPricePaise: 129_950,
  rate: 5,
};
const TILLER = { description: "Power tiller", hsn: "8432", quantity: 1, unitPricePaise: 15_000_000, rate: 5 };
const SPRAY = { description: "Neem oil spray", hsn: "3808", quantity: 3, unitPricePaise: 49_900, rate: 18 };
const DELIVERY = { description: "Delivery", hsn: "9965", quantity: 1, unitPricePaise: 14_900, rate: 18 };
// A desktop, a narrow desktop beside the sidebar (the wide tables scroll inside their boxes), a phone.
const WIDTHS = [1280, 1024, 390];

test("the GST report: an empty month, a month's tables, the CSV, and a bad month, at desktop and phone widths", async ({ page, store }) => {
  test.slow(); // axe on four views at two widths
  await loginAsAdmin(page, store.url);
  // The documents are November 2025's; this month (the page's default) has none.
  expect(indiaMonth()).not.toBe("2025-11");

  // This month has no documents yet.
  await page.goto("/admin/gst");
  await expect(page.getByRole("heading", { level: 1, name: "GST Report" })).toBeVisible();
  await expect(page.getByTestId("gst-empty")).toHaveText(`No invoices or credit notes in ${formatMonth(indiaMonth())}.`);
  await expect(page.getByLabel("Month")).toHaveValue(indiaMonth());
  await expect(page.getByLabel("Seller")).toHaveValue("store");

  const [first, second] = await addDocuments(store.database, [
    { kind: "invoice", seller: "store", sequence: 1, issuedAt: "2025-10-31T19:00:00.000Z", placeOfSupply: "27", lines: [KHURPI] },
    {
      kind: "invoice",
      seller: "store",
      sequence: 2,
      issuedAt: "2025-11-15T06:00:00.000Z",
      placeOfSupply: "29",
      lines: [TILLER, SPRAY, DELIVERY],
    },
  ]);
  if (!first || !second) throw new Error("two invoices written");
  const [creditNote] = await addDocuments(store.database, [
    {
      kind: "credit_note",
      seller: "store",
      sequence: 1,
      issuedAt: "2025-11-20T06:00:00.000Z",
      placeOfSupply: "29",
      lines: [{ ...SPRAY, quantity: 1 }],
      orderId: second.order_id,
      refersTo: { id: second.id, number: second.number, issuedAt: second.issued_at },
    },
  ]);
  const net = first.total_paise + second.total_paise - (creditNote?.total_paise ?? Number.NaN);

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
    await expectAccessible(page);

    await page.goto(`/admin/gst?month=${indiaMonth()}`);
    await expect(page.getByTestId("gst-empty")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    const bad = await page.goto("/admin/gst?month=2026-13");
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("That is not a month: use YYYY-MM, for example 2026-11.");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
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
  test.slow(); // registration by email, then axe at two widths
  const vendor = await registerVendorInUi(page);
  const user = await run(store.database, [], [`select id from "user" where email = $1`, [vendor.email]]);
  const vendorId = user?.id ?? "";
  expect(vendorId).not.toBe("");
  await addDocuments(store.database, [
    {
      kind: "invoice",
      seller: vendorId,
      prefix: "KIS",
      sequence: 1,
      issuedAt: "2025-09-10T06:00:00.000Z",
      placeOfSupply: "27",
      lines: [KHURPI],
    },
    // The store's own sale that month: not the vendor's to see.
    { kind: "invoice", seller: "store", sequence: 50, issuedAt: "2025-09-11T06:00:00.000Z", placeOfSupply: "29", lines: [TILLER] },
  ]);

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
    await expectAccessible(page);
  }
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/vendor-login/gst/export?month=2025-09");
  const csv = await page.request.get("/vendor-login/gst/export?month=2025-09&seller=store");
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain("KIS/25-26/000001");
  expect(text).not.toContain("ANG/");
});
