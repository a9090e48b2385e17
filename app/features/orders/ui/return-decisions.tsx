import { Form, useNavigation } from "react-router";
import { formatDate, formatDateTime } from "~/platform/core/dates";
import { formatPaiseExact } from "~/platform/core/money";
import {
  type DecidableReturnView,
  DECISION_NOTE_MAX,
  PAYOUT_REFERENCE_MAX,
  type RefundView,
  refundLabel,
  RETURN_STATUS_STYLES,
  type ReturnDecisionError,
} from "~/features/orders/domain/returns";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { TextField } from "../../../ui/text-field";

type Props = {
  returns: readonly DecidableReturnView[];
  /** The refusal of the last decision posted from this page, shown with its return. */
  error?: ReturnDecisionError | null;
  /** "Returns" or similar, as the list's accessible name. */
  label: string;
};

/** Return requests with their Approve / Reject forms (plain POST forms: they work without JavaScript). */
export function ReturnDecisions({ returns, error, label }: Props) {
  if (returns.length === 0) return null;
  return (
    <ul className="mt-2 space-y-3" aria-label={label}>
      {returns.map((r) => (
        <li key={r.id} className="rounded-lg border border-stone-200 p-3" data-testid="return-request">
          <ReturnDecision item={r} error={error?.returnId === r.id ? error.errors : undefined} />
        </li>
      ))}
    </ul>
  );
}

function ReturnDecision({ item: r, error }: { item: DecidableReturnView; error?: ReturnDecisionError["errors"] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("returnId") === r.id;
  // The vendor's page is in its language; the admin panel's strings are English.
  const t = useT();
  const locale = useLocale();
  const what = `${r.quantity} × ${r.name}`;
  const amount = formatPaiseExact(r.amountPaise);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold text-stone-900">
          {t("ui_vendor_return_of", { what })} · {amount}
        </p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${RETURN_STATUS_STYLES[r.status]}`} data-testid="return-status">
          {t(`ui_orders_return_${r.status}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {t("ui_vendor_return_asked_on", { date: formatDateTime(r.createdAt, locale) })}{" "}
        <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">“{r.reason}”</span>
      </p>
      {r.status === "approved" ? (
        <p className="mt-1 text-sm text-stone-700">
          {r.decidedAt ? t("ui_vendor_return_approved_on", { date: formatDate(r.decidedAt, locale) }) : t("ui_orders_return_approved")}:{" "}
          {r.payoutReference
            ? t("ui_vendor_return_refunded_payout", { amount, reference: r.payoutReference })
            : t("ui_vendor_return_refunded_original", { amount })}
        </p>
      ) : null}
      {r.status === "rejected" ? (
        <p className="mt-1 text-sm text-stone-700 [overflow-wrap:anywhere]">
          {r.decidedAt ? t("ui_vendor_return_rejected_on", { date: formatDate(r.decidedAt, locale) }) : t("ui_orders_return_rejected")}:{" "}
          {r.decisionNote}
        </p>
      ) : null}
      {error?.form || error?.returnId || error?.intent ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm font-medium text-red-800">
          {error.form ?? error.returnId ?? error.intent}
        </p>
      ) : null}
      {r.status === "requested" ? (
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          <Form
            method="post"
            className="space-y-2 rounded-lg bg-green-50/60 p-3"
            aria-label={t("ui_vendor_return_approve_label", { what })}
          >
            <input type="hidden" name="intent" value="approve-return" />
            <input type="hidden" name="returnId" value={r.id} />
            {r.needsPayout ? (
              <TextField
                label={t("ui_vendor_return_payout_reference")}
                name="payoutReference"
                required
                maxLength={PAYOUT_REFERENCE_MAX}
                autoComplete="off"
                hint={t("ui_vendor_return_payout_hint", { amount })}
                error={error?.payoutReference}
              />
            ) : (
              <p className="text-sm text-stone-700">{t("ui_vendor_return_goes_back", { amount })}</p>
            )}
            <button
              type="submit"
              disabled={busy}
              className="min-h-10 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t("ui_vendor_return_approve")}
            </button>
          </Form>
          <Form method="post" className="space-y-2 rounded-lg bg-stone-50 p-3" aria-label={t("ui_vendor_return_reject_label", { what })}>
            <input type="hidden" name="intent" value="reject-return" />
            <input type="hidden" name="returnId" value={r.id} />
            <TextField
              label={t("ui_vendor_return_reject_reason")}
              name="note"
              required
              multiline
              maxLength={DECISION_NOTE_MAX}
              hint={t("ui_vendor_return_reject_hint")}
              error={error?.note}
            />
            <button
              type="submit"
              disabled={busy}
              className="min-h-10 rounded-lg border border-stone-400 bg-white px-4 font-semibold text-stone-800 hover:bg-stone-100 disabled:opacity-60"
            >
              {t("ui_vendor_return_reject")}
            </button>
          </Form>
        </div>
      ) : null}
    </>
  );
}

const REFUND_REASONS: Record<RefundView["reason"], string> = {
  cancelled: "order cancelled",
  return: "return",
  late_payment: "paid after cancelling",
  extra_payment: "paid twice",
  mismatched_payment: "payment of another amount",
};

/** The admin's (or a vendor's) view of an order's returns and refunds, with the decision forms. */
export function OrderReturnsSection({
  returns,
  refunds,
  error,
}: {
  returns: readonly DecidableReturnView[];
  refunds?: readonly RefundView[];
  error?: ReturnDecisionError | null;
}) {
  if (returns.length === 0 && (refunds?.length ?? 0) === 0) return null;
  return (
    <section className="mt-4 rounded-xl bg-white p-5 ring-1 ring-stone-200" aria-labelledby="order-returns-title">
      <h2 id="order-returns-title" className="font-bold">
        Returns and refunds
      </h2>
      {refunds && refunds.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Refunds">
          {refunds.map((r) => (
            <li key={r.id} data-testid="admin-refund">
              <span className="font-semibold">{refundLabel(r)}</span> · {REFUND_REASONS[r.reason]} ·{" "}
              {r.kind === "payout" ? `payout${r.payoutReference ? ` ${r.payoutReference}` : ""}` : "through the gateway"} ·{" "}
              {formatDateTime(r.createdAt)}
              {r.failed ? (
                <Form method="post" className="mt-1 flex flex-wrap items-center gap-2" data-testid="failed-refund">
                  <span className="font-medium text-red-800">Not refunded: {r.error ?? "the gateway refused it"}.</span>
                  <input type="hidden" name="intent" value="retry-refund" />
                  <input type="hidden" name="refundId" value={r.id} />
                  <button type="submit" className="min-h-9 rounded-lg border border-stone-300 bg-white px-3 font-semibold">
                    Try the refund again
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ReturnDecisions returns={returns} error={error} label="Return requests" />
    </section>
  );
}
