import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  checkoutInput,
  createCustomer,
  createProduct as makeProduct,
  createVendor,
  productInput,
  versionOf,
} from "../../../../tests/factories";
import { GST_RATES } from "~/features/tax/domain/gst";
import { ProductFormSchema } from "~/features/catalog/domain/product-form";
import { createVendorProduct, updateVendorProduct } from "../../vendor-shops/server/vendor-products.server";
import { getProductFormExtras } from "./product-form-extras.server";
import { changeOrderStatus } from "../../orders/server/admin-orders.server";
import { placeOrder } from "../../orders/server/place-order.server";
import { getCustomerOrder } from "../../orders/server/get-customer-order.server";
import { getProduct } from "./get-product.server";
import { getProductForAdmin } from "./list-products-admin.server";
import { parseProductForm } from "./parse-product-form.server";
import { createProduct, deleteOrArchiveProduct, updateProduct } from "./save-product.server";

const PRODUCT_FORM_INVALID = "Please fill all required fields correctly.";
const HSN_ERROR = "HSN code must be 4 to 8 digits.";
const GST_RATE_ERROR = "GST rate must be one of 0, 5, 18, 40%.";

/** A good HSN code and rate, so each refusal below is for its own field. */
const tax = { hsnCode: "82019000", gstRate: "0" };

it("validates the admin product form: name, category, price above 0, stock 0 or more", () => {
  const ok = ProductFormSchema.parse({ name: " Sickle ", description: "", category: "tools", price: "199.50", stock: "0", ...tax });
  expect(ok).toMatchObject({ name: "Sickle", description: "", category: "tools", singleSize: true, hsnCode: "82019000", gstRate: 0 });
  expect(ok.variants).toEqual([
    // No MRP typed: the schema carries the price, and the server makes it the price with GST (mrp.ts).
    {
      label: "Standard",
      packQuantity: 1,
      packUnit: "piece",
      sku: "",
      mrpPaise: 19_950,
      mrpTyped: false,
      pricePaise: 19_950,
      stock: 0,
      weightGrams: 1000,
    },
  ]);
  for (const bad of [
    { name: "", category: "tools", price: "10", stock: "1" },
    { name: "X", category: "rockets", price: "10", stock: "1" },
    { name: "X", category: "tools", price: "0", stock: "1" },
    { name: "X", category: "tools", price: "-5", stock: "1" },
    { name: "X", category: "tools", price: "10.999", stock: "1" },
    { name: "X", category: "tools", price: "10", stock: "-1" },
    { name: "X", category: "tools", price: "10", stock: "1.5" },
  ]) {
    const parsed = ProductFormSchema.safeParse({ ...bad, ...tax });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path[0])).not.toContain("hsnCode");
  }
});

describe("the product form's HSN code and GST rate", () => {
  const fields = { name: "Sickle", description: "", category: "tools", price: "199.50", stock: "3" };
  const formOf = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.set(k, v);
    return form;
  };

  it("refuses a code that is not 4 to 8 digits, and a rate that is not 0, 5, 18 or 40, each beside its field", async () => {
    for (const hsnCode of ["12", "123456789", "12ab", "", "82 0", "8201.10"]) {
      expect(await parseProductForm(formOf({ ...fields, hsnCode, gstRate: "5" }), { editing: false }), hsnCode).toEqual({
        ok: false,
        error: PRODUCT_FORM_INVALID,
        fields: { hsnCode: HSN_ERROR },
      });
    }
    for (const gstRate of ["12", "abc", "", "28", "5.5", "-5"]) {
      expect(await parseProductForm(formOf({ ...fields, hsnCode: "8201", gstRate }), { editing: false }), gstRate).toEqual({
        ok: false,
        error: PRODUCT_FORM_INVALID,
        fields: { gstRate: GST_RATE_ERROR },
      });
    }
    // A form from before the fields (no hsnCode or gstRate at all) names both.
    expect(await parseProductForm(formOf(fields), { editing: false })).toMatchObject({
      ok: false,
      fields: { hsnCode: HSN_ERROR, gstRate: GST_RATE_ERROR },
    });
  });

  it("takes 4 to 8 digits (spaces are not part of the code) and each of the rates", async () => {
    for (const [hsnCode, read] of [
      ["8201", "8201"],
      ["820110", "820110"],
      ["8201 10 00", "82011000"],
      ["06022010", "06022010"],
    ] as const) {
      for (const rate of GST_RATES) {
        const parsed = await parseProductForm(formOf({ ...fields, hsnCode, gstRate: String(rate) }), { editing: false });
        expect(parsed).toMatchObject({ ok: true, input: { hsnCode: read, gstRate: rate } });
      }
    }
  });

  it("saves them on create and edit, the admin's and a vendor's, and the edit form reads them back", async () => {
    const { id } = await createProduct(
      productInput({ name: "Spade", category: "tools", price: 45_000, stock: 3, hsnCode: "82011000", gstRate: 0 }),
      {},
    );
    expect(await getProductFormExtras(id)).toMatchObject({ hsnCode: "82011000", gstRate: 0 });
    await updateProduct(id, productInput({ name: "Spade", category: "tools", price: 45_000, stock: 3, hsnCode: "84328020", gstRate: 5 }), {
      version: await versionOf(id),
    });
    expect(await getProductFormExtras(id)).toMatchObject({ hsnCode: "84328020", gstRate: 5 });

    const vendor = await createVendor();
    const listing = await createVendorProduct(
      vendor.id,
      productInput({
        name: "Neem Oil",
        category: "fertilizers",
        regulatedAs: "pesticide",
        price: 45_000,
        stock: 3,
        hsnCode: "38089199",
        gstRate: 18,
      }),
    );
    expect(await getProductFormExtras(listing.id)).toMatchObject({ hsnCode: "38089199", gstRate: 18 });
    const edit = productInput({
      name: "Neem Oil",
      category: "fertilizers",
      regulatedAs: "pesticide",
      price: 45_000,
      stock: 3,
      hsnCode: "38089199",
      gstRate: 5,
    });
    expect(await updateVendorProduct(vendor.id, listing.id, edit, { version: await versionOf(listing.id) })).toBe(true);
    expect(await getProductFormExtras(listing.id)).toMatchObject({ hsnCode: "38089199", gstRate: 5 });
  });
});

it("creates and edits products that show on the storefront at once", async () => {
  const { id } = await createProduct(
    productInput({ name: "Sickle", description: "Sharp.", category: "tools", price: 19_950, stock: 4 }),
    {},
  );
  expect((await getProduct(id))?.pricePaise).toBe(19_950);
  await updateProduct(id, productInput({ name: "Sickle Pro", description: "Sharper.", category: "tools", price: 24_900, stock: 2 }), {
    version: await versionOf(id),
  });
  expect(await getProduct(id)).toMatchObject({ name: "Sickle Pro", pricePaise: 24_900, stock: 2 });
});

it("deletes an unsold product but archives a sold one, keeping its order lines", async () => {
  const unsold = await makeProduct();
  expect(await deleteOrArchiveProduct(unsold.id)).toBe("deleted");
  const sold = await makeProduct({ name: "Sold Spade", pricePaise: 50_000 });
  const customer = await createCustomer();
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: sold.id, quantity: 1 }]));
  expect(await deleteOrArchiveProduct(sold.id)).toBe("archived");
  expect(await getProduct(sold.id)).toBeNull();
  expect((await getCustomerOrder(orderId, customer.id))?.items[0]).toMatchObject({ name: "Sold Spade", unitPrice: 50_000 });
  expect(await deleteOrArchiveProduct("missing00000")).toBe("missing");
});

describe("the edit form's version lock", () => {
  // Every write below happens in the same millisecond: a timestamp lock would let the stale save through.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-11-22T10:00:00.000Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("refuses an edit made on a stale form, so a sale's stock change is never overwritten", async () => {
    const product = await makeProduct({ stock: 10, pricePaise: 10_000 });
    const seen = await versionOf(product.id);
    // The admin form is filled with this version.
    expect((await getProductForAdmin(product.id))?.version).toBe(seen);
    const customer = await createCustomer();
    await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 3 }]));
    const input = { name: "Typo Fixed", description: "", category: "tools" as const, price: 10_000, stock: 10 };
    expect(await updateProduct(product.id, productInput(input), { version: seen })).toBe("stale");
    expect((await getProduct(product.id))?.stock).toBe(7);
    const fresh = await versionOf(product.id);
    expect(fresh).toBe(seen + 1);
    expect(await updateProduct(product.id, productInput({ ...input, stock: 7 }), { version: fresh })).toBe("updated");
    expect(await updateProduct("missing00000", productInput(input), { version: 0 })).toBe("missing");
  });

  it("lets only the first of two admins' saves from one form through, in the same millisecond", async () => {
    const product = await makeProduct({ stock: 10 });
    const seen = await versionOf(product.id);
    const edit = { name: "Spade", description: "", category: "tools" as const, price: 20_000, stock: 10 };
    expect(await updateProduct(product.id, productInput({ ...edit, stock: 12 }), { version: seen })).toBe("updated");
    expect(await updateProduct(product.id, productInput({ ...edit, stock: 4 }), { version: seen })).toBe("stale");
    expect((await getProduct(product.id))?.stock).toBe(12);
  });

  it("counts every write: a sale, a cancellation that restores stock, an edit, an archive", async () => {
    const product = await makeProduct({ stock: 10 });
    const customer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const versions = [await versionOf(product.id)];
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 2 }]));
    versions.push(await versionOf(product.id));
    await changeOrderStatus(orderId, "cancelled", admin.id);
    versions.push(await versionOf(product.id));
    await updateProduct(product.id, productInput({ name: "Hoe", description: "", category: "tools", price: 9_900, stock: 10 }), {
      version: await versionOf(product.id),
    });
    versions.push(await versionOf(product.id));
    expect(await deleteOrArchiveProduct(product.id)).toBe("archived");
    versions.push(await versionOf(product.id));
    expect(versions).toEqual([0, 1, 2, 3, 4]);
  });

  it("refuses an edit whose version is missing, not a whole number, or beyond the column (a page from before versions, a tampered form)", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: "Sickle", description: "", category: "tools", price: "10", stock: "1", ...tax }))
      form.set(k, v);
    const stale = {
      ok: false,
      error: "This product changed while you were editing (a sale or another edit). Please reload and make your change again.",
      fields: {},
      stale: true,
    };
    expect(await parseProductForm(form, { editing: true })).toEqual(stale);
    expect(await parseProductForm(form, { editing: false })).toMatchObject({ ok: true, version: undefined });
    for (const bad of ["2025-11-22T10:00:00.000Z", "1732300000000", "2147483648", "-1", "7.5"]) {
      form.set("version", bad);
      expect(await parseProductForm(form, { editing: true }), bad).toEqual(stale);
    }
    form.set("version", "7");
    expect(await parseProductForm(form, { editing: true })).toMatchObject({ ok: true, version: 7 });
    form.set("version", "2147483647");
    expect(await parseProductForm(form, { editing: true })).toMatchObject({ ok: true, version: 2147483647 });
  });
});
