import { useId } from "react";
import { FERTILIZER_CATEGORY_KINDS } from "~/features/vendor-shops/domain/licences";
import { useT } from "~/platform/i18n/i18n";

/**
 * What the law regulates a product as, beside its category: a choice for fertilizers (a pesticide
 * such as neem oil sits in that category too), a note for seeds, nothing for equipment and tools.
 * The server decides from the category in every case but the fertilizers choice.
 */
export function RegulatedAsField({
  category,
  defaultValue,
  error,
  onChange,
}: {
  category: string;
  defaultValue: string;
  error?: string;
  /** told the choice as it changes (the GST rate's starting value follows it) */
  onChange?: (value: string) => void;
}) {
  const id = useId();
  const t = useT();
  if (category === "seeds") {
    return (
      <p className="self-end text-sm text-stone-600" data-testid="regulated-as-note">
        {t("ui_catalog_form_seed_note")}
      </p>
    );
  }
  if (category !== "fertilizers") return null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {t("ui_catalog_form_regulated_as")}
      </label>
      <select
        id={id}
        name="regulatedAs"
        defaultValue={defaultValue === "pesticide" ? "pesticide" : "fertiliser"}
        onChange={(event) => onChange?.(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className="h-11 w-full rounded-lg border border-stone-300 bg-white px-3"
      >
        {FERTILIZER_CATEGORY_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`ui_catalog_form_regulated_${kind}`)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
        {t("ui_catalog_form_regulated_hint")}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
