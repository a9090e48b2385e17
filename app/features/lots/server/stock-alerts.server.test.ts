import { afterEach, describe, expect, it } from "vitest";
import { createLicence, createLot, createProduct, createVendor, queuedEmails } from "../../../../tests/factories";
import { sizeOf } from "../../../../tests/sizes";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { ProductFormSchema, productFormFields } from "~/features/catalog/domain/product-form";
import { getProductFormExtras } from "~/features/catalog/server/product-form-extras.server";
import { createVendorProduct } from "~/features/vendor-shops/server/vendor-products.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/features/settings/domain/settings";
import { listStockAlerts } from "./stock-alerts.server";
import { queueStockAlerts } from "./stock-alerts-job.server";

const engine = getDatabase().engine;
const today = indiaToday();
let n = 0;
const tag = () => `${Date.now().toString(36)}${(n++).toString(36)}`.toUpperCase();

afterEach(() => saveSetting("general", DEFAULT_GENERAL_SETTINGS));

/** A vendor's product made through the product form, one size with the given stock and reorder level. */
async function vendorProductWithLevel(vendorId: string, stock: string, reorderLevel: string) {
  const form = new FormData();
  const fields = { name: `Sprayer ${tag()}`, description: "Knapsack.", category: "equipment", hsnCode: "8424", gstRate: "18" };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const row = { label: "16 l", packQuantity: "16", packUnit: "l", sku: `SPR-${tag()}`, mrp: "", price: "2500", stock, weight: "" };
  for (const [k, v] of Object.entries({ ...row, reorderLevel })) form.append(`variants[0].${k}`, v);
  const parsed = ProductFormSchema.safeParse(productFormFields(form));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  const { id } = await createVendorProduct(vendorId, parsed.data);
  await getDb().updateTable("product").set({ status: "live" }).where("id", "=", id).execute();
  return { id, name: fields.name };
}

async function seedVendor(name: string) {
  const vendor = await createVendor({ businessName: name });
  await createLicence(vendor.id, "seed");
  const seed = await createProduct({
    name: `Okra Seed ${tag()}`,
    category: "seeds",
    gstRate: 0,
    vendorId: vendor.id,
    variants: [{ label: "100 g", pricePaise: 20_000, stock: 0 }],
  });
  return { vendor, seed, size: await sizeOf(seed.id, "100 g") };
}

describe(`stock alerts (${engine})`, () => {
  it("a size at or below its reorder level (set in the product form) is listed to its vendor and the admin, never to another vendor", async () => {
    const { vendor } = await seedVendor("Konkan Agro");
    const other = await createVendor({ businessName: "Deccan Tools" });
    const low = await vendorProductWithLevel(vendor.id, "3", "5");
    const atLevel = await vendorProductWithLevel(vendor.id, "5", "5");
    const fine = await vendorProductWithLevel(vendor.id, "6", "5");
    const noLevel = await vendorProductWithLevel(vendor.id, "0", "");
    // The form shows the level back.
    expect((await getProductFormExtras(low.id))?.variants[0]?.reorderLevel).toBe(5);
    expect((await getProductFormExtras(noLevel.id))?.variants[0]?.reorderLevel).toBeNull();

    const own = await listStockAlerts({ vendorId: vendor.id });
    expect(own.lowStock.map((a) => [a.productName, a.stock, a.reorderLevel])).toEqual([
      [low.name, 3, 5],
      [atLevel.name, 5, 5],
    ]);
    expect(own.lowStock.map((a) => a.productId)).not.toContain(fine.id);
    expect((await listStockAlerts({ vendorId: other.id })).lowStock).toEqual([]);
    const all = await listStockAlerts("all");
    expect(all.lowStock.find((a) => a.productId === low.id)?.seller).toBe("Konkan Agro");
  });

  it("lists lots on hand, not recalled, expiring within the setting's days (or past), soonest first", async () => {
    const { vendor, size } = await seedVendor("Sahyadri Seeds");
    await createLot(size.id, { number: "SOON", quantity: 4, expiresOn: addDays(today, 30) });
    await createLot(size.id, { number: "PAST", quantity: 2, expiresOn: addDays(today, -3) });
    await createLot(size.id, { number: "LATER", quantity: 9, expiresOn: addDays(today, 90) });
    await createLot(size.id, { number: "RECALLED", quantity: 3, expiresOn: addDays(today, 10), recalled: true });
    await createLot(size.id, { number: "EMPTY", quantity: 0, expiresOn: addDays(today, 10) });
    await createLot(size.id, { number: "NEVER", quantity: 5, expiresOn: null });

    const alerts = await listStockAlerts({ vendorId: vendor.id });
    expect(alerts.withinDays).toBe(60);
    expect(alerts.expiring.map((a) => [a.lotNumber, a.quantity])).toEqual([
      ["PAST", 2],
      ["SOON", 4],
    ]);
    await saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, expiryWarningDays: 100 });
    expect((await listStockAlerts({ vendorId: vendor.id })).expiring.map((a) => a.lotNumber)).toEqual(["PAST", "SOON", "LATER"]);
  });

  it("the daily email goes from 8 am India, to the admin and each vendor with a list, once a day", async () => {
    await saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, adminEmail: "stock@angle.test" });
    const { vendor, size } = await seedVendor("Malwa Seeds");
    await createLot(size.id, { number: `M-${tag()}`, quantity: 4, expiresOn: addDays(today, 20) });
    const quiet = await createVendor({ businessName: "Quiet Tools" });
    await vendorProductWithLevel(quiet.id, "50", "5");
    await getDb().updateTable("user").set({ locale: "hi" }).where("id", "=", vendor.id).execute();

    const at = (time: string) => new Date(`${today}T${time}+05:30`);
    expect(await queueStockAlerts(at("07:59:59"))).toBe(0);
    expect(await queuedEmails(`stock-alerts:${today}:`)).toEqual([]);

    expect(await queueStockAlerts(at("08:00:00"))).toBeGreaterThanOrEqual(2);
    const [admin] = await queuedEmails(`stock-alerts:${today}:admin`);
    expect(admin?.recipient).toBe("stock@angle.test");
    expect(admin?.email.text).toContain("Malwa Seeds");
    const [own] = await queuedEmails(`stock-alerts:${today}:${vendor.id}`);
    expect(own?.recipient).toBe(vendor.email);
    expect(own?.email.subject).toContain("स्टॉक अलर्ट");
    expect(own?.email.text).toContain(`/vendor-login/stock-alerts`);
    expect(await queuedEmails(`stock-alerts:${today}:${quiet.id}`)).toEqual([]);

    // Again that day, as another instance would: nothing more.
    expect(await queueStockAlerts(at("09:00:00"))).toBe(0);
    expect(await queuedEmails(`stock-alerts:${today}:${vendor.id}`)).toHaveLength(1);
  });
});
