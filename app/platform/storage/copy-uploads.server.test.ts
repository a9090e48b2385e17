import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Env, startS3Server, type S3TestServer } from "../../../tests/helpers/s3-server";
import { parseEnv } from "~/platform/env.server";
import { copyUploads } from "./copy-uploads.server";
import { IMMUTABLE } from "./file-storage.server";
import { storageFor } from "./storage.server";

/** `npm run storage:migrate` and what it runs, against a real S3-compatible server. */
let s3: S3TestServer;
const folder = mkdtempSync(join(tmpdir(), "angle-migrate-"));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.stop();
  rmSync(folder, { recursive: true, force: true });
});

function uploadDir(name: string) {
  const dir = join(folder, name);
  mkdirSync(dir);
  writeFileSync(join(dir, "photoone1.webp"), "full one");
  writeFileSync(join(dir, "photoone1-400.webp"), "small one");
  // Uploaded before small copies were made.
  writeFileSync(join(dir, "oldphoto1.webp"), "old full");
  // Not ours: never copied.
  writeFileSync(join(dir, ".DS_Store"), "x");
  writeFileSync(join(dir, "notes.txt~"), "x");
  mkdirSync(join(dir, "sub"));
  return dir;
}

describe("copying UPLOAD_DIR into a bucket", () => {
  it("copies every upload once (an old photo's full size standing in for its small copy); a second run copies nothing", async () => {
    const dir = uploadDir("twice");
    const target = await storageFor(parseEnv(s3Env(s3, "twice")));
    expect(await copyUploads(dir, target)).toEqual({ copied: 4, skipped: 0, failed: 0, failures: [] });
    expect(await s3.objectKeys("twice/")).toEqual([
      "twice/oldphoto1-400.webp",
      "twice/oldphoto1.webp",
      "twice/photoone1-400.webp",
      "twice/photoone1.webp",
    ]);
    const old = await target.get("oldphoto1-400.webp");
    expect(old && [old.contentType, await new Response(old.body).text()]).toEqual(["image/webp", "old full"]);
    expect(await copyUploads(dir, target)).toEqual({ copied: 0, skipped: 4, failed: 0, failures: [] });

    // An object that differs from the file (another size or content) is copied again.
    await target.put("photoone1.webp", new TextEncoder().encode("something else"), { contentType: "image/webp", cacheControl: IMMUTABLE });
    expect(await copyUploads(dir, target)).toMatchObject({ copied: 1, skipped: 3, failed: 0 });
    target.close();
  });

  it("npm run storage:migrate prints its counts and exits 0, then non-zero when a copy fails; it refuses without STORAGE=s3", async () => {
    const dir = uploadDir("script");
    const run = promisify(execFile);
    const root = resolve(import.meta.dirname, "../../..");
    const script = (env: Record<string, string>) =>
      run(process.execPath, ["--import", "tsx", "scripts/storage-migrate.ts"], {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", NODE_ENV: "development", UPLOAD_DIR: dir, ...env },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
      );

    const first = await script(s3Env(s3, "script"));
    expect([first.code, first.stdout.trim()]).toEqual([
      0,
      `${dir} → s3://${s3.bucket}/script/: copied 4, skipped 0 (already there), failed 0`,
    ]);
    const second = await script(s3Env(s3, "script"));
    expect([second.code, second.stdout.trim()]).toEqual([
      0,
      `${dir} → s3://${s3.bucket}/script/: copied 0, skipped 4 (already there), failed 0`,
    ]);

    const wrongKey = await script({ ...s3Env(s3, "script"), S3_SECRET_ACCESS_KEY: "not-the-secret" });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toContain("copied 0, skipped 0 (already there), failed 4");
    expect(wrongKey.stderr).toContain("failed: photoone1.webp:");
    expect(wrongKey.stderr + wrongKey.stdout).not.toContain("not-the-secret");

    const onDisk = await script({});
    expect([onDisk.code, onDisk.stderr]).toEqual([2, expect.stringContaining("set STORAGE=s3 and S3_BUCKET")]);
  });
});
