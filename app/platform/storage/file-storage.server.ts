/**
 * Where uploaded files live, behind one interface (docs/decisions/067-object-storage.md): the local
 * disk (UPLOAD_DIR, the default) or an S3-compatible bucket. Keys are flat names we generate; the
 * database keeps `/uploads/<key>` whatever the store, so moving stores rewrites no row.
 */

/** What a store knows of a file. `etag` is the MD5 of its bytes in hex, as S3 gives it for a single PUT. */
export type StoredObject = { size: number; etag: string; contentType: string };
export type StoredFile = StoredObject & { body: ReadableStream<Uint8Array> };
export type PutOptions = { contentType: string; cacheControl: string };

export interface FileStorage {
  readonly kind: "disk" | "s3";
  /** Writes the whole file at once: a reader sees the old bytes or the new ones, never part. */
  put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void>;
  /** The file and its bytes as a stream (read it, or cancel it); undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  /** The file's size, etag and type without its bytes; undefined when there is none. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes the file; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (the S3 client's sockets). */
  close(): void;
}

/** Uploaded pictures never change under their name: a new photo gets a new one. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** A key that names a file and nothing else: no folder, no `..`, nothing a path or URL would read twice. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/** Refuses, before any I/O, a key that could reach outside the store's own files. */
export function checkKey(key: string): string {
  if (key.length > 200 || !KEY.test(key)) throw new InvalidStorageKey(key);
  return key;
}

const TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
};

/** The type a file's name says, for the disk (which keeps no metadata) and for files copied to a bucket. */
export function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}
