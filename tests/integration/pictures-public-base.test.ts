import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createProduct } from "../factories";
import { loadProductionBuild, ORIGIN, type ProductionApp, send, unique } from "../helpers/production-app";
import { s3Env, startS3Server, type S3TestServer } from "../helpers/s3-server";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";

/**
 * With PUBLIC_ASSET_BASE the production build's pages point pictures at the bucket's public address
 * (the key prefix included) and the CSP lets them load from there; an old /uploads link is sent there
 * too. The build reads its settings once, so they are set before it loads; in production, as the
 * page's CSP is sent only there.
 */
const BASE = "https://pictures.example.in/shop";
const PREFIX = "public-base/";
let app: ProductionApp;
let s3: S3TestServer;
const saved = new Map<string, string | undefined>();

beforeAll(async () => {
  s3 = await startS3Server();
  for (const [key, value] of Object.entries({ ...s3Env(s3, PREFIX), PUBLIC_ASSET_BASE: BASE, NODE_ENV: "production" })) {
    saved.set(key, process.env[key]);
    process.env[key] = value;
  }
  const { build, clientDir } = await loadProductionBuild();
  app = createApp({ build, clientDir, https: false, origin: ORIGIN });
});
afterAll(async () => {
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await s3.stop();
});

async function productWithPhoto() {
  const id = newId();
  const product = await createProduct({ name: `Bucket Marigold ${unique()}` });
  await getDb()
    .updateTable("product")
    .set({ image: `/uploads/${id}.webp` })
    .where("id", "=", product.id)
    .execute();
  return { product, id };
}

describe("pictures served from PUBLIC_ASSET_BASE", () => {
  it("the product page's img src and srcset point at the bucket, and its CSP allows that origin", async () => {
    const { product, id } = await productWithPhoto();
    const page = await send(app, `/products/${product.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`src="${BASE}/${PREFIX}${id}.webp"`);
    expect(page.text).toContain(`${BASE}/${PREFIX}${id}-400.webp 400w, ${BASE}/${PREFIX}${id}.webp 800w`);
    // The product's data keeps the database's /uploads address; no picture on the page loads from it.
    expect(page.text).not.toMatch(/(src|srcSet|srcset|imageSrcSet)=\\*"\/uploads\//);
    expect(page.headers.get("content-security-policy")).toContain("img-src 'self' data: blob: https://pictures.example.in;");
  });

  it("the catalogue's product cards (drawn again in the browser) point there too, from the root's data", async () => {
    const { product, id } = await productWithPhoto();
    const list = await send(app, `/products?q=${encodeURIComponent(product.name)}`);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`src="${BASE}/${PREFIX}${id}.webp"`);
    // What the browser sets before it draws: the same base, in the root's data.
    expect(list.text).toMatch(new RegExp(`uploadBase\\\\?",\\\\?"${BASE}/${PREFIX}\\\\?"`));
  });

  it("an old /uploads link is moved for good to the bucket's address", async () => {
    const moved = await send(app, "/uploads/abcdefgh12-400.webp");
    expect([moved.status, moved.headers.get("location")]).toEqual([301, `${BASE}/${PREFIX}abcdefgh12-400.webp`]);
    expect((await send(app, "/uploads/..%2fpackage.json")).status).toBe(404);
  });
});
