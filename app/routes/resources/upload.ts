import { serveUpload } from "~/platform/storage/serve-upload.server";
import type { Route } from "./+types/upload";

/** Serves an uploaded product image by its generated name (no paths, no other files), from the file store. */
export async function loader({ params, request }: Route.LoaderArgs) {
  return serveUpload(params.name, { method: request.method, ifNoneMatch: request.headers.get("if-none-match") });
}
