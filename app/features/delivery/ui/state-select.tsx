import { useId } from "react";
import { INDIAN_STATES } from "~/platform/core/indian-states";
import { useTOr } from "~/features/orders/ui/order-text";
import { useStateName } from "./use-state-name";

type Props = { name?: string; label?: string; defaultValue?: string; error?: string; className?: string; required?: boolean };

/** The State or Union Territory of an address, chosen from the list (never typed). */
export function StateSelect({ name = "state", label, defaultValue, error, className, required = true }: Props) {
  const t = useTOr();
  const stateLabel = useStateName();
  const id = useId();
  const known = INDIAN_STATES.some((s) => s.name === defaultValue);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label ?? t("ui_checkout_state", "State / Union Territory")}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <select
        id={id}
        name={name}
        required={required}
        autoComplete="address-level1"
        defaultValue={known ? defaultValue : ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`h-11 w-full rounded-lg border bg-white px-3 text-[15px] text-stone-900 focus:outline-none disabled:bg-stone-100 ${
          error ? "border-red-600 focus:border-red-700" : "border-stone-300 focus:border-brand-600"
        }`}
      >
        {/* An optional State may be left unstated; a required one must be chosen. */}
        <option value="" disabled={required}>
          {required ? t("ui_checkout_state_choose", "Choose…") : t("ui_checkout_state_not_stated", "Not stated")}
        </option>
        {INDIAN_STATES.map((s) => (
          // The value stays the English name the database keeps; a Hindi page shows the Hindi name.
          <option key={s.name} value={s.name}>
            {stateLabel(s.name)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
