import { z } from "zod";
import { ONDC_ERRORS } from "~/features/ondc/domain/beckn";
import { buildCatalog, categoryFilterOf, splitCatalog } from "~/features/ondc/domain/catalog";
import { parseCatalogQuery } from "~/features/catalog/domain/catalog-query";
import { findProducts } from "~/features/catalog/server/find-products.server";
import { getDeliverySettings, lookupPincode } from "~/features/delivery/server/delivery.server";
import { zoneFor } from "~/features/delivery/domain/delivery";
import { type CatalogScope, readCatalog } from "~/features/ondc/server/read-catalog.server";
import { defineCall, type OndcReply } from "./call";

/**
 * `search` → `on_search`: the store's catalogue for a buyer app (docs/decisions/074-ondc-catalog.md).
 * By item name (the storefront's own search, so its synonyms and Hindi names find the product), by
 * AGR10 category, by provider, or all; for the buyer's pincode when it gives one; in full or only
 * what changed in a window (retail 1.2's `catalog_inc`).
 */

/** At most this many products answer a search by name: the best matches, as the storefront ranks them. */
export const NAME_SEARCH_LIMIT = 500;
/**
 * Each `on_search` stays under this many bytes of catalogue JSON, several replies when the catalogue
 * is larger. ONDC names no limit we could find; our own endpoint takes at most 1 MB, and a buyer app
 * is held to the same here, with room left for the context.
 */
export const MAX_CATALOG_BYTES = 900_000;

const Tag = z.looseObject({
  code: z.string().max(60),
  list: z
    .array(z.looseObject({ code: z.string().max(60), value: z.string().max(500) }))
    .max(50)
    .optional(),
});
const Pincode = z
  .string()
  .trim()
  .regex(/^[1-9]\d{5}$/);

const IntentSchema = z.looseObject({
  item: z.looseObject({ descriptor: z.looseObject({ name: z.string().max(200).optional() }).optional() }).optional(),
  category: z.looseObject({ id: z.string().trim().max(100).optional() }).optional(),
  provider: z.looseObject({ id: z.string().trim().max(100).optional() }).optional(),
  fulfillment: z
    .looseObject({
      type: z.string().max(40).optional(),
      end: z
        .looseObject({
          location: z
            .looseObject({
              gps: z.string().max(60).optional(),
              address: z.looseObject({ area_code: Pincode.optional() }).optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  tags: z.array(Tag).max(20).optional(),
});
type Intent = z.infer<typeof IntentSchema>;

/** A search's message; a catalog_inc window that is not two ISO times in order is NACKed (30000). */
const SearchMessageSchema = z.looseObject({ intent: IntentSchema }).superRefine((message, ctx) => {
  const inc = catalogIncOf(message.intent.tags);
  if (inc?.kind !== "window") return;
  const start = Date.parse(inc.start);
  const end = inc.end === undefined ? Number.POSITIVE_INFINITY : Date.parse(inc.end);
  if (!isIso(inc.start) || (inc.end !== undefined && !isIso(inc.end)) || !(start < end))
    ctx.addIssue({ code: "custom", message: "catalog_inc needs an ISO start_time before its end_time", path: ["intent", "tags"] });
});
type SearchMessage = z.infer<typeof SearchMessageSchema>;

const isIso = (text: string) => z.iso.datetime({ offset: true }).safeParse(text).success;

type CatalogInc = { kind: "window"; start: string; end?: string } | { kind: "mode"; mode: string };

/** retail 1.2's incremental catalogue request: a window (start_time, end_time) or a push subscription (mode). */
function catalogIncOf(tags: Intent["tags"]): CatalogInc | null {
  const tag = tags?.find((t) => t.code === "catalog_inc");
  if (!tag) return null;
  const value = (code: string) => tag.list?.find((entry) => entry.code === code)?.value;
  const mode = value("mode");
  if (mode !== undefined) return { kind: "mode", mode };
  const start = value("start_time");
  const end = value("end_time");
  return { kind: "window", start: start ?? "", ...(end !== undefined ? { end } : {}) };
}

export const searchCall = defineCall<SearchMessage>({
  message: SearchMessageSchema,
  async handle({ message, context, receivedAt }): Promise<OndcReply[]> {
    const { intent } = message;
    const scope: CatalogScope = context.city ? { city: context.city } : {};
    const inc = catalogIncOf(intent.tags);
    // Pushing changes as they happen (mode start/stop) is not offered: the buyer app asks for a window.
    if (inc?.kind === "mode") return [{ error: ONDC_ERRORS.notApplicable }];
    if (inc?.kind === "window") {
      // The window ends no later than the request (retail 1.2: end_time ≤ the context's timestamp).
      const end = inc.end && Date.parse(inc.end) < Date.parse(receivedAt) ? inc.end : receivedAt;
      scope.changed = { start: new Date(inc.start).toISOString(), end: new Date(end).toISOString() };
    }

    const pincode = intent.fulfillment?.end?.location?.address?.area_code;
    if (pincode) {
      const [place, delivery] = await Promise.all([lookupPincode(pincode), getDeliverySettings()]);
      if (!place || !zoneFor(delivery, pincode, place.state).rule.served) return [{ error: ONDC_ERRORS.notServiceable }];
      scope.place = { ...place, pincode };
    }

    const categoryId = intent.category?.id;
    if (categoryId) {
      const filter = categoryFilterOf(categoryId);
      // A category we do not sell: nothing to answer, and ONDC asks a seller with nothing to stay silent.
      if (!filter) return [];
      scope.categories = filter.category;
      if (filter.regulatedAs) scope.regulatedAs = filter.regulatedAs;
    }
    if (intent.provider?.id) scope.providerId = intent.provider.id;

    const { q } = parseCatalogQuery(new URLSearchParams({ q: intent.item?.descriptor?.name ?? "" }));
    if (q) {
      const found = await findProducts({ q, category: "all", sort: "best", page: 1 }, NAME_SEARCH_LIMIT);
      if (found.products.length === 0) return [];
      scope.productIds = found.products.map((p) => p.id);
    }

    const { sellers, terms } = await readCatalog(scope);
    const catalog = buildCatalog(sellers, { ...terms, now: receivedAt, mode: scope.changed ? "incremental" : "full" });
    if (catalog["bpp/providers"].length === 0) return [];
    return splitCatalog(catalog, MAX_CATALOG_BYTES).map((part) => ({ message: { catalog: part } }));
  },
});
