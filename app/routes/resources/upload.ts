import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { getEnv } from "~/platform/env.server";
import type { Route } from "./+types/upload";

/** Serves an uploaded product image by its generated name (no paths, no other files). */
export async function loader({ params }: Route.LoaderArgs) {
  const m = /^([a-z0-9]{8,40})(-400)?\.webp$/.exec(params.name);
  if (!m) return new Response("Not found", { status: 404 });
  const dir = resolve(getEnv().UPLOAD_DIR);
  try {
    // A photo uploaded before small copies were made has none: its full size stands in.
    const bytes = await readFile(join(dir, params.name)).catch((error: unknown) => {
      if (m[2]) return readFile(join(dir, `${m[1]}.webp`));
      throw error;
    });
    return new Response(bytes, {
      headers: { "Content-Type": "image/webp", "Cache-Control": "public, max-age=31536000, immutable" },
    });
  } catch {
    return new Response("Not found", { status: 404 });
  }
}
