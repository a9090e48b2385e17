import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/platform/csp.server";
import { parseEnv } from "~/platform/env.server";
import { publicAssetOrigin, uploadUrlBase } from "./storage.server";

const s3 = { STORAGE: "s3", S3_BUCKET: "angle-photos" };

describe("file store settings", () => {
  it("keep pictures on the disk in UPLOAD_DIR, served by the store, unless told otherwise", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ STORAGE: "disk", UPLOAD_DIR: "data/uploads", S3_REGION: "ap-south-1", S3_FORCE_PATH_STYLE: false });
    expect([uploadUrlBase(env), publicAssetOrigin(env)]).toEqual(["/uploads/", undefined]);
  });

  it("take a bucket, region, endpoint, path style, keys and a prefix (given with or without its slash)", () => {
    const env = parseEnv({
      ...s3,
      S3_REGION: "auto",
      S3_ENDPOINT: "http://127.0.0.1:9000/",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret/with+chars",
      S3_PREFIX: "stores/angle",
    });
    expect(env).toMatchObject({
      STORAGE: "s3",
      S3_BUCKET: "angle-photos",
      S3_REGION: "auto",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: "stores/angle/",
    });
    expect(parseEnv({ ...s3, S3_PREFIX: "angle/" }).S3_PREFIX).toBe("angle/");
  });

  it("refuse to start without what S3 needs, naming each setting and never echoing a secret", () => {
    expect(() => parseEnv({ STORAGE: "s3" })).toThrow(/S3_BUCKET: is required when STORAGE=s3/);
    expect(() => parseEnv({ STORAGE: "s4" })).toThrow(/STORAGE/);
    expect(() => parseEnv({ ...s3, S3_BUCKET: "Angle_Photos" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => parseEnv({ ...s3, S3_PREFIX: "/angle" })).toThrow(/S3_PREFIX: must be a key prefix/);
    expect(() => parseEnv({ ...s3, S3_PREFIX: "angle/../other" })).toThrow(/S3_PREFIX: must be a key prefix/);
    expect(() => parseEnv({ ...s3, S3_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toThrow(/S3_SECRET_ACCESS_KEY: set both/);
    let message = "";
    try {
      parseEnv({ ...s3, S3_SECRET_ACCESS_KEY: "very-secret-value" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/S3_ACCESS_KEY_ID: set both/);
    expect(message).not.toContain("very-secret-value");
  });

  it("point pages at PUBLIC_ASSET_BASE with the prefix, and let the CSP load pictures from its origin only then", () => {
    const env = parseEnv({ ...s3, S3_PREFIX: "angle", PUBLIC_ASSET_BASE: "https://cdn.example.in/photos/" });
    expect(env.PUBLIC_ASSET_BASE).toBe("https://cdn.example.in/photos");
    expect(uploadUrlBase(env)).toBe("https://cdn.example.in/photos/angle/");
    expect(publicAssetOrigin(env)).toBe("https://cdn.example.in");
    expect(contentSecurityPolicy("n0nce", undefined, publicAssetOrigin(env))).toContain(
      "img-src 'self' data: blob: https://cdn.example.in;",
    );
    expect(contentSecurityPolicy("n0nce", undefined, publicAssetOrigin(parseEnv({})))).toContain("img-src 'self' data: blob:;");
  });

  it("refuse a PUBLIC_ASSET_BASE that pages could not use, naming it", () => {
    expect(() => parseEnv({ PUBLIC_ASSET_BASE: "https://cdn.example.in" })).toThrow(/PUBLIC_ASSET_BASE: is only for STORAGE=s3/);
    expect(() => parseEnv({ ...s3, PUBLIC_ASSET_BASE: "http://cdn.example.in" })).toThrow(/PUBLIC_ASSET_BASE: must be an https URL/);
    expect(() => parseEnv({ ...s3, PUBLIC_ASSET_BASE: "cdn.example.in" })).toThrow(/PUBLIC_ASSET_BASE/);
    expect(() => parseEnv({ ...s3, PUBLIC_ASSET_BASE: "https://cdn.example.in/?v=1" })).toThrow(
      /PUBLIC_ASSET_BASE: must be a plain address/,
    );
    expect(() => parseEnv({ ...s3, PUBLIC_ASSET_BASE: "https://user:pw@cdn.example.in" })).toThrow(
      /PUBLIC_ASSET_BASE: must be a plain address/,
    );
    // A local bucket in development may be plain http.
    expect(parseEnv({ ...s3, PUBLIC_ASSET_BASE: "http://127.0.0.1:9000/angle" }).PUBLIC_ASSET_BASE).toBe("http://127.0.0.1:9000/angle");
  });
});
