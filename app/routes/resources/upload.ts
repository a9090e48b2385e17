import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Route } from "./+types/upload";

/** Serves an uploaded product image by its generated name (no paths, no other files). */
export async function loader({ params }: Route.LoaderArgs) {
  if (!/^[a-z0-9]{8,40}\.webp$/.test(params.name)) return new Response("Not found", { status: 404 });
  try {
    const bytes = await readFile(join(resolve(process.env.UPLOAD_DIR ?? "data/uploads"), params.name));
    return new Response(bytes, {
      headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable" },
    });
  } catch {
    return new Response("Not found", { status: 404 });
  }
}
