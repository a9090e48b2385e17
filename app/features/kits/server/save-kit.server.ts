import { sql } from "kysely";
import { getDb, type Db } from "~/platform/db/db.server";
import { RefusalError, type Refusal, refusal } from "~/platform/core/refusal";
import { english } from "~/platform/i18n/render-refusal.server";
import type { CropKey } from "~/features/catalog/domain/crops";
import { chargedUnitPrice } from "~/features/tax/domain/gst";
import { gstRateOf } from "~/features/tax/domain/product-gst";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { syncProductSummary } from "~/features/catalog/server/variants.server";
import { type KitInput, kitInputRefusal, partsTotal } from "~/features/kits/domain/kit-rules";
import { recordAudit } from "~/features/audit/server/record-audit.server";

export class KitRefused extends RefusalError {
  constructor(refused: Refusal, status = 400) {
    super(refused, { status, english: english(refused) });
  }
}

const weightOf = (r: { quantity: number; size: { price_paise: number | string } }) => Number(r.size.price_paise) * r.quantity;

/** A kit's stock as its parts allow it, as a SQL expression on a kit size's id column (migration 0048's rule). */
export const kitStockOf = (kitIdColumn: string) =>
  sql<number>`coalesce((select min(p.stock / k.quantity) from kit_part k join product_variant p on p.id = k.part_variant_id
    where k.kit_variant_id = ${sql.ref(kitIdColumn)}), 0)`;

/**
 * Makes a pack size a kit of the given parts at the given price (docs/decisions/055-kits.md), or
 * changes one: in one transaction the kit's product row is locked (written), its parts replaced, its
 * price set, its MRP made its parts' MRPs together (what the kit costs bought apart, shown struck
 * through), its stock made what the parts allow, and its product's summary written. Refused, with
 * nothing written: an unknown SKU, a kit size sharing its product with other sizes or itself a part,
 * a part that is a kit, and a price above the parts' own prices together.
 */
export async function saveKit(input: KitInput): Promise<{ kitVariantId: string; productId: string }> {
  const refused = kitInputRefusal(input);
  if (refused) throw new KitRefused(refused);
  const kitSku = input.kitSku.trim();
  const parts = input.parts.map((p) => ({ sku: p.sku.trim(), quantity: p.quantity }));
  // Read before the transaction (on SQLite it has the only connection).
  const { taxMode } = await getGeneralSettings();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const kit = await trx
        .selectFrom("product_variant as v")
        .select([
          "v.id",
          "v.product_id",
          (eb) =>
            eb
              .selectFrom("product_variant as w")
              .select(eb.fn.countAll<number>().as("n"))
              .whereRef("w.product_id", "=", "v.product_id")
              .as("sizes"),
          (eb) =>
            eb.exists(eb.selectFrom("kit_part as k").select("k.kit_variant_id").whereRef("k.part_variant_id", "=", "v.id")).as("is_part"),
        ])
        .where("v.sku", "=", kitSku)
        .executeTakeFirst();
      if (!kit) throw new KitRefused(refusal("kits.kit_unknown", { sku: kitSku }));
      if (Number(kit.sizes) !== 1) throw new KitRefused(refusal("kits.kit_one_size", { sku: kitSku }));
      if (kit.is_part && Number(kit.is_part)) throw new KitRefused(refusal("kits.kit_is_part", { sku: kitSku }));
      // The kit's product first: every writer of its sizes takes its row (variants.server.ts).
      await trx.updateTable("product").set({ updated_at: new Date().toISOString() }).where("id", "=", kit.product_id).execute();

      const found = await trx
        .selectFrom("product_variant as v")
        .select([
          "v.id",
          "v.sku",
          "v.price_paise",
          "v.mrp_paise",
          (eb) => eb.selectFrom("product as p").select("p.gst_rate").whereRef("p.id", "=", "v.product_id").as("gst_rate"),
          (eb) =>
            eb.exists(eb.selectFrom("kit_part as k").select("k.part_variant_id").whereRef("k.kit_variant_id", "=", "v.id")).as("is_kit"),
        ])
        .where(
          "v.sku",
          "in",
          parts.map((p) => p.sku),
        )
        .execute();
      const bySku = new Map(found.map((f) => [f.sku, f]));
      const rows = parts.map((part) => {
        const size = bySku.get(part.sku);
        if (!size) throw new KitRefused(refusal("kits.part_unknown", { sku: part.sku }));
        if (size.id === kit.id) throw new KitRefused(refusal("kits.part_is_itself"));
        if (Number(size.is_kit)) throw new KitRefused(refusal("kits.part_is_kit", { sku: part.sku }));
        return { ...part, size };
      });
      const apart = partsTotal(rows.map((r) => ({ unitPaise: Number(r.size.price_paise), quantity: r.quantity })));
      if (input.pricePaise > apart) throw new KitRefused(refusal("kits.price_over_parts", { amountPaise: apart }));
      const mrp = partsTotal(rows.map((r) => ({ unitPaise: Number(r.size.mrp_paise), quantity: r.quantity })));

      const was = await trx
        .selectFrom("kit_part as k")
        .innerJoin("product_variant as v", "v.id", "k.part_variant_id")
        .select(["v.sku", "k.quantity"])
        .where("k.kit_variant_id", "=", kit.id)
        .orderBy("k.position")
        .execute();
      const wasPrice = await trx.selectFrom("product_variant").select("price_paise").where("id", "=", kit.id).executeTakeFirstOrThrow();
      await trx.deleteFrom("kit_part").where("kit_variant_id", "=", kit.id).execute();
      await trx
        .insertInto("kit_part")
        .values(rows.map((r, position) => ({ kit_variant_id: kit.id, part_variant_id: r.size.id, quantity: r.quantity, position })))
        .execute();
      await trx
        .updateTable("product_variant")
        .set({ price_paise: input.pricePaise, mrp_paise: mrp, price_breaks: null, stock: kitStockOf("product_variant.id") })
        .where("id", "=", kit.id)
        .execute();
      // The kit's product shows its price with the GST of the part that carries most of it (the cart and
      // the order charge each part's own rate), unless that would show it above its MRP: then with its
      // parts' lowest rate, at which it never is (the kit costs no more than its parts, each within its MRP).
      const rates = rows.map((r) => gstRateOf(r.size.gst_rate ?? 0));
      const mainAt = rows.reduce((best, r, i) => (weightOf(r) > weightOf(rows[best] ?? r) ? i : best), 0);
      const main = rates[mainAt] ?? 0;
      const rate = chargedUnitPrice(input.pricePaise, main, taxMode) <= mrp ? main : Math.min(...rates);
      await trx.updateTable("product").set({ gst_rate: rate }).where("id", "=", kit.product_id).execute();
      await syncProductSummary(trx, [kit.product_id]);
      const partsOf = (list: readonly { sku: string; quantity: number | string }[]) =>
        list.map((p) => `${p.sku} × ${Number(p.quantity)}`).join(", ");
      await recordAudit(trx, {
        kind: was.length > 0 ? "kit.update" : "kit.create",
        object: { type: "product", id: kit.product_id },
        before: was.length > 0 ? { kit: kitSku, price_paise: Number(wasPrice.price_paise), parts: partsOf(was) } : null,
        after: { kit: kitSku, price_paise: input.pricePaise, parts: partsOf(parts) },
      });
      return { kitVariantId: kit.id, productId: kit.product_id };
    });
}

/** A kit's parts as its pages show them, in the kit's order; empty for a size that is no kit. */
export async function readKitParts(db: Db, kitVariantIds: readonly string[]) {
  if (kitVariantIds.length === 0) return [];
  const rows = await db
    .selectFrom("kit_part as k")
    .innerJoin("product_variant as v", "v.id", "k.part_variant_id")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select([
      "k.kit_variant_id",
      "k.quantity",
      "v.id as variantId",
      "v.sku",
      "v.label",
      "v.price_paise",
      "v.mrp_paise",
      "v.stock",
      "p.id as productId",
      "p.name",
      "p.name_hi",
      "p.status",
      "p.gst_rate",
      (eb) =>
        eb.selectFrom("product_variant as w").select(eb.fn.countAll<number>().as("n")).whereRef("w.product_id", "=", "p.id").as("sizes"),
    ])
    .where("k.kit_variant_id", "in", kitVariantIds)
    .orderBy("k.kit_variant_id")
    .orderBy("k.position")
    .execute();
  return rows.map((r) => ({
    kitVariantId: r.kit_variant_id,
    quantity: Number(r.quantity),
    variantId: r.variantId,
    sku: r.sku,
    label: Number(r.sizes) > 1 ? r.label : "",
    pricePaise: Number(r.price_paise),
    mrpPaise: Number(r.mrp_paise),
    stock: Number(r.stock),
    productId: r.productId,
    name: r.name,
    nameHi: r.name_hi?.trim() || null,
    live: r.status === "live",
    gstRate: Number(r.gst_rate),
  }));
}

/** Every kit, for the admin's page: its product, SKU, price, MRP, stock and parts. */
export async function listKits() {
  const db = getDb();
  const kits = await db
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select(["v.id", "v.sku", "v.price_paise", "v.mrp_paise", "v.stock", "p.id as productId", "p.name", "p.status"])
    .where("v.id", "in", (eb) => eb.selectFrom("kit_part").select("kit_variant_id"))
    .orderBy("p.name")
    .execute();
  const parts = await readKitParts(
    db,
    kits.map((k) => k.id),
  );
  return kits.map((k) => ({
    id: k.id,
    sku: k.sku,
    pricePaise: Number(k.price_paise),
    mrpPaise: Number(k.mrp_paise),
    stock: Number(k.stock),
    productId: k.productId,
    name: k.name,
    status: k.status,
    parts: parts.filter((p) => p.kitVariantId === k.id),
  }));
}

/** The parts of a kit size, for its product page (empty when the size is no kit). */
export async function getKitParts(kitVariantId: string) {
  return readKitParts(getDb(), [kitVariantId]);
}

/**
 * The cheapest kit on sale and in stock for any of these crops (not the product itself), for the
 * dosage calculator's answer on a product page: "Or buy the 1 acre tomato kit — ₹X". Null when none.
 */
export async function kitForCrops(crops: readonly CropKey[], notProductId: string) {
  if (crops.length === 0) return null;
  const row = await getDb()
    .selectFrom("product_variant as v")
    .innerJoin("product as p", "p.id", "v.product_id")
    .select(["p.id", "p.name", "p.name_hi", "p.gst_rate", "v.price_paise"])
    .where("p.status", "=", "live")
    .where("v.stock", ">", 0)
    .where("p.id", "<>", notProductId)
    .where("p.id", "in", (eb) => eb.selectFrom("product_crop").select("product_id").where("crop", "in", crops))
    .where("v.id", "in", (eb) => eb.selectFrom("kit_part").select("kit_variant_id"))
    .orderBy("v.price_paise")
    .orderBy("p.id")
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        productId: row.id,
        name: row.name,
        nameHi: row.name_hi?.trim() || null,
        pricePaise: Number(row.price_paise),
        gstRate: Number(row.gst_rate),
      }
    : null;
}
