import { type RefObject, useEffect } from "react";

/**
 * The option a visitor picked in a server-drawn `<select>` before the page hydrated, or null when
 * it still shows what the server drew. React never saw that pick, and a controlled select is put
 * back to React's value on its next render (a photo chosen, a category changed), so a slow phone
 * would send the form without it. The server's choice is the option marked `selected` in the HTML
 * (`defaultSelected`); when no option is marked, nothing can be told and null is returned.
 */
export function pickedBeforeHydration(select: HTMLSelectElement | null): string | null {
  if (!select) return null;
  const drawn = Array.from(select.options).find((option) => option.defaultSelected);
  if (!drawn || drawn.selected) return null;
  return select.value;
}

/**
 * Once hydrated, tells `take` the option picked before hydration, if any. Give it a state setter or
 * another stable function: it runs again whenever `take` changes.
 */
export function useEarlyChoice(select: RefObject<HTMLSelectElement | null>, take: (value: string) => void) {
  useEffect(() => {
    const picked = pickedBeforeHydration(select.current);
    if (picked !== null) take(picked);
  }, [select, take]);
}
