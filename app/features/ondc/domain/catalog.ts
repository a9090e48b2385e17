import type { CategoryKey } from "~/features/catalog/domain/categories";
import type { PackUnit } from "~/features/catalog/domain/pack-units";
import { sizeName } from "~/features/catalog/domain/variants";
import { displayPrice, type TaxMode } from "~/features/tax/domain/gst";

/**
 * The store's catalogue as an ONDC `on_search` carries it (retail 1.2.0 as AGR10 uses it;
 * docs/decisions/074-ondc-catalog.md). Pure: the server reads the rows and the settings, this
 * shapes them. One provider per seller (the store, and each vendor shop: each invoices under its own
 * GSTIN), one item per pack size, each product a variant group of its sizes.
 */

/** The store's own goods are provider `store`; a vendor shop's provider id is the vendor's user id. */
export const STORE_PROVIDER_ID = "store";
/** Each seller has one location (where it ships from) and one fulfilment (delivery). */
export const locationIdOf = (providerId: string) => `${providerId}-L1`;
export const fulfillmentIdOf = (providerId: string) => `${providerId}-delivery`;

/**
 * AGR10's item categories, as ONDC's log validation utility knows them (ONDC-Official/
 * log-validation-utility, utils/enum.ts `agriCategories`, and constants/category.ts `agriJSON`).
 */
export const AGR10_CATEGORIES = [
  "Seed",
  "Pesticide",
  "Fertilizer",
  "Organic Crop Protection",
  "Organic Crop Nutrition",
  "Tools and Machinery",
  "Cattle Feed",
] as const;
export type Agr10Category = (typeof AGR10_CATEGORIES)[number];

/**
 * Our category (and, in fertilizers, what the product is regulated as) as AGR10's. The store has no
 * "organic" or "cattle feed" kind, so those are never sent; equipment and tools are both "Tools and
 * Machinery".
 */
export function agr10CategoryOf(category: CategoryKey, regulatedAs: string | null): Agr10Category {
  if (category === "seeds") return "Seed";
  if (category === "fertilizers") return regulatedAs === "pesticide" ? "Pesticide" : "Fertilizer";
  return "Tools and Machinery";
}

/** What a buyer app's `intent.category.id` asks of our catalogue; null: nothing we sell. */
export function categoryFilterOf(id: string): { category: CategoryKey[]; regulatedAs?: "pesticide" | "not-pesticide" } | null {
  switch (id) {
    case "Seed":
      return { category: ["seeds"] };
    case "Pesticide":
      return { category: ["fertilizers"], regulatedAs: "pesticide" };
    case "Fertilizer":
      return { category: ["fertilizers"], regulatedAs: "not-pesticide" };
    case "Tools and Machinery":
      return { category: ["equipment", "tools"] };
    default:
      return null;
  }
}

/** Paise as ONDC's decimal rupees with two places: 12345 → "123.45". Exact, no floating point. */
export function rupees(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/** retail 1.2's unitized measure units (the utility's schema enum) for our pack units. */
const MEASURE_UNITS: Record<PackUnit, string> = { g: "gram", kg: "kilogram", ml: "millilitre", l: "litre", piece: "unit" };

export function measureOf(quantity: number, unit: PackUnit): { unit: string; value: string } {
  return { unit: MEASURE_UNITS[unit], value: String(quantity) };
}

/**
 * A phone number as ONDC's checks want it: 10 or 11 digits, nothing else ("+91 80 4567 8900" →
 * "8045678900"; "080 4567 8900" stays 11 digits). Null when it cannot be made so.
 */
export function ondcPhone(phone: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  return digits.length === 10 || digits.length === 11 ? digits : null;
}

/** A pack size as read for the catalogue, with what its next lot says (seeds' truthful label). */
export type CatalogSize = {
  id: string;
  label: string;
  packQuantity: number;
  packUnit: PackUnit;
  pricePaise: number;
  mrpPaise: number;
  stock: number;
  /** The lot the next sale takes from, when the size is sold by lots. */
  lot: { germinationPct: number | null; purityPct: number | null; testedOn: string | null } | null;
};

export type CatalogProduct = {
  id: string;
  name: string;
  description: string;
  category: CategoryKey;
  regulatedAs: string | null;
  brand: string | null;
  season: string | null;
  dosageAmount: number | null;
  dosageUnit: string | null;
  hsnCode: string;
  gstRate: number;
  /** Paths as stored ("/uploads/…", "/images/…") or absolute URLs. */
  images: string[];
  updatedAt: string;
  /** On sale now (live and licensed); an incremental catalogue sends the others as disabled. */
  onSale: boolean;
  sizes: CatalogSize[];
};

export type CatalogSeller = {
  providerId: string;
  name: string;
  /** "lat,lng" with six decimals, or null when not known: the seller is then left out (a location needs it). */
  gps: string | null;
  /** What the provider's descriptor says beside its name (ONDC asks that name and descriptions differ). */
  about: string;
  address: { street: string; locality: string; city: string; state: string; areaCode: string };
  products: CatalogProduct[];
};

/**
 * Where a seller delivers, per ONDC's serviceability tag: 12 all of India; 11 a list of pincode
 * ranges (the store's delivery zones leave some places out).
 */
export type Serviceability = { type: "12" } | { type: "11"; ranges: string[] };

/** The store-wide terms each item carries, decided on the server. */
export type CatalogTerms = {
  baseUrl: string;
  siteTitle: string;
  tagline: string;
  supportEmail: string;
  supportPhone: string;
  taxMode: TaxMode;
  /** Cash on delivery where the buyer is (or anywhere, without a place) and up to this order total; null: none. */
  codMaxPaise: number | null;
  serviceability: Serviceability;
  returnWindowDays: number;
  /** When the answer is made (ISO): the catalogue's and the providers' time stamps. */
  now: string;
  /** "incremental": products off sale and sizes sold out are sent disabled rather than left out. */
  mode: "full" | "incremental";
};

/**
 * How many of one size a buyer may order at once: the stock, never more than 99 (ONDC's compliance
 * reviews of retail catalogues refuse a larger maximum; ONDC-Official/v1.2.0-logs issue 2513). The
 * available count is ONDC's flag, "99" (in stock) or "0" (the utility's schema allows only those).
 */
export const MAX_ORDER_COUNT = 99;

/** What a buyer pays for one unit: the price with its GST, whatever the storefront shows (decision 022). */
export function buyerPrice(pricePaise: number, gstRate: number, taxMode: TaxMode): number {
  return displayPrice(pricePaise, gstRate, { mode: taxMode, display: "inclusive" });
}

/** The variant group's id (ONDC allows 12 characters of [A-Za-z0-9-]): the product id, cut if need be. */
export function variantGroupIdOf(productId: string): string {
  const cleaned = productId.replace(/[^A-Za-z0-9-]/g, "");
  return cleaned.slice(0, 12) || "g";
}

const absolute = (path: string, baseUrl: string) => new URL(path, baseUrl).href;
const firstSentence = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  const sentence = /^(.{1,200}?[.!?])(\s|$)/.exec(flat)?.[1] ?? flat.slice(0, 200);
  return sentence;
};

type Tag = { code: string; list: { code: string; value: string }[] };

/** AGR10's item attributes we hold (the utility's constants/agriculture.ts names them). */
function attributesOf(product: CatalogProduct, size: CatalogSize, sellerName: string): Tag {
  const list: { code: string; value: string }[] = [
    // ONDC makes brand mandatory; an unbranded product is sold under its seller's name.
    { code: "brand", value: product.brand?.trim() || sellerName },
    { code: "pack_quantity", value: `${size.packQuantity} ${size.packUnit}` },
  ];
  if (product.season) list.push({ code: "sowing_season", value: product.season });
  if (product.dosageAmount !== null && product.dosageUnit)
    list.push({ code: "dosage", value: `${product.dosageAmount} ${product.dosageUnit} per acre` });
  if (size.lot?.germinationPct != null) list.push({ code: "minimum_germination", value: `${size.lot.germinationPct}%` });
  if (size.lot && (size.lot.germinationPct != null || size.lot.purityPct != null)) {
    const parts = [
      size.lot.germinationPct != null ? `germination ${size.lot.germinationPct}%` : null,
      size.lot.purityPct != null ? `purity ${size.lot.purityPct}%` : null,
      size.lot.testedOn ? `tested ${size.lot.testedOn}` : null,
    ].filter(Boolean);
    list.push({ code: "truth_label", value: parts.join(", ") });
  }
  if (product.regulatedAs) list.push({ code: "additional_information", value: `Regulated as ${product.regulatedAs}` });
  return { code: "attribute", list };
}

function itemsOf(seller: CatalogSeller, product: CatalogProduct, terms: CatalogTerms) {
  const groupId = variantGroupIdOf(product.id);
  const images = product.images.map((path) => absolute(path, terms.baseUrl));
  const symbol = images[0] ?? absolute("/icons/icon-512.png", terms.baseUrl);
  const care = `${terms.siteTitle},${terms.supportEmail},${ondcPhone(terms.supportPhone) ?? ""}`;
  return product.sizes.flatMap((size) => {
    const value = buyerPrice(size.pricePaise, product.gstRate, terms.taxMode);
    // Never offered above its MRP (the Legal Metrology rules; the store's own check keeps this true).
    if (value > size.mrpPaise) return [];
    const onSale = product.onSale && size.stock > 0;
    if (!onSale && terms.mode === "full") return [];
    return [
      {
        id: size.id,
        parent_item_id: groupId,
        time: { label: onSale ? "enable" : "disable", timestamp: product.updatedAt },
        descriptor: {
          name: product.sizes.length > 1 ? sizeName(product.name, size.label) : product.name,
          ...(/^[A-Za-z0-9]+$/.test(product.hsnCode) ? { code: `4:${product.hsnCode}` } : {}),
          symbol,
          short_desc: firstSentence(product.description) || product.name,
          long_desc: product.description.trim() || product.name,
          images: images.length ? images : [symbol],
        },
        quantity: {
          unitized: { measure: measureOf(size.packQuantity, size.packUnit) },
          available: { count: onSale ? "99" : "0" },
          maximum: { count: String(onSale ? Math.min(size.stock, MAX_ORDER_COUNT) : 0) },
        },
        price: { currency: "INR", value: rupees(value), maximum_value: rupees(size.mrpPaise) },
        category_id: agr10CategoryOf(product.category, product.regulatedAs),
        fulfillment_id: fulfillmentIdOf(seller.providerId),
        location_id: locationIdOf(seller.providerId),
        "@ondc/org/returnable": true,
        "@ondc/org/cancellable": true,
        "@ondc/org/return_window": `P${terms.returnWindowDays}D`,
        "@ondc/org/seller_pickup_return": false,
        // The store keeps no dispatch promise apart from its delivery days per zone: a day to hand over is
        // our assumption, and a setting if stores need another.
        "@ondc/org/time_to_ship": "P1D",
        "@ondc/org/available_on_cod": terms.codMaxPaise !== null && value <= terms.codMaxPaise,
        "@ondc/org/contact_details_consumer_care": care,
        tags: [{ code: "origin", list: [{ code: "country", value: "IND" }] }, attributesOf(product, size, seller.name)],
      },
    ];
  });
}

/** A product's pack sizes as one variant group, told apart by their measure (retail 1.2). */
function variantGroupOf(product: CatalogProduct) {
  return {
    id: variantGroupIdOf(product.id),
    descriptor: { name: product.name },
    tags: [
      { code: "type", list: [{ code: "type", value: "variant_group" }] },
      {
        code: "attr",
        list: [
          { code: "name", value: "item.quantity.unitized.measure" },
          { code: "seq", value: "1" },
        ],
      },
    ],
  };
}

function serviceabilityTags(locationId: string, categories: string[], serviceability: Serviceability): Tag[] {
  return categories.map((category) => ({
    code: "serviceability",
    list:
      serviceability.type === "12"
        ? [
            { code: "location", value: locationId },
            { code: "category", value: category },
            { code: "type", value: "12" },
            { code: "val", value: "IND" },
            { code: "unit", value: "country" },
          ]
        : [
            { code: "location", value: locationId },
            { code: "category", value: category },
            { code: "type", value: "11" },
            { code: "val", value: serviceability.ranges.join(",") },
            { code: "unit", value: "pincode" },
          ],
  }));
}

type FullProvider = NonNullable<ReturnType<typeof providerOf>>;
/** A provider as sent: whole in a full catalogue; in an incremental one only what changes (its items). */
export type OndcProvider = Pick<FullProvider, "id" | "time" | "categories" | "items"> & Partial<FullProvider>;

/** One seller as a provider, or null when it has nothing to send or no location we can give. */
export function providerOf(seller: CatalogSeller, terms: CatalogTerms) {
  if (!seller.gps) return null;
  const withItems = seller.products.map((product) => ({ product, items: itemsOf(seller, product, terms) })).filter((p) => p.items.length);
  if (withItems.length === 0) return null;
  const locationId = locationIdOf(seller.providerId);
  const logo = absolute("/icons/icon-512.png", terms.baseUrl);
  const phone = ondcPhone(terms.supportPhone) ?? "";
  const categories = [...new Set(withItems.flatMap((p) => p.items.map((i) => i.category_id)))];
  return {
    id: seller.providerId,
    time: { label: "enable", timestamp: terms.now },
    descriptor: {
      name: seller.name,
      symbol: logo,
      short_desc: `${seller.name}, ${seller.address.city}`,
      long_desc: seller.about,
      images: [logo],
    },
    ttl: "P1D",
    locations: [
      {
        id: locationId,
        gps: seller.gps,
        time: {
          label: "enable",
          timestamp: terms.now,
          days: "1,2,3,4,5,6,7",
          schedule: { holidays: [] },
          range: { start: "0000", end: "2359" },
        },
        address: {
          street: seller.address.street,
          locality: seller.address.locality,
          city: seller.address.city,
          state: seller.address.state,
          area_code: seller.address.areaCode,
        },
      },
    ],
    fulfillments: [{ id: fulfillmentIdOf(seller.providerId), type: "Delivery", contact: { phone, email: terms.supportEmail } }],
    categories: withItems.map((p) => variantGroupOf(p.product)),
    items: withItems.flatMap((p) => p.items),
    tags: [
      ...serviceabilityTags(locationId, categories, terms.serviceability),
      {
        code: "timing",
        list: [
          { code: "type", value: "All" },
          { code: "location", value: locationId },
          { code: "day_from", value: "1" },
          { code: "day_to", value: "7" },
          { code: "time_from", value: "0000" },
          { code: "time_to", value: "2359" },
        ],
      },
    ],
  };
}

/** The catalogue's own descriptor: the store, a marketplace seller app (np_type MSN) when vendors sell. */
export function bppDescriptorOf(terms: CatalogTerms, marketplace: boolean) {
  const logo = absolute("/icons/icon-512.png", terms.baseUrl);
  return {
    name: terms.siteTitle,
    symbol: logo,
    short_desc: terms.tagline || terms.siteTitle,
    long_desc: terms.tagline || terms.siteTitle,
    images: [logo],
    tags: [{ code: "bpp_terms", list: [{ code: "np_type", value: marketplace ? "MSN" : "ISN" }] }],
  };
}

export type OndcCatalog = { "bpp/descriptor"?: ReturnType<typeof bppDescriptorOf>; "bpp/providers": OndcProvider[] };

/**
 * The whole catalogue in one message (before any split for size). An incremental one carries only
 * the providers with changes and only their changes, without the seller app's descriptor (ONDC's
 * reviews of on_search_inc, ONDC-Official/v1.2.0-logs issues 2513 and 3598).
 */
export function buildCatalog(sellers: CatalogSeller[], terms: CatalogTerms): OndcCatalog {
  const providers = sellers.map((s) => providerOf(s, terms)).filter((p): p is FullProvider => p !== null);
  // Only what changed: the items, with their variant groups (a product new since the full catalogue needs
  // its group); the location, fulfilment and tags have not changed (ONDC's on_search_inc checks).
  if (terms.mode === "incremental")
    return { "bpp/providers": providers.map(({ id, time, categories, items }) => ({ id, time, categories, items })) };
  return {
    "bpp/descriptor": bppDescriptorOf(
      terms,
      sellers.some((s) => s.providerId !== STORE_PROVIDER_ID),
    ),
    "bpp/providers": providers,
  };
}

const encoder = new TextEncoder();
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/**
 * The catalogue cut into messages of at most `maxBytes` of JSON each: whole providers while they fit,
 * a provider too large for one message sent in parts (each with its location, fulfilment and tags,
 * and the variant groups of its items). A single item larger than the cap still goes, alone.
 */
export function splitCatalog(catalog: OndcCatalog, maxBytes: number): OndcCatalog[] {
  const descriptor = catalog["bpp/descriptor"];
  const empty = (): OndcCatalog => (descriptor ? { "bpp/descriptor": descriptor, "bpp/providers": [] } : { "bpp/providers": [] });
  const messages: OndcCatalog[] = [];
  let current = empty();
  let size = bytesOf(current);
  const flush = () => {
    if (current["bpp/providers"].length) messages.push(current);
    current = empty();
    size = bytesOf(current);
  };
  for (const provider of catalog["bpp/providers"]) {
    const whole = bytesOf(provider);
    if (size + whole + 1 <= maxBytes) {
      current["bpp/providers"].push(provider);
      size += whole + 1;
      continue;
    }
    flush();
    // The provider alone, its items added one by one while the message stays under the cap.
    const shell: OndcProvider = { ...provider, items: [], categories: [] };
    let part: OndcProvider = { ...shell, items: [], categories: [] };
    let partSize = size + bytesOf(part);
    for (const item of provider.items) {
      const group = provider.categories.find((c) => c.id === item.parent_item_id);
      const needsGroup = group !== undefined && !part.categories.includes(group);
      const added = bytesOf(item) + 1 + (needsGroup ? bytesOf(group) + 1 : 0);
      if (part.items.length > 0 && partSize + added > maxBytes) {
        current["bpp/providers"].push(part);
        flush();
        part = { ...shell, items: [], categories: [] };
        partSize = size + bytesOf(part);
      }
      const groupNow = group !== undefined && !part.categories.includes(group);
      if (groupNow) part.categories.push(group);
      part.items.push(item);
      partSize += bytesOf(item) + 1 + (groupNow ? bytesOf(group) + 1 : 0);
    }
    current["bpp/providers"].push(part);
    size = partSize;
  }
  flush();
  return messages;
}
