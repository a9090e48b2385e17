import { Form, useNavigation } from "react-router";
import { formatDate } from "~/platform/core/dates";
import { formatPaiseExact } from "~/platform/core/money";
import { RETURN_REASON_MAX, RETURN_STATUS_STYLES, type ReturnFormLine, type ReturnLineRefusal } from "~/features/orders/domain/returns";
import { TextField } from "../../../ui/text-field";
import { useLocale, useT } from "~/platform/i18n/i18n";

const BADGE_KEYS = {
  requested: "ui_orders_return_badge_requested",
  approved: "ui_orders_return_badge_approved",
  rejected: "ui_orders_return_badge_rejected",
} as const;

type Props = {
  line: ReturnFormLine;
  /** Returns can be asked for now (delivered, within the window). */
  open: boolean;
  /** The refusal of the last request posted for this line. */
  refusal: ReturnLineRefusal | null;
};

/** One order line on the return page: its request as it stands, or the form to ask for one. */
export function ReturnLineForm({ line, open, refusal }: Props) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("lineId") === line.id;
  const errors = refusal?.errors ?? {};
  const headingId = `return-line-${line.id}`;
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5" aria-labelledby={headingId} data-testid="return-line">
      <div className="flex items-center gap-3">
        <img src={line.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-md bg-stone-100" />
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
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${RETURN_STATUS_STYLES[line.request.status]}`}>
            {t(BADGE_KEYS[line.request.status])}
          </span>
          <span className="text-stone-700">
            {t("ui_orders_request_line", {
              quantity: line.request.quantity,
              bought: line.quantity,
              amount: formatPaiseExact(line.request.amountPaise),
              date: formatDate(line.request.createdAt, locale),
            })}
          </span>
          {line.request.status === "rejected" && line.request.decisionNote ? (
            <p className="w-full text-stone-700 [overflow-wrap:anywhere]">
              {t("ui_orders_not_accepted", { note: line.request.decisionNote })}
            </p>
          ) : null}
        </div>
      ) : open ? (
        <Form method="post" noValidate className="mt-4 space-y-3" aria-label={t("ui_orders_return_name", { name: line.name })}>
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
          <TextField
            label={t("ui_orders_why")}
            name="reason"
            multiline
            required
            maxLength={RETURN_REASON_MAX}
            defaultValue={refusal?.values.reason ?? ""}
            error={errors.reason}
            hint={t("ui_orders_why_hint", { max: RETURN_REASON_MAX })}
          />
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
