import { useCallback } from "react";
import { useTOr } from "~/features/orders/ui/order-text";
import { findIndianState } from "~/platform/core/indian-states";
import type { UiKey } from "~/platform/i18n/i18n";

/**
 * A State's name in the page's language, for components: "मध्य प्रदेश" on a Hindi page, from the
 * ui_state_<GST code> messages the layout sent (no script carries Hindi); the English name where
 * the page has no messages (the admin panel) or the name is not a State of the list.
 */
export function useStateName(): (name: string) => string {
  const t = useTOr();
  return useCallback(
    (name: string) => {
      const state = findIndianState(name);
      return state ? t(`ui_state_${state.gstCode}` as UiKey, state.name) : name;
    },
    [t],
  );
}
