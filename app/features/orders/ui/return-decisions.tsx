import { Form, useNavigation } from "react-router";
import { formatDate, formatDateTime } from "~/platform/core/dates";
import { formatPaiseExact } from "~/platform/core/money";
import {
  type DecidableReturnView,
  DECISION_NOTE_MAX,
  PAYOUT_REFERENCE_MAX,
  type RefundView,
  refundLabel,
  type ReturnDecisionError,
} from "~/features/orders/domain/returns";
import { ifscBank, type ReturnStage } from "~/features/orders/domain/return-refund";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { TextField } from "../../../ui/text-field";
import { imageSrc } from "~/ui/image-srcset";

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

const STAGE_STYLES: Record<ReturnStage, string> = {
  requested: "bg-orange-100 text-orange-800",
  received: "bg-sky-100 text-sky-800",
  refunded: "bg-green-100 text-green-800",
  rejected: "bg-stone-200 text-stone-700",
};

function ReturnDecision({ item: r, error }: { item: DecidableReturnView; error?: ReturnDecisionError["errors"] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("returnId") === r.id;
  // The vendor's page is in its language; the admin panel's strings are English.
  const t = useT();
  const locale = useLocale();
  const what = `${r.quantity} × ${r.name}`;
  const amount = formatPaiseExact(r.amountPaise);
  // Only the admin's pages carry the payout's details (opened for the one who pays); a vendor sees the hint.
  const payer = "payoutDetails" in r;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold text-stone-900">
          {t("ui_vendor_return_of", { what })} · {amount}
        </p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STAGE_STYLES[r.stage]}`} data-testid="return-status">
          {t(STAGE_KEYS[r.stage])}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        {t("ui_vendor_return_asked_on", { date: formatDateTime(r.createdAt, locale) })}{" "}
        <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">“{r.reason}”</span>
      </p>
      {r.reasonCode ? (
        <p className="text-sm font-medium text-stone-800">
          {t("ui_orders_return_reason", { reason: t(`ui_orders_reason_${r.reasonCode}`) })}
        </p>
      ) : null}
      <ReturnPhotos photos={r.photos} />
      {r.needsPayout && r.stage !== "rejected" ? <PayoutDestination item={r} payer={payer} /> : null}
      {r.receivedAt ? (
        <p className="mt-1 text-sm text-stone-700" data-testid="return-received">
          {t("ui_orders_return_received_on", { date: formatDate(r.receivedAt, locale), count: r.restockedQuantity })}
        </p>
      ) : null}
      {r.stage === "refunded" ? (
        <p className="mt-1 text-sm text-stone-700">
          {r.decidedAt ? t("ui_vendor_return_approved_on", { date: formatDate(r.decidedAt, locale) }) : t("ui_orders_return_approved")}:{" "}
          {r.payoutReference
            ? t("ui_vendor_return_refunded_payout", { amount, reference: r.payoutReference })
            : t("ui_vendor_return_refunded_original", { amount })}
        </p>
      ) : null}
      {r.stage === "rejected" ? (
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
      {r.stage === "requested" ? (
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          <Form method="post" className="space-y-2 rounded-lg bg-sky-50/60 p-3" aria-label={t("ui_orders_return_receive_label", { what })}>
            <input type="hidden" name="intent" value="receive-return" />
            <input type="hidden" name="returnId" value={r.id} />
            {r.sealedOnly ? (
              <p className="rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-900" data-testid="sealed-only">
                {t("ui_orders_return_pesticide_sealed")}
              </p>
            ) : null}
            <TextField
              label={t("ui_orders_return_restock")}
              name="restock"
              type="number"
              inputMode="numeric"
              min={0}
              max={r.quantity}
              step={1}
              required
              defaultValue={r.sealedOnly ? "0" : String(r.quantity)}
              hint={t("ui_orders_return_restock_hint", { max: r.quantity })}
              error={error?.restock}
              className="max-w-56"
            />
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {t("ui_orders_return_receive")}
            </button>
            <p className="text-xs text-stone-600">{t("ui_orders_return_next_step")}</p>
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
              className="min-h-11 rounded-lg border border-stone-400 bg-white px-4 font-semibold text-stone-800 hover:bg-stone-100 disabled:opacity-60"
            >
              {t("ui_vendor_return_reject")}
            </button>
          </Form>
        </div>
      ) : null}
      {r.stage === "received" ? (
        r.needsPayout && !payer ? (
          <p className="mt-2 text-sm text-stone-700">{t("ui_orders_return_refund_by_store")}</p>
        ) : (
          <Form
            method="post"
            className="mt-3 space-y-2 rounded-lg bg-green-50/60 p-3"
            aria-label={t("ui_orders_return_refund_label", { what })}
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
                className="max-w-sm"
              />
            ) : (
              <p className="text-sm text-stone-700">{t("ui_vendor_return_goes_back", { amount })}</p>
            )}
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {r.needsPayout ? t("ui_orders_return_refund_payout") : t("ui_orders_return_refund_gateway", { amount })}
            </button>
          </Form>
        )
      ) : null}
    </>
  );
}

const STAGE_KEYS = {
  requested: "ui_orders_return_requested",
  received: "ui_orders_return_received",
  refunded: "ui_orders_return_refunded",
  rejected: "ui_orders_return_rejected",
} as const;

/** Where the payout goes: in full for the admin who sends it (`payer`), masked for anyone else. */
function PayoutDestination({ item: r, payer }: { item: DecidableReturnView; payer: boolean }) {
  const t = useT();
  if (!payer || r.stage === "refunded") {
    return r.payoutHint ? (
      <p className="mt-1 text-sm text-stone-700" data-testid="payout-hint">
        {t("ui_orders_return_refund_to", { where: r.payoutHint })}
      </p>
    ) : null;
  }
  const d = r.payoutDetails;
  if (!d) {
    return r.payoutHint ? <p className="mt-1 text-sm font-medium text-red-800">{t("ui_orders_return_details_unreadable")}</p> : null;
  }
  return (
    <p
      className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-200 [overflow-wrap:anywhere]"
      data-testid="payout-details"
    >
      {d.to === "upi"
        ? t("ui_orders_return_send_upi", { upi: d.upiId })
        : t("ui_orders_return_send_bank", {
            account: d.accountNumber,
            ifsc: `${d.ifsc}${ifscBank(d.ifsc) ? ` (${ifscBank(d.ifsc)})` : ""}`,
            holder: d.holder,
          })}
    </p>
  );
}

/** The customer's photos of a returned item, as small links to the full pictures. */
export function ReturnPhotos({ photos }: { photos: readonly string[] }) {
  const t = useT();
  if (photos.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("ui_orders_return_photos")}>
      {photos.map((src, i) => (
        <li key={src}>
          <a href={imageSrc(src)} target="_blank" rel="noreferrer" className="block rounded-md ring-1 ring-stone-200">
            <img
              src={imageSrc(src)}
              alt={t("ui_orders_return_photo_n", { n: i + 1 })}
              width={64}
              height={64}
              className="h-16 w-16 rounded-md object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
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
  mayDecide = true,
  mayRefund = true,
}: {
  returns: readonly DecidableReturnView[];
  refunds?: readonly RefundView[];
  error?: ReturnDecisionError | null;
  /** The staff role decides returns (issue 33): else the requests are listed without their forms. */
  mayDecide?: boolean;
  /** The staff role moves money: else a failed refund is not offered again. */
  mayRefund?: boolean;
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
              {r.failed && mayRefund ? (
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
      {mayDecide ? <ReturnDecisions returns={returns} error={error} label="Return requests" /> : null}
    </section>
  );
}
