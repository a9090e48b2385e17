import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * The root loader's data (store details, the signed-in user) for any page. Kept out of root.tsx so
 * pages importing it don't make the root route a shared chunk (one request less on every page).
 */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("root loader data is missing");
  return data;
}
