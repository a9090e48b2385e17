import { sql } from "kysely";
import type { Db, Engine } from "~/platform/db/db.server";
import { licensedToSell, licenceStatesOf } from "~/features/vendor-shops/server/licensed-listings.server";
import { kitOfferGroups, kitPartLines, type KitOfferPart, spreadKitDiscounts } from "~/features/kits/domain/kit-split";

/**
 * A kit in an order (docs/decisions/055-kits.md). placeOrder reads the pack sizes asked for; a size
 * that is a kit is sold as its parts: one order line per part (kit quantity × part quantity), each
 * with the part's HSN and GST rate, the kit's price shared over them in proportion to the parts' own
 * prices (splitKitPrice), and the kit named on each. The stock taken is the parts', with the same
 * guarded decrement as any size; the kit's own stock follows its parts (migration 0048's triggers).
 */

/** What placeOrder reads of a size; a part's row is read the same way. */
export type OrderSize = {
  id: string;
  product_id: string;
  label: string;
  sku: string;
  price_paise: number | string;
  price_breaks: string | null;
  name: string;
  name_hi: string | null;
  status: string;
  vendor_id: string | null;
  image: string;
  hsn_code: string;
  gst_rate: number | string;
  category: string;
  licensed: number | string;
  sizes: number | string | null;
  /** Where its seller may deliver it (docs/decisions/057-territory.md). */
  regulated_as: string | null;
  subsidised: number | string;
  licence_states: string | null;
};

type KitPart<S> = S & { kit_variant_id: string; part_quantity: number };

/** The kits an order touches, when any of its sizes is one or is a part of one (else null, and nothing is read). */
export type OrderKits<S> = {
  /** The kits' sizes asked for, by id, each with its parts in the kit's order. */
  parts: ReadonlyMap<string, KitPart<S>[]>;
  /** The products of every kit whose stock this order changes: the kits bought and those of the parts taken. */
  kitProductIds: readonly string[];
};

/**
 * Reads the parts of the kits asked for and the kits the order's stock reaches, or null when no
 * size is or is in a kit (an ordinary order sends nothing more). `isKit`/`inKit` come with the sizes.
 */
export async function readOrderKits<S extends OrderSize>(
  trx: Db,
  sizes: readonly (S & { is_kit: unknown; in_kit: unknown })[],
  today: string,
): Promise<OrderKits<OrderSize> | null> {
  if (!sizes.some((s) => Number(s.is_kit) || Number(s.in_kit))) return null;
  const kitIds = sizes.filter((s) => Number(s.is_kit)).map((s) => s.id);
  const rows =
    kitIds.length === 0
      ? []
      : await trx
          .selectFrom("kit_part as k")
          .innerJoin("product_variant as v", "v.id", "k.part_variant_id")
          .innerJoin("product as p", "p.id", "v.product_id")
          .select([
            "k.kit_variant_id",
            "k.quantity as part_quantity",
            "v.id",
            "v.product_id",
            "v.label",
            "v.sku",
            "v.price_paise",
            "v.price_breaks",
            "p.name",
            "p.name_hi",
            "p.status",
            "p.vendor_id",
            "p.image",
            "p.hsn_code",
            "p.gst_rate",
            "p.category",
            sql<number>`case when ${licensedToSell("p", today)} then 1 else 0 end`.as("licensed"),
            "p.regulated_as",
            "p.subsidised",
            licenceStatesOf("p").as("licence_states"),
            (eb) =>
              eb
                .selectFrom("product_variant as w")
                .select(eb.fn.countAll<number>().as("n"))
                .whereRef("w.product_id", "=", "p.id")
                .as("sizes"),
          ])
          .where("k.kit_variant_id", "in", kitIds)
          .orderBy("k.kit_variant_id")
          .orderBy("k.position")
          .orderBy("k.part_variant_id")
          .execute();
  const parts = new Map<string, KitPart<OrderSize>[]>();
  for (const row of rows)
    parts.set(row.kit_variant_id, [...(parts.get(row.kit_variant_id) ?? []), { ...row, part_quantity: Number(row.part_quantity) }]);
  const taken = [...new Set([...sizes.filter((s) => !Number(s.is_kit)).map((s) => s.id), ...rows.map((r) => r.id)])];
  const reached =
    taken.length === 0
      ? []
      : await trx
          .selectFrom("kit_part as k")
          .innerJoin("product_variant as kv", "kv.id", "k.kit_variant_id")
          .select("kv.product_id")
          .distinct()
          .where("k.part_variant_id", "in", taken)
          .execute();
  const kitProductIds = [
    ...new Set([...sizes.filter((s) => Number(s.is_kit)).map((s) => s.product_id), ...reached.map((r) => r.product_id)]),
  ].sort();
  return { parts, kitProductIds };
}

/** An order line to write: a size sold on its own, or a part of a kit with its share of the kit's price. */
export type PlannedLine<S> = {
  size: S;
  quantity: number;
  kit: {
    variantId: string;
    productId: string;
    category: string;
    vendorId: string | null;
    name: string;
    nameHi: string | null;
    quantity: number;
    /** The part line's amount and its unit price (kitPartLines: unit × quantity = amount when it can be). */
    sharePaise: number;
    unitPaise: number;
  } | null;
};

/**
 * The order's lines and the stock it takes: each size on its own as asked; each kit as its parts
 * (refused by `refuse` when a kit has no parts or a part is not on sale). `stock` is every size whose
 * stock is taken, in the fixed lock order (product id, then size id), with the units taken of each
 * (a part bought alone and in a kit, or in two kits, is taken once, summed).
 */
export function planOrderLines<S extends OrderSize>(
  sizes: readonly (S & { is_kit?: unknown })[],
  quantities: ReadonlyMap<string, number>,
  kits: OrderKits<OrderSize> | null,
  refuse: (kitName: string, partName: string | null) => Error,
): { lines: PlannedLine<OrderSize>[]; stock: OrderSize[]; take: Map<string, number> } {
  const lines: PlannedLine<OrderSize>[] = [];
  const take = new Map<string, number>();
  const stockSizes = new Map<string, OrderSize>();
  const add = (size: OrderSize, quantity: number) => {
    take.set(size.id, (take.get(size.id) ?? 0) + quantity);
    stockSizes.set(size.id, size);
  };
  const sorted = [...sizes].sort((a, b) => a.product_id.localeCompare(b.product_id) || a.id.localeCompare(b.id));
  for (const size of sorted) {
    const quantity = quantities.get(size.id) ?? 0;
    if (!Number(size.is_kit)) {
      lines.push({ size, quantity, kit: null });
      add(size, quantity);
      continue;
    }
    const parts = kits?.parts.get(size.id) ?? [];
    if (parts.length === 0) throw refuse(size.name, null);
    const gone = parts.find((p) => p.status !== "live" || !Number(p.licensed));
    if (gone) throw refuse(size.name, gone.name);
    const shares = kitPartLines(
      Number(size.price_paise),
      parts.map((p) => ({ weight: Number(p.price_paise) * p.part_quantity, quantity: p.part_quantity })),
      quantity,
    );
    parts.forEach((part, i) => {
      const units = part.part_quantity * quantity;
      lines.push({
        size: part,
        quantity: units,
        kit: {
          variantId: size.id,
          productId: size.product_id,
          category: size.category,
          vendorId: size.vendor_id,
          name: size.name,
          nameHi: size.name_hi?.trim() || null,
          quantity,
          sharePaise: shares[i]?.amount ?? 0,
          unitPaise: shares[i]?.unit ?? 0,
        },
      });
      add(part, units);
    });
  }
  const stock = [...stockSizes.values()].sort((a, b) => a.product_id.localeCompare(b.product_id) || a.id.localeCompare(b.id));
  return { lines, stock, take };
}

/**
 * The order's lines as offers judge them (docs/decisions/055-kits.md), as the cart's quote does: a
 * kit's part lines as one line (the kit's product, size, category and seller, its quantity, its
 * amount the parts' together, i.e. the kit's price × kits). `spread` puts the offers' result back on
 * the order's lines: a kit's discount, and each offer's part of it, shared over its part lines by
 * their amounts (spreadKitDiscounts, as priceCart does for the cart's tax).
 */
export function offerKitsAsOne(
  plan: readonly PlannedLine<OrderSize>[],
  lines: readonly { product_id: string; variant_id: string; vendor_id: string | null; quantity: number; line_total_paise: number }[],
) {
  const groups = kitOfferGroups(plan.map((p) => p.kit?.variantId ?? null));
  const amounts = lines.map((l) => l.line_total_paise);
  const input = groups.map((group) => {
    const first = group[0] ?? 0;
    const kit = plan[first]?.kit ?? null;
    const line = lines[first];
    const amount = group.reduce((s, i) => s + (amounts[i] ?? 0), 0);
    if (kit)
      return {
        productId: kit.productId,
        variantId: kit.variantId,
        vendorId: kit.vendorId,
        quantity: kit.quantity,
        amount,
        category: kit.category,
      };
    return {
      productId: line?.product_id ?? "",
      variantId: line?.variant_id ?? "",
      vendorId: line?.vendor_id ?? null,
      quantity: line?.quantity ?? 0,
      amount,
      category: plan[first]?.size.category,
    };
  });
  const spread = <R extends { lines: readonly { discount: number; parts: readonly KitOfferPart[] }[] }>(result: R) => ({
    ...result,
    lines: spreadKitDiscounts(groups, amounts, result.lines),
  });
  return { input, spread };
}

/**
 * The products of the kits the order's stock reaches, locked after its parts' products, in id order
 * (PostgreSQL): the lock every writer of a part's stock takes through migration 0048's trigger, so
 * orders of kits and of their parts never deadlock. The kits bought must still be on sale: the id
 * of the first that is not is answered.
 */
export async function lockKitProducts(trx: Db, engine: Engine, kits: OrderKits<OrderSize> | null, bought: readonly string[]) {
  if (!kits || kits.kitProductIds.length === 0) return null;
  const rows = await trx
    .selectFrom("product")
    .select(["id", "status"])
    .where("id", "in", kits.kitProductIds)
    .orderBy("id")
    .$if(engine === "postgres", (qb) => qb.forNoKeyUpdate())
    .execute();
  const live = new Set(rows.filter((r) => r.status === "live").map((r) => r.id));
  return bought.find((id) => !live.has(id)) ?? null;
}

/** The kits that contain a size, as a column of placeOrder's read of its sizes. */
export const kitColumns = {
  isKit: (variant: string) =>
    sql<number>`case when exists (select 1 from kit_part kk where kk.kit_variant_id = ${sql.ref(variant)}) then 1 else 0 end`,
  inKit: (variant: string) =>
    sql<number>`case when exists (select 1 from kit_part kk where kk.part_variant_id = ${sql.ref(variant)}) then 1 else 0 end`,
};

/**
 * For a writer that puts back several parts' stock in one transaction (a cancellation): the products
 * of the kits those sizes are parts of, locked in id order (PostgreSQL) after the parts' own products
 * and before any stock changes, as an order takes them; the trigger then finds them held.
 */
export async function lockKitsOfParts(trx: Db, engine: Engine, variantIds: readonly string[]) {
  if (engine !== "postgres" || variantIds.length === 0) return;
  await trx
    .selectFrom("product")
    .select("id")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("kit_part as k")
        .innerJoin("product_variant as kv", "kv.id", "k.kit_variant_id")
        .select("kv.product_id")
        .where("k.part_variant_id", "in", variantIds),
    )
    .orderBy("id")
    .forNoKeyUpdate()
    .execute();
}
