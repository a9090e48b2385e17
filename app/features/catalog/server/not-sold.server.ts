import { sql, type SqlBool } from "kysely";
import { getDatabase } from "~/platform/db/db.server";
import type { Locale } from "~/platform/i18n/locale";
import { currentLocale } from "~/platform/i18n/i18n.server";
import type { CategoryKey } from "~/features/catalog/domain/categories";
import type { CropKey } from "~/features/catalog/domain/crops";
import { CROP_KEYS } from "~/features/catalog/domain/crops";
import type { ProductCard } from "~/features/catalog/domain/product-view";
import { namedTypes, typeWords, type ProductType } from "~/features/catalog/domain/product-types";
import { searchWords, type SearchTerm } from "~/features/catalog/domain/search-terms";
import { selectProductCard, toProductCard } from "./select-product-card.server";
import { nameHoldsWord, wordForm } from "./word-rank.server";

/** How many alternatives a "we don't sell it" answer offers. */
const ALTERNATIVES = 4;

export type NotSold = {
  /** what is not sold, in the request's language: "urea", "यूरिया" */
  item: string;
  category: CategoryKey | null;
  /** products to offer instead, best rated first: the named crop's in the category, then the category's */
  alternatives: ProductCard[];
};

/**
 * When a search names a kind of product (product-types.ts) that no product on sale is called, in
 * either language: what it is and the nearest alternatives, or null. Each check is one lookup in
 * the search's trigram index; alternatives come from the sort indexes (0002, 0014).
 */
export async function findNotSold(q: string, terms: SearchTerm[], locale: Locale = currentLocale()): Promise<NotSold | null> {
  const words = searchWords(q);
  for (const type of namedTypes(words, terms)) {
    if (await isSold(type)) continue;
    const crop = await namedCrop(words, terms);
    return { item: type[locale], category: type.category, alternatives: await alternativesFor(type.category, crop) };
  }
  return null;
}

/** A product on sale whose name, in either language, holds one of the type's words as a word. */
async function isSold(type: ProductType): Promise<boolean> {
  const { db, engine } = getDatabase();
  const words = typeWords(type).filter((w) => [...w].length >= 3); // trigrams need three characters
  if (words.length === 0) return true; // nothing to look for: claim nothing
  if (engine === "sqlite") {
    // The name's words are in the trigram index (0037): " pot " is a whole word there.
    const wholes = words.flatMap((w) => [` ${wordForm(w)} `, ` ${wordForm(w)}s `, ` ${wordForm(w)}es `]);
    const match = `{search_name_words} : (${wholes.map((w) => `"${w.replace(/"/g, '""')}"`).join(" OR ")})`;
    const { rows } = await sql`select 1 from product_search where product_search match ${match} limit 1`.execute(db);
    return rows.length > 0;
  }
  const row = await db
    .selectFrom("product")
    .select("product.id")
    .where("product.status", "=", "live")
    .where(
      sql<SqlBool>`(${sql.join(
        words.map((w) => sql`product.search_text like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`),
        sql` or `,
      )})`,
    )
    .where(sql<SqlBool>`(${sql.join(words.map(nameHoldsWord), sql` or `)})`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A crop the search names by one of its words (search_tag, 0037): "mirchi", "धान". */
async function namedCrop(words: string[], terms: SearchTerm[]): Promise<CropKey | null> {
  const said = new Set([...words, ...terms.flatMap((t) => t.forms)]);
  const crops = await getDatabase().db.selectFrom("search_tag").select(["key", "words"]).where("kind", "=", "crop").execute();
  const crop = crops.find((c) => c.words.split(" ").some((w) => said.has(w)));
  return crop && (CROP_KEYS as readonly string[]).includes(crop.key) ? (crop.key as CropKey) : null;
}

/** Best rated first: the crop's products in the category, then the category's (or the crop's, without one). */
async function alternativesFor(category: CategoryKey | null, crop: CropKey | null): Promise<ProductCard[]> {
  const { db } = getDatabase();
  const picked: string[] = [];
  if (crop) {
    let entries = db.selectFrom("product_crop").select("product_id").where("crop", "=", crop).where("status", "=", "live");
    if (category) entries = entries.where("category", "=", category);
    const rows = await entries
      .orderBy("rating", "desc")
      .orderBy("reviews", "desc")
      .orderBy("product_id", "desc")
      .limit(ALTERNATIVES)
      .execute();
    picked.push(...rows.map((r) => r.product_id));
  }
  if (category && picked.length < ALTERNATIVES) {
    let rows = db.selectFrom("product").select("id").where("status", "=", "live").where("category", "=", category);
    if (picked.length) rows = rows.where("id", "not in", picked);
    const more = await rows
      .orderBy("rating", "desc")
      .orderBy("reviews", "desc")
      .orderBy("id", "desc")
      .limit(ALTERNATIVES - picked.length)
      .execute();
    picked.push(...more.map((r) => r.id));
  }
  if (picked.length === 0) return [];
  const cards = await selectProductCard(db.selectFrom("product").where("product.id", "in", picked)).execute();
  return picked.flatMap((id) => cards.filter((c) => c.id === id).map(toProductCard));
}
