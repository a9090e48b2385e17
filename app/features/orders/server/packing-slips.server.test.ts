import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createLicence, createLot, createProduct, createVendor } from "../../../../tests/factories";
import { sizeOf } from "../../../../tests/sizes";
import { pdfText } from "../../../../tests/helpers/pdf-text";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { expiryMonth } from "~/features/lots/domain/line-lots";
import { formatOrderId } from "~/platform/core/order-id";
import { formatPaise } from "~/platform/core/money";
import { withLocale } from "~/platform/i18n/i18n.server";
import { changeOrderStatus } from "./admin-orders.server";
import { placeOrder } from "./place-order.server";
import { packingSlipsDownload } from "./packing-slips-download.server";

const engine = getDatabase().engine;
const today = indiaToday();
const squeeze = (text: string) => text.replace(/[ \t]+/g, " ");
const wrapped = (phrase: string) => new RegExp(phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s+"));
const ask = (packer: { role: "admin" | "vendor"; id: string }, query: Record<string, string>) =>
  packingSlipsDownload(packer, new URLSearchParams(query));
const textOf = async (response: Response) => squeeze(await pdfText(Buffer.from(await response.arrayBuffer())));

/** A cash-on-delivery order of a vendor's lot-tracked seed and a store sickle, and a prepaid-by-transfer order of the sickle. */
async function orders() {
  const vendor = await createVendor({ businessName: "Sahyadri Seeds" });
  await createLicence(vendor.id, "seed");
  const seed = await createProduct({
    name: "Tomato Seeds",
    category: "seeds",
    gstRate: 0,
    hsnCode: "1209",
    vendorId: vendor.id,
    variants: [{ label: "10 g", pricePaise: 15_000, stock: 0 }],
  });
  const size = await sizeOf(seed.id, "10 g");
  const expiry = addDays(today, 150);
  await createLot(size.id, { number: "TS-2411-A", quantity: 20, expiresOn: expiry });
  const sickle = await createProduct({ name: "Sickle", pricePaise: 30_000, gstRate: 18 });
  const customer = await createCustomer({ name: "Ramesh Patel" });
  const admin = await createCustomer({ role: "admin" });
  const cod = await placeOrder(
    customer,
    checkoutInput(
      [
        { productId: seed.id, variantId: size.id, quantity: 3 },
        { productId: sickle.id, quantity: 1 },
      ],
      { paymentMethod: "cod", pincode: "411001" },
    ),
  );
  const transfer = await placeOrder(customer, checkoutInput([{ productId: sickle.id, quantity: 2 }]));
  await changeOrderStatus(transfer.orderId, "confirmed", admin.id);
  const total = Number(
    (await getDb().selectFrom("orders").select("total_paise").where("id", "=", cod.orderId).executeTakeFirstOrThrow()).total_paise,
  );
  return { vendor, admin, expiry, cod: cod.orderId, transfer: transfer.orderId, total };
}

describe(`packing slips and shipping labels (${engine})`, () => {
  it("an admin's slip lists every line with its lots and quantity, the address with its pincode, and the cash to collect", async () => {
    const { admin, expiry, cod, total } = await orders();
    const response = await ask({ role: "admin", id: admin.id }, { kind: "slip", order: cod });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain(`packing-slips-${formatOrderId(cod)}.pdf`);
    const text = await textOf(response);
    expect(text).toContain("Packing Slip");
    expect(text).toContain(`Order ID: ${formatOrderId(cod)}`);
    expect(text).toContain("Ramesh Patel");
    expect(text).toContain("PIN 411001");
    expect(text).toMatch(wrapped(`Lot TS-2411-A (exp. ${expiryMonth(expiry)}) × 3`));
    expect(text).toContain("Sickle");
    expect(text).toContain(`COD: collect ${formatPaise(total)}`);
    expect(text).toContain("Items / कुल सामान: 4");
  });

  it("a vendor's slip and label hold only their own lines and their parcel's cash; another's order is not found", async () => {
    const { vendor, expiry, cod, transfer } = await orders();
    const text = await textOf(await ask({ role: "vendor", id: vendor.id }, { kind: "slip", order: cod }));
    expect(text).toContain("Sahyadri Seeds");
    expect(text).toMatch(wrapped(`Lot TS-2411-A (exp. ${expiryMonth(expiry)}) × 3`));
    expect(text).not.toContain("Sickle");
    // Three packets of seed at ₹150, no GST.
    expect(text).toContain("COD: collect ₹450");
    const label = await textOf(await ask({ role: "vendor", id: vendor.id }, { kind: "label", order: cod }));
    expect(label).toContain("Shipping Label");
    expect(label).toContain("PIN 411001");
    expect(label).toContain("COD: collect ₹450");

    const notTheirs = await withLocale("hi", () => ask({ role: "vendor", id: vendor.id }, { kind: "slip", order: transfer }));
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.text()).toMatch(/[\u0900-\u097f]/);
  });

  it("a day's slips come as one PDF, a page per order; a prepaid order collects nothing; a bad or empty day is refused", async () => {
    const { admin, cod, transfer } = await orders();
    const labels = await ask({ role: "admin", id: admin.id }, { kind: "label", day: today });
    expect(labels.status).toBe(200);
    expect(labels.headers.get("Content-Disposition")).toContain(`shipping-labels-${today}.pdf`);
    const text = await textOf(labels);
    expect(text).toContain(formatOrderId(cod));
    expect(text).toContain(formatOrderId(transfer));
    expect(text).toContain("Prepaid: collect nothing");
    expect((await ask({ role: "admin", id: admin.id }, { kind: "slip", day: "2026-02-30" })).status).toBe(400);
    expect((await ask({ role: "admin", id: admin.id }, { kind: "slip" })).status).toBe(400);
    const none = await ask({ role: "admin", id: admin.id }, { kind: "slip", day: "2001-01-01" });
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("No orders to pack were placed on");
  });
});
