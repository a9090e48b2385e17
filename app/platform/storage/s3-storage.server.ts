import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { traced } from "~/platform/observability/tracing.server";
import { checkKey, type FileStorage } from "./file-storage.server";

export type S3Settings = {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, a local server); AWS itself when absent. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Both or neither: without them the SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Put before every key ("angle/"), so one bucket can hold several stores' files. */
  prefix: string;
};

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/** S3 quotes its ETags; the interface carries the bare MD5. */
const bareEtag = (etag: string | undefined) => (etag ?? "").replace(/^W\//, "").replaceAll('"', "");

/**
 * Files as objects in an S3 bucket through the official AWS SDK. This module is imported only when
 * STORAGE=s3 (storage.server.ts), so the disk default never loads the SDK. Bodies are whole buffers of
 * known length, so the SDK's default checksums travel in a header, not as an aws-chunked trailer that
 * some S3-compatible servers cannot read (decision 067).
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${settings.prefix}${checkKey(key)}`;
  const serverAddress = settings.endpoint ? new URL(settings.endpoint).hostname : `s3.${settings.region}.amazonaws.com`;
  // Each call to the bucket is a span of the request's (or job's) trace when tracing is on (decision 069):
  // the SDK's HTTP client is not fetch, so undici's instrumentation does not see it.
  const call = <T>(operation: string, key: string, send: () => Promise<T>) =>
    traced(
      `s3 ${operation}`,
      {
        "rpc.system": "aws-api",
        "rpc.service": "S3",
        "rpc.method": operation,
        "aws.s3.bucket": Bucket,
        "aws.s3.key": key,
        "server.address": serverAddress,
      },
      send,
    );
  return {
    kind: "s3",
    async put(key, bytes, options) {
      const Key = objectKey(key);
      await call("PutObject", Key, () =>
        client.send(
          new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: options.contentType, CacheControl: options.cacheControl }),
        ),
      );
    },
    async get(key) {
      try {
        const Key = objectKey(key);
        const out = await call("GetObject", Key, () => client.send(new GetObjectCommand({ Bucket, Key })));
        if (!out.Body) return undefined;
        return {
          size: out.ContentLength ?? 0,
          etag: bareEtag(out.ETag),
          contentType: out.ContentType ?? "application/octet-stream",
          body: out.Body.transformToWebStream(),
        };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async stat(key) {
      try {
        const Key = objectKey(key);
        const out = await call("HeadObject", Key, () => client.send(new HeadObjectCommand({ Bucket, Key })));
        return { size: out.ContentLength ?? 0, etag: bareEtag(out.ETag), contentType: out.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      await call("DeleteObject", Key, () => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },
    close() {
      client.destroy();
    },
  };
}
