import { Form } from "react-router";
import { TextField } from "~/ui/text-field";
import { formatPaise } from "~/platform/core/money";

type Props = {
  state: { valuePaise: number; needed: boolean; number: string | null };
  /** Whether a number may still be recorded (the order has not shipped, nor been cancelled). */
  open: boolean;
  error?: string | undefined;
  busy: boolean;
};

/** The admin order page's e-way bill: that one is needed, its number once recorded, and the form to record it. */
export function EwayBillSection({ state, open, error, busy }: Props) {
  return (
    <section className="mt-4 rounded-xl bg-white p-5 ring-1 ring-stone-200" aria-labelledby="eway-bill-title" data-testid="eway-bill">
      <h2 id="eway-bill-title" className="font-bold">
        E-way bill
      </h2>
      {state.number ? (
        <p className="mt-2 text-sm">
          E-way bill no. <span className="font-mono font-semibold">{state.number}</span> (printed on the invoice).
        </p>
      ) : (
        <p role="note" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          An e-way bill is needed before shipping: the goods are worth {formatPaise(state.valuePaise)} with GST.
        </p>
      )}
      {open ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="eway-bill" />
          <fieldset disabled={busy} className="flex flex-wrap items-end gap-3">
            <TextField
              label={state.number ? "Correct the e-way bill number" : "E-way bill number"}
              name="ewayBillNo"
              required
              inputMode="numeric"
              autoComplete="off"
              maxLength={14}
              defaultValue={state.number ?? ""}
              hint="12 digits, from the e-way bill portal."
              error={error}
            />
            <button type="submit" className="h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white">
              Record e-way bill
            </button>
          </fieldset>
        </Form>
      ) : null}
    </section>
  );
}
