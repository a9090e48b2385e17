import type { Route } from "./+types/auth";
import { getAuth } from "~/auth/auth.server";

// Only what the store uses of Better Auth's HTTP API: reading the session and signing out.
// Sign-up, sign-in and profile changes go through our own validated actions.
const ALLOWED = new Set(["/api/auth/get-session", "/api/auth/sign-out"]);

function handle(request: Request) {
  if (!ALLOWED.has(new URL(request.url).pathname)) return new Response("Not Found", { status: 404 });
  return getAuth().handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
