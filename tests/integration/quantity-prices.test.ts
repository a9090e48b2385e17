import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { checkoutInput, createCustomer, createOffer, createProduct, createVendor, versionOf } from "../factories";
import { sizeOf } from "../sizes";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { withLocale } from "~/platform/i18n/i18n.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { CheckoutSchema } from "~/features/cart/domain/checkout";
import { cartCookieValue, quotedProduct } from "~/features/cart/domain/cart-cookie";
import { newId } from "~/platform/ids";
import { loader as cartOffersLoader } from "~/routes/resources/cart-offers";
import { priceCart } from "~/features/cart/domain/order-pricing";
import { quoteCart } from "~/features/catalog/server/quote-cart.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { taxConfig } from "~/features/tax/server/tax-config.server";
import { getCustomerOrder } from "~/features/orders/server/get-customer-order.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { action as productEditAction, loader as productEditLoader } from "~/routes/admin/product-edit";
import { parseProductForm } from "~/features/catalog/server/parse-product-form.server";
import { createVendorProduct, updateVendorProduct } from "~/features/vendor-shops/server/vendor-products.server";

/**
 * Quantity prices (issue 31): the server decides the unit price from the quantity, in the cart's
 * quote and inside the order's transaction (both engines: the long way of an order that holds stock
 * unpaid, and PostgreSQL's one statement of a cash-on-delivery order), and the admin's form refuses
 * breaks that break the rules, with a message beside the size.
 */

/** DAP 50 kg: ₹1,285.72 before 5% GST, ₹1,350 with it (its MRP); ₹1,228.57 (₹1,290 with GST) from 10 bags. */
const dap = (name: string) =>
  createProduct({
    name,
    category: "fertilizers",
    hsnCode: "31053000",
    gstRate: 5,
    variants: [
      {
        label: "50 kg",
        pricePaise: 128_572,
        mrpPaise: 135_000,
        stock: 100,
        priceBreaks: [
          { minQuantity: 10, pricePaise: 122_857 },
          { minQuantity: 25, pricePaise: 119_048 },
        ],
      },
    ],
  });

const linesOf = (orderId: string) =>
  getDb()
    .selectFrom("order_line")
    .select(["unit_price_paise", "quantity", "line_total_paise", "taxable_paise", "cgst_paise", "sgst_paise", "igst_paise"])
    .where("order_id", "=", orderId)
    .execute();

describe("an order is charged the quantity price its quantity reaches", () => {
  for (const paymentMethod of ["bank_transfer", "cod"] as const) {
    it(`9 bags at ₹1,285.72 each, 10 at ₹1,228.57, GST on the charged price (${paymentMethod})`, async () => {
      const customer = await createCustomer();
      const product = await dap(`DAP ${paymentMethod}`);
      const size = await sizeOf(product.id, "50 kg");
      const order = async (quantity: number) => {
        const { orderId } = await placeOrder(
          customer,
          checkoutInput([{ productId: product.id, variantId: size.id, quantity }], { paymentMethod }),
        );
        const [line] = await linesOf(orderId);
        return { line: defined(line, "the order's line"), order: defined(await getCustomerOrder(orderId, customer.id), "the order") };
      };

      // 9: the size's price. GST 5% by unit: ₹32.14 × 2 = ₹64.28 a bag, ₹578.52 on 9; with it ₹1,350 a bag.
      const nine = await order(9);
      expect(nine.line).toMatchObject({ unit_price_paise: 128_572, quantity: 9, line_total_paise: 1_157_148, taxable_paise: 1_157_148 });
      expect(Number(nine.line.cgst_paise) + Number(nine.line.sgst_paise) + Number(nine.line.igst_paise)).toBe(57_852);
      expect(nine.order.subtotal).toBe(1_157_148);

      // 10: the break. ₹30.71 × 2 = ₹61.42 a bag, ₹614.20 on 10; with it ₹1,289.99 a bag, within the ₹1,350 MRP.
      const ten = await order(10);
      expect(ten.line).toMatchObject({ unit_price_paise: 122_857, quantity: 10, line_total_paise: 1_228_570, taxable_paise: 1_228_570 });
      expect(Number(ten.line.cgst_paise) + Number(ten.line.sgst_paise) + Number(ten.line.igst_paise)).toBe(61_420);
      expect(ten.order.items.map((i) => i.unitPrice)).toEqual([122_857]);

      // The cart's quote prices the line the same way: what the cart shows is what the order charges.
      const [quoted] = await quoteCart([{ productId: product.id, variantId: size.id }]);
      const item = defined(quoted, "the quote");
      expect(item.priceBreaks).toEqual([
        { minQuantity: 10, pricePaise: 122_857 },
        { minQuantity: 25, pricePaise: 119_048 },
      ]);
      const settings = await getGeneralSettings();
      const cart = priceCart([{ product: quotedProduct(item), quantity: 10 }], { ...taxConfig(settings) }, "Maharashtra");
      expect({ subtotal: cart.subtotal, tax: cart.tax, total: cart.total }).toEqual({
        subtotal: ten.order.subtotal,
        tax: ten.order.tax,
        total: ten.order.total,
      });
    });
  }

  it("ignores prices a tampered cart sends: the unit price is the server's, for the quantity", async () => {
    const customer = await createCustomer();
    const product = await dap("DAP tampered");
    const size = await sizeOf(product.id, "50 kg");
    const input = CheckoutSchema.parse({
      ...checkoutInput([]),
      items: JSON.stringify([
        { productId: product.id, variantId: size.id, quantity: 9, pricePaise: 1, priceBreaks: [{ minQuantity: 2, pricePaise: 1 }] },
      ]),
      total: "1",
    });
    const { orderId } = await placeOrder(customer, input);
    expect((await linesOf(orderId))[0]).toMatchObject({ unit_price_paise: 128_572, line_total_paise: 1_157_148 });
  });

  it("sells a size whose breaks were written by hand wrong at its own price, never below it", async () => {
    const customer = await createCustomer();
    const product = await dap("DAP hand-written");
    const size = await sizeOf(product.id, "50 kg");
    await getDb().updateTable("product_variant").set({ price_breaks: "10:1,5:0" }).where("id", "=", size.id).execute();
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, variantId: size.id, quantity: 12 }]));
    expect((await linesOf(orderId))[0]).toMatchObject({ unit_price_paise: 128_572 });
  });
});

const ORIGIN = "http://localhost:3999";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
let adminCookie: string | undefined;
async function signInAdmin() {
  if (adminCookie) return adminCookie;
  const email = `admin-tiers-${Date.now().toString(36)}@angle.test`;
  await createUserWithPassword({ name: "Tiers Admin", email, password: "tiers-admin-pass", role: "admin" });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "tiers-admin-pass" },
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
  return { request, url: new URL(request.url), context: new RouterContextProvider(), params: { id: path.split("/").at(-1) ?? "" } };
}
async function outcome(result: unknown) {
  if (result instanceof Response) return { status: result.status, body: null };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit" && "init" in result) {
    const init = result.init as ResponseInit | null;
    return { status: init?.status ?? 200, body: "data" in result ? result.data : null };
  }
  return { status: 200, body: result };
}

describe("the admin's product form sets a size's quantity prices", () => {
  it("refuses breaks against the rules beside the size's field (both languages), writing nothing; saves good ones", async () => {
    const product = await createProduct({ name: "Urea 45 kg", category: "fertilizers", hsnCode: "31021000", gstRate: 5 });
    const size = await sizeOf(product.id, "Standard");
    const storedBreaks = async () =>
      (await getDb().selectFrom("product_variant").select("price_breaks").where("id", "=", size.id).executeTakeFirstOrThrow()).price_breaks;
    const form = async (priceBreaks: string) => ({
      name: "Urea 45 kg",
      description: "Neem-coated.",
      category: "fertilizers",
      regulatedAs: "fertiliser",
      hsnCode: "31021000",
      gstRate: "5",
      version: String(await versionOf(product.id)),
      "variants[0].id": size.id,
      "variants[0].label": "45 kg",
      "variants[0].packQuantity": "45",
      "variants[0].packUnit": "kg",
      "variants[0].sku": "",
      "variants[0].price": "254",
      "variants[0].mrp": "267",
      "variants[0].stock": "40",
      "variants[0].priceBreaks": priceBreaks,
    });
    const save = async (priceBreaks: string, locale: "en" | "hi" = "en") => {
      const args = await post(`/admin/products/${product.id}`, await form(priceBreaks));
      return withLocale(locale, async () => outcome(await productEditAction({ ...args, pattern: "/admin/products/:id" })));
    };
    const errorOf = (body: unknown) =>
      (body as { result?: { error?: Record<string, string[]> } })?.result?.error?.["variants[0].priceBreaks"];

    const cases: [string, string][] = [
      ["10 bags 240", "Write prices by quantity as quantity:price (before GST), separated by commas, e.g. 10:1290, 25:1250."],
      ["1:240", "Each price by quantity is for 2 to 999 packs (a whole number)."],
      ["10:254", "A price by quantity must be lower than the pack's own price."],
      ["10:240, 20:245", "Each price by quantity needs more packs and a lower price than the one before it; no quantity twice."],
      ["2:250, 3:249, 4:248, 5:247, 6:246", "At most 4 prices by quantity for one pack size."],
    ];
    for (const [typed, message] of cases) {
      const refused = await save(typed);
      expect(refused.status, typed).toBe(400);
      expect(errorOf(refused.body), typed).toEqual([message]);
    }
    const hindi = await save("10:260", "hi");
    expect(hindi.status).toBe(400);
    expect(errorOf(hindi.body)).toEqual(["मात्रा वाली कीमत पैक की अपनी कीमत से कम होनी चाहिए।"]);
    expect(await storedBreaks()).toBeNull();

    const saved = await save("25:238.10, 10:245");
    expect(saved.status).toBe(303);
    expect(await storedBreaks()).toBe("10:24500,25:23810");
    // The next edit's form has them (productFormValues writes them as typed: "10:245, 25:238.10").
    const loaded = await productEditLoader({
      request: new Request(`${ORIGIN}/admin/products/${product.id}`, { headers: { cookie: await signInAdmin() } }),
      params: { id: product.id },
      context: new RouterContextProvider(),
      url: new URL(`${ORIGIN}/admin/products/${product.id}`),
      pattern: "/admin/products/:id",
    });
    expect(JSON.stringify(loaded)).toContain('"priceBreaks":[{"minQuantity":10,"pricePaise":24500},{"minQuantity":25,"pricePaise":23810}]');

    // Cleared: none.
    expect((await save("")).status).toBe(303);
    expect(await storedBreaks()).toBeNull();
  });
});

describe("a vendor's listing form sets quantity prices too", () => {
  it("lists a size with breaks, refuses a bad edit beside the field, and clears them", async () => {
    const vendor = await createVendor();
    const form = (priceBreaks: string, extra: Record<string, string> = {}) => {
      const data = new FormData();
      const fields: Record<string, string> = {
        name: `Vendor DAP ${Date.now().toString(36)}`,
        description: "",
        category: "fertilizers",
        regulatedAs: "fertiliser",
        hsnCode: "31053000",
        gstRate: "5",
        "variants[0].label": "50 kg",
        "variants[0].packQuantity": "50",
        "variants[0].packUnit": "kg",
        "variants[0].price": "1285.72",
        "variants[0].mrp": "1350",
        "variants[0].stock": "20",
        "variants[0].priceBreaks": priceBreaks,
        ...extra,
      };
      for (const [k, v] of Object.entries(fields)) data.append(k, v);
      return data;
    };
    const listed = await parseProductForm(form("10:1228.57"), { editing: false });
    if (!listed.ok) throw new Error(JSON.stringify(listed.fields));
    const { id } = await createVendorProduct(vendor.id, listed.input);
    const breaksOf = async () =>
      await getDb().selectFrom("product_variant").select(["id", "price_breaks"]).where("product_id", "=", id).executeTakeFirstOrThrow();
    const size = await breaksOf();
    expect(size.price_breaks).toBe("10:122857");

    const refused = await withLocale("hi", () => parseProductForm(form("1:1200", { "variants[0].id": size.id }), { editing: true }));
    expect(refused).toMatchObject({
      ok: false,
      fields: { "variants.0.priceBreaks": "हर मात्रा वाली कीमत 2 से 999 पैक (पूरी संख्या) के लिए होनी चाहिए।" },
    });

    const cleared = await parseProductForm(form("", { "variants[0].id": size.id, version: String(await versionOf(id)) }), {
      editing: true,
    });
    if (!cleared.ok) throw new Error(JSON.stringify(cleared.fields));
    expect(await updateVendorProduct(vendor.id, id, cleared.input, { version: await versionOf(id) })).toBe(true);
    expect((await breaksOf()).price_breaks).toBeNull();
  });
});

describe("offers on a quantity-priced line", () => {
  it("the cart's quote of a coupon takes it of the quantity price, as the order does", async () => {
    const customer = await createCustomer();
    const product = await dap("DAP with a coupon");
    const size = await sizeOf(product.id, "50 kg");
    const code = `DAP${newId(8).toUpperCase()}`;
    await createOffer({ code, name: "DAP 10% off", name_hi: null, target: "products", target_ids: JSON.stringify([product.id]) });
    const lines = cartCookieValue([{ product: { id: product.id, variantId: size.id }, quantity: 10 }]);
    const request = new Request(
      `http://localhost/resources/cart-offers?lines=${encodeURIComponent(lines)}&coupon=${code}&state=Maharashtra`,
    );
    const quote = (await cartOffersLoader({
      request,
      url: new URL(request.url),
      context: new RouterContextProvider(),
      params: {},
    } as never)) as {
      discounts: Record<string, number>;
    };
    // 10 bags at the break, ₹1,228.57: 10% of ₹12,285.70.
    expect(quote.discounts[size.id]).toBe(122_857);

    const { orderId } = await placeOrder(
      customer,
      checkoutInput([{ productId: product.id, variantId: size.id, quantity: 10 }], { couponCode: code }),
    );
    const ordered = await getDb().selectFrom("orders").select("discount_paise").where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(Number(ordered.discount_paise)).toBe(122_857);
  });
});
