import { getEnv, type Env } from "~/platform/env.server";
import { diskStorage } from "./disk-storage.server";
import type { FileStorage } from "./file-storage.server";
import { setUploadBase } from "~/ui/image-srcset";

let current: { env: Env; storage: Promise<FileStorage> } | undefined;

/** The store the settings name: UPLOAD_DIR on disk (the default), or the S3 bucket. */
export function storageFor(env: Env): Promise<FileStorage> {
  if (env.STORAGE === "disk") return Promise.resolve(diskStorage(env.UPLOAD_DIR));
  // Loaded only here: a store on the disk never loads the AWS SDK.
  return import("./s3-storage.server").then(({ s3Storage }) =>
    s3Storage({
      bucket: env.S3_BUCKET ?? "",
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      prefix: env.S3_PREFIX ?? "",
    }),
  );
}

/** This process's file store, made once for the settings in force (a test that changes them gets a new one). */
export function fileStorage(): Promise<FileStorage> {
  const env = getEnv();
  if (current?.env !== env) {
    const previous = current?.storage;
    current = { env, storage: storageFor(env) };
    void previous?.then((storage) => storage.close());
  }
  return current.storage;
}

/**
 * What stands for `/uploads/` in the pictures' addresses on pages: itself when the store serves them,
 * or the bucket's public address and the key prefix when PUBLIC_ASSET_BASE is set.
 */
export function uploadUrlBase(env: Env = getEnv()): string {
  return env.PUBLIC_ASSET_BASE === undefined ? "/uploads/" : `${env.PUBLIC_ASSET_BASE}/${env.S3_PREFIX ?? ""}`;
}

/** The origin pages may load pictures from besides their own (the CSP's img-src), if any. */
export function publicAssetOrigin(env: Env = getEnv()): string | undefined {
  return env.PUBLIC_ASSET_BASE === undefined ? undefined : new URL(env.PUBLIC_ASSET_BASE).origin;
}

/**
 * Sets where pages point pictures before any loader or component of the request runs (a product
 * page's markup is drawn in its loader); the same value every time for a process's settings.
 */
export function uploadBaseMiddleware<T>(_args: unknown, next: () => Promise<T>): Promise<T> {
  setUploadBase(uploadUrlBase());
  return next();
}
