import { useSyncExternalStore } from "react";

const subscribe = () => () => {};
/** False during server rendering and hydration, true after: for UI that depends on local storage. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
