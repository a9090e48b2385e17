import { useRef } from "react";
import { Form } from "react-router";

type Props = {
  message: string;
  label: string;
  fields: Record<string, string>;
  confirmLabel?: string;
  className?: string;
  children?: React.ReactNode;
};

/** A button that asks first, in a modal dialog (focus stays inside, Escape cancels), then posts. */
export function ConfirmForm({ message, label, fields, confirmLabel = "Delete", className, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // Opening puts focus on Cancel: the safe choice is the one Enter or Space takes.
  const open = () => {
    dialog.current?.showModal();
    cancel.current?.focus();
  };
  return (
    <>
      <button type="button" className={className} onClick={open} aria-label={label}>
        {children ?? label}
      </button>
      <dialog
        ref={dialog}
        className="m-auto w-[min(100%-2rem,24rem)] rounded-xl p-5 shadow-2xl backdrop:bg-stone-900/60"
        aria-label="Please confirm"
      >
        <p className="font-semibold text-stone-900">{message}</p>
        <Form method="post" className="mt-5 flex justify-end gap-2" onSubmit={() => dialog.current?.close()}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button
            ref={cancel}
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-lg border border-stone-300 px-4 py-2 font-semibold text-stone-800"
          >
            Cancel
          </button>
          <button type="submit" className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
            {confirmLabel}
          </button>
        </Form>
      </dialog>
    </>
  );
}
