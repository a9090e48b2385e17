import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/review";
import { checkCustomer } from "~/platform/auth/guards.server";
import { LoginPrompt } from "~/features/accounts/ui/login-prompt";
import { TextField } from "~/ui/text-field";
import type { FieldErrors } from "~/platform/core/form-errors";
import { RATINGS, REVIEW_MAX_LENGTH, type ReviewFormInput, ReviewFormSchema } from "~/features/reviews/domain/reviews";
import { readFields } from "~/platform/http/read-form.server";
import { m } from "~/platform/i18n/i18n.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { useT } from "~/platform/i18n/i18n";
import { metaTitle } from "~/features/orders/ui/order-text";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { getReviewDraft, ReviewRefused, saveReview } from "~/features/reviews/server/save-review.server";
import { imageSrc } from "~/ui/image-srcset";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title:
      loaderData?.state === "ok"
        ? metaTitle(matches, "ui_orders_meta_review", "Review {name} · Angle", { name: loaderData.draft.product.name })
        : metaTitle(matches, "ui_orders_meta_write_review", "Write a review · Angle"),
  },
  { name: "robots", content: "noindex" },
];

/** The customer's review of a product they received: a plain POST form, so it works without JavaScript. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const check = await checkCustomer(request);
  if (!check.ok && check.status === 401) return data({ state: "login" as const }, { status: 401 });
  if (!check.ok) return data({ state: "refused" as const, error: renderRefusal(check.refusal) }, { status: check.status });
  try {
    return { state: "ok" as const, draft: await getReviewDraft(check.user.id, params.productId) };
  } catch (error) {
    if (!(error instanceof ReviewRefused)) throw error;
    return data({ state: "refused" as const, error: renderRefusal(error.refusal) }, { status: error.status });
  }
}

type Refusal = { errors: FieldErrors<ReviewFormInput>; values: { rating: string; body: string } };

export async function action({ request, params }: Route.ActionArgs) {
  const fields = await readFields(request);
  // What was typed comes back with a refusal, so a page without JavaScript shows it again.
  const values = { rating: fields.rating ?? "", body: (fields.body ?? "").slice(0, REVIEW_MAX_LENGTH + 100) };
  const refuse = (errors: Refusal["errors"], status: number) => data({ errors, values } satisfies Refusal, { status });
  const check = await checkCustomer(request);
  if (!check.ok) return refuse({ form: renderRefusal(check.refusal) }, check.status);
  const parsed = ReviewFormSchema.safeParse(fields);
  if (!parsed.success) return refuse(formErrors(parsed.error), 400);
  try {
    const saved = await saveReview(check.user, params.productId, parsed.data);
    return redirectWithToast(saved.productLive ? `/products/${params.productId}#reviews` : "/orders", {
      description: saved.outcome === "created" ? m.orders_toast_review_saved() : m.orders_toast_review_updated(),
    });
  } catch (error) {
    if (!(error instanceof ReviewRefused)) throw error;
    return refuse({ form: renderRefusal(error.refusal) }, error.status);
  }
}

const RATING_WORDS = {
  5: "ui_orders_rating_5",
  4: "ui_orders_rating_4",
  3: "ui_orders_rating_3",
  2: "ui_orders_rating_2",
  1: "ui_orders_rating_1",
} as const satisfies Record<(typeof RATINGS)[number], string>;

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  if (loaderData.state === "login") return <LoginPrompt title={t("ui_orders_please_log_in")} text={t("ui_orders_log_in_review")} />;
  if (loaderData.state === "refused") {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-stone-900">{t("ui_orders_cannot_review")}</h1>
        <p role="alert" className="mt-2 text-stone-700">
          {loaderData.error}
        </p>
        <Link to="/orders" className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {t("ui_orders_my_orders")}
        </Link>
      </div>
    );
  }
  const { product, review } = loaderData.draft;
  const errors = actionData?.errors ?? {};
  const rating = actionData?.values.rating ?? (review ? String(review.rating) : "");
  const body = actionData?.values.body ?? review?.body ?? "";
  const submitting = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link to="/orders" className="text-sm text-stone-600 hover:underline">
        ← {t("ui_orders_my_orders")}
      </Link>
      <div className="mt-3 flex items-center gap-4">
        <img
          src={imageSrc(product.image)}
          alt=""
          width={64}
          height={64}
          className="h-16 w-16 shrink-0 rounded-lg border border-stone-200 object-cover"
        />
        <h1 className="text-2xl font-bold text-stone-900">
          {review ? t("ui_orders_edit_review_of", { name: product.name }) : t("ui_orders_review_of", { name: product.name })}
        </h1>
      </div>
      {review?.hidden ? <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("ui_orders_review_hidden")}</p> : null}
      <Form
        method="post"
        noValidate
        className="mt-6 space-y-5 rounded-xl border border-stone-200 bg-white p-5"
        aria-label={t("ui_orders_review_form")}
      >
        {errors.form ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
            {errors.form}
          </p>
        ) : null}
        <fieldset aria-describedby={errors.rating ? "rating-error" : undefined}>
          <legend className="text-sm font-medium text-stone-800">
            {t("ui_orders_your_rating")}
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {RATINGS.map((r) => (
              <label
                key={r}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="rating"
                  value={r}
                  defaultChecked={rating === String(r)}
                  required
                  className="h-4 w-4 accent-brand-700"
                />
                <span>
                  {r === 1 ? t("ui_orders_stars_one", { count: r }) : t("ui_orders_stars_other", { count: r })}{" "}
                  <span className="text-stone-600">· {t(RATING_WORDS[r])}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.rating ? (
            <p id="rating-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.rating}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label={t("ui_orders_your_review")}
          name="body"
          multiline
          required
          maxLength={REVIEW_MAX_LENGTH}
          defaultValue={body}
          error={errors.body}
          hint={t("ui_orders_review_hint")}
        />
        <button
          type="submit"
          disabled={submitting}
          className="w-full rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
        >
          {submitting ? t("ui_orders_saving") : review ? t("ui_orders_update_review") : t("ui_orders_publish_review")}
        </button>
      </Form>
    </div>
  );
}
