import { useState } from "react";
import { useRootData } from "../platform/render/root-data";

/**
 * The id of the latest toast this page has shown; it changes only when a change succeeded. Used as
 * a form's `key`, the form starts again from the stored values after a save (a typed secret or a
 * sent message does not linger) while a refused submission keeps what was typed.
 */
export function useToastKey(): string {
  const id = useRootData().toast?.id;
  const [last, setLast] = useState(id ?? "");
  if (id && id !== last) setLast(id);
  return id ?? last;
}
