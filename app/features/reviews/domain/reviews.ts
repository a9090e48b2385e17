import { z } from "zod";
import { refusal, refusalCode } from "../../../platform/core/refusal";

/**
 * Ratings and reviews (issue 13, docs/decisions/018-reviews.md): the client-safe half — the
 * review form's schema and messages, and how a rating is averaged and a reviewer named.
 */

export const REVIEW_MIN_LENGTH = 10;
export const REVIEW_MAX_LENGTH = 2000;
/** Reviews on a product page at a time. */
export const PRODUCT_REVIEWS_PAGE_SIZE = 10;

const RATING_REQUIRED = refusalCode("orders.rating");
const REVIEW_TOO_SHORT = refusalCode("orders.review_short", { min: REVIEW_MIN_LENGTH });
export const REVIEW_NOT_ELIGIBLE = refusal("orders.review_not_eligible");
export const REVIEW_PRODUCT_MISSING = refusal("orders.review_product_missing");
export const REVIEW_MISSING = "That review no longer exists.";

export const RATINGS = [5, 4, 3, 2, 1] as const;
export type Rating = 1 | 2 | 3 | 4 | 5;

/** The review form: a rating 1–5 (radio buttons post it as text) and the review, trimmed. */
export const ReviewFormSchema = z.object({
  rating: z
    .string(RATING_REQUIRED)
    .trim()
    .regex(/^[1-5]$/, RATING_REQUIRED)
    .transform((v) => Number(v) as Rating),
  body: z
    .string(REVIEW_TOO_SHORT)
    .trim()
    .min(REVIEW_MIN_LENGTH, REVIEW_TOO_SHORT)
    .max(REVIEW_MAX_LENGTH, refusalCode("orders.review_long")),
});
export type ReviewFormInput = z.infer<typeof ReviewFormSchema>;

/** The admin's Hide / Unhide buttons. */
export const ReviewVisibilitySchema = z.object({
  intent: z.enum(["hide", "unhide"], "This form asked for an action the page does not know. Please reload the page and try again."),
  id: z.string().trim().min(1, "Something is missing from the form. Please reload the page.").max(64),
});

/**
 * The average of `count` ratings adding up to `sum`, to one decimal, halves up (4.25 → 4.3), in
 * integers so both engines and every caller agree; 0 when there are none.
 */
export function averageRating(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.floor((20 * sum + count) / (2 * count)) / 10;
}

/**
 * How a review names its writer: the first word of their name that has a letter in it (never an
 * email or a phone number: a mobile sign-in's name starts as the number), at most 40 characters.
 */
export function reviewerName(name: string): string {
  const word = name
    .trim()
    .split(/\s+/)
    .find((w) => /\p{L}/u.test(w) && !w.includes("@"));
  return word ? word.slice(0, 40) : "A customer";
}

/** "4.3 out of 5" / "No reviews yet": what a rating says to a person. */
export function describeRating(rating: number, reviews: number): string {
  return reviews > 0 ? `Rated ${rating.toFixed(1)} out of 5` : "No reviews yet";
}
