import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { createProduct, testGstin } from "../factories";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { action as vendorProductAction } from "~/routes/vendor-login/product-edit";

/**
 * The lots forms of a vendor's product page as the server runs its action: a real vendor session
 * receives a lot of their own pack size; another vendor, through the owner's page or their own with
 * the owner's size, is answered 404 and nothing is written; a bad receipt is a 400 naming its field.
 */
const ORIGIN = "http://localhost:3999";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
const today = indiaToday();

async function signInVendor() {
  const email = `lots-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@angle.test`;
  const user = await createUserWithPassword({ name: "Lots Vendor", email, password: "lots-vendor-pass", role: "vendor" });
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
    body: { email, password: "lots-vendor-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id: user.id, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

async function post(cookie: string, productId: string, fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}/vendor-login/products/${productId}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
  const result: unknown = await vendorProductAction({
    request,
    url: new URL(request.url),
    params: { id: productId },
    context: new RouterContextProvider(),
  } as never);
  if (result instanceof Response) return { status: result.status, lots: null };
  const { init, data } = result as { init?: ResponseInit | null; data?: { lots?: { error: string; fields: Record<string, string> } } };
  return { status: init?.status ?? 200, lots: data?.lots ?? null };
}

async function seedProduct(vendorId: string) {
  const { id } = await createProduct({ vendorId, category: "seeds", variants: [{ label: "10 g", pricePaise: 15_000, stock: 0 }] });
  const size = await getDb().selectFrom("product_variant").select("id").where("product_id", "=", id).executeTakeFirstOrThrow();
  return { id, variantId: size.id };
}

const receipt = (variantId: string, over: Record<string, string> = {}) => ({
  intent: "receive-lot",
  variantId,
  number: "TS-1",
  quantity: "40",
  manufacturedOn: addDays(today, -30),
  expiresOn: addDays(today, 300),
  testedOn: addDays(today, -10),
  germination: "85",
  purity: "98",
  ...over,
});
const lotsOf = (variantId: string) =>
  getDb().selectFrom("lot").select(["number", "quantity"]).where("variant_id", "=", variantId).execute();

describe("a vendor's lots forms", () => {
  it("receive a lot of their own size; another vendor's is not found, and a bad receipt names its field", async () => {
    const owner = await signInVendor();
    const other = await signInVendor();
    const mine = await seedProduct(owner.id);
    const theirs = await seedProduct(other.id);

    expect((await post(other.cookie, mine.id, receipt(mine.variantId))).status).toBe(404);
    expect((await post(other.cookie, theirs.id, receipt(mine.variantId))).status).toBe(404);
    expect(await lotsOf(mine.variantId)).toEqual([]);

    expect(await post(owner.cookie, mine.id, receipt(mine.variantId, { germination: "120" }))).toEqual({
      status: 400,
      lots: expect.objectContaining({ fields: { germination: "Germination cannot be more than 100%." } }),
    });
    expect((await post(owner.cookie, mine.id, receipt(mine.variantId))).status).toBe(303);
    expect((await lotsOf(mine.variantId)).map((l) => [l.number, Number(l.quantity)])).toEqual([["TS-1", 40]]);
    expect((await post(owner.cookie, mine.id, receipt(mine.variantId, { quantity: "5" }))).status).toBe(409);

    const [lot] = await getDb().selectFrom("lot").select("id").where("variant_id", "=", mine.variantId).execute();
    const adjust = { intent: "adjust-lot", lotId: lot?.id ?? "", change: "-41", reason: "Counted again" };
    expect((await post(other.cookie, theirs.id, adjust)).status).toBe(404);
    expect(await post(owner.cookie, mine.id, adjust)).toEqual({
      status: 409,
      lots: expect.objectContaining({ fields: { change: "Lot TS-1 has 40 on hand: a change cannot take it below 0." } }),
    });
    expect((await post(owner.cookie, mine.id, { ...adjust, change: "-4" })).status).toBe(303);
    expect((await lotsOf(mine.variantId)).map((l) => Number(l.quantity))).toEqual([36]);
  });
});
