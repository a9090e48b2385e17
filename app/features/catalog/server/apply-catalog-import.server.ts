import { sql } from "kysely";
import { recordAudit } from "~/features/audit/server/record-audit.server";
import { chunks, idChunks, rowsPerStatement, updateEach } from "~/platform/db/batch.server";
import { getDatabase, getDb, type Db } from "~/platform/db/db.server";
import { IMPORT_UPLOAD_GONE } from "~/features/catalog/domain/catalog-csv";
import { newId } from "~/platform/ids";
import { listingRateLimited, refuseIfQueueFull } from "~/features/vendor-shops/server/vendor-products.server";
import { configuredLimits, hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import type { CatalogActor } from "./catalog-products.server";
import { getImportUpload, takeImportUpload } from "./catalog-import-uploads.server";
import { type ImportPlan, planCatalogImport, readCatalogText } from "./plan-catalog-import.server";
import { newProductRow, writeCrops } from "./save-product.server";
import { isSkuConflict, saveVariantsOfProducts } from "./variants.server";

export const IMPORT_REFUSED = "Nothing was imported: the file has problems, listed below. Fix them in the file and upload it again.";
export const SKU_TAKEN_MEANWHILE =
  "Nothing was imported: a SKU in the file was taken by another product while the import ran. Upload the file again to see which.";

export const RAN_INTO_ANOTHER = "Nothing was imported: another change to the same products ran at the same moment. Apply the import again.";

/** The upload is gone: applied already, expired, or never this actor's. */
export class ImportGone extends Error {
  constructor() {
    super(IMPORT_UPLOAD_GONE);
  }
}

/** The import found problems when it was applied (the store changed since the preview): nothing was written. */
export class ImportRefused extends Error {
  constructor(
    readonly plan: ImportPlan,
    message = IMPORT_REFUSED,
  ) {
    super(message);
  }
}

/**
 * "Apply import": the previewed upload, checked again against the store as it is now and written
 * in one transaction — every new product, every change, or nothing. The upload is taken in the same
 * transaction, so a second click (or a second tab) finds it gone. On PostgreSQL the products it
 * changes are locked first, in id order (as orders take them), so no sale or edit slips between its
 * checks and its writes. A vendor's import is one listing action: its new and changed listings wait
 * for approval, the approval queue must have room when it starts, and one that adds listings counts
 * once against the listing rate limit (docs/decisions/020-csv-import.md).
 */
export async function applyCatalogImport(actor: CatalogActor, uploadId: string) {
  const upload = await getImportUpload(actor.userId, actor.role, uploadId);
  if (!upload) throw new ImportGone();
  const file = await readCatalogText(upload.csv);
  if (actor.role === "vendor" && file.products.some((p) => p.key.kind === "new")) {
    const hit = await hitRateLimit(`listing:vendor:${actor.userId}`, configuredLimits().listingCreation);
    if (!hit.allowed) throw listingRateLimited(hit.retryAfterSeconds);
  }
  try {
    return await getDb()
      .transaction()
      .execute(async (trx) => {
        if (!(await takeImportUpload(trx, actor.userId, actor.role, uploadId))) throw new ImportGone();
        if (actor.role === "vendor") {
          await holdVendorAccount(trx, actor.userId);
          await refuseIfQueueFull(trx, actor.userId);
        }
        await lockProducts(
          trx,
          file.products.flatMap((p) => (p.key.kind === "existing" ? [p.key.id] : [])),
        );
        const plan = await planCatalogImport(trx, actor, file);
        if (plan.errors.length) throw new ImportRefused(plan);
        await writePlan(trx, actor, plan);
        // One entry for the file, with its counts: the rows themselves are the file's.
        await recordAudit(trx, {
          kind: "product.import",
          object: { type: "import", id: uploadId },
          before: null,
          after: { ...plan.counts },
        });
        return plan.counts;
      });
  } catch (error) {
    if (isSkuConflict(error)) throw new ImportRefused(await planCatalogImport(getDb(), actor, file), SKU_TAKEN_MEANWHILE);
    // Two imports adding the same SKUs in opposite orders wait for each other; PostgreSQL ends one.
    if ((error as { code?: string }).code === "40P01")
      throw new ImportRefused(await planCatalogImport(getDb(), actor, file), RAN_INTO_ANOTHER);
    throw error;
  }
}

/**
 * PostgreSQL: the vendor's new listings refer to their account, so inserting them takes a key-share
 * lock on its row; an admin's review locks that row first and then the listing. Taken here, before
 * any listing is locked, an import and a review of one of its listings wait for each other in one
 * order only, never in a circle.
 */
async function holdVendorAccount(trx: Db, vendorId: string) {
  if (getDatabase().engine !== "postgres") return;
  await trx.selectFrom("user").select("id").where("id", "=", vendorId).forKeyShare().execute();
}

/** PostgreSQL: the products' rows, locked in id order; SQLite's one writer needs no locks. */
async function lockProducts(trx: Db, ids: string[]) {
  if (getDatabase().engine !== "postgres") return;
  for (const slice of idChunks([...ids].sort())) {
    await trx.selectFrom("product").select("id").where("id", "in", slice).orderBy("id").forUpdate().execute();
  }
}

const PRODUCT_COLUMNS = [
  { name: "name", type: "text" },
  { name: "description", type: "text" },
  { name: "category", type: "text" },
  { name: "regulated_as", type: "text" },
  { name: "hsn_code", type: "text" },
  { name: "gst_rate", type: "integer" },
  { name: "brand", type: "text" },
  { name: "season", type: "text" },
  { name: "dosage_amount", type: "double precision" },
  { name: "dosage_unit", type: "text" },
  { name: "how_to_use", type: "text" },
  { name: "name_hi", type: "text" },
  { name: "description_hi", type: "text" },
  { name: "how_to_use_hi", type: "text" },
] as const;

/** Writes a checked plan: new products, then changed ones (a vendor's back to the approval queue), their crops and sizes, in batches. */
async function writePlan(trx: Db, actor: CatalogActor, plan: ImportPlan) {
  const now = new Date().toISOString();
  const vendor = actor.role === "vendor";
  const created = plan.products.flatMap((p) => (p.kind === "new" ? [{ id: newId(), input: p.input }] : []));
  const updated = plan.products.flatMap((p) => (p.kind === "update" ? [{ id: p.id, input: p.input }] : []));

  const rows = created.map((p) =>
    newProductRow(p.id, p.input, { vendorId: vendor ? actor.userId : null, status: vendor ? "pending" : "live" }, now),
  );
  for (const slice of chunks(rows, rowsPerStatement(Object.keys(rows[0] ?? {}).length))) {
    await trx.insertInto("product").values(slice).execute();
  }
  await updateEach(
    trx,
    "product",
    "id",
    PRODUCT_COLUMNS,
    updated.map(({ id, input }) => [
      id,
      input.name,
      input.description,
      input.category,
      input.regulatedAs,
      input.hsnCode,
      input.gstRate,
      input.brand,
      input.season,
      input.dosageAmount,
      input.dosageUnit,
      input.howToUse,
      input.nameHi,
      input.descriptionHi,
      input.howToUseHi,
    ]),
    [
      sql`version = version + 1`,
      sql`updated_at = ${now}`,
      // A vendor's edit sends the listing back for review, as the form's does (docs/decisions/004).
      ...(vendor ? [sql`status = ${"pending"}`, sql`reject_reason = null`] : []),
    ],
  );
  const all = [...created.map((p) => ({ ...p, isNew: true })), ...updated.map((p) => ({ ...p, isNew: false }))];
  await writeCrops(
    trx,
    all.map((p) => ({ productId: p.id, crops: p.input.crops, isNew: p.isNew })),
  );
  await saveVariantsOfProducts(
    trx,
    all.map((p) => ({ productId: p.id, variants: p.input.variants, isNew: p.isNew })),
  );
}
