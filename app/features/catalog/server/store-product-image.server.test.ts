import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { resetEnv } from "~/platform/env.server";
import { imageSrcSet } from "~/ui/image-srcset";
import { loader as uploadLoader } from "~/routes/resources/upload";
import { noisePhoto } from "../../../../tests/noise-photo";
import type { FileStorage, PutOptions } from "~/platform/storage/file-storage.server";
import { ImageRefused, storeProductImage } from "./store-product-image.server";

const photo = async (width: number, height: number) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: "#3a7d2c" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "field.jpg",
    { type: "image/jpeg" },
  );

function memoryStorage() {
  const files = new Map<string, Buffer>();
  const options = new Map<string, PutOptions>();
  const storage: Pick<FileStorage, "put"> = {
    async put(name, bytes, written) {
      files.set(name, Buffer.from(bytes));
      options.set(name, written);
    },
  };
  return { files, options, storage };
}

it("stores an 800 px WebP and a 400 px copy, and the srcset offers both", async () => {
  const { files, options, storage } = memoryStorage();
  const url = await storeProductImage(await photo(1600, 1200), storage);
  expect(url).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
  const id = url.slice("/uploads/".length, -".webp".length);
  const big = await sharp(files.get(`${id}.webp`)).metadata();
  const small = await sharp(files.get(`${id}-400.webp`)).metadata();
  expect([big.format, big.width, big.height]).toEqual(["webp", 800, 800]);
  expect([small.format, small.width, small.height]).toEqual(["webp", 400, 400]);
  expect(imageSrcSet(url)).toBe(`/uploads/${id}-400.webp 400w, ${url} 800w`);
  expect(imageSrcSet("/images/products/neem.svg")).toBeUndefined();
  // Written once under a name never reused: cached for a year wherever it is served from.
  const immutable = { contentType: "image/webp", cacheControl: "public, max-age=31536000, immutable" };
  expect([options.get(`${id}.webp`), options.get(`${id}-400.webp`)]).toEqual([immutable, immutable]);
});

it("fits a non-square photo into the square on white, whole: nothing is cropped", async () => {
  const { files, storage } = memoryStorage();
  const url = await storeProductImage(await photo(1600, 800), storage); // green, 2:1
  const stored = files.get(url.slice("/uploads/".length));
  expect(stored).toBeDefined();
  const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([800, 800]);
  const pixel = (x: number, y: number) => [...data.subarray((y * 800 + x) * info.channels, (y * 800 + x) * info.channels + 3)];
  const isWhite = (p: number[]) => p.every((c) => c > 245);
  const isGreen = ([r = 0, g = 0, b = 0]: number[]) => g > 100 && r < 90 && b < 80;
  // 800×400 of photo in the middle, 200 px of white above and below; the full width is photo.
  expect(isWhite(pixel(400, 100))).toBe(true);
  expect(isWhite(pixel(400, 700))).toBe(true);
  const inPhoto: [x: number, y: number][] = [
    [400, 400],
    [2, 210],
    [797, 590],
  ];
  for (const [x, y] of inPhoto) expect(isGreen(pixel(x, y)), `${x},${y}`).toBe(true);
});

it("takes a 12 MB phone photo, downscaled; refuses one over 15 MB with a message saying so", async () => {
  const { files, storage } = memoryStorage();
  const big = await noisePhoto(12 * 1024 * 1024);
  const url = await storeProductImage(new File([new Uint8Array(big)], "camera.jpg", { type: "image/jpeg" }), storage);
  const stored = await sharp(files.get(url.slice("/uploads/".length))).metadata();
  expect([stored.width, stored.height]).toEqual([800, 800]);
  expect(files.get(url.slice("/uploads/".length))?.length).toBeLessThan(1024 * 1024);

  const huge = await noisePhoto(16 * 1024 * 1024);
  const before = files.size;
  await expect(storeProductImage(new File([new Uint8Array(huge)], "camera.jpg"), storage)).rejects.toThrow(
    "The image is larger than 15 MB. Please choose a smaller one.",
  );
  expect(files.size).toBe(before);
});

it("refuses a file that is not an image and stores nothing", async () => {
  const { files, storage } = memoryStorage();
  await expect(storeProductImage(new File(["<svg onload=alert(1)>"], "x.jpg"), storage)).rejects.toBeInstanceOf(ImageRefused);
  expect(files.size).toBe(0);
});

const dir = mkdtempSync(join(tmpdir(), "angle-uploads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("serves the small copy, or the full photo for one uploaded before small copies existed", async () => {
  process.env.UPLOAD_DIR = dir;
  resetEnv();
  const url = await storeProductImage(await photo(900, 900));
  const id = url.slice("/uploads/".length, -".webp".length);
  const serve = (name: string) =>
    uploadLoader({ params: { name }, request: new Request(`http://localhost/uploads/${name}`) } as never) as Promise<Response>;

  const small = await serve(`${id}-400.webp`);
  expect(small.status).toBe(200);
  expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(400);

  rmSync(join(dir, `${id}-400.webp`));
  const fallback = await serve(`${id}-400.webp`);
  expect(fallback.status).toBe(200);
  expect((await sharp(Buffer.from(await fallback.arrayBuffer())).metadata()).width).toBe(800);

  expect((await serve("nosuchphoto1-400.webp")).status).toBe(404);
  expect((await serve("../package.json")).status).toBe(404);
});
