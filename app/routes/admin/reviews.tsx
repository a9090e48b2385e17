import { data, Form, Link } from "react-router";
import { shownContact } from "~/features/accounts/domain/contact";
import type { Route } from "./+types/reviews";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { Pager } from "~/ui/pager";
import { formatDateTime } from "~/platform/core/dates";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { readPageRequest } from "~/platform/core/pagination";
import { REVIEW_MISSING, ReviewVisibilitySchema } from "~/features/reviews/domain/reviews";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";
import { listReviewsForAdmin, setReviewHidden } from "~/features/reviews/server/moderate-reviews.server";
import { formatOrderId } from "~/platform/core/order-id";

export const meta: Route.MetaFunction = () => [{ title: "Reviews · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { reviews: await listReviewsForAdmin(readPageRequest(new URL(request.url).searchParams)) };
}

/** Hide or Unhide one review; the product's rating and review count follow in the same transaction. */
export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireAdminAction(request);
  const parsed = ReviewVisibilitySchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(fieldErrors(parsed.error)) }, { status: 400 });
  const hide = parsed.data.intent === "hide";
  const outcome = await setReviewHidden(parsed.data.id, hide, admin.id);
  if (outcome === "missing") return data({ error: REVIEW_MISSING }, { status: 404 });
  const description =
    outcome === "unchanged" ? `That review was already ${hide ? "hidden" : "shown"}.` : hide ? "Review hidden." : "Review shown again.";
  return redirectWithToast(samePage(url), { description });
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Reviews</h1>
      <p className="mt-1 text-sm text-stone-600">
        Newest first. A hidden review leaves the product page, and the product's rating and review count.
      </p>
      <FormError message={actionData?.error} />
      <Pager page={reviews} noun={["review", "reviews"]} className="mt-4" />
      {reviews.rows.length === 0 ? (
        <p className="mt-6 text-stone-600">No reviews yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {reviews.rows.map((r) => (
            <li
              key={r.id}
              className={`min-w-0 rounded-xl bg-white p-4 ring-1 ring-stone-200 [overflow-wrap:anywhere] ${r.hidden ? "bg-stone-50" : ""}`}
              data-testid="admin-review"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-stone-900">
                    {r.product.live ? (
                      <Link to={`/products/${r.product.id}#reviews`} className="underline">
                        {r.product.name}
                      </Link>
                    ) : (
                      r.product.name
                    )}
                  </p>
                  <p className="text-sm text-stone-700">
                    {r.writer ? (
                      <>
                        {[r.writer.name, shownContact(r.writer).email].filter(Boolean).join(" · ")}
                        {r.orderId ? (
                          <>
                            {" · "}
                            <Link to={`/admin/orders/${r.orderId}`} className="underline">
                              Order #{formatOrderId(r.orderId)}
                            </Link>
                          </>
                        ) : null}
                      </>
                    ) : (
                      <>{r.authorName} · Sample review (no order behind it)</>
                    )}
                  </p>
                </div>
                <p className="text-sm text-stone-600">
                  {formatDateTime(r.createdAt)}
                  {r.edited ? " · edited" : ""}
                </p>
              </div>
              <p className="mt-2 font-semibold text-amber-800" data-testid="admin-review-rating">
                {r.rating} out of 5
              </p>
              <p className="mt-1 whitespace-pre-wrap text-stone-800">{r.body}</p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                {r.hidden ? (
                  <p className="text-sm font-semibold text-stone-700" data-testid="admin-review-state">
                    Hidden{r.hidden.by ? ` by ${r.hidden.by}` : ""}
                    {r.hidden.at ? ` on ${formatDateTime(r.hidden.at)}` : ""}
                  </p>
                ) : (
                  <p className="text-sm font-semibold text-brand-800" data-testid="admin-review-state">
                    Visible
                  </p>
                )}
                <Form method="post">
                  <input type="hidden" name="id" value={r.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={r.hidden ? "unhide" : "hide"}
                    className="rounded-md border border-stone-300 px-3 py-1 text-sm font-semibold hover:bg-stone-100"
                  >
                    {r.hidden ? "Unhide" : "Hide"}
                    <span className="sr-only">
                      {" "}
                      the review of {r.product.name} by {r.writer?.name ?? r.authorName}
                    </span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={reviews} noun={["review", "reviews"]} className="mt-3" />
    </div>
  );
}
