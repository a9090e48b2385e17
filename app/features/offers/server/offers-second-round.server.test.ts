import { afterEach, describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createOffer, createProduct, createVendor } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { DEFAULT_GENERAL_SETTINGS, type GeneralSettings } from "~/features/settings/domain/settings";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { addGroupMember, createCustomerGroup } from "~/features/price-lists/server/admin-customer-groups.server";
import { getOffer, createOffer as saveOffer, OfferRefused } from "./admin-offers.server";
import { OfferFormSchema } from "../domain/offer-form";
import { quoteOffers } from "./order-offers.server";

/** Offers, second round (issue 31): savings as paid, buy X get Y, pincodes, who funds an offer. */

const useSettings = (changes: Partial<GeneralSettings>) => saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, ...changes });
afterEach(() => useSettings({}));

const orderOf = (id: string) => getDb().selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sizeOf = async (productId: string) =>
  (await getDb().selectFrom("product_variant").select("id").where("product_id", "=", productId).executeTakeFirstOrThrow()).id;
const emailTo = async (to: string) =>
  (
    await getDb()
      .selectFrom("outbox")
      .select("payload")
      .where("recipient", "=", to)
      .where("channel", "=", "email")
      .executeTakeFirstOrThrow()
  ).payload;
const refused = (error: unknown) => (error instanceof OrderRefused ? { status: error.status, message: error.message } : error);

describe("savings shown are the savings paid", () => {
  it("with prices before GST the discount shows before GST, and goods − discount + delivery + GST is the total", async () => {
    await useSettings({ priceDisplay: "exclusive" });
    const customer = await createCustomer();
    const p = await createProduct({ pricePaise: 1_000_00, stock: 10, gstRate: 18 });
    const coupon = await createOffer({});
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: p.id, quantity: 2 }], { couponCode: coupon.code }));
    const order = await orderOf(orderId);
    // ₹2,000 before GST, 10% off: ₹200; GST 18% of ₹1,800 = ₹324; delivery ₹500 (its GST ₹90).
    expect(Number(order.discount_paise)).toBe(200_00);
    expect(JSON.parse(order.offers)).toEqual([expect.objectContaining({ paise: 200_00, withGstPaise: 236_00 })]);
    const email = await emailTo(customer.email);
    expect(email).toContain("Subtotal — ₹2,000\\nKharif coupon — you save ₹200\\nShipping — ₹500\\nGST");
    expect(Number(order.total_paise)).toBe(2_000_00 - 200_00 + 500_00 + Number(order.tax_paise));
  });
});

describe("buy X get Y", () => {
  it("buy 2 get 1: the third bag is free in the order, and the coupon says what to add when it is not in the cart", async () => {
    const customer = await createCustomer();
    const dap = await createProduct({ name: "DAP Fertiliser", pricePaise: 1_350_00, stock: 10, gstRate: 5 });
    const size = await sizeOf(dap.id);
    const offer = await createOffer({
      kind: "automatic",
      code: null,
      name: "Buy 2 DAP, get 1 free",
      target: "variants",
      target_ids: JSON.stringify([size]),
      discount_percent: 100,
      buy_quantity: 2,
      get_quantity: 1,
    });
    const quote = await quoteOffers({
      lines: [{ productId: dap.id, variantId: size, category: "fertilizers", quantity: 2, unitPaise: 1_350_00 }],
      code: null,
      stateCode: "27",
      userId: null,
    });
    expect(quote.discounts).toEqual({});
    expect(quote.hints).toEqual([{ offerId: offer.id, variantId: size, name: "DAP Fertiliser (Standard)", more: 1, percent: 100 }]);

    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: dap.id, quantity: 3 }]));
    const order = await orderOf(orderId);
    expect(Number(order.discount_paise)).toBe(1_350_00);
    expect(Number(order.subtotal_paise)).toBe(2 * 1_350_00);
    expect((await getOffer(offer.id))?.uses).toBe(1);
    await getDb().updateTable("offer").set({ status: "paused" }).where("id", "=", offer.id).execute();

    const coupon = await createOffer({
      code: "DAP3FREE",
      target: "variants",
      target_ids: JSON.stringify([size]),
      discount_percent: 100,
      buy_quantity: 2,
      get_quantity: 1,
    });
    const error = await placeOrder(customer, checkoutInput([{ productId: dap.id, quantity: 2 }], { couponCode: coupon.code })).catch(
      refused,
    );
    expect(error).toEqual({ status: 409, message: "Coupon DAP3FREE: add 1 more DAP Fertiliser (Standard) to your cart to get it." });
  });
});

describe("pincode condition", () => {
  it("an offer for some pincodes applies to delivery there only; a coupon elsewhere is refused with the reason", async () => {
    const customer = await createCustomer();
    const p = await createProduct({ pricePaise: 1_000_00, stock: 10 });
    const near = await createOffer({ pincodes: JSON.stringify(["4110*"]) });
    const far = await createOffer({ pincodes: JSON.stringify(["560001", "5601*"]) });
    const { orderId } = await placeOrder(customer, checkoutInput([{ productId: p.id, quantity: 1 }], { couponCode: near.code }));
    expect(Number((await orderOf(orderId)).discount_paise)).toBe(100_00);
    const error = await placeOrder(customer, checkoutInput([{ productId: p.id, quantity: 1 }], { couponCode: far.code })).catch(refused);
    expect(error).toEqual({ status: 409, message: `Coupon ${far.code} is not valid for delivery to your pincode.` });
    // The cart's quote: judged on a pincode once given, shown as applying before.
    const line = { productId: p.id, variantId: await sizeOf(p.id), category: "tools", quantity: 1, unitPaise: 1_000_00 };
    const before = await quoteOffers({ lines: [line], code: far.code, stateCode: "", userId: null });
    expect(before.couponRefusal).toBeNull();
    const given = await quoteOffers({ lines: [line], code: far.code, stateCode: "27", pincode: "411001", userId: null });
    expect(given.couponRefusal && renderRefusal(given.couponRefusal, "hi")).toBe(`कूपन ${far.code} आपके पिनकोड पर डिलीवरी के लिए मान्य नहीं है।`);
  });
});

describe("vendor-funded offers", () => {
  it("give nothing while awaiting approval; once approved, the order and the use record the vendor that funds it", async () => {
    const customer = await createCustomer();
    const vendor = await createVendor();
    const p = await createProduct({ pricePaise: 1_000_00, stock: 10, vendorId: vendor.id });
    const offer = await createOffer({
      kind: "automatic",
      code: null,
      target: "vendor",
      target_ids: JSON.stringify([vendor.id]),
      vendor_id: vendor.id,
      approval: "pending",
    });
    const first = await placeOrder(customer, checkoutInput([{ productId: p.id, quantity: 1 }]));
    expect(Number((await orderOf(first.orderId)).discount_paise)).toBe(0);
    await getDb().updateTable("offer").set({ approval: "approved" }).where("id", "=", offer.id).execute();
    const second = await placeOrder(customer, checkoutInput([{ productId: p.id, quantity: 1 }]));
    const order = await orderOf(second.orderId);
    expect(JSON.parse(order.offers)).toEqual([expect.objectContaining({ offerId: offer.id, paise: 100_00, fundedBy: vendor.id })]);
    const use = await getDb().selectFrom("offer_use").selectAll().where("order_id", "=", second.orderId).executeTakeFirstOrThrow();
    expect(use.funded_by).toBe(vendor.id);
  });
});

describe("customer group condition", () => {
  it("an offer for a group gives its members alone; another customer's coupon is refused with the reason", async () => {
    const member = await createCustomer();
    const other = await createCustomer();
    const group = await createCustomerGroup({ name: `FPO ${member.id.slice(0, 6)}` });
    await addGroupMember(group, member.email);
    const p = await createProduct({ pricePaise: 1_000_00, stock: 10 });
    const coupon = await createOffer({ customer_group_id: group });
    const automatic = await createOffer({ kind: "automatic", code: null, discount_percent: 5, customer_group_id: group });
    const items = [{ productId: p.id, quantity: 1 }];

    const { orderId } = await placeOrder(member, checkoutInput(items, { couponCode: coupon.code }));
    const order = await orderOf(orderId);
    // 5% automatic, then the 10% coupon on what is left: ₹50 + ₹95.
    expect(Number(order.discount_paise)).toBe(145_00);
    expect(JSON.parse(order.offers).map((o: { offerId: string }) => o.offerId)).toEqual([automatic.id, coupon.id]);

    const error = await placeOrder(other, checkoutInput(items, { couponCode: coupon.code })).catch(refused);
    expect(error).toEqual({ status: 409, message: `Coupon ${coupon.code} is for another group of customers, not for your account.` });
    const { orderId: plain } = await placeOrder(other, checkoutInput(items));
    expect(Number((await orderOf(plain)).discount_paise)).toBe(0);

    // The cart's quote says the same: a guest and another customer get neither, the member both.
    const line = { productId: p.id, variantId: await sizeOf(p.id), category: "tools", quantity: 1, unitPaise: 1_000_00 };
    const guest = await quoteOffers({ lines: [line], code: coupon.code, stateCode: "", userId: null });
    expect(guest.couponRefusal && renderRefusal(guest.couponRefusal, "hi")).toBe(
      `कूपन ${coupon.code} ग्राहकों के किसी दूसरे समूह के लिए है, आपके खाते के लिए नहीं।`,
    );
    expect(guest.discounts).toEqual({});
    const mine = await quoteOffers({ lines: [line], code: coupon.code, stateCode: "", userId: member.id });
    expect(mine.couponRefusal).toBeNull();
    expect(Object.values(mine.discounts)).toEqual([145_00]);
  });

  it("the admin's form takes a group that exists, or none, and refuses one that does not", async () => {
    const group = await createCustomerGroup({ name: `Dealers ${Date.now()}` });
    const form = (customerGroup: string) =>
      OfferFormSchema.parse({
        kind: "automatic",
        name: "Dealer offer",
        discountType: "percent",
        percent: "5",
        target: "cart",
        customerGroup,
      });
    const id = await saveOffer(form(group));
    const row = await getDb().selectFrom("offer").select("customer_group_id").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.customer_group_id).toBe(group);
    const everyone = await saveOffer(form(""));
    expect(
      (await getDb().selectFrom("offer").select("customer_group_id").where("id", "=", everyone).executeTakeFirstOrThrow())
        .customer_group_id,
    ).toBeNull();
    const error = await saveOffer(form("nosuchgroup1")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfferRefused);
    expect((error as OfferRefused).field).toBe("customerGroup");
    expect((error as OfferRefused).status).toBe(400);
  });
});
