import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { createCustomer, createProduct } from "../factories";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { issuePhoneCode } from "~/features/accounts/server/phone-codes.server";
import { verifyMobileCode } from "~/features/accounts/server/mobile-sign-in.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { listAddresses, saveAddress } from "~/features/accounts/server/saved-addresses.server";
import { action as checkoutAction } from "~/routes/store/checkout";
import { action as addressesAction, loader as addressesLoader } from "~/routes/account/addresses";

/*
 * The checkout and the address book as the server runs them: a real session, a posted form, the
 * answer. A customer who signed in by mobile number is asked for a name, and the address of each
 * order is kept for the next one; one customer's addresses are never another's to read or change.
 */
const ORIGIN = "http://localhost:3999";
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0])
    .join("; ");

function request(path: string, cookie: string, fields?: Record<string, string>) {
  const init: RequestInit = { headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } };
  if (fields) Object.assign(init, { method: "POST", body: new URLSearchParams(fields) });
  const req = new Request(`${ORIGIN}${path}`, init);
  return { request: req, url: new URL(req.url), params: {}, context: new RouterContextProvider() } as never;
}

/** What a route answered: a Response (a redirect) or data() with its status. */
function outcome(result: unknown): { status: number; body: unknown } {
  if (result instanceof Response) return { status: result.status, body: null };
  const r = result as { type?: string; init?: ResponseInit | null; data?: unknown };
  if (r?.type === "DataWithResponseInit") return { status: r.init?.status ?? 200, body: r.data };
  return { status: 200, body: result };
}

let numbers = 0;
async function mobileCustomer() {
  const phone = `+9197700${String(++numbers).padStart(5, "0")}`;
  const { code } = await issuePhoneCode(getDb(), phone);
  const session = await verifyMobileCode(phone, code, { ip: `10.77.0.${numbers}`, headers: new Headers({ origin: ORIGIN }) });
  return { id: session.userId, phone, cookie: cookieOf(session.headers) };
}

async function emailCustomerCookie() {
  const email = `addr-${newId(8)}@example.in`;
  const user = await createUserWithPassword({ name: "Meena Joshi", email, password: "meena-pass-123", role: "user" });
  await getDb().updateTable("user").set({ emailVerified: true }).where("id", "=", user.id).execute();
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "meena-pass-123" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id: user.id, cookie: cookieOf(headers) };
}

const place = { phone: "98765 43210", street: "Ward 4, Near Bus Stand", city: "Sehore", state: "Madhya Pradesh", pincode: "466001" };

async function checkout(cookie: string, extra: Record<string, string> = {}) {
  const product = await createProduct({ stock: 5 });
  const form = {
    checkoutKey: `key-${newId(20)}`,
    paymentMethod: "cod",
    items: JSON.stringify([{ productId: product.id, quantity: 1 }]),
    ...place,
    ...extra,
  };
  return outcome(await checkoutAction(request("/checkout", cookie, form)));
}

describe("checkout for a customer who signed in by mobile number", () => {
  it("asks for a name, keeps it on the account and the order, and never again", async () => {
    const customer = await mobileCustomer();
    const unnamed = await checkout(customer.cookie);
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.body)).toContain("Please enter your full name.");
    expect(await getDb().selectFrom("orders").select("id").where("user_id", "=", customer.id).execute()).toEqual([]);

    // Said together with the address's problems, at each field.
    const both = await checkout(customer.cookie, { street: "" });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ result: { error: { name: ["Please enter your full name."], street: [expect.any(String)] } } });

    // A number is not a name.
    expect((await checkout(customer.cookie, { name: "+91 98765 43210" })).status).toBe(400);

    const placed = await checkout(customer.cookie, { name: "  Ramesh Patel " });
    expect(placed.status).toBe(302);
    const user = await getDb().selectFrom("user").select("name").where("id", "=", customer.id).executeTakeFirstOrThrow();
    expect(user.name).toBe("Ramesh Patel");
    const order = await getDb()
      .selectFrom("orders")
      .select(["customer_name", "customer_email"])
      .where("user_id", "=", customer.id)
      .executeTakeFirstOrThrow();
    expect(order.customer_name).toBe("Ramesh Patel");

    // Named now: the next order needs no name, and a name posted anyway changes nothing.
    expect((await checkout(customer.cookie, { name: "Someone Else" })).status).toBe(302);
    expect((await getDb().selectFrom("user").select("name").where("id", "=", customer.id).executeTakeFirstOrThrow()).name).toBe(
      "Ramesh Patel",
    );
  });

  it("keeps the order's address, offered first at the next checkout", async () => {
    const customer = await mobileCustomer();
    expect(await listAddresses(customer.id)).toEqual([]);
    expect((await checkout(customer.cookie, { name: "Sunita Verma" })).status).toBe(302);
    expect(await listAddresses(customer.id)).toEqual([
      expect.objectContaining({ street: place.street, city: place.city, state: place.state, pincode: place.pincode, isDefault: true }),
    ]);
  });
});

describe("the address book's page", () => {
  it("lists, adds, edits, makes default and deletes the customer's own addresses", async () => {
    const me = await emailCustomerCookie();
    const add = outcome(
      await addressesAction(
        request("/account/addresses", me.cookie, {
          intent: "add",
          street: "Plot 7, MIDC",
          city: "Nashik",
          state: "Maharashtra",
          pincode: "422010",
        }),
      ),
    );
    expect(add.status).toBe(303);
    const loaded = (await addressesLoader(request("/account/addresses", me.cookie))) as { addresses: { id: string; street: string }[] };
    const added = loaded.addresses.find((a) => a.street === "Plot 7, MIDC");
    expect(added).toBeDefined();
    const id = added?.id ?? "";
    expect(outcome(await addressesAction(request("/account/addresses", me.cookie, { intent: "default", id }))).status).toBe(303);
    expect((await listAddresses(me.id))[0]).toMatchObject({ id, isDefault: true });
    const edited = outcome(
      await addressesAction(
        request("/account/addresses", me.cookie, {
          intent: "edit",
          id,
          street: "Plot 9, MIDC",
          city: "Nashik",
          state: "Maharashtra",
          pincode: "422010",
        }),
      ),
    );
    expect(edited.status).toBe(303);
    expect(outcome(await addressesAction(request("/account/addresses", me.cookie, { intent: "delete", id }))).status).toBe(303);
    expect((await listAddresses(me.id)).map((a) => a.id)).not.toContain(id);
  });

  it("refuses a bad address with each field's message and writes nothing", async () => {
    const me = await emailCustomerCookie();
    const before = await listAddresses(me.id);
    const refused = outcome(
      await addressesAction(
        request("/account/addresses", me.cookie, { intent: "add", street: "", city: "Nashik", state: "Nowhere", pincode: "022010" }),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fields: { street: expect.any(String), state: expect.any(String), pincode: expect.any(String) } });
    expect(await listAddresses(me.id)).toEqual(before);
  });

  it("never shows, changes, makes default or deletes another customer's address", async () => {
    const owner = await createCustomer();
    const theirs = await saveAddress(owner.id, { street: "Khasra 55", city: "Vidisha", state: "Madhya Pradesh", pincode: "464001" });
    const me = await emailCustomerCookie();
    const page = (await addressesLoader(request(`/account/addresses?edit=${theirs}`, me.cookie))) as { addresses: { id: string }[] };
    expect(page.addresses.map((a) => a.id)).not.toContain(theirs);
    const attempts: Record<string, string>[] = [
      { intent: "edit", id: theirs, street: "Taken over", city: "Vidisha", state: "Madhya Pradesh", pincode: "464001" },
      { intent: "default", id: theirs },
      { intent: "delete", id: theirs },
    ];
    for (const fields of attempts) {
      const answer = outcome(await addressesAction(request("/account/addresses", me.cookie, fields)));
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: "That address is not in your saved addresses." });
    }
    expect((await listAddresses(owner.id)).find((a) => a.id === theirs)).toMatchObject({ street: "Khasra 55" });
  });

  it("answers a guest with the sign-in dialog, and refuses a guest's post", async () => {
    await expect(addressesLoader(request("/account/addresses", ""))).rejects.toMatchObject({ status: 302 });
    const answer = outcome(await addressesAction(request("/account/addresses", "", { intent: "delete", id: "abcdefgh" })));
    expect(answer.status).toBe(401);
  });
});
