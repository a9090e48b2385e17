import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createProduct, restoreEnv, setEnv } from "../factories";
import { s3Env, startS3Server, type S3TestServer } from "../helpers/s3-server";
import { ORIGIN, run, signIn } from "../route-calls";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { getDb } from "~/platform/db/db.server";
import { action as productEditAction } from "~/routes/admin/product-edit";
import { loader as uploadLoader } from "~/routes/resources/upload";

/**
 * An admin's product photo with STORAGE=s3, through the route action as the server runs it: both sizes
 * land in the bucket (a real S3-compatible server, tests/helpers/s3-server.ts), /uploads serves them
 * from there, and a refused save leaves nothing behind. On SQLite and on PostgreSQL.
 */
let s3: S3TestServer;
const uploads = mkdtempSync(join(tmpdir(), "angle-bucket-uploads-"));
const PREFIX = "bucket-int/";
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.stop();
  rmSync(uploads, { recursive: true, force: true });
});
afterEach(restoreEnv);

let adminCookie: string | undefined;
async function admin() {
  if (adminCookie) return adminCookie;
  const email = `bucket-admin-${Date.now().toString(36)}@angle.test`;
  await createUserWithPassword({ name: "Bucket Admin", email, password: "bucket-admin-pass", role: "admin" });
  adminCookie = await signIn(email, "bucket-admin-pass");
  return adminCookie;
}

const photo = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#3a7d2c" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "neem.jpg",
    {
      type: "image/jpeg",
    },
  );

/** The product form posted as a browser sends it with a photo: multipart. */
async function saveProduct(path: string, id: string | undefined, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append("image", await photo());
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { cookie: await admin(), origin: ORIGIN } });
  const params = id ? { id } : {};
  return run(() => productEditAction({ request, url: new URL(request.url), params, context: undefined, pattern: path } as never));
}

const serve = (name: string, headers: Record<string, string> = {}) =>
  uploadLoader({ params: { name }, request: new Request(`${ORIGIN}/uploads/${name}`, { headers }) } as never) as Promise<Response>;

const form = (name: string) => ({
  name,
  description: "Cold-pressed neem oil.",
  category: "tools",
  hsnCode: "82019000",
  gstRate: "18",
  price: "250",
  stock: "4",
});

describe("pictures in an S3 bucket", () => {
  it("an admin's new product photo is stored in the bucket at both sizes, nothing on disk, and /uploads serves it from there", async () => {
    setEnv({ ...s3Env(s3, PREFIX), UPLOAD_DIR: uploads });
    const before = await s3.objectKeys(PREFIX);
    const name = `Bucket Neem ${Date.now().toString(36)}`;
    const saved = await saveProduct("/admin/products/new", undefined, form(name));
    expect(saved.status).toBe(303);
    const { image } = await getDb().selectFrom("product").select("image").where("name", "=", name).executeTakeFirstOrThrow();
    // The database keeps the store-independent address.
    expect(image).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
    const id = image.slice("/uploads/".length, -".webp".length);
    const added = (await s3.objectKeys(PREFIX)).filter((k) => !before.includes(k));
    expect(added).toEqual([`${PREFIX}${id}-400.webp`, `${PREFIX}${id}.webp`].sort());
    expect(readdirSync(uploads)).toEqual([]);

    const big = await serve(`${id}.webp`);
    expect([big.status, big.headers.get("content-type"), big.headers.get("cache-control")]).toEqual([
      200,
      "image/webp",
      "public, max-age=31536000, immutable",
    ]);
    expect((await sharp(Buffer.from(await big.arrayBuffer())).metadata()).width).toBe(800);
    const small = await serve(`${id}-400.webp`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(400);
    const etag = big.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await serve(`${id}.webp`, { "if-none-match": etag });
    expect([again.status, again.headers.get("etag")]).toEqual([304, etag]);
    expect((await serve("nosuchpicture1.webp")).status).toBe(404);
  });

  it("a refused save (a stale edit) leaves nothing in the bucket", async () => {
    setEnv({ ...s3Env(s3, PREFIX), UPLOAD_DIR: uploads });
    const product = await createProduct();
    const { version } = await getDb().selectFrom("product").select("version").where("id", "=", product.id).executeTakeFirstOrThrow();
    const before = await s3.objectKeys(PREFIX);
    const stale = await saveProduct(`/admin/products/${product.id}`, product.id, {
      ...form("Stale Edit"),
      version: String(Number(version) + 1),
    });
    expect(stale.status).toBe(409);
    expect(await s3.objectKeys(PREFIX)).toEqual(before);
    // The same edit with the version it was drawn from keeps its photo.
    const fresh = await saveProduct(`/admin/products/${product.id}`, product.id, { ...form("Fresh Edit"), version: String(version) });
    expect(fresh.status).toBe(303);
    expect((await s3.objectKeys(PREFIX)).length).toBe(before.length + 2);
  });

  it("with PUBLIC_ASSET_BASE an old /uploads link is sent to the bucket's address for good", async () => {
    setEnv({ ...s3Env(s3, PREFIX), PUBLIC_ASSET_BASE: "https://pictures.example.in/shop" });
    const moved = await serve("abcdefgh12.webp");
    expect([moved.status, moved.headers.get("location")]).toEqual([301, `https://pictures.example.in/shop/${PREFIX}abcdefgh12.webp`]);
    expect((await serve("../abcdefgh12.webp")).status).toBe(404);
  });
});
