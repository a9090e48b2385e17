import { AdminAddUserSchema } from "./account";
import { z } from "zod";
import { ORDER_STATUSES } from "../../orders/domain/orders";
import { readVersion } from "../../../platform/core/version";
import { LICENCE_KINDS } from "../../vendor-shops/domain/licences";

/**
 * The forms of the admin pages that post several kinds of action, one schema each, switched on
 * their `intent`. A form whose intent the page does not know is a 400 with this message.
 */
export const UNKNOWN_INTENT = "This form asked for an action the page does not know. Please reload the page and try again.";

const id = z.string().trim().min(1, "Something is missing from the form. Please reload the page.").max(64);

export const ProductsActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("delete"), id })], {
  error: UNKNOWN_INTENT,
});

export const UsersActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      ...AdminAddUserSchema.shape,
    }),
    z.object({ intent: z.enum(["suspend", "activate", "delete"]), id }),
  ],
  { error: UNKNOWN_INTENT },
);

export const REJECT_REASON_REQUIRED = "Please give the vendor a reason for rejecting the listing.";
// The listing version the admin looked at. A missing or malformed one (a page from before versions,
// or a hand-made request) counts as stale: a listing is never approved unseen.
const version = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => {
    const read = readVersion(v);
    return typeof read === "number" ? read : -1;
  });
export const ListingReviewSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), id, version }),
    z.object({ intent: z.literal("reject"), id, version, reason: z.string().trim().min(1, REJECT_REASON_REQUIRED).max(500) }),
  ],
  { error: UNKNOWN_INTENT },
);

const licenceKind = z.enum(LICENCE_KINDS, "Something is missing from the form. Please reload the page.");
/**
 * The admin vendors page: a listing's review, or a vendor's licence marked verified (the version
 * the admin saw) or its verification revoked.
 */
export const VendorsActionSchema = z.discriminatedUnion(
  "intent",
  [
    ...ListingReviewSchema.options,
    z.object({ intent: z.literal("verify-licence"), vendorId: id, kind: licenceKind, version }),
    z.object({ intent: z.literal("revoke-licence"), vendorId: id, kind: licenceKind }),
  ],
  { error: UNKNOWN_INTENT },
);

export const OrderStatusFormSchema = z.object({
  status: z.enum(ORDER_STATUSES, "Choose a new status from the list."),
  note: z.string().trim().max(500, "The note is too long (500 characters at most).").default(""),
});

export const MessagesActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("handled"), id })], {
  error: UNKNOWN_INTENT,
});

const methodKey = z.string().trim().min(1, "Something is missing from the form. Please reload the page.").max(40);
/** Which payment-settings form was posted; each section's own fields are parsed by the settings service. */
export const PaymentSettingsActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save"), method: methodKey }),
    z.object({ intent: z.literal("add"), name: z.string().trim().max(60).default("") }),
    z.object({ intent: z.literal("remove"), method: methodKey }),
  ],
  { error: UNKNOWN_INTENT },
);

/** A word or phrase of a synonym pair, as a search compares it: lower case, single spaces. */
const synonymText = z
  .string()
  .transform((s) => s.toLowerCase().replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, "Enter both words.")
      .max(60, "Keep each word or phrase to 60 characters.")
      .refine((s) => !/\p{Cc}/u.test(s), "Use letters, digits and spaces only.")
      .refine((s) => s.split(" ").length <= 3, "A phrase may have at most three words."),
  );

export const SynonymsActionSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({ intent: z.literal("add"), term: synonymText, variant: synonymText })
      .refine((pair) => pair.term !== pair.variant, { message: "The two words are the same.", path: ["variant"] }),
    z.object({ intent: z.literal("delete"), id }),
  ],
  { error: UNKNOWN_INTENT },
);
