import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { checkoutInput, createProduct, restoreEnv, setEnv } from "../factories";
import { advanceOrder } from "../paid-orders";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { action as returnAction } from "~/routes/store/return-request";
import { action as adminReturnsAction } from "~/routes/admin/returns";
import { getOrderAftercare } from "~/features/orders/server/order-aftercare.server";

/**
 * A cash-on-delivery return through the pages' actions, as the server runs them: the customer's
 * form (refund to UPI or a bank account, each refusal naming its field, nothing written), then the
 * admin's receipt of the goods (restocking) and the refund with its UTR.
 */
const ORIGIN = "http://localhost:3999";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";

async function signIn(role: "user" | "admin") {
  const email = `${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@angle.test`;
  const user = await createUserWithPassword({ name: "Ramesh Kumar", email, password: "return-actions-pass", role });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "return-actions-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id: user.id, name: "Ramesh Kumar", email, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

type Action = (args: never) => Promise<unknown>;
async function post(action: Action, path: string, cookie: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
  const result: unknown = await action({ request, url: new URL(request.url), params, context: new RouterContextProvider() } as never);
  if (result instanceof Response) return { status: result.status, data: null };
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, data: (result as { data?: unknown }).data ?? null };
}

async function deliveredCod() {
  const customer = await signIn("user");
  const admin = await signIn("admin");
  const product = await createProduct({ name: "Copper fungicide", category: "tools", stock: 10 });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 2 }], { paymentMethod: "cod" }));
  await advanceOrder(orderId, "delivered", admin.id);
  const line = await getDb().selectFrom("order_line").select("id").where("order_id", "=", orderId).executeTakeFirstOrThrow();
  const stock = async () =>
    Number(
      (await getDb().selectFrom("product_variant").select("stock").where("product_id", "=", product.id).executeTakeFirstOrThrow()).stock,
    );
  return { customer, admin, orderId, lineId: line.id, stock };
}

afterEach(() => restoreEnv());

/** The return form as a phone sends it with photos: multipart. */
async function postPhotos(cookie: string, orderId: string, fields: Record<string, string>, files: File[]) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append("photos", f);
  const request = new Request(`${ORIGIN}/orders/${orderId}/return`, { method: "POST", body, headers: { cookie, origin: ORIGIN } });
  const result: unknown = await returnAction({
    request,
    url: new URL(request.url),
    params: { orderId },
    context: new RouterContextProvider(),
  } as never);
  if (result instanceof Response) return { status: result.status, data: null };
  return { status: (result as { init?: ResponseInit | null }).init?.status ?? 200, data: (result as { data?: unknown }).data ?? null };
}

const requests = (orderId: string) => getDb().selectFrom("return_request").selectAll().where("order_id", "=", orderId).execute();

describe("a cash-on-delivery return through the pages", () => {
  it("the customer's form: each refusal names its field and writes nothing; a bank account is taken", async () => {
    const { customer, orderId, lineId } = await deliveredCod();
    const path = `/orders/${orderId}/return`;
    const ask = (fields: Record<string, string>) =>
      post(
        returnAction as Action,
        path,
        customer.cookie,
        { lineId, quantity: "1", reasonCode: "damaged", reason: "Cap broken", ...fields },
        { orderId },
      );

    expect(await ask({})).toMatchObject({
      status: 400,
      data: { errors: { refundTo: expect.stringMatching(/^This order was not paid online/) } },
    });
    expect(await ask({ refundTo: "upi", upiId: "ramesh" })).toMatchObject({
      status: 400,
      data: { errors: { upiId: "Enter a UPI ID such as name@okicici." } },
    });
    const bank = {
      refundTo: "bank",
      accountNumber: "123456789012",
      accountNumberAgain: "123456789012",
      ifsc: "SBIN0001234",
      accountHolder: "Ramesh Kumar",
    };
    const mismatch = await ask({ ...bank, accountNumberAgain: "123456789013" });
    expect(mismatch).toMatchObject({
      status: 400,
      data: { errors: { accountNumberAgain: "The two account numbers are not the same. Please check them." } },
    });
    // What comes back typed never holds the account number.
    expect(JSON.stringify(mismatch.data)).not.toContain("12345678901");
    expect(await ask({ ...bank, ifsc: "SBIN1234567" })).toMatchObject({
      status: 400,
      data: { errors: { ifsc: expect.stringMatching(/^Enter the branch's IFSC/) } },
    });
    expect(await ask({ ...bank, reasonCode: "whatever" })).toMatchObject({
      status: 400,
      data: { errors: { reasonCode: "Please choose why you are returning it." } },
    });
    expect(await requests(orderId)).toEqual([]);

    expect((await ask(bank)).status).toBe(303);
    const [row] = await requests(orderId);
    expect(row).toMatchObject({ payout_to: "bank", payout_hint: "A/c ••••9012 · SBIN0001234", reason_code: "damaged" });
  });

  it("the admin records the goods back (restocked) before the refund, then the refund with its UTR", async () => {
    const { customer, admin, orderId, lineId, stock } = await deliveredCod();
    await post(
      returnAction as Action,
      `/orders/${orderId}/return`,
      customer.cookie,
      { lineId, quantity: "2", reasonCode: "poor_quality", reason: "Did not work", refundTo: "upi", upiId: "ramesh.k@okicici" },
      { orderId },
    );
    const [request] = await requests(orderId);
    const returnId = request?.id ?? "";
    const before = await stock();
    const admins = (fields: Record<string, string>) =>
      post(adminReturnsAction as Action, "/admin/returns", admin.cookie, { returnId, ...fields });

    expect(await admins({ intent: "approve-return", payoutReference: "UPI412345678901" })).toMatchObject({ status: 409 });
    expect(await admins({ intent: "receive-return", restock: "3" })).toMatchObject({
      status: 400,
      data: { returnError: { errors: { restock: expect.any(String) } } },
    });
    expect(await stock()).toBe(before);
    expect((await admins({ intent: "receive-return", restock: "1" })).status).toBe(303);
    expect(await stock()).toBe(before + 1);
    expect(await admins({ intent: "approve-return" })).toMatchObject({
      status: 400,
      data: { returnError: { errors: { payoutReference: expect.any(String) } } },
    });
    expect((await admins({ intent: "approve-return", payoutReference: "UPI412345678901" })).status).toBe(303);
    expect((await requests(orderId))[0]).toMatchObject({ status: "approved", restocked_quantity: 1 });
    const refund = await getDb()
      .selectFrom("refund")
      .select(["payout_reference", "status"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ payout_reference: "UPI412345678901", status: "processed" });
    // A customer cannot use the admin's page.
    expect(
      await post(adminReturnsAction as Action, "/admin/returns", customer.cookie, {
        returnId,
        intent: "receive-return",
        restock: "0",
      }).catch((e: unknown) => e),
    ).toMatchObject({ init: { status: 403 } });
  });

  it("photos: stored re-encoded under new names, shown with the return; a file that is not a picture is refused and nothing is kept", async () => {
    const uploads = mkdtempSync(join(tmpdir(), "angle-return-photos-"));
    setEnv({ UPLOAD_DIR: uploads });
    const { customer, orderId, lineId } = await deliveredCod();
    const fields = { lineId, quantity: "1", reasonCode: "damaged", reason: "Cap broken", refundTo: "upi", upiId: "ramesh.k@okicici" };
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7d2c" } })
      .png()
      .toBuffer();
    const photo = (name: string) => new File([new Uint8Array(png)], name, { type: "image/png" });

    const notAPicture = new File(["%PDF-1.4 not a photo"], "leak.jpg", { type: "image/jpeg" });
    expect(await postPhotos(customer.cookie, orderId, fields, [photo("a.png"), notAPicture])).toMatchObject({
      status: 422,
      data: { errors: { photos: "Each photo must be a JPEG, PNG or WebP image of at most 15 MB." } },
    });
    expect(
      await postPhotos(customer.cookie, orderId, fields, [photo("a.png"), photo("b.png"), photo("c.png"), photo("d.png")]),
    ).toMatchObject({
      status: 400,
      data: { errors: { photos: "Add at most 3 photos." } },
    });
    expect(await requests(orderId)).toEqual([]);
    expect(readdirSync(uploads)).toEqual([]);

    expect((await postPhotos(customer.cookie, orderId, fields, [photo("leak-1.png"), photo("leak-2.png")])).status).toBe(303);
    const [row] = await requests(orderId);
    const photos = JSON.parse(row?.photos ?? "[]") as string[];
    expect(photos).toHaveLength(2);
    for (const path of photos) expect(path).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
    expect(readdirSync(uploads).filter((f) => !f.includes("-400"))).toHaveLength(2);
    expect((await getOrderAftercare(orderId, customer.id))?.returns[0]?.photos).toEqual(photos);
  });
});
