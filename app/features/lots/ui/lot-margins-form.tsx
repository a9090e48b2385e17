import { Form } from "react-router";
import { FormError } from "~/ui/form-error";
import { TextField } from "~/ui/text-field";
import type { LotMargins } from "../domain/lot-margins";
import type { LotKind } from "../domain/lot-receipt";

const KINDS: [LotKind, string][] = [
  ["seed", "Seeds"],
  ["pesticide", "Pesticides"],
  ["fertiliser", "Fertilisers"],
];

/** The admin's "Stop selling N days before expiry", per kind (English, as the admin panel is). */
export function LotMarginsForm({
  margins,
  reply,
}: {
  margins: LotMargins;
  reply?: { error: string; fields: Record<string, string>; sent: Record<string, string> };
}) {
  return (
    <Form method="post" className="mt-6 max-w-xl space-y-4 rounded-xl bg-white p-5 ring-1 ring-stone-200" data-testid="lot-margins">
      <h2 className="text-lg font-bold text-stone-900">Lots: stop selling before expiry</h2>
      <p className="text-sm text-stone-600">
        A lot is not sold from this many days before its expiry, so a farmer has time to use it. 0 sells it through the day before its
        expiry. A change applies at once to the lots already received, and the stock shown follows.
      </p>
      <FormError message={reply?.error} />
      <input type="hidden" name="intent" value="lot-margins" />
      <div className="grid gap-3 sm:grid-cols-3">
        {KINDS.map(([kind, label]) => (
          <TextField
            key={kind}
            label={`${label}: days before expiry`}
            name={kind}
            required
            inputMode="numeric"
            maxLength={3}
            defaultValue={reply?.sent[kind] ?? String(margins[kind])}
            error={reply?.fields[kind]}
          />
        ))}
      </div>
      <button type="submit" className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white">
        Save lot margins
      </button>
    </Form>
  );
}
