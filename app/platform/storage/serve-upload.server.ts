import { getEnv } from "~/platform/env.server";
import { IMMUTABLE, type StoredObject } from "./file-storage.server";
import { fileStorage, uploadUrlBase } from "./storage.server";

/** Our generated names only: an id, optionally the small copy's width, WebP. */
const UPLOAD_NAME = /^([a-z0-9]{8,40})(-400)?\.webp$/;

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Whether an If-None-Match header names this etag (a list, weak or strong, or `*`). */
function matches(ifNoneMatch: string, etag: string) {
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === `"${etag}"`;
  });
}

const headersOf = (object: StoredObject) => ({
  "Content-Type": object.contentType,
  "Content-Length": String(object.size),
  "Cache-Control": IMMUTABLE,
  ETag: `"${object.etag}"`,
});

/**
 * An uploaded picture by its generated name, from whichever store holds it: 404 for any other name
 * or a missing file, 304 when the browser's copy is current, headers alone for HEAD. With
 * PUBLIC_ASSET_BASE the bucket serves pictures itself, so an old link is sent there for good.
 */
export async function serveUpload(name: string, request: { method: string; ifNoneMatch: string | null }): Promise<Response> {
  const m = UPLOAD_NAME.exec(name);
  if (!m) return notFound();
  if (getEnv().PUBLIC_ASSET_BASE !== undefined) {
    return new Response(null, {
      status: 301,
      headers: { Location: `${uploadUrlBase()}${name}`, "Cache-Control": "public, max-age=86400" },
    });
  }
  const storage = await fileStorage();
  // A photo uploaded before small copies were made has none: its full size stands in.
  const names = m[2] ? [name, `${m[1]}.webp`] : [name];
  const headOnly = request.method === "HEAD" || request.ifNoneMatch !== null;
  for (const key of names) {
    if (headOnly) {
      const object = await storage.stat(key);
      if (!object) continue;
      if (request.ifNoneMatch !== null && matches(request.ifNoneMatch, object.etag)) {
        return new Response(null, { status: 304, headers: { "Cache-Control": IMMUTABLE, ETag: `"${object.etag}"` } });
      }
      if (request.method === "HEAD") return new Response(null, { headers: headersOf(object) });
    }
    const file = await storage.get(key);
    if (file) return new Response(file.body, { headers: headersOf(file) });
  }
  return notFound();
}
