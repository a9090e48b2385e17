import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { checkoutInput, createCustomer, createProduct, testGstin } from "../factories";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { action as productsAction } from "~/routes/vendor-login/products";

/**
 * The vendor's list of listings as the server runs its action: a real vendor session posts pause,
 * resume or delete; another vendor's listing is not found and nothing changes.
 */
const ORIGIN = "http://localhost:3999";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";

async function signInVendor() {
  const email = `vendor-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@angle.test`;
  const user = await createUserWithPassword({ name: "Listing Vendor", email, password: "listing-vendor-pass", role: "vendor" });
  await getDb()
    .insertInto("vendor")
    .values({
      user_id: user.id,
      business_name: `Kisan Seeds ${user.id.slice(0, 6)}`,
      phone: "+91 91234 56789",
      gst_number: testGstin("27"),
      street: "Plot 4",
      city: "Nashik",
      state: "Maharashtra",
      pincode: "422007",
      created_at: new Date().toISOString(),
    })
    .execute();
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "listing-vendor-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id: user.id, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

async function post(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}/vendor-login/products`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
  const result: unknown = await productsAction({
    request,
    url: new URL(request.url),
    params: {},
    context: new RouterContextProvider(),
  } as never);
  if (result instanceof Response) return { status: result.status, error: null };
  const init = (result as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, error: (result as { data?: { error?: string } }).data?.error ?? null };
}

const rowOf = (id: string) => getDb().selectFrom("product").select(["status", "version"]).where("id", "=", id).executeTakeFirst();

describe("a vendor's pause, resume and delete", () => {
  it("act on their own listing, and answer 404 for another vendor's, changing nothing", async () => {
    const owner = await signInVendor();
    const other = await signInVendor();
    const { id } = await createProduct({ vendorId: owner.id });

    const before = await rowOf(id);
    for (const intent of ["pause", "resume", "delete"]) {
      expect(await post(other.cookie, { intent, id })).toEqual({ status: 404, error: "Listing not found." });
    }
    expect(await rowOf(id)).toEqual(before);

    expect((await post(owner.cookie, { intent: "pause", id })).status).toBe(303);
    expect((await rowOf(id))?.status).toBe("paused");
    expect(await post(owner.cookie, { intent: "pause", id })).toMatchObject({ status: 409 });
    expect((await post(owner.cookie, { intent: "resume", id })).status).toBe(303);
    expect((await rowOf(id))?.status).toBe("live");
    expect(await post(owner.cookie, { intent: "bogus", id })).toMatchObject({ status: 400 });
  });

  it("delete archives a listing that has orders, deletes one that has none", async () => {
    const owner = await signInVendor();
    const sold = await createProduct({ vendorId: owner.id, stock: 5 });
    const unsold = await createProduct({ vendorId: owner.id });
    await placeOrder(await createCustomer(), checkoutInput([{ productId: sold.id, quantity: 1 }], { paymentMethod: "cod" }));
    expect((await post(owner.cookie, { intent: "delete", id: sold.id })).status).toBe(303);
    expect((await rowOf(sold.id))?.status).toBe("archived");
    expect((await post(owner.cookie, { intent: "delete", id: unsold.id })).status).toBe(303);
    expect(await rowOf(unsold.id)).toBeUndefined();
    // Archived is gone from the vendor's reach.
    expect(await post(owner.cookie, { intent: "delete", id: sold.id })).toMatchObject({ status: 404 });
  });
});
