import S3rver from "@20minutes/s3rver";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Every key in the bucket, as the server holds them (read from its own store, not through S3's list). */
  objectKeys(prefix?: string): Promise<string[]>;
  stop(): Promise<void>;
};

/**
 * A real S3-compatible server on 127.0.0.1 at a free port, its bucket created, keeping its objects in a
 * fresh temporary folder (decision 067: s3rver, from the npm registry, checks requests' SigV4
 * signatures and speaks the S3 XML API the AWS SDK sends). It runs in the test's own process, so it
 * ends with the test run whatever happens; `stop()` closes it and removes its folder. There is no
 * skip: a server that cannot start fails the test that asked for it.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), "angle-s3-"));
  const bucket = "angle-test";
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const removeFolder = () => rmSync(directory, { recursive: true, force: true });
  process.once("exit", removeFolder);
  const { port } = await server.run();
  // Never what keeps a test process alive.
  server.httpServer?.unref();
  let stopped = false;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver's one account; it refuses requests signed with any other secret.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    // s3rver signs a bucket-level request's path without the trailing slash the AWS SDK signs, so
    // ListObjectsV2 through the SDK is refused (decision 067); its own store answers instead.
    async objectKeys(prefix = "") {
      const { objects } = await server.store.listObjects(bucket, { prefix });
      return objects.map((o) => o.key).sort();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      server.httpServer?.closeAllConnections();
      await server.close();
      removeFolder();
      process.off("exit", removeFolder);
    },
  };
}

/** The settings that point the store at this server (STORAGE=s3, path-style, its keys). */
export function s3Env(s3: S3TestServer, prefix = ""): Record<string, string> {
  return {
    STORAGE: "s3",
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_PREFIX: prefix,
  };
}
