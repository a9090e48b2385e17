import { sql, type SqlBool } from "kysely";
import { type Db, getDb } from "~/platform/db/db.server";
import { indiaToday } from "~/platform/core/india-day";
import { getEnv } from "~/platform/env.server";
import { type CategoryKey, isCategoryKey } from "~/features/catalog/domain/categories";
import type { PackUnit } from "~/features/catalog/domain/pack-units";
import { parseGallery } from "~/features/catalog/server/save-product.server";
import { type DeliverySettings, type PincodePlace, zoneFor } from "~/features/delivery/domain/delivery";
import { getDeliverySettings, lookupPincode } from "~/features/delivery/server/delivery.server";
import { RETURN_WINDOW_DAYS } from "~/features/orders/domain/returns";
import { fefoOrder, sellableLot } from "~/features/lots/server/lot-stock.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { getCheckoutMethods } from "~/features/settings/server/payment-settings.server";
import { isLicenceKind } from "~/features/vendor-shops/domain/licences";
import { deliveryRefusal, soldForDelivery, type TerritorySettings } from "~/features/vendor-shops/domain/territory";
import { licenceStatesOf, licensedToSell } from "~/features/vendor-shops/server/licensed-listings.server";
import {
  type CatalogProduct,
  type CatalogSeller,
  type CatalogSize,
  type CatalogTerms,
  type Serviceability,
  STORE_PROVIDER_ID,
} from "~/features/ondc/domain/catalog";
import { readSellerLocations } from "./seller-locations.server";

/**
 * Reads what the ONDC catalogue needs from the store's tables and settings
 * (docs/decisions/074-ondc-catalog.md): the sellers, their products and pack sizes, and the
 * store-wide terms (tax mode, cash on delivery, where it delivers).
 */

/** What to read: every product on sale, or those changed in a window; narrowed by the search's intent. */
export type CatalogScope = {
  /** Only these products (a search by name); undefined: all. */
  productIds?: readonly string[];
  /** Only these of our categories (none: all), and in fertilizers pesticides or not. */
  categories?: readonly CategoryKey[];
  regulatedAs?: "pesticide" | "not-pesticide";
  /** Only this provider (`store` or a vendor's id). */
  providerId?: string;
  /** An incremental catalogue: products whose row changed in [start, end] (ISO), on sale or not. */
  changed?: { start: string; end: string };
  /** The search's city (`std:<code>`, or "*"): only sellers located there. */
  city?: string;
  /** The buyer's pincode and its place: products that may not be delivered to its State are left out. */
  place?: PincodePlace & { pincode: string };
};

/** Listings that were on sale once and may be again: what an incremental catalogue reports as disabled. */
const ONCE_ON_SALE = ["live", "suspended", "unlicensed", "paused", "archived"] as const;

/** The products of the scope with their sellers' columns, in a stable order. */
async function readProducts(db: Db, scope: CatalogScope, today: string) {
  let query = db
    .selectFrom("product as p")
    .leftJoin("vendor as s", "s.user_id", "p.vendor_id")
    .select([
      "p.id",
      "p.name",
      "p.description",
      "p.category",
      "p.regulated_as",
      "p.brand",
      "p.season",
      "p.dosage_amount",
      "p.dosage_unit",
      "p.hsn_code",
      "p.gst_rate",
      "p.image",
      "p.gallery",
      "p.updated_at",
      "p.status",
      "p.subsidised",
      "p.vendor_id",
      "s.business_name",
      "s.street",
      "s.city",
      "s.state",
      "s.pincode",
      licenceStatesOf("p").as("licence_states"),
      sql<SqlBool>`${licensedToSell("p", today)}`.as("licensed"),
    ])
    // A vendor's listing without its vendor row has no seller to name: never sent.
    .where((eb) => eb.or([eb("p.vendor_id", "is", null), eb("s.user_id", "is not", null)]));
  if (scope.changed) {
    const { start, end } = scope.changed;
    // The product's row, or one of its sizes (a sale's stock decrement touches only the size: 0064).
    query = query
      .where("p.status", "in", [...ONCE_ON_SALE])
      .where((eb) =>
        eb.or([
          eb.and([eb("p.updated_at", ">=", start), eb("p.updated_at", "<=", end)]),
          eb.exists(
            eb
              .selectFrom("product_variant as cv")
              .select("cv.id")
              .whereRef("cv.product_id", "=", "p.id")
              .where("cv.changed_at", ">=", start)
              .where("cv.changed_at", "<=", end),
          ),
        ]),
      );
  } else {
    query = query.where("p.status", "=", "live").where(licensedToSell("p", today));
  }
  if (scope.productIds) query = query.where("p.id", "in", scope.productIds.length ? [...scope.productIds] : [""]);
  if (scope.categories?.length) query = query.where("p.category", "in", [...scope.categories]);
  if (scope.regulatedAs === "pesticide") query = query.where("p.regulated_as", "=", "pesticide");
  if (scope.regulatedAs === "not-pesticide")
    query = query.where((eb) => eb.or([eb("p.regulated_as", "is", null), eb("p.regulated_as", "!=", "pesticide")]));
  if (scope.providerId === STORE_PROVIDER_ID) query = query.where("p.vendor_id", "is", null);
  else if (scope.providerId) query = query.where("p.vendor_id", "=", scope.providerId);
  return query.orderBy("p.vendor_id").orderBy("p.id").execute();
}

/** The sizes of these products, in the store's order, each with the lot its next sale takes from. */
async function readSizes(db: Db, productIds: string[], today: string) {
  if (productIds.length === 0) return new Map<string, (CatalogSize & { changedAt: string | null })[]>();
  const variants = await db
    .selectFrom("product_variant")
    .select(["id", "product_id", "label", "pack_quantity", "pack_unit", "price_paise", "mrp_paise", "stock", "changed_at"])
    .where("product_id", "in", productIds)
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  const lots = await db
    .selectFrom("lot")
    .select(["variant_id", "germination_pct", "purity_pct", "tested_on"])
    .where("product_id", "in", productIds)
    .where(sql<SqlBool>`${sellableLot(today)}`)
    .orderBy("variant_id")
    .orderBy(fefoOrder())
    .execute();
  const firstLot = new Map<string, (typeof lots)[number]>();
  for (const lot of lots) if (!firstLot.has(lot.variant_id)) firstLot.set(lot.variant_id, lot);
  const sizes = new Map<string, (CatalogSize & { changedAt: string | null })[]>();
  for (const v of variants) {
    const lot = firstLot.get(v.id);
    const list = sizes.get(v.product_id) ?? [];
    list.push({
      id: v.id,
      label: v.label,
      packQuantity: Number(v.pack_quantity),
      packUnit: v.pack_unit as PackUnit,
      pricePaise: Number(v.price_paise),
      mrpPaise: Number(v.mrp_paise),
      stock: Number(v.stock),
      changedAt: v.changed_at,
      lot: lot
        ? {
            germinationPct: lot.germination_pct === null ? null : Number(lot.germination_pct),
            purityPct: lot.purity_pct === null ? null : Number(lot.purity_pct),
            testedOn: lot.tested_on,
          }
        : null,
    });
    sizes.set(v.product_id, list);
  }
  return sizes;
}

/** The store's registered address (General Settings) as a location's parts; its pincode's place from the directory. */
async function storeAddress(gstAddress: string, db: Db) {
  const lines = gstAddress
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
  const areaCode = /\b([1-9]\d{5})\b/.exec(gstAddress)?.[1] ?? "";
  const place = areaCode ? await lookupPincode(areaCode, db) : null;
  return {
    street: lines[0] ?? "",
    locality: lines.slice(1).join(", ") || lines[0] || "",
    city: place?.district ?? "",
    state: place?.state ?? "",
    areaCode,
  };
}

/**
 * Where the store delivers, as ONDC's serviceability: all of India when every zone is served,
 * else the served pincodes of the directory as ranges (a run of directory pincodes all served).
 */
export async function serviceabilityOf(settings: DeliverySettings, db: Db = getDb()): Promise<Serviceability> {
  if (settings.rest.served && settings.zones.every((z) => z.served)) return { type: "12" };
  const codes = await db.selectFrom("pincode").select(["code", "state"]).orderBy("code").execute();
  const ranges: string[] = [];
  let from: string | null = null;
  let to: string | null = null;
  for (const { code, state } of codes) {
    if (zoneFor(settings, code, state).rule.served) {
      from ??= code;
      to = code;
    } else if (from !== null) {
      ranges.push(from === to ? from : `${from}-${to}`);
      from = null;
    }
  }
  if (from !== null) ranges.push(from === to ? from : `${from}-${to}`);
  return { type: "11", ranges };
}

export type CatalogRead = { sellers: CatalogSeller[]; terms: Omit<CatalogTerms, "mode" | "now"> };

/** The sellers of the scope with their products, and the store's terms for a buyer at `place` (or anywhere). */
export async function readCatalog(scope: CatalogScope, db: Db = getDb(), now: Date = new Date()): Promise<CatalogRead> {
  const today = indiaToday(now);
  const [general, delivery, methods, locations] = await Promise.all([
    getGeneralSettings(db),
    getDeliverySettings(db),
    getCheckoutMethods("en"),
    readSellerLocations(db),
  ]);
  const territory: TerritorySettings = general;
  const rows = (await readProducts(db, scope, today)).filter((r) => {
    const product = {
      name: r.name,
      regulatedAs: isLicenceKind(r.regulated_as) ? r.regulated_as : null,
      vendorId: r.vendor_id,
      licenceStates: r.licence_states,
      subsidised: Number(r.subsidised) === 1,
    };
    // ONDC's orders are delivered: what the store does not deliver, or not to the buyer's State, is not offered.
    if (!soldForDelivery(product, territory)) return false;
    return !scope.place || deliveryRefusal(product, scope.place.state, territory) === null;
  });
  const sizes = await readSizes(
    db,
    rows.map((r) => r.id),
    today,
  );
  const sellers = new Map<string, CatalogSeller>();
  const store = await storeAddress(general.storeGstAddress, db);
  for (const r of rows) {
    if (!isCategoryKey(r.category)) continue;
    const providerId = r.vendor_id ?? STORE_PROVIDER_ID;
    // A search for one city is answered with the sellers located there ("*": all).
    if (scope.city && scope.city !== "*" && locations[providerId]?.city !== scope.city) continue;
    let seller = sellers.get(providerId);
    if (!seller) {
      seller = {
        providerId,
        name: r.vendor_id ? (r.business_name ?? "") : general.siteTitle,
        gps: locations[providerId]?.gps ?? null,
        about: r.vendor_id
          ? `${r.business_name ?? ""}, a seller on ${general.siteTitle}, ${r.city ?? ""}, ${r.state ?? ""}`
          : general.siteTagline || general.storeLegalName,
        address: r.vendor_id
          ? { street: r.street ?? "", locality: r.street ?? "", city: r.city ?? "", state: r.state ?? "", areaCode: r.pincode ?? "" }
          : store,
        products: [],
      };
      sellers.set(providerId, seller);
    }
    const product: CatalogProduct = {
      id: r.id,
      name: r.name,
      description: r.description,
      category: r.category,
      regulatedAs: r.regulated_as,
      brand: r.brand,
      season: r.season,
      dosageAmount: r.dosage_amount === null ? null : Number(r.dosage_amount),
      dosageUnit: r.dosage_unit,
      hsnCode: r.hsn_code,
      gstRate: Number(r.gst_rate),
      images: [r.image, ...parseGallery(r.gallery)],
      updatedAt: new Date(r.updated_at).toISOString(),
      onSale: r.status === "live" && Boolean(Number(r.licensed)),
      sizes: (sizes.get(r.id) ?? []).filter(({ changedAt }) => {
        // An incremental catalogue sends a product's sizes that changed, all of them when its row did.
        const { changed } = scope;
        if (!changed || (r.updated_at >= changed.start && r.updated_at <= changed.end)) return true;
        return changedAt !== null && changedAt >= changed.start && changedAt <= changed.end;
      }),
    };
    seller.products.push(product);
  }
  const place = scope.place;
  const codTaken = methods.some((m) => m.key === "cod") && delivery.codMaxPaise > 0;
  // Cash on delivery where the buyer is, by its zone; without a place, as the rest of India has it.
  const codHere = place ? zoneFor(delivery, place.pincode, place.state).rule.cod : delivery.rest.cod;
  return {
    sellers: [...sellers.values()],
    terms: {
      baseUrl: getEnv().BASE_URL,
      siteTitle: general.siteTitle,
      tagline: general.siteTagline,
      supportEmail: general.supportEmail,
      supportPhone: general.supportPhone,
      taxMode: general.taxMode,
      codMaxPaise: codTaken && codHere ? delivery.codMaxPaise : null,
      serviceability: await serviceabilityOf(delivery, db),
      returnWindowDays: RETURN_WINDOW_DAYS,
    },
  };
}
