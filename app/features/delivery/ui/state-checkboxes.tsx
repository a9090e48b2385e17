import { useId } from "react";
import { INDIAN_STATES } from "~/platform/core/indian-states";
import { useStateName } from "./use-state-name";

type Props = { name: string; legend: string; hint?: string; defaultValue: readonly string[]; error?: string; required?: boolean };

/** Several States or Union Territories, ticked from the list (a licence's, the store's): the names post as `name`. */
export function StateCheckboxes({ name, legend, hint, defaultValue, error, required = false }: Props) {
  const id = useId();
  const stateLabel = useStateName();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={described || undefined} data-testid={`${name}-checkboxes`}>
      <legend className="mb-1 text-sm font-medium text-stone-800">
        {legend}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="mb-2 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      <div className="grid max-h-56 grid-cols-1 gap-x-4 overflow-y-auto rounded-lg border border-stone-200 p-2 sm:grid-cols-2">
        {INDIAN_STATES.map((s) => (
          <label key={s.name} className="flex min-h-11 items-center gap-2 text-[15px] text-stone-900">
            <input
              type="checkbox"
              name={name}
              value={s.name}
              defaultChecked={defaultValue.includes(s.name)}
              className="h-4 w-4 accent-green-700"
            />
            {stateLabel(s.name)}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
