import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { addDays, indiaToday } from "../../app/platform/core/india-day";
import { formatMonthYear } from "../../app/platform/core/dates";
import { unique } from "./admin-helpers";
import { test as base, expect, expectAccessible } from "./fixtures";
import { startPrivateStore } from "./private-store";
import { toasts } from "./toast-helpers";
import { registerVendorInUi } from "./vendor-helpers";

/*
 * Lots (issue 32, docs/decisions/056-lots.md): a vendor receives two lots of tomato seed and one of
 * a pesticide through their product pages' forms; a bad receipt is refused with its message; the
 * storefront's product page shows the expiry of the lot shipped next, in English and in Hindi. A
 * store of this file's own: it adds the vendor's products.
 */
type Database = { sqlitePath: string } | { postgresUrl: string };
const test = base.extend<object, { store: { url: string; database: Database } }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("lots");
      await use({ url: store.url, database: store.database as Database });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

/** Runs statements on the store's database ($1… parameters), in one transaction; returns the last one's rows. */
async function sqlOn(database: Database, statements: [string, (string | number | null)[]][]) {
  if ("sqlitePath" in database) {
    const db = new DatabaseSync(database.sqlitePath, { timeout: 5000 });
    try {
      db.exec("begin immediate");
      let rows: unknown[] = [];
      for (const [text, params] of statements) rows = db.prepare(text.replace(/\$(\d)/g, "?$1")).all(...params);
      db.exec("commit");
      return rows as Record<string, unknown>[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.postgresUrl });
  await client.connect();
  try {
    await client.query("begin");
    let rows: Record<string, unknown>[] = [];
    for (const [text, params] of statements) rows = (await client.query(text, params)).rows;
    await client.query("commit");
    return rows;
  } finally {
    await client.end();
  }
}

/** A live product of the vendor's, one pack size, regulated as `kind`, written as the store makes them (0013). */
async function vendorProduct(database: Database, vendorId: string, name: string, category: string, kind: string, label: string) {
  const id = `e2e${unique()}`.toLowerCase();
  const now = new Date().toISOString();
  await sqlOn(database, [
    [
      `insert into product (id, name, description, category, regulated_as, price_paise, mrp_paise, stock, rating, reviews, image, vendor_id, status, reject_reason, created_at, updated_at, hsn_code, gst_rate)
       values ($1, $2, $3, $4, $5, 30000, 30000, 0, 0, 0, '/images/categories/seeds.svg', $6, 'live', null, $7, $7, '1209', 0)`,
      [id, name, `${name}, for the farm.`, category, kind, vendorId, now],
    ],
    [
      `insert into product_variant (id, product_id, position, label, pack_quantity, pack_unit, sku, mrp_paise, price_paise, stock, weight_grams)
       values ($1, $1, 0, $2, 10, 'g', $3, 30000, 30000, 0, 100)`,
      [id, label, `E2E-${id.toUpperCase()}`],
    ],
  ]);
  return id;
}

test("a vendor receives two lots of tomato seed and one of a pesticide; the product page shows Best before in English and Hindi", async ({
  page,
  store,
}) => {
  test.setTimeout(120_000);
  const today = indiaToday();
  const vendor = await registerVendorInUi(page);
  const [user] = await sqlOn(store.database, [[`select id from "user" where email = $1`, [vendor.email]]]);
  const vendorId = String(user?.id);
  // Verified seed and pesticide dealer licences (the admin's verification is tested in vendor-licences.spec.ts).
  const now = new Date().toISOString();
  await sqlOn(
    store.database,
    (["seed", "pesticide"] as const).map((kind) => [
      `insert into vendor_licence (vendor_id, kind, number, expires_on, verified_at, verified_by, created_at, updated_at)
       values ($1, $2, $3, $4, $5, null, $5, $5)`,
      [vendorId, kind, `MH/NSK/${kind.toUpperCase()}/${unique()}`, addDays(today, 365), now],
    ]),
  );
  const tomato = await vendorProduct(store.database, vendorId, `Tomato seed ${unique()}`, "seeds", "seed", "10 g");
  const neem = await vendorProduct(store.database, vendorId, `Neem insecticide ${unique()}`, "fertilizers", "pesticide", "100 ml");

  await page.goto(`/vendor-login/products/${tomato}`);
  const lots = page.getByTestId("lots");
  await expect(lots.getByRole("heading", { name: "Lots" })).toBeVisible();
  const receive = lots.getByTestId("receive-lot");
  // The form is folded away once the size has a lot (unfolded again to show a refusal).
  const unfold = async () => {
    if (!(await receive.isVisible())) await lots.getByText("Receive a lot of 10 g").click();
  };
  const receiveSeed = async (number: string, quantity: string, expires: string, germination = "85") => {
    await unfold();
    await receive.getByLabel("Lot number").fill(number);
    await receive.getByLabel("Quantity received").fill(quantity);
    await receive.getByLabel("Date of manufacture").fill(addDays(today, -40));
    await receive.getByLabel("Expiry date").fill(expires);
    await receive.getByLabel("Date of test").fill(addDays(today, -20));
    await receive.getByLabel("Germination %").fill(germination);
    await receive.getByLabel("Physical purity %").fill("98");
    await receive.getByRole("button", { name: "Receive lot" }).click();
  };
  // Germination above 100%: refused, with its message beside the field, nothing received.
  await receiveSeed("TS-LATE", "40", addDays(today, 400), "120");
  await expect(receive.getByText("Germination cannot be more than 100%.")).toBeVisible();
  await expect(lots.getByTestId("lot-row")).toHaveCount(0);
  await receiveSeed("TS-LATE", "40", addDays(today, 400));
  await expect(toasts(page)).toContainText("Lot TS-LATE received.");
  await unfold();
  await receive.getByLabel("Treated seed (its documents will say: do not use as food or feed)").check();
  await receiveSeed("TS-SOON", "20", addDays(today, 200));
  await expect(toasts(page)).toContainText("Lot TS-SOON received.");
  // First expiry first: the lot shipped next heads the table.
  await expect(lots.getByTestId("lot-row")).toHaveCount(2);
  await expect(lots.getByTestId("lot-row").first()).toContainText("TS-SOON");
  await expect(lots.getByTestId("lot-row").first()).toContainText("Treated seed – do not use as food or feed");
  await expect(page.getByTestId("stock-in-lots")).toHaveText("60 in 2 lots");
  // The same number again for this pack size: refused.
  await receiveSeed("TS-SOON", "5", addDays(today, 300));
  await expect(lots.getByRole("alert")).toContainText("Lot TS-SOON has already been received for this pack size.");
  await expect(receive.getByLabel("Lot number")).toHaveAccessibleDescription(/Lot TS-SOON has already been received/);
  await expectAccessible(page);

  await page.goto(`/vendor-login/products/${neem}`);
  const pesticide = page.getByTestId("receive-lot");
  await pesticide.getByLabel("Lot number").fill("NEEM-01");
  await pesticide.getByLabel("Quantity received").fill("12");
  await pesticide.getByLabel("Date of manufacture").fill(addDays(today, -10));
  await pesticide.getByLabel("Expiry date").fill(addDays(today, 700));
  await pesticide.getByLabel("Registration number").fill("CIR-12345/2021");
  await pesticide.getByLabel("Pre-harvest interval (days)").fill("7");
  await pesticide.getByRole("button", { name: "Receive lot" }).click();
  await expect(toasts(page)).toContainText("Lot NEEM-01 received.");
  await expect(page.getByTestId("stock-in-lots")).toHaveText("12 in 1 lot");

  // A CSV of lots with one bad row receives nothing and names the row; fixed, it receives them all.
  const sku = `E2E-${neem.toUpperCase()}`;
  const header = "sku,lot,quantity,manufactured,expires,registration,phi_days";
  const csv = (rows: string[]) => ({ name: "lots.csv", mimeType: "text/csv", buffer: Buffer.from([header, ...rows].join("\n")) });
  await page.getByRole("link", { name: "Receive lots from a CSV file" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Receive lots from a CSV file" })).toBeVisible();
  await expectAccessible(page);
  const good = `${sku},NEEM-02,6,${addDays(today, -5)},${addDays(today, 800)},CIR-12345/2021,7`;
  await page.getByLabel("CSV file of lots").setInputFiles(csv([good, `${sku},NEEM-03,0,,${addDays(today, 800)},,`]));
  await page.getByRole("button", { name: "Upload and receive" }).click();
  const problems = page.getByTestId("lot-problems");
  await expect(problems).toContainText("Nothing was received: fix these rows and upload the file again.");
  await expect(problems).toContainText("Row 3, quantity: Enter the quantity received: a whole number from 1 to 1,000,000.");
  await expect(problems).toContainText("Row 3, registration: Enter the pesticide's registration number from its label.");
  await page.getByLabel("CSV file of lots").setInputFiles(csv([good]));
  await page.getByRole("button", { name: "Upload and receive" }).click();
  await expect(toasts(page)).toContainText("1 lot received.");
  await page.goto(`/vendor-login/products/${neem}`);
  await expect(page.getByTestId("stock-in-lots")).toHaveText("18 in 2 lots");

  const soon = addDays(today, 200);
  await page.goto(`/products/${tomato}`);
  await expect(page.getByTestId("best-before")).toHaveText(`Best before ${formatMonthYear(soon)}`);
  await page.goto(`/hi/products/${tomato}`);
  await expect(page.getByTestId("best-before")).toHaveText(`${formatMonthYear(soon, "hi")} से पहले उपयोग करें`);
  await page.goto(`/products/${neem}`);
  await expect(page.getByTestId("best-before")).toHaveText(`Best before ${formatMonthYear(addDays(today, 700))}`);
});
