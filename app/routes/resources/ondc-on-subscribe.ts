import type { Route } from "./+types/ondc-on-subscribe";
import { answerOnSubscribe } from "~/features/ondc/web/ondc-call.server";
import { ondcConfig } from "~/features/ondc/server/ondc-config.server";

/** ONDC's registry proving we hold our encryption key (decision 073). */
export async function action({ request }: Route.ActionArgs) {
  return answerOnSubscribe(request);
}

export function loader() {
  if (!ondcConfig()) return new Response("Not found", { status: 404 });
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
