import type { Route } from "./+types/ondc-call";
import { isBuyerCall } from "~/features/ondc/domain/beckn";
import { answerOndcCall } from "~/features/ondc/web/ondc-call.server";
import { ondcConfig } from "~/features/ondc/server/ondc-config.server";

/** A buyer app's ONDC call (`search`, `select`, …): verified, checked, ACKed, answered by callback (decision 073). */
export async function action({ request, params }: Route.ActionArgs) {
  return answerOndcCall(params.action, request);
}

/** Calls are POSTs only; an address that is no call, or a store not on ONDC, is not found. */
export function loader({ params }: Route.LoaderArgs) {
  if (!ondcConfig() || !isBuyerCall(params.action)) return new Response("Not found", { status: 404 });
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
