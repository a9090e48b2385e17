import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { restoreEnv, setEnv } from "../../../tests/factories";
import { s3Env, startS3Server, type S3TestServer } from "../../../tests/helpers/s3-server";
import { type FileStorage, IMMUTABLE, InvalidStorageKey } from "./file-storage.server";
import { serveUpload } from "./serve-upload.server";
import { fileStorage, storageFor } from "./storage.server";
import { getEnv } from "~/platform/env.server";

/**
 * One contract, both stores: the local disk and an S3 bucket on a real S3-compatible server
 * (tests/helpers/s3-server.ts). The app's /uploads route is part of it: what a browser gets must not
 * depend on where the picture is kept.
 */
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");
const text = (s: string) => new TextEncoder().encode(s);
const webp = { contentType: "image/webp", cacheControl: IMMUTABLE };
const bytesOf = async (body: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(body).arrayBuffer());

let s3: S3TestServer;
const folder = mkdtempSync(join(tmpdir(), "angle-store-contract-"));
const uploads = join(folder, "uploads");
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.stop();
  rmSync(folder, { recursive: true, force: true });
});
afterEach(restoreEnv);

const stores = {
  disk: () => ({ STORAGE: "disk", UPLOAD_DIR: uploads }),
  // Under a prefix, so the contract covers keys that are not the object's whole key.
  s3: () => s3Env(s3, "shop-one"),
};

describe.each(Object.keys(stores) as (keyof typeof stores)[])("the %s store", (kind) => {
  let storage: FileStorage;
  beforeAll(() => {
    setEnv(stores[kind]());
  });
  const store = async () => {
    setEnv(stores[kind]());
    storage = await fileStorage();
    expect(storage.kind).toBe(kind);
    return storage;
  };

  it("keeps what is put: bytes, size, MD5 etag and type; gives nothing for a missing key; deletes, twice without error", async () => {
    const s = await store();
    const bytes = text(`picture ${kind}`);
    await s.put("abcdefgh1.webp", bytes, webp);
    const file = await s.get("abcdefgh1.webp");
    expect(file && { ...file, body: await bytesOf(file.body) }).toEqual({
      size: bytes.byteLength,
      etag: md5(bytes),
      contentType: "image/webp",
      body: bytes,
    });
    expect(await s.stat("abcdefgh1.webp")).toEqual({ size: bytes.byteLength, etag: md5(bytes), contentType: "image/webp" });
    expect(await s.get("nosuchkey1.webp")).toBeUndefined();
    expect(await s.stat("nosuchkey1.webp")).toBeUndefined();
    await s.delete("abcdefgh1.webp");
    await s.delete("abcdefgh1.webp");
    expect(await s.get("abcdefgh1.webp")).toBeUndefined();
  });

  it("an overwrite replaces the bytes and the etag", async () => {
    const s = await store();
    await s.put("overwrite1.webp", text("first"), webp);
    await s.put("overwrite1.webp", text("second, longer"), webp);
    const file = await s.get("overwrite1.webp");
    expect(file && [await bytesOf(file.body), file.etag]).toEqual([text("second, longer"), md5(text("second, longer"))]);
  });

  it("a big-ish file (8 MB) comes back whole", async () => {
    const s = await store();
    const big = new Uint8Array(randomBytes(8 * 1024 * 1024));
    await s.put("bigfile01.png", big, { contentType: "image/png", cacheControl: IMMUTABLE });
    const file = await s.get("bigfile01.png");
    expect(file?.size).toBe(big.byteLength);
    expect(file?.contentType).toBe("image/png");
    const back = file ? await bytesOf(file.body) : new Uint8Array();
    expect(md5(back)).toBe(md5(big));
    expect(file?.etag).toBe(md5(big));
  });

  it("refuses names that try to leave the store, before any I/O", async () => {
    const s = await store();
    const tries = ["../escape.webp", "..", "a/b.webp", "a\\b.webp", ".hidden", "%2e%2e%2fx", "x..webp", "", "a".repeat(201), "ok.webp/"];
    for (const key of tries) {
      await expect(s.put(key, text("x"), webp), key).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(s.get(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(s.stat(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
      await expect(s.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKey);
    }
    expect(existsSync(join(folder, "escape.webp"))).toBe(false);
  });

  it("/uploads/<name> serves it with a year's cache, its etag and type; 304 on a current etag; HEAD; 404s", async () => {
    const s = await store();
    const bytes = text(`served from ${kind}`);
    await s.put("servedpic1.webp", bytes, webp);
    const serve = (name: string, method = "GET", ifNoneMatch: string | null = null) => serveUpload(name, { method, ifNoneMatch });

    const got = await serve("servedpic1.webp");
    expect(got.status).toBe(200);
    expect(Object.fromEntries(got.headers)).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${md5(bytes)}"`,
      "content-length": String(bytes.byteLength),
    });
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);

    const again = await serve("servedpic1.webp", "GET", `"other", W/"${md5(bytes)}"`);
    expect([again.status, await again.text(), again.headers.get("etag")]).toEqual([304, "", `"${md5(bytes)}"`]);
    expect((await serve("servedpic1.webp", "GET", '"stale"')).status).toBe(200);

    const head = await serve("servedpic1.webp", "HEAD");
    expect([head.status, head.headers.get("content-length"), head.headers.get("etag")]).toEqual([
      200,
      String(bytes.byteLength),
      `"${md5(bytes)}"`,
    ]);

    // A photo uploaded before small copies were made: its full size stands in for the small one.
    expect(new Uint8Array(await (await serve("servedpic1-400.webp")).arrayBuffer())).toEqual(bytes);
    for (const name of ["nosuchpic1.webp", "nosuchpic1-400.webp", "../servedpic1.webp", "servedpic1.png", "servedpic1.webp.data"]) {
      expect((await serve(name)).status, name).toBe(404);
      expect((await serve(name, "HEAD")).status, name).toBe(404);
    }
  });
});

describe("the S3 store", () => {
  it("writes objects with their type and a year's immutable cache, under S3_PREFIX", async () => {
    setEnv(s3Env(s3, "shop-two/"));
    const storage = await fileStorage();
    await storage.put("prefixed1.webp", text("x"), webp);
    const client = new S3Client({
      region: getEnv().S3_REGION,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: "shop-two/prefixed1.webp" }));
    client.destroy();
    expect([head.ContentType, head.CacheControl]).toEqual(["image/webp", "public, max-age=31536000, immutable"]);
    expect(await s3.objectKeys("shop-two/")).toEqual(["shop-two/prefixed1.webp"]);
    // Another store sharing the bucket under another prefix sees nothing of this one's.
    const other = await storageFor({ ...getEnv(), S3_PREFIX: "shop-three/" });
    expect(await other.get("prefixed1.webp")).toBeUndefined();
    other.close();
  });

  it("refuses a request signed with the wrong secret (the server checks signatures)", async () => {
    setEnv({ ...s3Env(s3), S3_SECRET_ACCESS_KEY: "not-the-secret" });
    const storage = await fileStorage();
    await expect(storage.put("signed001.webp", text("x"), webp)).rejects.toThrow();
  });

  it("the disk store's files are exactly today's: the name in UPLOAD_DIR, nothing else beside it", async () => {
    const dir = join(folder, "plain");
    setEnv({ STORAGE: "disk", UPLOAD_DIR: dir });
    await (await fileStorage()).put("plainname1.webp", text("x"), webp);
    expect(readdirSync(dir)).toEqual(["plainname1.webp"]);
  });
});
