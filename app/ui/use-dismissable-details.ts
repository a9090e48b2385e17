import { type RefObject, useEffect, useRef } from "react";

/**
 * Closes an open <details> menu on Escape (focus back on its summary) or a press outside it.
 * Without JavaScript the menu still opens and closes by its summary. It also closes whenever
 * `closeWhenChanged` changes (the location, so a followed link does not leave it open). It does not
 * close on mount: on a slow phone a menu opened before its script arrived stays open once it hydrates.
 */
export function useDismissableDetails(ref: RefObject<HTMLDetailsElement | null>, closeWhenChanged?: string) {
  const seen = useRef(closeWhenChanged);
  useEffect(() => {
    if (seen.current === closeWhenChanged) return;
    seen.current = closeWhenChanged;
    if (ref.current) ref.current.open = false;
  }, [ref, closeWhenChanged]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [ref]);
}
