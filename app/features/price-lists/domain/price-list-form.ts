import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";
import { CATEGORY_KEYS } from "../../catalog/domain/categories";

/**
 * The admin's customer-group and price-list forms (docs/decisions/054-price-lists.md): every field checked,
 * each refusal a code said in the page's language (messages/orders). Prices are typed in rupees before GST
 * and kept in paise; times are typed in India time (`datetime-local`) and kept as UTC instants.
 */

const BLANK = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const ID = z.string(refusalCode("common.form_missing")).regex(/^[a-z0-9]{6,40}$/, refusalCode("common.form_missing"));
const name = (max: number) =>
  z.string(refusalCode("price_lists.name")).trim().min(1, refusalCode("price_lists.name")).max(max, refusalCode("price_lists.name"));
const hindiName = (max: number) => z.preprocess(BLANK, z.string().trim().max(max, refusalCode("price_lists.name")).optional());

/** A `datetime-local` value in India time to an ISO instant; undefined when left empty. */
const indiaTime = z.preprocess(
  BLANK,
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, refusalCode("price_lists.time"))
    .transform((s, ctx) => {
      const at = Date.parse(`${s.length === 16 ? `${s}:00` : s}+05:30`);
      if (Number.isNaN(at)) {
        ctx.addIssue({ code: "custom", message: refusalCode("price_lists.time") });
        return z.NEVER;
      }
      return new Date(at).toISOString();
    })
    .optional(),
);

export const GroupFormSchema = z.object({ name: name(60), nameHi: hindiName(60) });

export const GroupActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("rename"), name: name(60), nameHi: hindiName(60) }),
    z.object({
      intent: z.literal("add_member"),
      email: z
        .string(refusalCode("price_lists.email"))
        .trim()
        .toLowerCase()
        .pipe(z.email(refusalCode("price_lists.email")).max(200)),
    }),
    z.object({
      intent: z.literal("remove_member"),
      userId: z.string(refusalCode("common.form_missing")).regex(/^[A-Za-z0-9_-]{1,64}$/, refusalCode("common.form_missing")),
    }),
  ],
  refusalCode("common.unknown_intent"),
);

export const PriceListFormSchema = z
  .object({
    groupId: ID.or(z.literal("")).refine((v) => v !== "", refusalCode("price_lists.group_required")),
    name: name(80),
    nameHi: hindiName(80),
    startsAt: indiaTime.refine((v) => v !== undefined, refusalCode("price_lists.time")),
    endsAt: indiaTime,
  })
  .superRefine((v, ctx) => {
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: refusalCode("price_lists.end_before_start") });
  })
  .transform((v) => ({ ...v, startsAt: v.startsAt as string, endsAt: v.endsAt ?? null }));

export type PriceListFormInput = z.infer<typeof PriceListFormSchema>;

/** Rupees as typed ("1,150.50") to paise. */
const rupees = z
  .string(refusalCode("price_lists.price"))
  .trim()
  .transform((s) => s.replace(/[,₹\s]/g, ""))
  .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, refusalCode("price_lists.price")))
  .transform((s) => Math.round(Number(s) * 100))
  .refine((p) => p > 0, refusalCode("price_lists.price"));

const percent = z.coerce
  .number(refusalCode("price_lists.percent"))
  .int(refusalCode("price_lists.percent"))
  .min(1, refusalCode("price_lists.percent"))
  .max(99, refusalCode("price_lists.percent"));

export const EntryFormSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("variant"),
      sku: z
        .string(refusalCode("price_lists.sku_required"))
        .trim()
        .min(1, refusalCode("price_lists.sku_required"))
        .max(80, refusalCode("price_lists.sku_required")),
      price: rupees,
    }),
    z.object({
      kind: z.literal("product"),
      productId: z.string().trim().min(1, refusalCode("price_lists.product_required")).max(64),
      percent,
    }),
    z.object({ kind: z.literal("category"), category: z.enum(CATEGORY_KEYS, refusalCode("price_lists.category")), percent }),
  ],
  refusalCode("price_lists.entry_kind"),
);

export type EntryFormInput = z.infer<typeof EntryFormSchema>;

/** The edit page's intents: the list's details, or an entry added or removed. */
export const PriceListActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save") }),
    z.object({ intent: z.literal("add_entry") }),
    z.object({ intent: z.literal("remove_entry"), entryId: ID }),
  ],
  refusalCode("common.unknown_intent"),
);

/** The list page's pause and turn-on buttons. */
export const PriceListStatusSchema = z.object({
  intent: z.enum(["pause", "resume"], refusalCode("common.unknown_intent")),
  id: ID,
});
