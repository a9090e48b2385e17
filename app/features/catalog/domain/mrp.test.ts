import { describe, expect, it } from "vitest";
import { chargedUnitPrice, GST_RATES, highestPriceWithinMrp, TAX_MODES, type TaxInputLine } from "../../tax/domain/gst";
import { priceOrder } from "../../tax/domain/gst-order";
import { settleMrp } from "./mrp";
import type { VariantInput } from "./variants";

const size = (pricePaise: number, mrpPaise: number, mrpTyped?: boolean): VariantInput => ({
  label: "1 kg",
  packQuantity: 1,
  packUnit: "kg",
  sku: "",
  mrpPaise,
  ...(mrpTyped === undefined ? {} : { mrpTyped }),
  pricePaise,
  stock: 5,
  weightGrams: 1000,
});

describe("the MRP includes all taxes (issue 29)", () => {
  it("refuses the issue's tomato pack under flat 18%: ₹549 + 18% is above an MRP of ₹599, and names the highest price allowed", () => {
    const { problems } = settleMrp([size(549_00, 599_00)], 0, "flat");
    expect(problems).toEqual([{ index: 0, chargedPaise: 648_32, mrpPaise: 599_00, maxPaise: highestPriceWithinMrp(599_00, 0, "flat") }]);
    expect(problems[0]?.maxPaise).toBe(507_20);
  });

  it("takes the same pack by rate: seeds are nil-rated, ₹549 is what the farmer pays", () => {
    expect(settleMrp([size(549_00, 599_00)], 0, "by_rate").problems).toEqual([]);
  });

  it("refuses DAP at ₹1,350 before its 5% GST when its MRP is ₹1,350, and takes ₹1,285.72 (₹1,350 with GST)", () => {
    expect(settleMrp([size(1_350_00, 1_350_00)], 5, "by_rate").problems).toHaveLength(1);
    expect(settleMrp([size(1_285_72, 1_350_00)], 5, "by_rate").problems).toEqual([]);
    expect(settleMrp([size(1_285_73, 1_350_00)], 5, "by_rate").problems).toHaveLength(1);
  });

  it("gives a size without a printed MRP the price it is charged, and names each refused size by its index", () => {
    const { variants, problems } = settleMrp([size(100_00, 100_00, false), size(200_00, 200_00, true)], 18, "by_rate");
    expect(variants[0]?.mrpPaise).toBe(118_00);
    expect(variants[0]).not.toHaveProperty("mrpTyped");
    expect(problems.map((p) => p.index)).toEqual([1]);
  });

  it("the highest price allowed is exactly the boundary, for every rate and mode", () => {
    let checked = 0;
    for (const mode of TAX_MODES)
      for (const rate of GST_RATES)
        for (let mrp = 1_00; mrp < 20_000_00; mrp = Math.floor(mrp * 1.37) + 7) {
          const max = highestPriceWithinMrp(mrp, rate, mode);
          expect(chargedUnitPrice(max, rate, mode), `${mode} ${rate}% MRP ${mrp}`).toBeLessThanOrEqual(mrp);
          expect(chargedUnitPrice(max + 1, rate, mode), `${mode} ${rate}% MRP ${mrp}`).toBeGreaterThan(mrp);
          checked++;
        }
    expect(checked).toBeGreaterThan(100);
  });

  it("what the order charges a unit is within the MRP check (flat mode's rupee rounding included)", () => {
    let checked = 0;
    for (const mode of TAX_MODES)
      for (const rate of GST_RATES)
        for (let price = 1_01; price < 5_000_00; price = Math.floor(price * 1.29) + 13) {
          const order = priceOrder([{ amount: price, rate, sellerStateCode: "27" }], { mode, storeStateCode: "27" }, "29");
          const line = order.breakdown.lines[0];
          expect((line?.taxable ?? 0) + (line?.tax ?? 0), `${mode} ${rate}% ₹${price / 100}`).toBeLessThanOrEqual(
            chargedUnitPrice(price, rate, mode),
          );
          checked++;
        }
    expect(checked).toBeGreaterThan(100);
  });
});

describe("shipping is a setting (issue 29)", () => {
  const line: TaxInputLine[] = [{ amount: 1_000_00, rate: 0, sellerStateCode: "27" }];
  it("charges the store's fee below its threshold, and nothing over it", () => {
    const rule = { feePaise: 80_00, freeOverPaise: 999_00 };
    expect(priceOrder(line, { mode: "by_rate", storeStateCode: "27", shipping: rule }, "27").shipping).toBe(0);
    expect(
      priceOrder([{ amount: 999_00, rate: 0, sellerStateCode: "27" }], { mode: "by_rate", storeStateCode: "27", shipping: rule }, "27")
        .shipping,
    ).toBe(80_00);
  });
  it("measures free delivery on the goods with their GST when prices are shown with it", () => {
    const rule = { feePaise: 500_00, freeOverPaise: 1_000_00 };
    const taxed = [{ amount: 960_00, rate: 5, sellerStateCode: "27" }]; // ₹1,008 with GST
    expect(priceOrder(taxed, { mode: "by_rate", storeStateCode: "27", shipping: rule, display: "inclusive" }, "27").shipping).toBe(0);
    expect(priceOrder(taxed, { mode: "by_rate", storeStateCode: "27", shipping: rule, display: "exclusive" }, "27").shipping).toBe(500_00);
  });
});

describe("the delivery charge named is the one paid (issue 29)", () => {
  it.each([0, 5, 18, 40])("with prices shown with GST, a %i%% order pays ₹500 delivery, its GST within it", (rate) => {
    const priced = priceOrder(
      [{ amount: 1_000_00, rate, sellerStateCode: "27" }],
      { mode: "by_rate", storeStateCode: "27", display: "inclusive", shipping: { feePaise: 500_00, freeOverPaise: 50_000_00 } },
      "27",
    );
    const ship = priced.breakdown.shipping;
    expect(ship.taxable + ship.tax).toBe(500_00);
    expect(ship.cgst).toBe(ship.sgst);
    // The GST carved out is the rate's share, to the paisa.
    expect(Math.abs(ship.tax - (500_00 * rate) / (100 + rate))).toBeLessThanOrEqual(2);
    expect(priced.total).toBe(priced.subtotal + priced.breakdown.tax - ship.tax + 500_00);
  });
  it("with prices shown before GST, the delivery charge's GST is added to it", () => {
    const priced = priceOrder(
      [{ amount: 1_000_00, rate: 5, sellerStateCode: "27" }],
      { mode: "by_rate", storeStateCode: "27", display: "exclusive" },
      "27",
    );
    expect(priced.shipping).toBe(500_00);
    expect(priced.breakdown.shipping.tax).toBe(25_00);
  });
});

describe("n packs cost n times one pack (issue 29)", () => {
  it("ten bags of DAP at ₹1,285.72 + 5% come to ₹13,500, ten times its MRP, not a paisa more", () => {
    const priced = priceOrder(
      [{ amount: 10 * 1_285_72, quantity: 10, rate: 5, sellerStateCode: "27" }],
      { mode: "by_rate", storeStateCode: "27" },
      "27",
    );
    const line = priced.breakdown.lines[0];
    expect((line?.taxable ?? 0) + (line?.tax ?? 0)).toBe(13_500_00);
  });
  it("any number of packs priced within their MRP stays within n MRPs, at every rate", () => {
    let checked = 0;
    for (const rate of GST_RATES)
      for (let mrp = 99; mrp < 10_000_00; mrp = Math.floor(mrp * 1.61) + 3)
        for (const units of [1, 2, 3, 7, 10, 99]) {
          const price = highestPriceWithinMrp(mrp, rate, "by_rate");
          const priced = priceOrder(
            [{ amount: units * price, quantity: units, rate, sellerStateCode: "27" }],
            { mode: "by_rate", storeStateCode: "27" },
            "29",
          );
          const line = priced.breakdown.lines[0];
          expect((line?.taxable ?? 0) + (line?.tax ?? 0), `${units} × MRP ${mrp} at ${rate}%`).toBeLessThanOrEqual(units * mrp);
          checked++;
        }
    expect(checked).toBeGreaterThan(100);
  });
});
