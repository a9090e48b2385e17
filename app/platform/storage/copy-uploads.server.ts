import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { checkKey, contentTypeOf, type FileStorage, IMMUTABLE } from "./file-storage.server";

export type CopyReport = { copied: number; skipped: number; failed: number; failures: { key: string; reason: string }[] };

/** A full-size upload: `<id>.webp`, whose 400 px copy is `<id>-400.webp`. */
const FULL = /^([a-z0-9]{8,40})\.webp$/;

/**
 * Copies every upload in `folder` (UPLOAD_DIR) into `target`, so that a second run copies nothing: a
 * file already there with the same size and MD5 etag is skipped. A photo uploaded before small copies
 * were made gets its full size under the small copy's name too, as the store's /uploads route stood
 * in for it: pages pointing straight at a bucket then find both. Files that are not ours (names the
 * store never writes) are left alone; one that fails is counted and the rest go on.
 */
export async function copyUploads(folder: string, target: FileStorage): Promise<CopyReport> {
  const dir = resolve(folder);
  const report: CopyReport = { copied: 0, skipped: 0, failed: 0, failures: [] };
  const entries = await readdir(dir, { withFileTypes: true });
  const names = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  const copy = async (key: string, bytes: Uint8Array) => {
    try {
      const etag = createHash("md5").update(bytes).digest("hex");
      const there = await target.stat(key);
      if (there && there.size === bytes.byteLength && there.etag === etag) {
        report.skipped += 1;
        return;
      }
      await target.put(key, bytes, { contentType: contentTypeOf(key), cacheControl: IMMUTABLE });
      report.copied += 1;
    } catch (error) {
      report.failed += 1;
      report.failures.push({ key, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  };
  for (const name of [...names].sort()) {
    try {
      checkKey(name);
    } catch {
      continue; // an editor's backup, a dotfile, a half-written `.partial-` file: not an upload
    }
    const bytes = new Uint8Array(await readFile(join(dir, name)));
    await copy(name, bytes);
    const id = FULL.exec(name)?.[1];
    if (id && !names.has(`${id}-400.webp`)) await copy(`${id}-400.webp`, bytes);
  }
  return report;
}
