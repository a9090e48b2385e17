import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatDate } from "~/platform/core/dates";
import { formatPaiseExact } from "~/platform/core/money";
import { RETURN_REASON_MAX, RETURN_STATUS_STYLES, type ReturnFormLine, type ReturnLineRefusal } from "~/features/orders/domain/returns";
import { TextField } from "../../../ui/text-field";
import { useHydrated } from "../../../ui/use-hydrated";
import { useLocale, useT } from "~/platform/i18n/i18n";
import { ifscBank, RETURN_REASON_CODES } from "~/features/orders/domain/return-refund";
import { IMAGE_TYPES } from "~/features/catalog/domain/product-image";
import { ReturnPhotos } from "./return-decisions";
import { imageSrc } from "~/ui/image-srcset";

const BADGE_KEYS = {
  requested: "ui_orders_return_badge_requested",
  received: "ui_orders_return_badge_received",
  refunded: "ui_orders_return_badge_refunded",
  rejected: "ui_orders_return_badge_rejected",
} as const;
const BADGE_STYLES = {
  requested: RETURN_STATUS_STYLES.requested,
  received: "bg-sky-100 text-sky-800",
  refunded: RETURN_STATUS_STYLES.approved,
  rejected: RETURN_STATUS_STYLES.rejected,
} as const;

type Props = {
  line: ReturnFormLine;
  /** Returns can be asked for now (delivered, within the window). */
  open: boolean;
  /** The refusal of the last request posted for this line. */
  refusal: ReturnLineRefusal | null;
  /** The order was not paid online: ask where the refund goes. */
  needsPayout: boolean;
};

/** One order line on the return page: its request as it stands, or the form to ask for one. */
export function ReturnLineForm({ line, open, refusal, needsPayout }: Props) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("lineId") === line.id;
  const errors = refusal?.errors ?? {};
  const headingId = `return-line-${line.id}`;
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5" aria-labelledby={headingId} data-testid="return-line">
      <div className="flex items-center gap-3">
        <img src={imageSrc(line.image)} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-md bg-stone-100" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold text-stone-900 [overflow-wrap:anywhere]">
            {line.name}
          </h2>
          <p className="text-sm text-stone-600">
            {t("ui_orders_you_bought", { quantity: line.quantity, amount: formatPaiseExact(line.fullRefundPaise) })}
          </p>
        </div>
      </div>
      {line.request ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_STYLES[line.request.stage]}`}
            data-testid="return-stage"
          >
            {t(BADGE_KEYS[line.request.stage])}
          </span>
          <span className="text-stone-700">
            {t("ui_orders_request_line", {
              quantity: line.request.quantity,
              bought: line.quantity,
              amount: formatPaiseExact(line.request.amountPaise),
              date: formatDate(line.request.createdAt, locale),
            })}
          </span>
          {line.request.payoutHint && line.request.stage !== "rejected" ? (
            <p className="w-full text-stone-700">{t("ui_orders_return_refund_to", { where: line.request.payoutHint })}</p>
          ) : null}
          {line.request.stage === "refunded" && line.request.payoutReference ? (
            <p className="w-full text-stone-700">
              {t("ui_vendor_return_refunded_payout", {
                amount: formatPaiseExact(line.request.amountPaise),
                reference: line.request.payoutReference,
              })}
            </p>
          ) : null}
          <ReturnPhotos photos={line.request.photos} />
          {line.request.status === "rejected" && line.request.decisionNote ? (
            <p className="w-full text-stone-700 [overflow-wrap:anywhere]">
              {t("ui_orders_not_accepted", { note: line.request.decisionNote })}
            </p>
          ) : null}
        </div>
      ) : open ? (
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="mt-4 space-y-3"
          aria-label={t("ui_orders_return_name", { name: line.name })}
        >
          <input type="hidden" name="lineId" value={line.id} />
          {errors.form || errors.lineId ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              {errors.form ?? errors.lineId}
            </p>
          ) : null}
          {line.quantity === 1 ? (
            // One bought: one to return, nothing to choose.
            <input type="hidden" name="quantity" value="1" />
          ) : (
            <TextField
              label={t("ui_orders_how_many")}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={line.quantity}
              step={1}
              required
              defaultValue={refusal?.values.quantity ?? "1"}
              error={errors.quantity}
              hint={t("ui_orders_how_many_hint", { max: line.quantity })}
              className="max-w-48"
            />
          )}
          <ReasonSelect defaultValue={refusal?.values.reasonCode ?? ""} error={errors.reasonCode} />
          <TextField
            label={t("ui_orders_why_more")}
            name="reason"
            multiline
            required
            maxLength={RETURN_REASON_MAX}
            defaultValue={refusal?.values.reason ?? ""}
            error={errors.reason}
            hint={t("ui_orders_why_hint", { max: RETURN_REASON_MAX })}
          />
          <PhotoInput error={errors.photos} />
          {needsPayout ? <PayoutFields refusal={refusal} /> : null}
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? t("ui_orders_sending") : t("ui_orders_request_return")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

const SELECT = "h-11 w-full max-w-sm rounded-lg border bg-white px-3 text-[15px] text-stone-900 focus:border-brand-600 focus:outline-none";

function ReasonSelect({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const t = useT();
  return (
    <div>
      <label className="mb-1 block text-sm font-medium text-stone-800">
        {t("ui_orders_why")}
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
        <select
          name="reasonCode"
          required
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          className={`mt-1 block ${SELECT} ${error ? "border-red-600" : "border-stone-300"}`}
        >
          <option value="">{t("ui_orders_reason_choose")}</option>
          {RETURN_REASON_CODES.map((code) => (
            <option key={code} value={code}>
              {t(`ui_orders_reason_${code}`)}
            </option>
          ))}
        </select>
      </label>
      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}

function PhotoInput({ error }: { error?: string }) {
  const t = useT();
  return (
    <div>
      <label className="block text-sm font-medium text-stone-800">
        {t("ui_orders_return_photos")}
        <input
          type="file"
          name="photos"
          accept={IMAGE_TYPES}
          multiple
          aria-invalid={error ? true : undefined}
          className="mt-1 block w-full max-w-sm text-sm text-stone-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:font-semibold"
        />
      </label>
      <p className="mt-1 text-xs text-stone-600">{t("ui_orders_return_photos_hint")}</p>
      {error ? <p className="mt-1 text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}

/**
 * Where a cash-on-delivery refund goes: a UPI ID, or a bank account (number twice, IFSC, holder).
 * With JavaScript only the chosen kind's fields show, and the IFSC names its bank as it is typed;
 * without it both show and the server takes the chosen kind's.
 */
function PayoutFields({ refusal }: { refusal: ReturnLineRefusal | null }) {
  const t = useT();
  const hydrated = useHydrated();
  const errors = refusal?.errors ?? {};
  const [to, setTo] = useState(refusal?.values.refundTo ?? "");
  const [ifsc, setIfsc] = useState(refusal?.values.ifsc ?? "");
  const bank = ifscBank(ifsc);
  const show = (kind: "upi" | "bank") => !hydrated || to === kind;
  return (
    <fieldset className="space-y-3 rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200" data-testid="refund-to">
      <legend className="px-1 text-sm font-semibold text-stone-900">{t("ui_orders_refund_where")}</legend>
      <p className="text-sm text-stone-700">{t("ui_orders_refund_where_note")}</p>
      <div className="flex flex-wrap gap-4">
        {(["upi", "bank"] as const).map((kind) => (
          <label key={kind} className="inline-flex min-h-11 items-center gap-2 text-[15px] text-stone-900">
            <input
              type="radio"
              name="refundTo"
              value={kind}
              defaultChecked={to === kind}
              onChange={() => setTo(kind)}
              className="h-5 w-5 accent-brand-700"
            />
            {t(kind === "upi" ? "ui_orders_refund_to_upi" : "ui_orders_refund_to_bank")}
          </label>
        ))}
      </div>
      {errors.refundTo ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.refundTo}
        </p>
      ) : null}
      {show("upi") ? (
        <TextField
          label={t("ui_orders_upi_id")}
          name="upiId"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={300}
          defaultValue={refusal?.values.upiId ?? ""}
          hint={t("ui_orders_upi_id_hint")}
          error={errors.upiId}
          className="max-w-sm"
        />
      ) : null}
      {show("bank") ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t("ui_orders_account_number")}
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            error={errors.accountNumber}
          />
          <TextField
            label={t("ui_orders_account_number_again")}
            name="accountNumberAgain"
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            error={errors.accountNumberAgain}
          />
          <div>
            <TextField
              label={t("ui_orders_ifsc")}
              name="ifsc"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              value={hydrated ? ifsc : undefined}
              defaultValue={hydrated ? undefined : ifsc}
              onChange={(e) => setIfsc(e.currentTarget.value.toUpperCase())}
              hint={t("ui_orders_ifsc_hint")}
              error={errors.ifsc}
            />
            {bank ? (
              <p className="mt-1 text-sm font-medium text-green-800" aria-live="polite" data-testid="ifsc-bank">
                {t("ui_orders_ifsc_bank", { bank })}
              </p>
            ) : null}
          </div>
          <TextField
            label={t("ui_orders_account_holder")}
            name="accountHolder"
            autoComplete="name"
            maxLength={200}
            defaultValue={refusal?.values.accountHolder ?? ""}
            error={errors.accountHolder}
          />
        </div>
      ) : null}
      <p className="text-xs text-stone-600">{t("ui_orders_payout_private")}</p>
    </fieldset>
  );
}
