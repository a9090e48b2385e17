import { useId, type InputHTMLAttributes } from "react";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "name"> & {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
};

/** A labelled input with its error announced and tied to the field. */
export function TextField({ label, name, error, hint, multiline, className, ...rest }: Props) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const base = `w-full rounded-lg border px-3 text-[15px] text-stone-900 focus:outline-none disabled:bg-stone-100 ${
    error ? "border-red-600 focus:border-red-700" : "border-stone-300 focus:border-brand-600"
  }`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
        {rest.required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          rows={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${base} py-2`}
          {...(rest as InputHTMLAttributes<HTMLTextAreaElement>)}
        />
      ) : (
        <input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${base} h-11`}
          {...rest}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
