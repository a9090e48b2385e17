import { DatabaseSync } from "node:sqlite";
import { defined } from "../../app/platform/defined";
import { pdfText } from "../helpers/pdf-text";
import { ADMIN, loginAsAdmin, unique } from "./admin-helpers";
import { addCropProducts } from "./crop-helpers";
import { test as base, expect, expectAccessible, waitForHydration } from "./fixtures";
import { loginAs, placeOrder } from "./helpers";
import { startPrivateStore } from "./private-store";
import { toasts } from "./toast-helpers";

/*
 * Kits (issue 31, docs/decisions/055-kits.md): an admin makes a tomato kit of the sample catalogue's
 * tomato seeds (10 g × 2), DAP (50 kg) and NPK 19:19:19 (25 kg); a farmer finds it on the Tomato crop
 * page, sees its parts and what it saves, buys it with cash on delivery, and the tax invoice lists
 * each part with its own HSN code. A store of this file's own: it adds a kit to the catalogue.
 */
type Store = { url: string; sqlitePath: string | null };
const test = base.extend<object, { store: Store }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("kits", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await use({ url: store.url, sqlitePath: "sqlitePath" in store.database ? (store.database.sqlitePath ?? null) : null });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

test("a tomato kit: made by the admin, found on the crop page, bought with cash on delivery, invoiced part by part", async ({
  page,
  browser,
  store,
}) => {
  test.setTimeout(120_000);
  const name = `1 acre tomato kit ${unique()}`;
  // The kit's product as the admin's product form would make it (one size, tagged tomato), written into the SQLite store.
  await addCropProducts({ sqlitePath: defined(store.sqlitePath, "the store's file") }, [
    { name, category: "seeds", pricePaise: 500_000, season: "all", crops: ["tomato"] },
  ]);
  const db = new DatabaseSync(defined(store.sqlitePath, "the store's file"));
  const kitSku = String(
    (db.prepare("select v.sku from product_variant v join product p on p.id = v.product_id where p.name = ?").get(name) as { sku: string })
      .sku,
  );
  db.close();

  const admin = await (await browser.newContext({ baseURL: store.url })).newPage();
  await loginAsAdmin(admin, store.url);
  await admin.goto("/admin/kits");
  await expectAccessible(admin);
  await admin.getByLabel("Kit's pack size SKU").fill(kitSku);
  await admin.getByLabel("Kit price before GST (₹)").fill("6000");
  await admin.getByLabel("Part 1 SKU").fill("AG-TOM-ARKA-10G");
  await admin.getByLabel("Part 1 quantity").fill("2");
  await admin.getByLabel("Part 2 SKU").fill("AG-DAP-IFFCO-50KG");
  await admin.getByLabel("Part 2 quantity").fill("1");
  await admin.getByLabel("Part 3 SKU").fill("AG-NPK191919-25KG");
  await admin.getByLabel("Part 3 quantity").fill("1");
  await admin.getByRole("button", { name: "Save kit" }).click();
  // Above the parts bought apart (₹1,098 + ₹1,285.72 + ₹3,285.72): refused, the form kept.
  await expect(admin.getByRole("alert")).toContainText("The kit's price must not be above its parts' price bought apart, ₹5,669.44.");
  await admin.getByLabel("Kit price before GST (₹)").fill("5000");
  await admin.getByRole("button", { name: "Save kit" }).click();
  await expect(toasts(admin)).toContainText(`Kit ${kitSku} saved`);
  await expect(admin.getByRole("main")).toContainText(`${name} (${kitSku})`);

  await loginAs(page, {}, store.url);
  await page.goto("/crops/tomato");
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const parts = page.getByTestId("kit-parts");
  await expect(parts.getByRole("heading", { name: "What's in this kit" })).toBeVisible();
  await expect(parts.getByRole("link", { name: "Hybrid Tomato Seeds (Arka Rakshak) (10 g)" })).toBeVisible();
  await expect(parts).toContainText("2 ×");
  await expect(page.getByTestId("kit-saving")).toContainText("You save");
  await expectAccessible(page);

  await waitForHydration(page);
  await page
    .getByRole("button", { name: /^Add to Cart/ })
    .first()
    .click();
  await page.goto("/checkout");
  const orderId = await placeOrder(page, "Cash on Delivery");
  await expect(page.getByRole("main")).toContainText(`DAP Fertiliser 50 kg — ${name}`);

  await admin.goto(`/admin/orders/${orderId}`);
  await waitForHydration(admin);
  await admin.getByLabel("New status").selectOption("confirmed");
  await admin.getByRole("button", { name: "Update Status" }).click();
  await expect(admin.getByTestId("admin-order-status")).toHaveText("Confirmed");

  await page.goto(`/order-confirmation/${orderId}`);
  const href = defined(
    await page.getByRole("region", { name: "Tax invoices" }).getByRole("link").first().getAttribute("href"),
    "the invoice's link",
  );
  const text = (await pdfText(await (await page.request.get(href)).body())).replace(/\s+/g, " ");
  for (const hsn of ["12099160", "31053000", "31052000"]) expect(text).toContain(hsn);
  expect(text).toContain(name);
});
