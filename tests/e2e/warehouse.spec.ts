import { DatabaseSync } from "node:sqlite";
import { defined } from "../../app/platform/defined";
import { pdfText } from "../helpers/pdf-text";
import { ADMIN, loginAsAdmin, unique } from "./admin-helpers";
import { test as base, expect, expectAccessible, waitForHydration } from "./fixtures";
import { addProductToCart, loginAs, placeOrder, VERMICOMPOST, TOMATO } from "./helpers";
import { startPrivateStore } from "./private-store";
import { toasts } from "./toast-helpers";

/*
 * Warehouse work (docs/decisions/058-warehouse-work.md): the sample tomato seed's 10 g packs are held
 * in one lot that expires within the alerts' 60 days, with a reorder level above its stock. A farmer
 * buys a packet with a bag of vermicompost (cash on delivery); the admin, who set the e-way bill threshold low,
 * sees the order needs one, cannot ship it without, records it, downloads the packing slip (the lot
 * on it) and the invoice (the e-way bill on it), ships, and finds both alerts; the farmer's order
 * page names the lot in Hindi. A store of this file's own: it changes settings and stock.
 */
type Store = { url: string; sqlitePath: string | null };
const test = base.extend<object, { store: Store }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("warehouse", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await use({ url: store.url, sqlitePath: "sqlitePath" in store.database ? (store.database.sqlitePath ?? null) : null });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

/** The India day `days` from today, YYYY-MM-DD. */
function indiaDay(days: number) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

test("a lot-tracked order: packing slip with its lot, e-way bill before shipping, stock alerts, the lot on the farmer's Hindi order page", async ({
  page,
  browser,
  store,
}) => {
  test.setTimeout(150_000);
  const lot = `WH-${unique().toUpperCase()}`;
  const expires = indiaDay(45);
  // The seed's 10 g packs as one received lot (what a receipt writes), its stock what the lot holds.
  const db = new DatabaseSync(defined(store.sqlitePath, "the store's file"));
  const size = db.prepare("select id, product_id, stock from product_variant where sku = 'AG-TOM-ARKA-10G'").get() as {
    id: string;
    product_id: string;
    stock: number;
  };
  db.prepare(
    `insert into lot (id, product_id, variant_id, number, quantity, received_quantity, manufactured_on, expires_on, sell_before, received_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    `lot${unique()}`,
    size.product_id,
    size.id,
    lot,
    size.stock,
    size.stock,
    indiaDay(-200),
    expires,
    expires,
    new Date().toISOString(),
  );
  db.prepare("update product_variant set reorder_level = ? where id = ?").run(size.stock + 10, size.id);
  db.close();
  const month = (locale: string) =>
    new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${expires}T00:00:00Z`));

  const admin = await (await browser.newContext({ baseURL: store.url })).newPage();
  await loginAsAdmin(admin, store.url);
  await admin.goto("/admin/settings");
  await waitForHydration(admin);
  await admin.getByLabel("E-way bill needed above (₹)").fill("400");
  await admin.getByRole("button", { name: "Save Settings" }).click();
  await expect(toasts(admin)).toContainText("Settings saved.");

  await loginAs(page, {}, store.url);
  await addProductToCart(page, TOMATO.name);
  await addProductToCart(page, VERMICOMPOST.name);
  await page.goto("/checkout");
  const orderId = await placeOrder(page, "Cash on Delivery");

  await admin.goto(`/admin/orders/${orderId}`);
  await waitForHydration(admin);
  await admin.getByLabel("New status").selectOption("confirmed");
  await admin.getByRole("button", { name: "Update Status" }).click();
  await expect(admin.getByTestId("admin-order-status")).toHaveText("Confirmed");
  const bill = admin.getByTestId("eway-bill");
  await expect(bill).toContainText("An e-way bill is needed before shipping");
  await expect(admin.getByTestId("line-lot")).toHaveText(`Lot ${lot} (exp. ${month("en-IN")}) × 1`);
  await expectAccessible(admin);

  // Shipping waits for the e-way bill.
  await admin.getByLabel("Courier").fill("Delhivery");
  await admin.getByLabel(/Tracking/).fill("DL-778899");
  await admin.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(admin.getByRole("alert").first()).toContainText("an e-way bill is needed before shipping");
  await expect(admin.getByTestId("admin-order-status")).toHaveText("Confirmed");

  await bill.getByLabel("E-way bill number").fill("12345");
  await bill.getByRole("button", { name: "Record e-way bill" }).click();
  await expect(bill).toContainText("Enter the e-way bill number: 12 digits.");
  await bill.getByLabel("E-way bill number").fill("1812 3456 7890");
  await bill.getByRole("button", { name: "Record e-way bill" }).click();
  await expect(toasts(admin)).toContainText("E-way bill 181234567890 recorded.");
  await expect(admin.getByTestId("eway-bill")).toContainText("E-way bill no. 181234567890");

  const slipHref = defined(await admin.getByRole("link", { name: "Packing slip (PDF)" }).getAttribute("href"), "the slip's link");
  const slip = (await pdfText(await (await admin.request.get(slipHref)).body())).replace(/\s+/g, " ");
  expect(slip).toContain(`Lot ${lot} (exp. ${month("en-IN")}) × 1`);
  expect(slip).toContain("PIN ");
  expect(slip).toContain("COD: collect");
  expect(slip).toContain("E-way bill no.: 181234567890");
  const invoiceHref = defined(
    await admin
      .getByRole("link", { name: /^Invoice .* \(PDF\)$/ })
      .first()
      .getAttribute("href"),
    "the invoice's link",
  );
  const invoice = (await pdfText(await (await admin.request.get(invoiceHref)).body())).replace(/\s+/g, " ");
  expect(invoice).toContain("E-way bill no. 181234567890");

  await admin.getByLabel("Courier").fill("Delhivery");
  await admin.getByLabel(/Tracking/).fill("DL-778899");
  await admin.getByRole("button", { name: "Mark as Shipped" }).click();
  await expect(admin.getByTestId("admin-order-status")).toHaveText("Shipped");

  await admin.goto("/admin/stock-alerts");
  await expect(admin.getByRole("heading", { level: 1, name: "Stock alerts" })).toBeVisible();
  await expect(admin.getByTestId("low-stock")).toContainText(TOMATO.name);
  await expect(admin.getByTestId("expiring-lots")).toContainText(`Lot ${lot}`);
  await expectAccessible(admin);

  await page.goto(`/hi/order-confirmation/${orderId}`);
  await expect(page.getByTestId("line-lots")).toHaveText(`लॉट ${lot} (समाप्ति ${month("hi-IN")}) × 1`);
});
