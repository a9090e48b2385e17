import { z } from "zod";
import { refusalCode } from "../../../platform/core/refusal";
import { normaliseCode, OFFER_KINDS, OFFER_TARGETS } from "./offers";

/**
 * The admin's offer form (issue 31): every field checked, each refusal a code said in the page's
 * language (messages/orders). Amounts are typed in rupees (up to two decimals) and kept in paise;
 * times are typed in India time (`datetime-local`) and kept as instants.
 */

const BLANK = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Rupees as typed ("1,350.50") to paise; undefined when left empty. */
const rupees = (code: Parameters<typeof refusalCode>[0]) =>
  z.preprocess(
    BLANK,
    z
      .string()
      .trim()
      .transform((s) => s.replace(/,/g, ""))
      .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, refusalCode(code)))
      .transform((s) => Math.round(Number(s) * 100))
      .optional(),
  );

const count = (code: Parameters<typeof refusalCode>[0], min: number) =>
  z.preprocess(
    BLANK,
    z.coerce.number(refusalCode(code)).int(refusalCode(code)).min(min, refusalCode(code)).max(10_000_000, refusalCode(code)).optional(),
  );

/** A `datetime-local` value in India time to an ISO instant; undefined when left empty. */
const indiaTime = (code: Parameters<typeof refusalCode>[0]) =>
  z.preprocess(
    BLANK,
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, refusalCode(code))
      .transform((s, ctx) => {
        const at = Date.parse(`${s.length === 16 ? `${s}:00` : s}+05:30`);
        if (Number.isNaN(at)) {
          ctx.addIssue({ code: "custom", message: refusalCode(code) });
          return z.NEVER;
        }
        return new Date(at).toISOString();
      })
      .optional(),
  );

/** Ids or keys as typed, one per line or separated by commas. */
const list = z.preprocess(
  (v) => (typeof v === "string" ? v : ""),
  z.string().transform((s) =>
    [
      ...new Set(
        s
          .split(/[\s,]+/)
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ].slice(0, 200),
  ),
);

export const OfferFormSchema = z
  .object({
    kind: z.enum(OFFER_KINDS, refusalCode("offers.kind")),
    code: z.preprocess(
      BLANK,
      z
        .string()
        .trim()
        .max(40, refusalCode("checkout.coupon_format"))
        .regex(/^[A-Za-z0-9_-]+$/, refusalCode("checkout.coupon_format"))
        .optional(),
    ),
    name: z.string(refusalCode("offers.name")).trim().min(2, refusalCode("offers.name")).max(80, refusalCode("offers.name")),
    nameHi: z.preprocess(BLANK, z.string().trim().max(80, refusalCode("offers.name")).optional()),
    discountType: z.enum(["percent", "fixed", "free_shipping", "buy_x_get_y"], refusalCode("offers.discount_type")),
    percent: count("offers.percent", 1),
    // Buy X get Y: how many bought, how many given, and the pack sizes given (SKUs; empty: the same ones).
    buyQuantity: count("offers.buy_get", 1),
    getQuantity: count("offers.buy_get", 1),
    getSkus: list,
    // Delivery pincodes or prefixes ("4130*"); empty: everywhere.
    pincodes: list,
    amount: rupees("offers.amount"),
    target: z.enum(OFFER_TARGETS, refusalCode("offers.target")),
    targetIds: list,
    minCart: rupees("offers.amount"),
    minQuantity: count("offers.count", 0),
    firstOrderOnly: z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean()),
    states: list,
    startsAt: indiaTime("offers.time"),
    endsAt: indiaTime("offers.time"),
    maxUses: count("offers.count", 1),
    usesPerCustomer: count("offers.count", 1),
    budget: rupees("offers.amount"),
    stacks: z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean()),
    // The customer group whose members alone get it (decision 054); empty: everyone. The admin's only.
    customerGroup: z.preprocess(
      BLANK,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, refusalCode("offers.unknown_group"))
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    const say = (path: string, code: Parameters<typeof refusalCode>[0]) =>
      ctx.addIssue({ code: "custom", path: [path], message: refusalCode(code) });
    if (v.kind === "coupon" && !v.code) say("code", "offers.code_required");
    if (v.discountType === "percent" && (v.percent === undefined || v.percent > 100)) say("percent", "offers.percent");
    if (v.discountType === "buy_x_get_y") {
      // The Y units are free unless a percentage off them is given.
      if (v.percent !== undefined && v.percent > 100) say("percent", "offers.percent");
      if (v.buyQuantity === undefined || v.buyQuantity > 1000) say("buyQuantity", "offers.buy_get");
      if (v.getQuantity === undefined || v.getQuantity > 1000) say("getQuantity", "offers.buy_get");
    }
    if (v.pincodes.some((p) => !PINCODE_PATTERN.test(p))) say("pincodes", "offers.pincodes");
    if (v.discountType === "fixed" && !v.amount) say("amount", "offers.amount");
    if (v.target !== "cart" && v.targetIds.length === 0) say("targetIds", "offers.target_empty");
    if (v.states.some((s) => !/^\d{2}$/.test(s))) say("states", "offers.states");
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) say("endsAt", "offers.end_before_start");
  })
  .transform((v) => ({
    ...v,
    percent: v.discountType === "buy_x_get_y" ? (v.percent ?? 100) : v.percent,
    code: v.kind === "coupon" && v.code ? normaliseCode(v.code) : null,
    // Products and pack sizes are named by SKU on the form; the server resolves them to ids.
    targetIds: v.target === "cart" ? [] : v.targetIds,
    getSkus: v.discountType === "buy_x_get_y" ? v.getSkus : [],
  }));

/** A 6-digit pincode, or its first 1 to 5 digits and "*". */
const PINCODE_PATTERN = /^(?:[1-9]\d{5}|[1-9]\d{0,4}\*)$/;

/** The targets named by SKU on the form (the others are keys or ids). */
export const SKU_TARGETS = ["products", "variants"] as const;

export type OfferFormInput = z.infer<typeof OfferFormSchema>;

/** The list page's status actions. */
export const OfferStatusSchema = z.object({
  intent: z.enum(["pause", "resume", "end", "approve", "reject"], refusalCode("common.unknown_intent")),
  id: z.string().regex(/^[a-z0-9]{6,40}$/, refusalCode("common.form_missing")),
});
