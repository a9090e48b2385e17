import { addDays, indiaToday } from "../../app/platform/core/india-day";
import { defined } from "../../app/platform/defined";
import { type Answer, type Client, openClient } from "./client";
import { realPng } from "./fuzz-inputs";
import { gstinFor, type Role, type World } from "./fuzz-targets";
import { FUZZ_ADMIN, type FuzzStore } from "./store-reader";

/** A client per role, each with the store as its base URL and Origin. */
export type Sessions = {
  as: Record<Role, Client>;
  /** A new session for the role (for requests that sign in or out). */
  fresh: (role: Role) => Promise<Client>;
  dispose: () => Promise<void>;
};

const address = { street: "12 Gangapur Road", city: "Nashik", state: "Maharashtra", pincode: "422013" };

async function ok(response: Answer, what: string, status = [200, 302]) {
  if (!status.includes(response.status()))
    throw new Error(`${what}: ${response.status()} (expected ${status.join(" or ")}) ${(await response.text()).slice(0, 300)}`);
  return response;
}

export async function openSessions(url: string, accounts: Pick<World, "customer" | "vendor">): Promise<Sessions> {
  const fresh = async (role: Role) => {
    const c = openClient(url);
    if (role === "admin") await ok(await c.post("/admin/login", { form: FUZZ_ADMIN, maxRedirects: 0 }), "admin login", [302]);
    if (role === "customer") await ok(await c.post("/account/auth", { form: { intent: "login", ...accounts.customer } }), "customer login");
    if (role === "vendor")
      await ok(
        await c.post("/vendor-login?index", {
          form: { intent: "login", email: accounts.vendor.email, password: accounts.vendor.password },
        }),
        "vendor login",
      );
    return c;
  };
  const as = { anon: await fresh("anon"), customer: await fresh("customer"), vendor: await fresh("vendor"), admin: await fresh("admin") };
  return { as, fresh, dispose: async () => undefined };
}

/** Opens the emailed confirmation link with the account's password, in the client that registered (which signs it in). */
async function confirm(store: FuzzStore, request: Client, email: string, password: string) {
  const response = await request.post("/verify-email", {
    form: { token: await store.confirmationToken(email), password },
    maxRedirects: 0,
  });
  await ok(response, `confirming ${email}`, [303]);
}

/** Registers a customer and confirms the emailed link in the same client (which signs it in). */
export async function registerCustomer(store: FuzzStore, request: Client, fields: Record<string, string>) {
  const response = await request.post("/account/auth", {
    form: { intent: "register", password: "fuzz-pass-2024", phone: "98765 43210", ...address, ...fields },
  });
  await ok(response, "customer registration", [200]);
  await confirm(store, request, defined(fields.email, "the customer's email"), fields.password ?? "fuzz-pass-2024");
}

/** Registers a vendor and confirms the emailed link in the same client (which signs it in). */
export async function registerVendor(store: FuzzStore, request: Client, fields: Record<string, string>) {
  const response = await request.post("/vendor-login?index", {
    form: { intent: "register", password: "seller-pass-2024", phone: "91234 56789", ...address, ...fields },
  });
  await ok(response, "vendor registration", [200]);
  await confirm(store, request, defined(fields.email, "the vendor's email"), fields.password ?? "seller-pass-2024");
}

/** Adds a product through a product form (admin's or vendor's) and returns its id. */
export async function addProduct(
  store: FuzzStore,
  request: Client,
  path: string,
  name: string,
  fields: Record<string, string> = {},
  image = false,
) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    name,
    description: "Organic neem cake.",
    category: "fertilizers",
    hsnCode: "23069018",
    gstRate: "5",
    price: "250",
    stock: "40",
    ...fields,
  };
  if (image) multipart.image = { name: "leaf.png", mimeType: "image/png", buffer: await realPng() };
  await ok(await request.post(path, { multipart, maxRedirects: 0 }), `product ${name}`, [303]);
  const [row] = await store.query("select id, image, version from product where name = ? order by created_at desc", [name.trim()]);
  const stored = defined(row, `product ${name} stored`);
  return { id: String(stored.id), image: String(stored.image), version: String(stored.version) };
}

/** Places a Cash on Delivery order as the customer signed in on `request`; returns its id. */
export async function placeOrder(request: Client, items: { productId: string; quantity: number }[], fields: Record<string, string> = {}) {
  const response = await ok(
    await request.post("/checkout", {
      form: {
        checkoutKey: `order-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        paymentMethod: "cod",
        phone: "98765 43210",
        ...address,
        ...fields,
        items: JSON.stringify(items),
      },
      maxRedirects: 0,
    }),
    "order",
    [302],
  );
  return defined(/\/order-confirmation\/([a-z0-9]+)/.exec(response.headers().location ?? "")?.[1], "the order's id in the redirect");
}

/**
 * Puts what the fuzzing needs real ids for into a fresh store: the test's accounts, products to
 * edit and delete, listings waiting for review, orders, contact messages, users to suspend.
 */
export async function buildWorld(store: FuzzStore, tag: string): Promise<{ world: World; sessions: Sessions }> {
  const customer = { email: `fz.customer.${tag}@example.com`, password: "fuzz-pass-2024" };
  const vendor = { email: `fz.vendor.${tag}@example.com`, password: "seller-pass-2024", gstNumber: gstinFor(`${tag}-vendor`) };
  const setup = openClient(store.url);
  const other = openClient(store.url);
  try {
    await registerCustomer(store, setup, { name: "Fuzz Customer", email: customer.email });
    await registerCustomer(store, other, { name: "Other Customer", email: `fz.other.${tag}@example.com` });
    await registerVendor(store, setup, { businessName: `Fuzz Tools ${tag}`, email: vendor.email, gstNumber: vendor.gstNumber });
  } finally {
    await setup.dispose();
  }
  const sessions = await openSessions(store.url, { customer, vendor });
  const { admin, vendor: vendorSession, customer: customerSession } = sessions.as;

  const otherVendor = openClient(store.url);
  await registerVendor(store, otherVendor, {
    businessName: `Other Tools ${tag}`,
    email: `fz.vendor2.${tag}@example.com`,
    gstNumber: gstinFor(`${tag}-vendor2`),
  });
  const otherVendorProduct = await addProduct(store, otherVendor, "/vendor-login/products/new", `Other Vendor Rake ${tag}`);
  await otherVendor.dispose();

  const adminProduct = await addProduct(store, admin, "/admin/products/new", `Fuzz Admin Product ${tag}`, {}, true);
  const disposable = [];
  for (let i = 0; i < 4; i++) disposable.push((await addProduct(store, admin, "/admin/products/new", `Fuzz Disposable ${tag} ${i}`)).id);
  const vendorProduct = await addProduct(store, vendorSession, "/vendor-login/products/new", `Fuzz Vendor Product ${tag}`);
  // A vendor's listing the admin may delete too.
  disposable.push((await addProduct(store, vendorSession, "/vendor-login/products/new", `Fuzz Vendor Disposable ${tag}`)).id);
  const pending = [];
  for (let i = 0; i < 4; i++)
    pending.push((await addProduct(store, vendorSession, "/vendor-login/products/new", `Fuzz Pending ${tag} ${i}`)).id);

  // The vendor's licences, the fertiliser registration verified, so their fertilizers listings can be approved.
  const [vendorRow] = await store.query('select id from "user" where email = ?', [vendor.email]);
  const vendorId = String(defined(vendorRow, "the vendor's row").id);
  for (const kind of ["seed", "fertiliser", "pesticide"]) {
    await ok(
      await vendorSession.post("/vendor-login/profile", {
        form: {
          intent: "licence",
          kind,
          number: `MH/${kind}/${tag}`.slice(0, 40).toUpperCase(),
          expiresOn: addDays(indiaToday(), 365),
          states: "Maharashtra",
        },
        maxRedirects: 0,
      }),
      `vendor ${kind} licence`,
      [302, 303],
    );
  }
  await ok(
    await admin.post("/admin/vendors", { form: { intent: "verify-licence", vendorId, kind: "fertiliser", version: "1" }, maxRedirects: 0 }),
    "licence verified",
    [302, 303],
  );

  const live = (await store.query("select id from product where status = 'live' and vendor_id is null and stock >= 100 order by id"))
    .map((r) => String(r.id))
    .slice(0, 4);
  const orderIds: [string, string] = [
    await placeOrder(customerSession, [
      { productId: defined(live[0], "a live product"), quantity: 2 },
      { productId: defined(disposable[0], "a disposable product"), quantity: 1 },
    ]),
    await placeOrder(customerSession, [{ productId: defined(live[1], "a second live product"), quantity: 1 }]),
  ];
  const otherCustomerOrderId = await placeOrder(other, [{ productId: defined(live[2], "a third live product"), quantity: 1 }]);
  await other.dispose();
  // A delivered order, so the customer may review its product (issue 13).
  const reviewProductId = defined(live[3], "a fourth live product");
  const deliveredOrderId = await placeOrder(customerSession, [
    { productId: reviewProductId, quantity: 1 },
    // A second line, for the customer's returns (issue 15).
    { productId: defined(live[0], "a live product"), quantity: 2 },
  ]);
  // Shipping records the courier and tracking (issue 15).
  const shipped = { courier: "Delhivery", tracking: `FZ${tag}`.slice(0, 40) };
  for (const status of ["confirmed", "shipped", "delivered"])
    await ok(
      await admin.post(`/admin/orders/${deliveredOrderId}`, {
        form: { status, ...(status === "shipped" ? shipped : {}) },
        maxRedirects: 0,
      }),
      `order ${status}`,
      [303],
    );
  // Returns (issue 15): the reviewed product's line is asked back already (for the admin's and the
  // vendor's decisions); the other line is left for the customer's return form.
  const lineOf = async (productId: string) =>
    String(
      defined(
        (await store.query("select id from order_line where order_id = ? and product_id = ?", [deliveredOrderId, productId]))[0],
        "a delivered line",
      ).id,
    );
  await ok(
    await customerSession.post(`/orders/${deliveredOrderId}/return`, {
      form: {
        lineId: await lineOf(reviewProductId),
        quantity: "1",
        reasonCode: "damaged",
        reason: "Fuzz world: arrived damaged.",
        refundTo: "upi",
        upiId: "fuzz.world@okicici",
      },
      maxRedirects: 0,
    }),
    "return requested",
    [303],
  );
  const [returnRow] = await store.query("select id from return_request where order_id = ?", [deliveredOrderId]);
  const returnId = String(defined(returnRow, "the world's return request").id);
  const returnableLineId = await lineOf(defined(live[0], "a live product"));
  // The sample catalogue's reviews, for the admin's Hide / Unhide.
  const reviewIds = (await store.query("select id from review order by id")).map((r) => String(r.id)).slice(0, 4);

  for (let i = 0; i < 3; i++) {
    await ok(
      await sessions.as.anon.post("/contact", {
        form: { name: "Eve", email: "eve@example.com", subject: `Fuzz ${tag} ${i}`, message: "Hello" },
      }),
      "contact",
      [200],
    );
  }
  const messageIds = (await store.query("select id from contact_message where subject like ?", [`Fuzz ${tag} %`])).map((r) => String(r.id));
  for (let i = 0; i < 4; i++)
    await ok(
      await admin.post("/admin/users", {
        form: { intent: "add", name: `Disposable ${i}`, email: `fz.disposable.${tag}.${i}@example.com` },
      }),
      "add user",
      [200],
    );
  const disposableUserIds = (await store.query('select id from "user" where email like ?', [`fz.disposable.${tag}.%`])).map((r) =>
    String(r.id),
  );
  const [adminRow] = await store.query('select id from "user" where email = ?', [FUZZ_ADMIN.email]);

  return {
    sessions,
    world: {
      tag,
      customer,
      vendor,
      vendorId,
      adminId: String(defined(adminRow, "the admin's row").id),
      liveProductIds: live,
      adminProductId: adminProduct.id,
      disposableProductIds: disposable,
      vendorProductId: vendorProduct.id,
      otherVendorProductId: otherVendorProduct.id,
      pendingListingIds: pending,
      orderIds,
      otherCustomerOrderId,
      deliveredOrderId,
      returnableLineId,
      returnId,
      reviewProductId,
      reviewIds,
      messageIds,
      disposableUserIds,
      uploadName: adminProduct.image.replace(/^\/uploads\//, ""),
    },
  };
}
