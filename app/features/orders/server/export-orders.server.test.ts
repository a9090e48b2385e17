import { describe, expect, it } from "vitest";
import { createCustomer, createProduct } from "../../../../tests/factories";
import { insertOrders } from "../../../../tests/pagination";
import { getDb } from "~/platform/db/db.server";
import { OrderExportSchema } from "~/features/orders/domain/order-export";
import { defined } from "~/platform/defined";
import { newId } from "~/platform/ids";
import { exportOrdersCsv } from "./export-orders.server";

/** The file as a spreadsheet reads it, byte-order mark included. */
const exportText = async (from: string, to: string) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(
    await new Response(exportOrdersCsv(OrderExportSchema.parse({ from, to }))).arrayBuffer(),
  );

describe("order CSV export", () => {
  it("has one row per order placed on the chosen India days, quoted, formula-safe, in rupees with paise", async () => {
    const customer = await createCustomer();
    // 1 Nov 2026 00:00 IST is 31 Oct 18:30 UTC; 30 Nov 23:59 IST is 30 Nov 18:29 UTC.
    const times = [
      "2026-10-31T18:29:59.999Z", // 31 Oct, 23:59 IST: outside
      "2026-10-31T18:30:00.000Z", // 1 Nov, 00:00 IST: inside
      "2026-11-15T06:00:00.000Z",
      "2026-11-30T18:29:59.999Z", // 30 Nov, 23:59 IST: inside
      "2026-11-30T18:30:00.000Z", // 1 Dec, 00:00 IST: outside
    ];
    const names = ["Before", '=HYPERLINK("http://evil.example","click")', "Sharma, Anil", 'Last "Quote" Day', "After"];
    const ids = await insertOrders(5, {
      userId: customer.id,
      createdAt: (i) => defined(times[i], "a time per order"),
      name: (i) => defined(names[i], "a name per order"),
    });
    const withLines = defined(ids[2], "the third order's id");
    await getDb()
      .updateTable("orders")
      .set({ total_paise: 1_500_000_05, subtotal_paise: 1_500_000_05 })
      .where("id", "=", withLines)
      .execute();
    const product = await createProduct();
    await getDb()
      .insertInto("order_line")
      .values({
        id: newId(),
        order_id: withLines,
        product_id: product.id,
        vendor_id: null,
        name: product.name,
        image: "/x.svg",
        unit_price_paise: 100,
        quantity: 3,
        line_total_paise: 300,
      })
      .execute();

    const text = await exportText("2026-11-01", "2026-11-30");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(
      "Order ID,Placed (IST),Status,Payment,Payment status,Customer,Email,Phone,Street,City,State,Pincode,Items,Subtotal (₹),Shipping (₹),GST (₹),Total (₹)",
    );
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toBe(
      `${ids[1]},2026-11-01 00:00,Pending,Cash on Delivery,Cash on delivery,"'=HYPERLINK(""http://evil.example"",""click"")",buyer1@example.in,'+91 90000 00000,1 Test Street,Pune,Maharashtra,411001,0,1000.01,0.00,0.00,1000.01`,
    );
    expect(rows[1]).toBe(
      `${ids[2]},2026-11-15 11:30,Pending,Cash on Delivery,Cash on delivery,"Sharma, Anil",buyer2@example.in,'+91 90000 00000,1 Test Street,Pune,Maharashtra,411001,3,1500000.05,0.00,0.00,1500000.05`,
    );
    expect(rows[2]).toContain(`${ids[3]},2026-11-30 23:59,Pending,Cash on Delivery,Cash on delivery,"Last ""Quote"" Day",`);
    expect(text).not.toContain("Before");
    expect(text).not.toContain("After");
  });

  it("streams more orders than one batch, oldest first, each once", async () => {
    const customer = await createCustomer();
    const ids = await insertOrders(1203, {
      userId: customer.id,
      createdAt: (i) => new Date(Date.UTC(2027, 0, 10) + Math.floor(i / 5) * 1000).toISOString(),
    });
    const rows = (await exportText("2027-01-10", "2027-01-10")).split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(1203);
    const exported = rows.map((r) => r.split(",")[0]);
    expect(new Set(exported)).toEqual(new Set(ids));
    const placed = rows.map((r) => r.split(",")[1]);
    expect(placed).toEqual([...placed].sort());
  });
});
