import Star from "lucide-react/icons/star";

/** A product's rating and review count; a product nobody has reviewed says so rather than "0.0". */
export function Rating({ rating, reviews }: { rating: number; reviews: number }) {
  if (reviews <= 0) {
    return (
      <p className="flex items-center gap-x-1 text-sm text-stone-600">
        <Star className="h-4 w-4 shrink-0 text-stone-400" aria-hidden="true" />
        No reviews yet
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-sm text-stone-600">
      <Star className="h-4 w-4 shrink-0 fill-amber-400 text-amber-500" aria-hidden="true" />
      <span className="shrink-0 font-semibold text-stone-800">{rating.toFixed(1)}</span>
      <span className="whitespace-nowrap">
        ({reviews.toLocaleString("en-IN")} {reviews === 1 ? "review" : "reviews"})
      </span>
      <span className="sr-only">Rated {rating.toFixed(1)} out of 5</span>
    </p>
  );
}
