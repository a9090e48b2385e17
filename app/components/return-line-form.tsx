import { Form, useNavigation } from "react-router";
import { formatDate } from "~/domain/dates";
import { formatPaiseExact } from "~/domain/money";
import {
  RETURN_REASON_MAX,
  RETURN_STATUS_LABELS,
  RETURN_STATUS_STYLES,
  type ReturnFormLine,
  type ReturnLineRefusal,
} from "~/domain/returns";
import { TextField } from "./ui/text-field";

type Props = {
  line: ReturnFormLine;
  /** Returns can be asked for now (delivered, within the window). */
  open: boolean;
  /** The refusal of the last request posted for this line. */
  refusal: ReturnLineRefusal | null;
};

/** One order line on the return page: its request as it stands, or the form to ask for one. */
export function ReturnLineForm({ line, open, refusal }: Props) {
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
            You bought {line.quantity} · {formatPaiseExact(line.fullRefundPaise)} with GST
          </p>
        </div>
      </div>
      {line.request ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${RETURN_STATUS_STYLES[line.request.status]}`}>
            Return {RETURN_STATUS_LABELS[line.request.status].toLowerCase()}
          </span>
          <span className="text-stone-700">
            {line.request.quantity} of {line.quantity} · {formatPaiseExact(line.request.amountPaise)} refund · asked on{" "}
            {formatDate(line.request.createdAt)}
          </span>
          {line.request.status === "rejected" && line.request.decisionNote ? (
            <p className="w-full text-stone-700 [overflow-wrap:anywhere]">Not accepted: {line.request.decisionNote}</p>
          ) : null}
        </div>
      ) : open ? (
        <Form method="post" noValidate className="mt-4 space-y-3" aria-label={`Return ${line.name}`}>
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
              label="How many to return"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={line.quantity}
              step={1}
              required
              defaultValue={refusal?.values.quantity ?? "1"}
              error={errors.quantity}
              hint={`From 1 to ${line.quantity}.`}
              className="max-w-48"
            />
          )}
          <TextField
            label="Why are you returning it?"
            name="reason"
            multiline
            required
            maxLength={RETURN_REASON_MAX}
            defaultValue={refusal?.values.reason ?? ""}
            error={errors.reason}
            hint={`For example: arrived damaged, wrong size, not what was described. ${RETURN_REASON_MAX} characters at most.`}
          />
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? "Sending…" : "Request return"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
