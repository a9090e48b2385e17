import { expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct as makeProduct } from "../../../tests/factories";
import { ProductFormSchema } from "~/domain/product-form";
import { placeOrder } from "../orders/place-order.server";
import { getCustomerOrder } from "../orders/get-customer-order.server";
import { getProduct } from "./get-product.server";
import { createProduct, deleteOrArchiveProduct, updateProduct } from "./save-product.server";

it("validates the admin product form: name, category, price above 0, stock 0 or more", () => {
  const ok = ProductFormSchema.parse({ name: " Sickle ", description: "", category: "tools", price: "199.50", stock: "0" });
  expect(ok).toEqual({ name: "Sickle", description: "", category: "tools", price: 19_950, stock: 0 });
  for (const bad of [
    { name: "", category: "tools", price: "10", stock: "1" },
    { name: "X", category: "rockets", price: "10", stock: "1" },
    { name: "X", category: "tools", price: "0", stock: "1" },
    { name: "X", category: "tools", price: "-5", stock: "1" },
    { name: "X", category: "tools", price: "10.999", stock: "1" },
    { name: "X", category: "tools", price: "10", stock: "-1" },
    { name: "X", category: "tools", price: "10", stock: "1.5" },
  ]) {
    expect(ProductFormSchema.safeParse(bad).success).toBe(false);
  }
});

it("creates and edits products that show on the storefront at once", async () => {
  const { id } = await createProduct({ name: "Sickle", description: "Sharp.", category: "tools", price: 19_950, stock: 4 }, {});
  expect((await getProduct(id))?.pricePaise).toBe(19_950);
  await updateProduct(id, { name: "Sickle Pro", description: "Sharper.", category: "tools", price: 24_900, stock: 2 }, {});
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

it("refuses an edit made on a stale form, so a sale's stock change is never overwritten", async () => {
  const { getDb } = await import("~/db/db.server");
  const product = await makeProduct({ stock: 10, pricePaise: 10_000 });
  const seen = (await getDb().selectFrom("product").select("updated_at").where("id", "=", product.id).executeTakeFirstOrThrow()).updated_at;
  await new Promise((r) => setTimeout(r, 5));
  const customer = await createCustomer();
  await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 3 }]));
  const input = { name: "Typo Fixed", description: "", category: "tools" as const, price: 10_000, stock: 10 };
  expect(await updateProduct(product.id, input, { version: seen })).toBe("stale");
  expect((await getProduct(product.id))?.stock).toBe(7);
  const fresh = (await getDb().selectFrom("product").select("updated_at").where("id", "=", product.id).executeTakeFirstOrThrow())
    .updated_at;
  expect(await updateProduct(product.id, { ...input, stock: 7 }, { version: fresh })).toBe("updated");
  expect(await updateProduct("missing00000", input, {})).toBe("missing");
});
