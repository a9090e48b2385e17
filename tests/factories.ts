import { chargedUnitPrice } from "~/features/tax/domain/gst";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { syncLotStock } from "~/features/lots/server/lot-stock.server";
import type { ProductStatus } from "~/platform/db/schema";
import type { CategoryKey } from "~/features/catalog/domain/categories";
import { resetEnv } from "~/platform/env.server";
import { newId } from "~/platform/ids";
import type { PackUnit } from "~/features/catalog/domain/pack-units";
import type { ProductFormInput } from "~/features/catalog/domain/product-form";
import type { CropKey, Season } from "~/features/catalog/domain/crops";
import { ORDER_STATUSES, type OrderStatus } from "~/features/orders/domain/orders";
import { saveVariants } from "~/features/catalog/server/variants.server";
import { type LicenceKind, regulatedAsFor } from "~/features/vendor-shops/domain/licences";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { gstinCheckChar } from "~/features/tax/domain/gstin";
import type { PriceBreak } from "~/features/catalog/domain/price-breaks";
import { randomInt } from "node:crypto";
import type { GstRate } from "~/features/tax/domain/gst";
import { suggestedGstRate } from "~/features/tax/domain/product-gst";

/** A plausible HSN heading per category (the ones 0019-gst gave products made before it). */
const HSN_OF: Record<CategoryKey, string> = { seeds: "1209", equipment: "8432", tools: "8201", fertilizers: "3105" };

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export type ProductOverrides = Partial<{
  id: string;
  name: string;
  description: string;
  category: CategoryKey;
  /** What it is regulated as; by default what its category says (a fertilizers product: fertiliser). */
  regulatedAs: LicenceKind | null;
  pricePaise: number;
  stock: number;
  /**
   * The review summary columns as written, for tests of sorting and display only: real ratings
   * come from review rows (app/features/reviews/server). Without them, no reviews.
   */
  rating: number;
  reviews: number;
  status: ProductStatus;
  vendorId: string | null;
  createdAt: string;
  /** The crops it is for (/crops/{crop}). */
  crops: CropKey[];
  season: Season | null;
  /** The HSN code and GST rate; without them the columns' defaults ('' and 18, as a product made before 0019-gst). */
  hsnCode: string;
  gstRate: GstRate;
  /** Pack sizes; without them one size with the product's price and stock. */
  variants: {
    label: string;
    pricePaise: number;
    stock: number;
    mrpPaise?: number;
    packQuantity?: number;
    packUnit?: PackUnit;
    sku?: string;
    /** Quantity prices (issue 31). */
    priceBreaks?: PriceBreak[];
  }[];
}>;

/** A product with unique values; override what the test is about. */
export async function createProduct(overrides: ProductOverrides = {}) {
  const now = overrides.createdAt ?? new Date().toISOString();
  const product = {
    id: overrides.id ?? newId(),
    name: overrides.name ?? `Test Product ${unique()}`,
    description: overrides.description ?? "A dependable product for the farm.",
    category: overrides.category ?? "tools",
    regulated_as: overrides.regulatedAs !== undefined ? overrides.regulatedAs : regulatedAsFor(overrides.category ?? "tools"),
    price_paise: overrides.pricePaise ?? 99_900,
    stock: overrides.stock ?? 10,
    rating: overrides.rating ?? 0,
    reviews: overrides.reviews ?? 0,
    image: "/images/products/test.svg",
    vendor_id: overrides.vendorId ?? null,
    status: overrides.status ?? "live",
    reject_reason: null,
    created_at: now,
    updated_at: now,
    season: overrides.season ?? null,
    hsn_code: overrides.hsnCode ?? "8201",
    gst_rate: overrides.gstRate ?? 18,
  } as const;
  const variants = overrides.variants ?? [{ label: "Standard", pricePaise: product.price_paise, stock: product.stock }];
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto("product").values(product).execute();
      // The first size has the product's id, as a product made before pack sizes (0013-pack-sizes).
      await saveVariants(
        trx,
        product.id,
        variants.map((v) => ({
          label: v.label,
          packQuantity: v.packQuantity ?? 1,
          packUnit: v.packUnit ?? "piece",
          sku: v.sku ?? "",
          // No MRP given: what the size is charged with GST (the forms' rule for a blank MRP, mrp.ts).
          mrpPaise: v.mrpPaise ?? chargedUnitPrice(v.pricePaise, product.gst_rate, "by_rate"),
          pricePaise: v.pricePaise,
          stock: v.stock,
          weightGrams: 1000,
          ...(v.priceBreaks ? { priceBreaks: v.priceBreaks } : {}),
        })),
        { isNew: true },
      );
      const crops = overrides.crops ?? [];
      if (crops.length)
        await trx
          .insertInto("product_crop")
          .values(crops.map((crop) => ({ product_id: product.id, crop })))
          .execute();
    });
  return { id: product.id, name: product.name, pricePaise: product.price_paise, stock: product.stock };
}

/** A customer row as Better Auth would store it (no password: for service tests). */
export async function createCustomer(overrides: Partial<{ name: string; email: string; role: string }> = {}) {
  const id = newId(24);
  const now = new Date().toISOString();
  const user = {
    id,
    name: overrides.name ?? `Customer ${unique()}`,
    email: overrides.email ?? `customer-${unique()}@example.in`,
    emailVerified: 0,
    image: null,
    createdAt: now,
    updatedAt: now,
    role: overrides.role ?? "user",
    banned: 0,
    banReason: null,
    banExpires: null,
    phone: "+91 98765 43210",
    street: "1 Test Street",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  };
  await getDb().insertInto("user").values(user).execute();
  return { id, name: user.name, email: user.email };
}

/** A vendor: a user with role vendor and their business row (unique name and GSTIN-shaped number). */
/**
 * A well-formed GSTIN (right shape and check character) registered in the State with this GST code,
 * unique per call.
 */
export function testGstin(stateCode = "27"): string {
  const n = randomInt(0, 2 ** 40 - 1);
  const letters = Array.from({ length: 5 }, (_, i) => String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26))).join("");
  const first14 = `${stateCode}${letters}${String(n % 10_000).padStart(4, "0")}K1Z`;
  return first14 + gstinCheckChar(first14);
}

export async function createVendor(
  overrides: Partial<{ email: string; businessName: string; gstNumber: string; state: string; city: string; pincode: string }> = {},
) {
  const user = await createCustomer({ role: "vendor", ...(overrides.email ? { email: overrides.email } : {}) });
  await getDb()
    .insertInto("vendor")
    .values({
      user_id: user.id,
      business_name: overrides.businessName ?? `Kisan Tools ${user.id.slice(0, 6)}`,
      phone: "+91 91234 56789",
      gst_number: overrides.gstNumber ?? testGstin("27"),
      street: "Plot 4, MIDC",
      city: overrides.city ?? "Nashik",
      state: overrides.state ?? "Maharashtra",
      pincode: overrides.pincode ?? "422007",
      created_at: new Date().toISOString(),
    })
    .execute();
  return user;
}

/**
 * An order of one each of these products, straight into the tables, in the given status (with its
 * history's events): for tests about what an order allows afterwards, such as reviews. Orders
 * placed through checkout are tested in app/features/orders/server.
 */
export async function createOrder(userId: string, productIds: readonly string[], status: OrderStatus = "delivered") {
  const id = newId();
  const now = new Date().toISOString();
  const products = await getDb()
    .selectFrom("product")
    .select(["id", "name", "image", "price_paise"])
    .where("id", "in", productIds)
    .execute();
  const subtotal = products.reduce((s, p) => s + Number(p.price_paise), 0);
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto("orders")
        .values({
          id,
          user_id: userId,
          checkout_key: `key-${id}`,
          status,
          payment_method: "cod",
          subtotal_paise: subtotal,
          shipping_paise: 0,
          tax_paise: 0,
          total_paise: subtotal,
          customer_name: "Test Customer",
          customer_email: "customer@example.in",
          customer_phone: "+91 98765 43210",
          street: "1 Test Street",
          city: "Pune",
          state: "Maharashtra",
          pincode: "411001",
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const p of products) {
        await trx
          .insertInto("order_line")
          .values({
            id: newId(),
            order_id: id,
            product_id: p.id,
            vendor_id: null,
            name: p.name,
            image: p.image,
            unit_price_paise: Number(p.price_paise),
            quantity: 1,
            line_total_paise: Number(p.price_paise),
            variant_id: p.id,
          })
          .execute();
      }
      const path: OrderStatus[] =
        status === "cancelled" ? ["pending", "cancelled"] : ORDER_STATUSES.slice(0, ORDER_STATUSES.indexOf(status) + 1);
      for (const step of path) {
        await trx
          .insertInto("order_event")
          .values({ id: newId(), order_id: id, status: step, note: null, actor_id: null, created_at: now })
          .execute();
      }
    });
  return { id };
}

/**
 * A vendor's licence of one kind as stored: by default verified and valid for a year from today in
 * India. Writes the row only: listings follow it through the services that change licences.
 */
export async function createLicence(
  vendorId: string,
  kind: LicenceKind,
  overrides: Partial<{ number: string; expiresOn: string; verified: boolean }> = {},
) {
  const now = new Date().toISOString();
  await getDb()
    .insertInto("vendor_licence")
    .values({
      vendor_id: vendorId,
      kind,
      number: overrides.number ?? `LIC/${unique().toUpperCase()}/1`,
      expires_on: overrides.expiresOn ?? addDays(indiaToday(), 365),
      authority: null,
      state: null,
      verified_at: overrides.verified === false ? null : now,
      verified_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A product's optimistic-concurrency version as stored now (what a freshly drawn form carries). */
export async function versionOf(productId: string) {
  const row = await getDb().selectFrom("product").select("version").where("id", "=", productId).executeTakeFirstOrThrow();
  return Number(row.version);
}

export type QueuedEmail = { to: string; subject: string; text: string; html: string };

/** The outbox's emails whose dedupe key starts with `prefix` (kind:subject-id:…), oldest first. */
export async function queuedEmails(prefix: string) {
  const rows = await getDb()
    .selectFrom("outbox")
    .select(["kind", "dedupe_key", "recipient", "payload", "channel"])
    .where("dedupe_key", "like", `${prefix}%`)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, email: JSON.parse(r.payload) as QueuedEmail }));
}

const changedEnv = new Map<string, string | undefined>();
/** Sets configuration for one test (getEnv() reads it again); `restoreEnv` in afterEach puts it back. */
export function setEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) {
    if (!changedEnv.has(key)) changedEnv.set(key, process.env[key]);
    process.env[key] = value;
  }
  resetEnv();
}
export function restoreEnv() {
  for (const [key, value] of changedEnv) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  changedEnv.clear();
  resetEnv();
}

export function checkoutInput(
  items: { productId: string; variantId?: string; quantity: number }[],
  overrides: Record<string, unknown> = {},
) {
  return {
    checkoutKey: `key-${unique()}-${newId(8)}`,
    paymentMethod: "bank_transfer" as const,
    phone: "+91 98765 43210",
    street: "1 Test Street",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
    items,
    ...overrides,
  };
}

/** A product form's input with one size from a price and stock (paise), as the services take it. */
export function productInput(
  fields: { name: string; description?: string; category: CategoryKey; price: number; stock: number } & Partial<
    Omit<ProductFormInput, "name" | "description" | "category">
  >,
): ProductFormInput {
  const { price, stock, ...rest } = fields;
  const regulatedAs = fields.regulatedAs !== undefined ? fields.regulatedAs : regulatedAsFor(fields.category);
  const gstRate = fields.gstRate ?? suggestedGstRate(fields.category, regulatedAs ?? "") ?? 5;
  // Its MRP: what a unit is charged with GST at its rate (the forms' rule for a blank MRP, mrp.ts).
  const mrpPaise = chargedUnitPrice(price, gstRate, "by_rate");
  return {
    description: "",
    regulatedAs,
    hsnCode: HSN_OF[fields.category],
    gstRate,
    variants: [{ label: "Standard", packQuantity: 1, packUnit: "piece", sku: "", mrpPaise, pricePaise: price, stock, weightGrams: 1000 }],
    singleSize: true,
    brand: null,
    season: null,
    crops: [],
    dosageAmount: null,
    dosageUnit: null,
    howToUse: null,
    nameHi: null,
    descriptionHi: null,
    howToUseHi: null,
    ...rest,
  };
}

/** An offer row's columns a test may set. */
export type OfferOverrides = Partial<{
  kind: "coupon" | "automatic";
  code: string | null;
  discount_type: "percent" | "fixed" | "free_shipping";
  discount_percent: number | null;
  discount_paise: number | null;
  target: string;
  target_ids: string;
  min_cart_paise: number;
  first_order_only: number;
  states: string;
  starts_at: string;
  ends_at: string | null;
  max_uses: number | null;
  uses: number;
  uses_per_customer: number | null;
  budget_paise: number | null;
  status: "active" | "paused" | "ended";
  stacks: number;
  name: string;
  name_hi: string | null;
  min_quantity: number;
  buy_quantity: number | null;
  get_quantity: number | null;
  get_variant_ids: string;
  pincodes: string;
  vendor_id: string | null;
  approval: "approved" | "pending" | "rejected";
  customer_group_id: string | null;
}>;

/** An offer (issue 31): by default an active coupon, 10% off the cart, with a code of its own. */
export async function createOffer(over: OfferOverrides = {}) {
  const id = newId();
  const now = new Date().toISOString();
  await getDb()
    .insertInto("offer")
    .values({
      id,
      kind: "coupon",
      code: `C${id.slice(0, 8).toUpperCase()}`,
      name: "Kharif coupon",
      name_hi: "ख़रीफ़ कूपन",
      discount_type: "percent",
      discount_percent: 10,
      discount_paise: null,
      target: "cart",
      target_ids: "[]",
      min_cart_paise: 0,
      min_quantity: 0,
      first_order_only: 0,
      states: "[]",
      starts_at: "2020-01-01T00:00:00.000Z",
      ends_at: null,
      max_uses: null,
      uses_per_customer: null,
      budget_paise: null,
      uses: 0,
      spent_paise: 0,
      status: "active",
      stacks: 0,
      created_at: now,
      updated_at: now,
      ...over,
    })
    .execute();
  return getDb().selectFrom("offer").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

export type LotOverrides = Partial<{
  number: string;
  quantity: number;
  manufacturedOn: string | null;
  expiresOn: string | null;
  /** The first day it is not sold; by default its expiry. */
  sellBefore: string | null;
  receivedAt: string;
  recalled: boolean;
}>;

/**
 * A lot of a pack size as a receipt would write it (docs/decisions/056-lots.md), and the size's stock
 * made what its sellable lots hold. By default 10 units expiring in a year.
 */
export async function createLot(variantId: string, over: LotOverrides = {}) {
  const db = getDb();
  const size = await db.selectFrom("product_variant").select("product_id").where("id", "=", variantId).executeTakeFirstOrThrow();
  const expiresOn = over.expiresOn === undefined ? addDays(indiaToday(), 365) : over.expiresOn;
  const quantity = over.quantity ?? 10;
  const lot = {
    id: newId(),
    product_id: size.product_id,
    variant_id: variantId,
    number: over.number ?? `LOT-${unique()}`,
    quantity,
    received_quantity: Math.max(quantity, 1),
    manufactured_on: over.manufacturedOn === undefined ? addDays(indiaToday(), -30) : over.manufacturedOn,
    expires_on: expiresOn,
    sell_before: over.sellBefore === undefined ? expiresOn : over.sellBefore,
    received_at: over.receivedAt ?? new Date().toISOString(),
    recalled_at: over.recalled ? new Date().toISOString() : null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("lot").values(lot).execute();
    await syncLotStock(trx, getDatabase().engine, [variantId]);
  });
  return lot;
}
