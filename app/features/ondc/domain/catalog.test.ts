import { describe, expect, it } from "vitest";
import {
  agr10CategoryOf,
  buildCatalog,
  buyerPrice,
  type CatalogProduct,
  type CatalogSeller,
  type CatalogSize,
  type CatalogTerms,
  categoryFilterOf,
  measureOf,
  ondcPhone,
  type OndcProvider,
  rupees,
  splitCatalog,
  STORE_PROVIDER_ID,
} from "./catalog";

const NOW = "2026-11-30T10:00:00.000Z";

const terms = (over: Partial<CatalogTerms> = {}): CatalogTerms => ({
  baseUrl: "https://angle.example.in",
  siteTitle: "Angle",
  tagline: "Seeds, tools and machinery for every Indian farm",
  supportEmail: "support@angle.in",
  supportPhone: "+91 80 4567 8900",
  taxMode: "by_rate",
  codMaxPaise: 50_000_00,
  serviceability: { type: "12" },
  returnWindowDays: 7,
  now: NOW,
  mode: "full",
  ...over,
});

const size = (over: Partial<CatalogSize> = {}): CatalogSize => ({
  id: "v1",
  label: "1 kg",
  packQuantity: 1,
  packUnit: "kg",
  pricePaise: 10_000,
  mrpPaise: 12_000,
  stock: 5,
  lot: null,
  ...over,
});

const product = (over: Partial<CatalogProduct> = {}): CatalogProduct => ({
  id: "prod1",
  name: "Neem Cake",
  description: "Organic neem cake. Feeds the soil slowly.",
  category: "fertilizers",
  regulatedAs: "fertiliser",
  brand: "Kisan Gold",
  season: null,
  dosageAmount: null,
  dosageUnit: null,
  hsnCode: "3105",
  gstRate: 5,
  images: ["/uploads/neem.webp"],
  updatedAt: "2026-11-29T08:00:00.000Z",
  onSale: true,
  sizes: [size()],
  ...over,
});

const seller = (over: Partial<CatalogSeller> = {}): CatalogSeller => ({
  providerId: STORE_PROVIDER_ID,
  name: "Angle",
  gps: "18.754321,73.861234",
  about: "Angle Agri Stores Pvt. Ltd.",
  address: { street: "Gat No. 112", locality: "Khed, Pune", city: "Pune", state: "Maharashtra", areaCode: "410501" },
  products: [product()],
  ...over,
});

const providers = (catalog: ReturnType<typeof buildCatalog>) => catalog["bpp/providers"];
const itemsOf = (provider: OndcProvider | undefined) => provider?.items ?? [];
const only = <T>(list: T[]): T => {
  expect(list).toHaveLength(1);
  return list[0] as T;
};

describe("money as ONDC's rupees", () => {
  it("writes paise as rupees with two decimals, exactly", () => {
    expect(rupees(0)).toBe("0.00");
    expect(rupees(5)).toBe("0.05");
    expect(rupees(100)).toBe("1.00");
    expect(rupees(12_345)).toBe("123.45");
    expect(rupees(15_00_000_00)).toBe("1500000.00");
  });

  it("refuses what is not paise", () => {
    expect(() => rupees(1.5)).toThrow(RangeError);
    expect(() => rupees(-1)).toThrow(RangeError);
  });

  it("prices what the buyer pays, GST included: by rate, or the flat 18%", () => {
    // Stored prices are before GST (decision 022): ₹100 at 5% is ₹105.00 by rate.
    expect(buyerPrice(10_000, 5, "by_rate")).toBe(10_500);
    expect(buyerPrice(10_000, 0, "by_rate")).toBe(10_000);
    // GST in two halves, each rounded half-up to the paisa: 2 × round(9.99 × 9%) = 2 × 90 paise.
    expect(buyerPrice(999, 18, "by_rate")).toBe(999 + 180);
    expect(buyerPrice(10_000, 5, "flat")).toBe(11_800);
  });

  it("sends the GST-inclusive price as value and the MRP as maximum_value", () => {
    const item = only(itemsOf(providers(buildCatalog([seller()], terms()))[0]));
    expect(item.price).toEqual({ currency: "INR", value: "105.00", maximum_value: "120.00" });
    const flat = only(itemsOf(providers(buildCatalog([seller()], terms({ taxMode: "flat" })))[0]));
    expect(flat.price.value).toBe("118.00");
  });

  it("leaves out a size whose price with GST would be above its MRP", () => {
    const catalog = buildCatalog([seller({ products: [product({ sizes: [size({ mrpPaise: 10_499 })] })] })], terms());
    expect(providers(catalog)).toEqual([]);
  });
});

describe("items: one per pack size", () => {
  const twoSizes = product({
    sizes: [
      size({ id: "v1", label: "1 kg", packQuantity: 1, pricePaise: 10_000, mrpPaise: 12_000 }),
      size({ id: "v5", label: "5 kg", packQuantity: 5, pricePaise: 45_000, mrpPaise: 50_000, stock: 250 }),
    ],
  });

  it("groups a product's sizes as one variant group, told apart by their measure", () => {
    const provider = only(providers(buildCatalog([seller({ products: [twoSizes] })], terms())));
    const items = itemsOf(provider);
    expect(items.map((i) => i.id)).toEqual(["v1", "v5"]);
    expect(items.map((i) => i.parent_item_id)).toEqual(["prod1", "prod1"]);
    expect(items.map((i) => i.descriptor.name)).toEqual(["Neem Cake (1 kg)", "Neem Cake (5 kg)"]);
    expect(items.map((i) => i.quantity.unitized.measure)).toEqual([
      { unit: "kilogram", value: "1" },
      { unit: "kilogram", value: "5" },
    ]);
    const group = only(provider.categories);
    expect(group.id).toBe("prod1");
    expect(group.tags).toContainEqual({ code: "type", list: [{ code: "type", value: "variant_group" }] });
    expect(JSON.stringify(group.tags)).toContain("item.quantity.unitized.measure");
  });

  it("caps the maximum at 99 and flags availability as ONDC's 99", () => {
    const items = itemsOf(only(providers(buildCatalog([seller({ products: [twoSizes] })], terms()))));
    expect(items.map((i) => i.quantity.available.count)).toEqual(["99", "99"]);
    expect(items.map((i) => i.quantity.maximum.count)).toEqual(["5", "99"]);
  });

  it("leaves a sold-out size out of a full catalogue, and sends it disabled in an incremental one", () => {
    const soldOut = product({ sizes: [size({ id: "v1" }), size({ id: "v2", label: "2 kg", packQuantity: 2, stock: 0 })] });
    const full = itemsOf(only(providers(buildCatalog([seller({ products: [soldOut] })], terms()))));
    expect(full.map((i) => i.id)).toEqual(["v1"]);
    const inc = itemsOf(only(providers(buildCatalog([seller({ products: [soldOut] })], terms({ mode: "incremental" })))));
    expect(inc.map((i) => [i.id, i.time.label, i.quantity.available.count, i.quantity.maximum.count])).toEqual([
      ["v1", "enable", "99", "5"],
      ["v2", "disable", "0", "0"],
    ]);
  });

  it("leaves a product off sale out of a full catalogue, and disables its sizes in an incremental one", () => {
    const off = product({ onSale: false });
    expect(providers(buildCatalog([seller({ products: [off] })], terms()))).toEqual([]);
    const inc = only(itemsOf(only(providers(buildCatalog([seller({ products: [off] })], terms({ mode: "incremental" }))))));
    expect(inc.time.label).toBe("disable");
  });

  it("an incremental catalogue has only the changes: no seller app descriptor, providers with their items alone", () => {
    const inc = buildCatalog([seller()], terms({ mode: "incremental" }));
    expect(inc["bpp/descriptor"]).toBeUndefined();
    expect(Object.keys(only(providers(inc))).sort()).toEqual(["categories", "id", "items", "time"]);
    expect(Object.keys(only(providers(buildCatalog([seller()], terms())))).sort()).toEqual([
      "categories",
      "descriptor",
      "fulfillments",
      "id",
      "items",
      "locations",
      "tags",
      "time",
      "ttl",
    ]);
    const descriptor = buildCatalog([seller(), seller({ providerId: "vendor1" })], terms())["bpp/descriptor"];
    expect(descriptor?.tags).toEqual([{ code: "bpp_terms", list: [{ code: "np_type", value: "MSN" }] }]);
    expect(buildCatalog([seller()], terms())["bpp/descriptor"]?.tags[0]?.list[0]?.value).toBe("ISN");
  });

  it("makes image paths absolute with the store's address, and names the HSN code", () => {
    const item = only(itemsOf(providers(buildCatalog([seller()], terms()))[0]));
    expect(item.descriptor.images).toEqual(["https://angle.example.in/uploads/neem.webp"]);
    expect(item.descriptor.symbol).toBe("https://angle.example.in/uploads/neem.webp");
    expect(item.descriptor.code).toBe("4:3105");
    expect(item.descriptor.short_desc).toBe("Organic neem cake.");
  });

  it("carries AGR10's attributes where known, brand always", () => {
    const seed = product({
      category: "seeds",
      regulatedAs: "seed",
      brand: null,
      season: "kharif",
      dosageAmount: 2,
      dosageUnit: "kg",
      sizes: [size({ lot: { germinationPct: 85, purityPct: 98, testedOn: "2026-10-01" } })],
    });
    const item = only(itemsOf(providers(buildCatalog([seller({ products: [seed] })], terms()))[0]));
    expect(item.category_id).toBe("Seed");
    expect(item.tags).toContainEqual({ code: "origin", list: [{ code: "country", value: "IND" }] });
    const attributes = Object.fromEntries(
      (item.tags as { code: string; list: { code: string; value: string }[] }[])
        .find((t) => t.code === "attribute")
        ?.list.map((a) => [a.code, a.value]) ?? [],
    );
    expect(attributes).toEqual({
      brand: "Angle",
      pack_quantity: "1 kg",
      sowing_season: "kharif",
      dosage: "2 kg per acre",
      minimum_germination: "85%",
      truth_label: "germination 85%, purity 98%, tested 2026-10-01",
      additional_information: "Regulated as seed",
    });
  });

  it("offers cash on delivery only where the store takes it, up to its limit", () => {
    const cheap = only(itemsOf(providers(buildCatalog([seller()], terms({ codMaxPaise: 10_500 })))[0]));
    expect(cheap["@ondc/org/available_on_cod"]).toBe(true);
    const over = only(itemsOf(providers(buildCatalog([seller()], terms({ codMaxPaise: 10_499 })))[0]));
    expect(over["@ondc/org/available_on_cod"]).toBe(false);
    const none = only(itemsOf(providers(buildCatalog([seller()], terms({ codMaxPaise: null })))[0]));
    expect(none["@ondc/org/available_on_cod"]).toBe(false);
  });

  it("gives the store's consumer care as name, email and a 10-digit phone", () => {
    const item = only(itemsOf(providers(buildCatalog([seller()], terms()))[0]));
    expect(item["@ondc/org/contact_details_consumer_care"]).toBe("Angle,support@angle.in,8045678900");
    expect(item["@ondc/org/return_window"]).toBe("P7D");
  });
});

describe("providers", () => {
  it("leaves out a seller whose location has no GPS (ONDC requires one)", () => {
    expect(providers(buildCatalog([seller({ gps: null })], terms()))).toEqual([]);
  });

  it("serves all of India (type 12) or a list of pincode ranges (type 11), per category sold", () => {
    const mixed = seller({
      products: [product(), product({ id: "p2", category: "tools", regulatedAs: null, sizes: [size({ id: "t1" })] })],
    });
    const india = only(providers(buildCatalog([mixed], terms())));
    const serviceability = (provider: OndcProvider) =>
      (provider.tags as { code: string; list: { code: string; value: string }[] }[]).filter((t) => t.code === "serviceability");
    expect(serviceability(india).map((t) => Object.fromEntries(t.list.map((e) => [e.code, e.value])))).toEqual([
      { location: "store-L1", category: "Fertilizer", type: "12", val: "IND", unit: "country" },
      { location: "store-L1", category: "Tools and Machinery", type: "12", val: "IND", unit: "country" },
    ]);
    const some = only(providers(buildCatalog([seller()], terms({ serviceability: { type: "11", ranges: ["110001-110096", "400001"] } }))));
    expect(Object.fromEntries(only(serviceability(some)).list.map((e) => [e.code, e.value]))).toEqual({
      location: "store-L1",
      category: "Fertilizer",
      type: "11",
      val: "110001-110096,400001",
      unit: "pincode",
    });
  });
});

describe("categories and small rules", () => {
  it("maps our categories to AGR10's and back", () => {
    expect(agr10CategoryOf("seeds", "seed")).toBe("Seed");
    expect(agr10CategoryOf("fertilizers", "fertiliser")).toBe("Fertilizer");
    expect(agr10CategoryOf("fertilizers", "pesticide")).toBe("Pesticide");
    expect(agr10CategoryOf("tools", null)).toBe("Tools and Machinery");
    expect(agr10CategoryOf("equipment", null)).toBe("Tools and Machinery");
    expect(categoryFilterOf("Pesticide")).toEqual({ category: ["fertilizers"], regulatedAs: "pesticide" });
    expect(categoryFilterOf("Tools and Machinery")).toEqual({ category: ["equipment", "tools"] });
    expect(categoryFilterOf("Cattle Feed")).toBeNull();
  });

  it("measures pack units in retail 1.2's units", () => {
    expect(measureOf(500, "g")).toEqual({ unit: "gram", value: "500" });
    expect(measureOf(1, "l")).toEqual({ unit: "litre", value: "1" });
    expect(measureOf(250, "ml")).toEqual({ unit: "millilitre", value: "250" });
    expect(measureOf(1, "piece")).toEqual({ unit: "unit", value: "1" });
  });

  it("writes phone numbers as 10 or 11 digits", () => {
    expect(ondcPhone("+91 98765 43210")).toBe("9876543210");
    expect(ondcPhone("080 4567 8900")).toBe("08045678900");
    expect(ondcPhone("12345")).toBeNull();
  });
});

describe("splitting a large catalogue", () => {
  const many = (n: number, providerId: string) =>
    seller({
      providerId,
      products: Array.from({ length: n }, (_, i) =>
        product({
          id: `${providerId}p${i}`,
          sizes: [size({ id: `${providerId}v${i}a` }), size({ id: `${providerId}v${i}b`, label: "2 kg" })],
        }),
      ),
    });

  it("keeps a small catalogue in one message", () => {
    const catalog = buildCatalog([many(3, "a")], terms());
    expect(splitCatalog(catalog, 1_000_000)).toEqual([catalog]);
  });

  it("cuts a large one into messages under the cap, every item once, each with its variant group", () => {
    const catalog = buildCatalog([many(40, "a"), many(40, "b")], terms());
    const cap = 30_000;
    const parts = splitCatalog(catalog, cap);
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) {
      expect(new TextEncoder().encode(JSON.stringify(part)).length).toBeLessThanOrEqual(cap);
      expect(part["bpp/descriptor"]).toEqual(catalog["bpp/descriptor"]);
      for (const provider of part["bpp/providers"]) {
        const groups = new Set(provider.categories.map((c) => c.id));
        for (const item of provider.items) expect(groups.has(String(item.parent_item_id))).toBe(true);
        expect(provider.locations).toEqual(catalog["bpp/providers"].find((p) => p.id === provider.id)?.locations);
      }
    }
    const ids = (c: { "bpp/providers": OndcProvider[] }[]) => c.flatMap((m) => m["bpp/providers"].flatMap((p) => p.items.map((i) => i.id)));
    expect(ids(parts)).toEqual(ids([catalog]));
  });
});
