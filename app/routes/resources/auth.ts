import type { Route } from "./+types/auth";
import { getAuth } from "~/auth/auth.server";

// Better Auth's handler for session reads and sign-out; sign-up/sign-in run through our own actions.
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
