import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { newId } from "~/platform/ids";
import { checkKey, contentTypeOf, type FileStorage } from "./file-storage.server";

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");
const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Files in one folder, named by their keys: exactly the files and names the store always wrote to
 * UPLOAD_DIR. The disk keeps no metadata, so a file's type comes from its name and its etag is the MD5
 * of its bytes (the same as a bucket's, so a picture keeps its etag when it moves to one).
 */
export function diskStorage(folder: string): FileStorage {
  const dir = resolve(folder);
  const path = (key: string) => join(dir, checkKey(key));
  const read = async (key: string) => {
    const bytes = await readFile(path(key)).catch((error: unknown) => {
      if (missing(error)) return undefined;
      throw error;
    });
    return bytes && new Uint8Array(bytes);
  };
  return {
    kind: "disk",
    async put(key, bytes) {
      const target = path(key);
      await mkdir(dir, { recursive: true });
      // Written beside, then renamed into place when whole: never served half-written.
      const partial = join(dir, `.partial-${newId()}`);
      try {
        await writeFile(partial, bytes);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const bytes = await read(key);
      if (!bytes) return undefined;
      return { size: bytes.byteLength, etag: md5(bytes), contentType: contentTypeOf(key), body: new Blob([bytes]).stream() };
    },
    async stat(key) {
      // Uploads are small (an 800 px WebP): hashing one is cheaper than keeping its etag somewhere else.
      const bytes = await read(key);
      return bytes && { size: bytes.byteLength, etag: md5(bytes), contentType: contentTypeOf(key) };
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
    close() {},
  };
}
