import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { checkoutInput, createCustomer, createLot, createProduct, createVendor } from "../factories";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { readLotMargins, saveLotMargins } from "~/features/lots/server/lot-margins.server";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { DEFAULT_GENERAL_SETTINGS } from "~/features/settings/domain/settings";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { getToast } from "~/platform/toast/toast.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { setAccountSuspended } from "~/features/accounts/server/account-lifecycle.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { action as orderAction } from "~/routes/admin/order";
import { action as productsAction } from "~/routes/admin/products";
import { action as usersAction } from "~/routes/admin/users";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as productEditAction, loader as productEditLoader } from "~/routes/admin/product-edit";
import { GST_RATE_ERROR, HSN_ERROR } from "~/features/tax/domain/gst-forms";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { validateGstin } from "~/features/tax/domain/gstin";
import { action as vendorsAction } from "~/routes/admin/vendors";

/**
 * The admin pages' actions as the server runs them: a real admin session, a posted form, the
 * Response that comes back. (What a browser then shows is in tests/e2e/admin*.spec.ts.)
 */
const ORIGIN = "http://localhost:3999";
/** "name=value" of a Set-Cookie header, without its attributes. */
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
let adminCookie: string | undefined;

async function signInAdmin() {
  if (adminCookie) return adminCookie;
  const email = `admin-${Date.now().toString(36)}@angle.test`;
  await createUserWithPassword({ name: "Forms Admin", email, password: "forms-admin-pass", role: "admin" });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "forms-admin-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  adminCookie = headers.getSetCookie().map(cookiePair).join("; ");
  return adminCookie;
}

async function post(path: string, fields: Record<string, string>) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie: await signInAdmin(), origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
  return { request, url: new URL(request.url), context: new RouterContextProvider() };
}

/** What an action answered: a Response (redirect) or data() with its status. */
async function outcome(result: unknown) {
  if (result instanceof Response) return { status: result.status, body: null, response: result };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit" && "init" in result) {
    const init = result.init as ResponseInit | null;
    return { status: init?.status ?? 200, body: "data" in result ? result.data : null, response: null };
  }
  return { status: 200, body: result, response: null };
}

async function pendingOrder() {
  const customer = await createCustomer();
  const product = await createProduct({ stock: 5 });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 2 }]));
  return { orderId, productId: product.id };
}

const orderState = async (orderId: string, productId: string) => ({
  status: (await getDb().selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status,
  events: (await getDb().selectFrom("order_event").select("id").where("order_id", "=", orderId).execute()).length,
  stock: Number((await getDb().selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirstOrThrow()).stock),
});

describe("admin order status action", () => {
  it("refuses a move the transition table forbids with a 409 and writes nothing", async () => {
    const { orderId, productId } = await pendingOrder();
    const before = await orderState(orderId, productId);
    const args = await post(`/admin/orders/${orderId}`, { status: "delivered" });
    const result = await outcome(await orderAction({ ...args, params: { id: orderId }, pattern: "/admin/orders/:id" }));
    expect(result.status).toBe(409);
    expect(result.body).toEqual({ error: "An order that is pending cannot be marked delivered." });
    expect(await orderState(orderId, productId)).toEqual(before);
  });

  it("refuses anything after cancelling: cancelled is final, and the stock comes back only once", async () => {
    const { orderId, productId } = await pendingOrder();
    const cancel = await post(`/admin/orders/${orderId}`, { status: "cancelled" });
    expect((await outcome(await orderAction({ ...cancel, params: { id: orderId }, pattern: "/admin/orders/:id" }))).status).toBe(303);
    const after = await orderState(orderId, productId);
    expect(after.stock).toBe(5);
    for (const status of ["pending", "confirmed", "cancelled"]) {
      const args = await post(`/admin/orders/${orderId}`, { status });
      const result = await outcome(await orderAction({ ...args, params: { id: orderId }, pattern: "/admin/orders/:id" }));
      expect(result.status, status).toBe(409);
      expect(result.body).toEqual({ error: `An order that is cancelled cannot be marked ${status}.` });
    }
    expect(await orderState(orderId, productId)).toEqual(after);
  });

  it("an unknown status is a 400 with a message", async () => {
    const { orderId, productId } = await pendingOrder();
    const before = await orderState(orderId, productId);
    const args = await post(`/admin/orders/${orderId}`, { status: "teleported" });
    const result = await outcome(await orderAction({ ...args, params: { id: orderId }, pattern: "/admin/orders/:id" }));
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: "Choose a new status from the list." });
    expect(await orderState(orderId, productId)).toEqual(before);
  });

  it("an allowed move redirects (303) back to the order with a one-time toast", async () => {
    const { orderId } = await pendingOrder();
    const args = await post(`/admin/orders/${orderId}`, { status: "confirmed", note: "Packed" });
    const { status, response } = await outcome(await orderAction({ ...args, params: { id: orderId }, pattern: "/admin/orders/:id" }));
    expect(status).toBe(303);
    expect(response?.headers.get("location")).toBe(`/admin/orders/${orderId}`);
    const setCookie = response?.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^angle\.toast=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    // The next page reads it once and clears it.
    const next = new Request(`${ORIGIN}/admin/orders/${orderId}`, { headers: { cookie: cookiePair(setCookie) } });
    const { toast, headers } = await getToast(next);
    expect(toast).toMatchObject({ type: "success", description: "Order marked Confirmed." });
    expect(headers?.get("set-cookie")).toMatch(/^angle\.toast=;.*Max-Age=0/i);
    // A cookie whose value was tampered with is ignored (it is signed).
    const forged = cookiePair(setCookie).replace(/=(.)/, "=x$1");
    expect((await getToast(new Request(ORIGIN, { headers: { cookie: forged } }))).toast).toBeNull();
  });
});

describe("admin forms with several actions", () => {
  it("a form posted with an intent the page does not know is a 400 with a message, not a 500", async () => {
    const message = "This form asked for an action the page does not know. Please reload the page and try again.";
    for (const [path, act] of [
      ["/admin/products", productsAction],
      ["/admin/users", usersAction],
    ] as const) {
      for (const intent of ["explode", ""]) {
        const args = await post(path, { intent, id: "abc" });
        const result = await outcome(await act({ ...args, params: {}, pattern: path }));
        expect(result.status, `${path} ${intent}`).toBe(400);
        expect(result.body).toMatchObject({ error: message });
      }
    }
  });

  it("settings: a bad field is a 400 with errors keyed by field; a save is a 303 with a toast", async () => {
    const bad = await post("/admin/settings", { siteTitle: "Angle", siteTagline: "", adminEmail: "not-an-email" });
    const refused = await outcome(await settingsAction({ ...bad, params: {}, pattern: "/admin/settings" }));
    expect(refused.status).toBe(400);
    // Conform's reply: the message at the top of the form ("") and beside the field, and what was typed.
    expect(refused.body).toEqual({
      result: expect.objectContaining({
        status: "error",
        error: { "": ["Enter a valid email address."], adminEmail: ["Enter a valid email address."] },
        initialValue: expect.objectContaining({ siteTitle: "Angle", adminEmail: "not-an-email" }),
      }),
    });

    // A GSTIN's problem is a refusal code in the schema: the page gets it in words.
    const badGstin = await post("/admin/settings", { siteTitle: "Angle", siteTagline: "", adminEmail: "", storeGstin: "27AAICA4417" });
    const gstinRefused = await outcome(await settingsAction({ ...badGstin, params: {}, pattern: "/admin/settings" }));
    const gstinCheck = validateGstin("27AAICA4417");
    const words = renderRefusal(gstinCheck.ok ? expect.fail("a short GSTIN is refused") : gstinCheck.error, "en");
    expect(words).toMatch(/ /);
    expect(gstinRefused.body).toMatchObject({ result: { error: { "": [words], storeGstin: [words] } } });

    const { storeLegalName, storeGstin, storeGstAddress } = DEFAULT_GENERAL_SETTINGS;
    const good = await post("/admin/settings", {
      siteTitle: "Angle",
      siteTagline: "Good seed",
      adminEmail: "",
      taxMode: "by_rate",
      priceDisplay: "inclusive",
      storeLegalName,
      storeGstin,
      storeGstAddress,
    });
    const saved = await outcome(await settingsAction({ ...good, params: {}, pattern: "/admin/settings" }));
    expect(saved.status).toBe(303);
    expect(saved.response?.headers.get("location")).toBe("/admin/settings");
    expect(await getGeneralSettings()).toMatchObject({ taxMode: "by_rate", priceDisplay: "inclusive", storeGstin });
    await saveSetting("general", DEFAULT_GENERAL_SETTINGS);
    const cookie = cookiePair(saved.response?.headers.get("set-cookie") ?? "");
    expect((await getToast(new Request(ORIGIN, { headers: { cookie } }))).toast?.description).toBe("Settings saved.");
  });
});

describe("version locks need the version the form was drawn from", () => {
  const productRow = (id: string) =>
    getDb().selectFrom("product").select(["name", "stock", "status", "version"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("an edit posted without a version is refused as stale (409) and changes nothing", async () => {
    const product = await createProduct({ stock: 7 });
    const before = await productRow(product.id);
    const fields = {
      name: "Hand-made Edit",
      description: "No version.",
      category: "tools",
      hsnCode: "82019000",
      gstRate: "0",
      price: "10",
      stock: "999",
    };
    const args = await post(`/admin/products/${product.id}`, fields);
    const result = await outcome(await productEditAction({ ...args, params: { id: product.id }, pattern: "/admin/products/:id" }));
    expect(result.status).toBe(409);
    expect(await productRow(product.id)).toEqual(before);

    const withVersion = await post(`/admin/products/${product.id}`, { ...fields, version: String(before.version) });
    const saved = await outcome(await productEditAction({ ...withVersion, params: { id: product.id }, pattern: "/admin/products/:id" }));
    expect(saved.status).toBe(303);
    expect(await productRow(product.id)).toMatchObject({ name: "Hand-made Edit", stock: 999 });
  });

  it("a listing is approved only with the version the admin saw: none or a stale one is a 409", async () => {
    const listing = await createProduct({ status: "pending" });
    const { version } = await productRow(listing.id);
    const staleForms: Record<string, string>[] = [
      {},
      { version: "" },
      { version: String(Number(version) + 1) },
      { version: "1732300000000" },
    ];
    for (const stale of staleForms) {
      const args = await post("/admin/vendors", { intent: "approve", id: listing.id, ...stale });
      const result = await outcome(await vendorsAction({ ...args, params: {}, pattern: "/admin/vendors" }));
      expect(result.status, JSON.stringify(stale)).toBe(409);
      expect((await productRow(listing.id)).status).toBe("pending");
    }
    const args = await post("/admin/vendors", { intent: "approve", id: listing.id, version: String(version) });
    expect((await outcome(await vendorsAction({ ...args, params: {}, pattern: "/admin/vendors" }))).status).toBe(303);
    expect((await productRow(listing.id)).status).toBe("live");
  });
});

describe("the approval toast says what happened to the listing", () => {
  async function approve(listingId: string) {
    const { version } = await getDb().selectFrom("product").select("version").where("id", "=", listingId).executeTakeFirstOrThrow();
    const args = await post("/admin/vendors", { intent: "approve", id: listingId, version: String(version) });
    const approved = await outcome(await vendorsAction({ ...args, params: {}, pattern: "/admin/vendors" }));
    expect(approved.status).toBe(303);
    const cookie = cookiePair(approved.response?.headers.get("set-cookie") ?? "");
    return (await getToast(new Request(ORIGIN, { headers: { cookie } }))).toast?.description;
  }
  const statusOf = async (id: string) =>
    (await getDb().selectFrom("product").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

  it("on sale now for an active vendor; held until reactivation for a suspended one", async () => {
    const vendor = await createVendor();
    const first = await createProduct({ vendorId: vendor.id, status: "pending" });
    expect(await approve(first.id)).toBe("Listing approved: it is on sale now.");
    expect(await statusOf(first.id)).toBe("live");

    await setAccountSuspended(vendor.id, true);
    const second = await createProduct({ vendorId: vendor.id, status: "pending" });
    expect(await approve(second.id)).toBe(
      "Listing approved. Its vendor is suspended, so it goes on sale only when the vendor is reactivated.",
    );
    expect(await statusOf(second.id)).toBe("suspended");
  });
});

describe("the product form's pack sizes", () => {
  it("another product's SKU is a 409 on that size's SKU field, with the typed sizes back, and nothing is created", async () => {
    const other = await createProduct({
      variants: [{ label: "1 L", pricePaise: 40_000, stock: 2, sku: `OWNED-${Date.now().toString(36).toUpperCase()}` }],
    });
    const taken = (await getDb().selectFrom("product_variant").select("sku").where("product_id", "=", other.id).executeTakeFirstOrThrow())
      .sku;
    const name = `Neem Oil ${Date.now().toString(36)}`;
    const fields = {
      name,
      category: "fertilizers",
      regulatedAs: "pesticide",
      hsnCode: "38089199",
      gstRate: "18",
      "variants[0].label": "500 ml",
      "variants[0].packQuantity": "500",
      "variants[0].packUnit": "ml",
      "variants[0].price": "250",
      "variants[0].stock": "4",
      "variants[1].label": "1 L",
      "variants[1].packQuantity": "1",
      "variants[1].packUnit": "l",
      "variants[1].sku": taken.toLowerCase(),
      "variants[1].price": "450",
      "variants[1].stock": "3",
    };
    const args = await post("/admin/products/new", fields);
    const result = await outcome(await productEditAction({ ...args, params: {}, pattern: "/admin/products/new" }));
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({
      result: {
        error: { "": ["Please fill all required fields correctly."], "variants[1].sku": ["This SKU is already used by another product."] },
        initialValue: {
          name,
          variants: [expect.objectContaining({ label: "500 ml" }), expect.objectContaining({ sku: taken.toLowerCase() })],
        },
      },
    });
    expect(await getDb().selectFrom("product").select("id").where("name", "=", name).execute()).toEqual([]);

    // The same form with its own SKU is added, in two sizes.
    const ok = await post("/admin/products/new", { ...fields, "variants[1].sku": `${taken}-NEW` });
    expect((await outcome(await productEditAction({ ...ok, params: {}, pattern: "/admin/products/new" }))).status).toBe(303);
    const added = await getDb().selectFrom("product").select("id").where("name", "=", name).executeTakeFirstOrThrow();
    const sizes = await getDb()
      .selectFrom("product_variant")
      .select(["label", "sku"])
      .where("product_id", "=", added.id)
      .orderBy("position")
      .execute();
    expect(sizes).toEqual([
      { label: "500 ml", sku: `AG-${added.id.toUpperCase()}` },
      { label: "1 L", sku: `${taken}-NEW` },
    ]);
  });
});

describe("the product form's HSN code and GST rate", () => {
  const saved = (name: string) =>
    getDb().selectFrom("product").select(["id", "hsn_code", "gst_rate", "version"]).where("name", "=", name).execute();

  it("a code that is not 4 to 8 digits or a rate not on the list is a 400 beside its field, with what was typed back, and nothing is written", async () => {
    const name = `Garden Spade ${Date.now().toString(36)}`;
    const fields = { name, category: "tools", price: "450", stock: "5" };
    const hsn = [renderRefusal(HSN_ERROR, "en")];
    const rate = [renderRefusal(GST_RATE_ERROR, "en")];
    for (const [hsnCode, gstRate, expected] of [
      ["12", "5", { hsnCode: hsn }],
      ["123456789", "5", { hsnCode: hsn }],
      ["12ab", "5", { hsnCode: hsn }],
      ["", "5", { hsnCode: hsn }],
      ["8201", "12", { gstRate: rate }],
      ["8201", "abc", { gstRate: rate }],
      ["8201", "", { gstRate: rate }],
      ["12ab", "abc", { hsnCode: hsn, gstRate: rate }],
    ] as const) {
      const args = await post("/admin/products/new", { ...fields, hsnCode, gstRate });
      const result = await outcome(await productEditAction({ ...args, params: {}, pattern: "/admin/products/new" }));
      expect(result.status, `${hsnCode} ${gstRate}`).toBe(400);
      // What was typed comes back (an empty field is left out), each message beside its field.
      expect(result.body).toEqual({
        result: expect.objectContaining({
          status: "error",
          error: { "": ["Please fill all required fields correctly."], ...expected },
          initialValue: expect.objectContaining({ name, ...(hsnCode ? { hsnCode } : {}), ...(gstRate ? { gstRate } : {}) }),
        }),
      });
    }
    expect(await saved(name)).toEqual([]);

    // The same form with a good code (spaces are not part of it) and rate is added, and its edit page shows them.
    const good = await post("/admin/products/new", { ...fields, hsnCode: "8201 10 00", gstRate: "0" });
    expect((await outcome(await productEditAction({ ...good, params: {}, pattern: "/admin/products/new" }))).status).toBe(303);
    const [row] = await saved(name);
    expect(row).toMatchObject({ hsn_code: "82011000", gst_rate: 0 });
    const id = row?.id ?? expect.fail("the new product");
    const page = await productEditLoader({ ...(await post(`/admin/products/${id}`, {})), params: { id }, pattern: "/admin/products/:id" });
    expect(page.product?.extras).toMatchObject({ hsnCode: "82011000", gstRate: 0 });

    // An edit with a bad rate changes nothing; a good one changes both.
    const version = String(row?.version);
    const bad = await post(`/admin/products/${id}`, { ...fields, hsnCode: "82011000", gstRate: "12", version });
    expect((await outcome(await productEditAction({ ...bad, params: { id }, pattern: "/admin/products/:id" }))).status).toBe(400);
    expect(await saved(name)).toEqual([row]);
    const edit = await post(`/admin/products/${id}`, { ...fields, hsnCode: "84244100", gstRate: "5", version });
    expect((await outcome(await productEditAction({ ...edit, params: { id }, pattern: "/admin/products/:id" }))).status).toBe(303);
    expect(await saved(name)).toEqual([expect.objectContaining({ hsn_code: "84244100", gst_rate: 5 })]);
  });
});

describe("the MRP includes all taxes, and shipping is a setting (issue 29)", () => {
  const sizeFields = (name: string, gstRate: string, price: string, mrp: string) => ({
    name,
    category: "fertilizers",
    hsnCode: "31052000",
    gstRate,
    "variants[0].label": "1 kg",
    "variants[0].packQuantity": "1",
    "variants[0].packUnit": "kg",
    "variants[0].price": price,
    "variants[0].mrp": mrp,
    "variants[0].stock": "4",
  });
  const addProduct = async (fields: Record<string, string>) =>
    outcome(await productEditAction({ ...(await post("/admin/products/new", fields)), params: {}, pattern: "/admin/products/new" }));
  const sizesOf = (name: string) =>
    getDb()
      .selectFrom("product_variant as v")
      .innerJoin("product as p", "p.id", "v.product_id")
      .select(["v.price_paise", "v.mrp_paise"])
      .where("p.name", "=", name)
      .execute();

  it("refuses a price whose GST takes it above the MRP, naming the highest price allowed; takes it at a nil rate; a blank MRP is what is charged", async () => {
    const name = `Zinc Sulphate ${Date.now().toString(36)}`;
    // ₹195 is below the ₹200 MRP, but with 5% GST (two halves, each rounded up) a pack comes to ₹204.76.
    const refused = await addProduct(sizeFields(name, "5", "195", "200"));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      result: {
        error: {
          "variants[0].price": [
            "With GST a unit comes to ₹204.76, above its MRP of ₹200: selling above the MRP is not allowed. Set the price (before GST) to ₹190.48 or less, or correct the MRP.",
          ],
        },
      },
    });
    expect(await sizesOf(name)).toEqual([]);
    // ₹190.48 + 5% = ₹200.00: the MRP exactly.
    expect((await addProduct(sizeFields(name, "5", "190.48", "200"))).status).toBe(303);
    expect(await sizesOf(name)).toEqual([{ price_paise: 190_48, mrp_paise: 200_00 }]);
    const nil = `Seed Pack ${Date.now().toString(36)}`;
    expect((await addProduct({ ...sizeFields(nil, "0", "199", "200"), category: "seeds", hsnCode: "12099160" })).status).toBe(303);
    const blank = `Knapsack ${Date.now().toString(36)}`;
    expect((await addProduct({ ...sizeFields(blank, "18", "100", ""), category: "tools", hsnCode: "84244100" })).status).toBe(303);
    expect(await sizesOf(blank)).toEqual([{ price_paise: 100_00, mrp_paise: 118_00 }]);
  });

  it("refuses a switch to flat 18% while a pack would then sell above its MRP, naming it; saves the delivery charge, which orders then pay", async () => {
    const product = await createProduct({
      name: `Bio Fertiliser ${Date.now().toString(36)}`,
      gstRate: 5,
      variants: [{ label: "1 kg", pricePaise: 190_48, mrpPaise: 200_00, stock: 5 }],
    });
    const { storeLegalName, storeGstin, storeGstAddress } = DEFAULT_GENERAL_SETTINGS;
    const base = {
      siteTitle: "Angle",
      siteTagline: "",
      adminEmail: "",
      priceDisplay: "inclusive",
      storeLegalName,
      storeGstin,
      storeGstAddress,
    };
    const flat = await post("/admin/settings", { ...base, taxMode: "flat", shippingFeeRupees: "500", freeShippingOverRupees: "50000" });
    const refused = await outcome(await settingsAction({ ...flat, params: {}, pattern: "/admin/settings" }));
    expect(refused.status).toBe(400);
    const said = (refused.body as { result: { error: Record<string, string[]> } }).result.error.taxMode?.[0] ?? "";
    expect(said).toContain(`${product.name} (1 kg): ₹225.26 against an MRP of ₹200`);
    expect((await getGeneralSettings()).taxMode).toBe("by_rate");

    const fee = await post("/admin/settings", { ...base, taxMode: "by_rate", shippingFeeRupees: "80", freeShippingOverRupees: "999" });
    expect((await outcome(await settingsAction({ ...fee, params: {}, pattern: "/admin/settings" }))).status).toBe(303);
    const customer = await createCustomer();
    const cheap = await createProduct({ gstRate: 0, variants: [{ label: "1 kg", pricePaise: 500_00, stock: 5 }] });
    const order = await placeOrder(customer, checkoutInput([{ productId: cheap.id, quantity: 1 }]));
    const row = await getDb()
      .selectFrom("orders")
      .select(["shipping_paise", "total_paise"])
      .where("id", "=", order.orderId)
      .executeTakeFirstOrThrow();
    // Delivery is taxed at the order's highest rate (nil here): ₹500 + ₹80.
    expect({ shipping: Number(row.shipping_paise), total: Number(row.total_paise) }).toEqual({ shipping: 80_00, total: 580_00 });
    const bigger = await placeOrder(customer, checkoutInput([{ productId: cheap.id, quantity: 2 }]));
    const free = await getDb().selectFrom("orders").select("shipping_paise").where("id", "=", bigger.orderId).executeTakeFirstOrThrow();
    expect(Number(free.shipping_paise)).toBe(0);
    const bad = await post("/admin/settings", { ...base, taxMode: "by_rate", shippingFeeRupees: "eighty", freeShippingOverRupees: "999" });
    const badSaved = await outcome(await settingsAction({ ...bad, params: {}, pattern: "/admin/settings" }));
    expect(badSaved.status).toBe(400);
    expect(badSaved.body).toMatchObject({ result: { error: { shippingFeeRupees: ["Enter the delivery charge in whole rupees."] } } });
    await saveSetting("general", DEFAULT_GENERAL_SETTINGS);
  });
});

describe("the lots' margins before expiry (docs/decisions/056-lots.md)", () => {
  it("a bad number is a 400 naming its kind, nothing saved; a good one stops a lot within it selling, with a toast", async () => {
    const today = indiaToday();
    const product = await createProduct({ category: "seeds", variants: [{ label: "10 g", pricePaise: 15_000, stock: 0 }] });
    const size = await getDb().selectFrom("product_variant").select("id").where("product_id", "=", product.id).executeTakeFirstOrThrow();
    await createLot(size.id, { quantity: 7, expiresOn: addDays(today, 20) });
    const before = await readLotMargins();
    try {
      const bad = await post("/admin/settings", { intent: "lot-margins", seed: "366", pesticide: "0", fertiliser: "0" });
      const refused = await outcome(await settingsAction({ ...bad, params: {}, pattern: "/admin/settings" }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ margins: { fields: { seed: "Enter the days as a whole number from 0 to 365." } } });
      expect(await readLotMargins()).toEqual(before);

      const good = await post("/admin/settings", { intent: "lot-margins", seed: "30", pesticide: "0", fertiliser: "0" });
      const saved = await outcome(await settingsAction({ ...good, params: {}, pattern: "/admin/settings" }));
      expect(saved.status).toBe(303);
      expect(await readLotMargins()).toEqual({ seed: 30, pesticide: 0, fertiliser: 0 });
      const stock = await getDb().selectFrom("product_variant").select("stock").where("id", "=", size.id).executeTakeFirstOrThrow();
      expect(Number(stock.stock)).toBe(0);
    } finally {
      await saveLotMargins(before);
    }
  });
});
