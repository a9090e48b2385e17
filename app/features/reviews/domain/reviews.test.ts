import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { averageRating, describeRating, ReviewFormSchema, reviewerName } from "./reviews";
import { issueText } from "../../../platform/i18n/render-refusal.server";

const RATING_REQUIRED = "Please choose a rating from 1 to 5 stars.";
const REVIEW_TOO_SHORT = "Please write at least 10 characters about the product.";
const REVIEW_TOO_LONG = "Please keep your review to 2,000 characters.";

describe("averageRating", () => {
  it("is 0 for no reviews and the rating itself for one", () => {
    expect(averageRating(0, 0)).toBe(0);
    for (const r of [1, 2, 3, 4, 5]) expect(averageRating(r, 1)).toBe(r);
  });

  it("rounds to one decimal, halves up", () => {
    expect(averageRating(17, 4)).toBe(4.3); // 4.25
    expect(averageRating(9, 4)).toBe(2.3); // 2.25
    expect(averageRating(13, 4)).toBe(3.3); // 3.25
    expect(averageRating(14, 3)).toBe(4.7); // 4.666…
    expect(averageRating(13, 3)).toBe(4.3); // 4.333…
    expect(averageRating(29, 6)).toBe(4.8); // 4.8333…
    expect(averageRating(11, 4)).toBe(2.8); // 2.75
  });

  it("is the true mean to within 0.05, between 1 and 5, with one decimal", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 500 }), (ratings) => {
        const sum = ratings.reduce((a, b) => a + b, 0);
        const avg = averageRating(sum, ratings.length);
        const mean = sum / ratings.length;
        expect(Math.abs(avg - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(avg).toBeGreaterThanOrEqual(1);
        expect(avg).toBeLessThanOrEqual(5);
        expect(Number(avg.toFixed(1))).toBe(avg);
      }),
    );
  });
});

describe("the review form", () => {
  it("takes a rating 1–5 and a trimmed review", () => {
    expect(ReviewFormSchema.parse({ rating: "4", body: "  Germinated well in clay soil.  " })).toEqual({
      rating: 4,
      body: "Germinated well in clay soil.",
    });
  });

  it("refuses a missing or odd rating, and a review too short or too long, with their messages", () => {
    const errors = (form: Record<string, unknown>) => ReviewFormSchema.safeParse(form).error?.issues.map((i) => issueText(i, "en"));
    for (const rating of [undefined, "", "0", "6", "4.5", "five", " 3x"]) {
      expect(errors({ rating, body: "Germinated well." })).toEqual([RATING_REQUIRED]);
    }
    expect(errors({ rating: "5", body: "   Good    " })).toEqual([REVIEW_TOO_SHORT]);
    expect(errors({ rating: "5" })).toEqual([REVIEW_TOO_SHORT]);
    expect(errors({ rating: "5", body: "x".repeat(2001) })).toEqual([REVIEW_TOO_LONG]);
    expect(errors({ rating: "5", body: ` ${"x".repeat(2000)} ` })).toBeUndefined();
  });
});

describe("reviewerName", () => {
  it("is the first name, never an email or a number", () => {
    expect(reviewerName("Asha Patil")).toBe("Asha");
    expect(reviewerName("  Ramesh  ")).toBe("Ramesh");
    expect(reviewerName("+91 98765 43210")).toBe("A customer");
    expect(reviewerName("asha@example.in Patil")).toBe("Patil");
    expect(reviewerName("")).toBe("A customer");
    expect(reviewerName("सुनीता देवी")).toBe("सुनीता");
  });
});

it("says 'No reviews yet' without reviews", () => {
  expect(describeRating(0, 0)).toBe("No reviews yet");
  expect(describeRating(4.3, 3)).toBe("Rated 4.3 out of 5");
  expect(describeRating(5, 1)).toBe("Rated 5.0 out of 5");
});
