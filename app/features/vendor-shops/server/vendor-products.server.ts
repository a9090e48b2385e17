import type { ExpressionBuilder } from "kysely";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { productSnapshot } from "~/features/audit/server/snapshots.server";
import { getDatabase, getDb, type Db } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { getEnv } from "~/platform/env.server";
import { FIRST_PAGE, type PageRequest } from "~/platform/core/pagination";
import { isId } from "~/platform/ids";
import type { ProductFormInput } from "~/features/catalog/domain/product-form";
import type { CategoryKey } from "~/features/catalog/domain/categories";
import type { LicenceKind } from "~/features/vendor-shops/domain/licences";
import type { ProductStatus } from "~/platform/db/schema";
import {
  createProduct,
  discardRemoved,
  inSkuGuard,
  type ProductPictures,
  productEdits,
  writeFormParts,
} from "~/features/catalog/server/save-product.server";
import { configuredLimits, hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";

/** A listing the vendor may not add now: too many waiting for approval, or too many just added. */
export class ListingRefused extends RefusalError {
  constructor(refused: Refusal, status: 409 | 429) {
    super(refused, { status, english: english(refused) });
  }
}

/** Too many listings added in a short time: the wait, in seconds. */
export const listingRateLimited = (seconds: number) => new ListingRefused(refusal("vendor.listing_rate_limited", { seconds }), 429);

type ListingRow = {
  id: string;
  name: string;
  description: string;
  category: CategoryKey;
  price_paise: number;
  stock: number;
  image: string;
  status: ProductStatus;
  reject_reason: string | null;
  version: number;
  regulated_as: LicenceKind | null;
  sizes: number | string | null;
};

/** A listing as the vendor's pages show it; `version` is the one an update must match. */
function toListing(r: ListingRow) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    category: r.category,
    pricePaise: Number(r.price_paise),
    stock: Number(r.stock),
    image: r.image,
    status: r.status,
    rejectReason: r.reject_reason,
    version: Number(r.version),
    regulatedAs: r.regulated_as,
    sizes: Number(r.sizes ?? 1),
  };
}

const LISTING_COLUMNS = [
  "id",
  "name",
  "description",
  "category",
  "price_paise",
  "stock",
  "image",
  "status",
  "reject_reason",
  "version",
  "regulated_as",
] as const;

export const VENDOR_PRODUCTS_PAGE_SIZE = 25;

const LATEST_EDIT_FIRST: Keyset<{ updated_at: string; id: string }> = {
  keys: [
    { ref: "product.updated_at", field: "updated_at", kind: "string" },
    { ref: "product.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** How many pack sizes a listing has. */
const sizeCount = (eb: ExpressionBuilder<Database, "product">) =>
  eb
    .selectFrom("product_variant")
    .whereRef("product_variant.product_id", "=", "product.id")
    .select((v) => v.fn.countAll<number>().as("n"))
    .as("sizes");

/** A page of a vendor's own listings (never another vendor's, never the store's), latest edit first. */
export async function listVendorProducts(vendorId: string, request: PageRequest = FIRST_PAGE) {
  const query = getDb()
    .selectFrom("product")
    .select(LISTING_COLUMNS)
    .select(sizeCount)
    .where("vendor_id", "=", vendorId)
    .where("status", "!=", "archived");
  const page = await paginate(query.select("updated_at"), LATEST_EDIT_FIRST, request, VENDOR_PRODUCTS_PAGE_SIZE);
  return { ...page, rows: page.rows.map(toListing) };
}

export async function getVendorProduct(vendorId: string, productId: string) {
  if (!isId(productId)) return null;
  const row = await getDb()
    .selectFrom("product")
    .select(LISTING_COLUMNS)
    .select(sizeCount)
    .where("id", "=", productId)
    .where("vendor_id", "=", vendorId)
    .where("status", "!=", "archived")
    .executeTakeFirst();
  return row ? toListing(row) : null;
}

/**
 * A new listing waits for an admin's approval before shoppers see it. A vendor may add so many in
 * any 10 minutes (RATE_LIMIT_LISTING_MAX) and have so many waiting (LISTING_MAX_PENDING), counted
 * in the transaction that adds it, so parallel submits cannot pass the bound together.
 */
export async function createVendorProduct(vendorId: string, input: ProductFormInput, pictures: ProductPictures = {}) {
  const hit = await hitRateLimit(`listing:vendor:${vendorId}`, configuredLimits().listingCreation);
  if (!hit.allowed) {
    throw listingRateLimited(hit.retryAfterSeconds);
  }
  return inSkuGuard(input, null, () =>
    getDb()
      .transaction()
      .execute(async (trx) => {
        await refuseIfQueueFull(trx, vendorId);
        return createProduct(input, { ...pictures, vendorId, status: "pending", db: trx });
      }),
  );
}

/**
 * An edited listing goes back to the approval queue. False if it is not this vendor's, or if it
 * changed since the form was loaded (`version`: a sale took stock): an old stock figure never wins.
 * Sending a listing that is not waiting back to the queue counts against LISTING_MAX_PENDING too.
 */
export async function updateVendorProduct(
  vendorId: string,
  productId: string,
  input: ProductFormInput,
  options: ProductPictures & { version: number },
) {
  if (!isId(productId)) return false;
  const saved = await inSkuGuard(input, productId, () =>
    getDb()
      .transaction()
      .execute(async (trx) => {
        const current = await trx
          .selectFrom("product")
          .select("status")
          .where("id", "=", productId)
          .where("vendor_id", "=", vendorId)
          .executeTakeFirst();
        if (current && current.status !== "pending") await refuseIfQueueFull(trx, vendorId);
        const before = current ? await productSnapshot(trx, productId) : null;
        const result = await trx
          .updateTable("product")
          .set({ ...productEdits(input, options.image), status: "pending", reject_reason: null })
          .where("id", "=", productId)
          .where("vendor_id", "=", vendorId)
          .where("status", "!=", "archived")
          .where("version", "=", options.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return null;
        const written = await writeFormParts(trx, productId, input, options);
        await recordAudit(trx, {
          kind: "product.update",
          object: { type: "product", id: productId },
          before,
          after: await productSnapshot(trx, productId),
        });
        return written;
      }),
  );
  if (!saved) return false;
  await discardRemoved(saved.removed);
  return true;
}

/** Refuses when the vendor has LISTING_MAX_PENDING listings waiting. Inside the caller's transaction (a form's save, a CSV import). */
export async function refuseIfQueueFull(trx: Db, vendorId: string) {
  // PostgreSQL: one vendor's queue changes one transaction at a time (SQLite's writes are serial anyway).
  if (getDatabase().engine === "postgres") {
    await trx.selectFrom("vendor").select("user_id").where("user_id", "=", vendorId).forNoKeyUpdate().execute();
  }
  const max = getEnv().LISTING_MAX_PENDING;
  const { n } = await trx
    .selectFrom("product")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("vendor_id", "=", vendorId)
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  if (Number(n) >= max) throw new ListingRefused(refusal("vendor.too_many_pending", { max }), 409);
}
