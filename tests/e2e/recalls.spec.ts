import { readFile } from "node:fs/promises";
import { DatabaseSync } from "node:sqlite";
import { defined } from "../../app/platform/defined";
import { ADMIN, loginAsAdmin, unique } from "./admin-helpers";
import { test as base, expect, expectAccessible, waitForHydration } from "./fixtures";
import { waitForMail } from "./mail-helpers";
import { startPrivateStore } from "./private-store";
import { toasts } from "./toast-helpers";

/*
 * Recalls (docs/decisions/059-recalls.md): the sample tomato seed's 10 g size is held in two lots;
 * a Hindi-reading farmer has received units of the earlier one and two orders holding it are still
 * open. The admin finds the lot, recalls it, swaps one open order to the other lot, cancels the other,
 * and downloads the recall report; the farmer's notice is emailed in Hindi. A store of this file's
 * own: lots and orders are written straight into its database.
 */
type Store = { url: string; sqlitePath: string | null };
const test = base.extend<object, { store: Store }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("recalls", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await use({ url: store.url, sqlitePath: "sqlitePath" in store.database ? (store.database.sqlitePath ?? null) : null });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

const id = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");
const day = (fromToday: number) => new Date(Date.now() + fromToday * 86_400_000).toISOString().slice(0, 10);

/** Two lots of the sample tomato seed (10 g) and three customers' orders of it, written in one transaction. */
function seed(sqlitePath: string, lotNumber: string) {
  const db = new DatabaseSync(sqlitePath, { timeout: 5000 });
  const now = new Date().toISOString();
  try {
    db.exec("begin immediate");
    const size = db
      .prepare("select v.id, v.product_id, p.name from product_variant v join product p on p.id = v.product_id where v.sku = ?")
      .get("AG-TOM-ARKA-10G") as { id: string; product_id: string; name: string };
    const lot = (number: string, quantity: number, expiresIn: number) => {
      const lotId = id();
      db.prepare(
        `insert into lot (id, product_id, variant_id, number, quantity, received_quantity, expires_on, sell_before, received_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(lotId, size.product_id, size.id, number, quantity, quantity, day(expiresIn), day(expiresIn - 30), now);
      return lotId;
    };
    const recalled = lot(lotNumber, 10, 120);
    lot(`${lotNumber}-SPARE`, 10, 400);
    db.prepare("update product_variant set stock = 20 where id = ?").run(size.id);
    const order = (name: string, email: string, locale: "en" | "hi", status: string, quantity: number) => {
      const userId = id();
      db.prepare(
        `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role, banned) values (?, ?, ?, 1, ?, ?, 'user', 0)`,
      ).run(userId, name, email, now, now);
      const orderId = id();
      db.prepare(
        `insert into orders (id, user_id, checkout_key, status, payment_method, subtotal_paise, shipping_paise, tax_paise, total_paise,
           customer_name, customer_email, customer_phone, street, city, state, pincode, locale, created_at, updated_at)
         values (?, ?, ?, ?, 'cod', ?, 0, 0, ?, ?, ?, '+91 98765 43210', '4 Shivaji Road', 'Nashik', 'Maharashtra', '422001', ?, ?, ?)`,
      ).run(orderId, userId, `key-${orderId}`, status, 10_980 * quantity, 10_980 * quantity, name, email, locale, now, now);
      db.prepare(`insert into order_event (id, order_id, status, note, actor_id, created_at) values (?, ?, 'pending', null, null, ?)`).run(
        id(),
        orderId,
        now,
      );
      // The order's trigger takes the units from the earliest-expiring lot (migration 0051).
      db.prepare(
        `insert into order_line (id, order_id, product_id, variant_id, vendor_id, name, image, unit_price_paise, quantity, line_total_paise)
         values (?, ?, ?, ?, null, ?, '/images/products/test.svg', 10980, ?, ?)`,
      ).run(id(), orderId, size.product_id, size.id, size.name, quantity, 10_980 * quantity);
      return orderId;
    };
    const token = unique();
    const hindiEmail = `kisan-${token}@example.in`;
    order("रमेश पाटिल", hindiEmail, "hi", "delivered", 2);
    const toSwap = order("Asha Jadhav", `asha-${token}@example.in`, "en", "confirmed", 1);
    const toCancel = order("Vijay More", `vijay-${token}@example.in`, "en", "pending", 3);
    db.exec("commit");
    return { recalled, toSwap, toCancel, hindiEmail };
  } finally {
    db.close();
  }
}

test("a lot recalled: it stops selling, its open orders are swapped or cancelled, its buyer is told in Hindi, the report downloads", async ({
  page,
  store,
}) => {
  test.setTimeout(120_000);
  const lotNumber = `TS-${unique().toUpperCase()}`;
  const { recalled, toSwap, toCancel, hindiEmail } = seed(defined(store.sqlitePath, "the store's file"), lotNumber);

  await loginAsAdmin(page, store.url);
  await page.goto("/admin/lots");
  await page.getByLabel("Lot number or SKU").fill(lotNumber.toLowerCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("lot-row")).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole("link", { name: lotNumber, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Lot ${lotNumber}` })).toBeVisible();
  await expect(page.getByTestId("recall-report-row")).toHaveCount(3);

  await waitForHydration(page);
  await page.getByRole("button", { name: "Recall lot" }).click();
  // The reason is required: the browser asks for it before anything is sent.
  await expect(page.getByTestId("lot-recalled")).toHaveCount(0);
  await page.getByLabel("Reason (customers are told it)").fill("Germination below the 70% on the label");
  await page.getByRole("button", { name: "Recall lot" }).click();
  await expect(toasts(page)).toContainText(`Lot ${lotNumber} recalled. Open orders flagged: 2. Customers told: 1.`);
  await expect(page.getByTestId("lot-recalled")).toContainText("Germination below the 70% on the label");
  await expectAccessible(page);

  // Off sale at once; the spare lot still sells.
  await page.goto(`/admin/lots?q=${lotNumber}`);
  await expect(page.getByTestId("lot-row").filter({ hasText: `${lotNumber}-SPARE` })).toContainText("On sale");
  await expect(page.getByTestId("lot-row").filter({ hasNotText: "SPARE" })).toContainText("Recalled");

  // The open orders: one swapped to the spare lot, one cancelled.
  await page.goto(`/admin/orders/${toSwap}`);
  const holds = page.getByTestId("order-recall-holds");
  await expect(holds).toContainText(`Holds recalled lot ${lotNumber}`);
  await expectAccessible(page);
  await waitForHydration(page);
  await holds.getByRole("button", { name: "Swap to other lots" }).click();
  await expect(toasts(page)).toContainText(`Lot ${lotNumber} swapped: 1 taken from lot ${lotNumber}-SPARE (1).`);
  await expect(holds).toHaveCount(0);
  await expect(page.getByRole("main")).toContainText(`Recalled lot ${lotNumber}: 1 swapped to lot ${lotNumber}-SPARE (1)`);

  await page.goto(`/admin/orders/${toCancel}`);
  await waitForHydration(page);
  await page.getByTestId("order-recall-holds").getByRole("button", { name: "Cancel and refund" }).click();
  await expect(toasts(page)).toContainText(`Order cancelled: it held recalled lot ${lotNumber}.`);
  await expect(page.getByTestId("admin-order-status")).toHaveText("Cancelled");

  await page.goto(`/admin/lots/${recalled}`);
  const rows = page.getByTestId("recall-report-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Swapped to other lots" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Vijay More" })).toContainText("Cancelled");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`angle-recall-${lotNumber}.csv`);
  const csv = (await readFile(defined(await download.path(), "the downloaded file"), "utf8")).trimEnd().split("\r\n");
  expect(csv[0]).toBe("order,placed_at,status,customer,phone,email,pincode,units,units_back,flag,told_at");
  expect(csv).toHaveLength(4);
  expect(csv.find((line) => line.includes("रमेश पाटिल"))).toContain(`,delivered,रमेश पाटिल,'+91 98765 43210,${hindiEmail},422001,2,0,,`);
  expect(csv.find((line) => line.includes("Asha Jadhav"))).toContain(",1,1,swapped,");
  expect(csv.find((line) => line.includes("Vijay More"))).toContain(",cancelled,Vijay More,");

  // The farmer who received the lot hears of it in Hindi.
  const mail = await waitForMail(store.url, hindiEmail, "lot-recall");
  expect(mail.subject).toBe(`ज़रूरी सूचना: हाइब्रिड टमाटर के बीज (अर्का रक्षक) (10 g) का लॉट ${lotNumber} वापस लिया गया है`);
  expect(mail.text).toContain("कृपया इसका इस्तेमाल बंद करें");
  expect(mail.text).toContain("Germination below the 70% on the label");
});
