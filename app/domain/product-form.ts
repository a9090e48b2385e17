import { z } from "zod";
import { CATEGORY_KEYS } from "./categories";
import { parseRupeesToPaise } from "./money";

/** Spec §5 (admin add-product): shown whenever any field is wrong. */
export const PRODUCT_FORM_INVALID = "Please fill all required fields correctly.";

export const ProductFormSchema = z.object({
  name: z.string().trim().min(1, "Enter the product name.").max(200, "The name is too long (200 characters at most)."),
  description: z.string().trim().max(2000, "The description is too long (2,000 characters at most).").default(""),
  category: z.enum(CATEGORY_KEYS, "Choose a category."),
  price: z
    .string()
    .transform((s) => parseRupeesToPaise(s))
    .refine((p): p is number => p !== null && p > 0, "The price must be above ₹0 (at most two decimals)."),
  stock: z.coerce
    .number("Stock must be a whole number, 0 or more.")
    .int("Stock must be a whole number, 0 or more.")
    .min(0, "Stock must be a whole number, 0 or more.")
    .max(1_000_000, "Stock is too large."),
});
export type ProductFormInput = z.infer<typeof ProductFormSchema>;
