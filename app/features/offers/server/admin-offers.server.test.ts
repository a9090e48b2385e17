import { describe, expect, it } from "vitest";
import { formErrors } from "~/platform/i18n/render-refusal.server";
import { OfferFormSchema } from "../domain/offer-form";
import { checkoutInput, createCustomer, createProduct, createVendor } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import {
  createOffer,
  formTargets,
  getOffer,
  listOffers,
  OfferRefused,
  setOfferStatus,
  updateOffer,
  vendorOfferCost,
} from "./admin-offers.server";

const form = (over: Record<string, string> = {}) => ({
  kind: "coupon",
  code: "kharif10",
  name: "Kharif seeds 10% off",
  nameHi: "ख़रीफ़ बीज 10% छूट",
  discountType: "percent",
  percent: "10",
  target: "cart",
  targetIds: "",
  startsAt: "2026-06-01T00:00",
  endsAt: "2026-07-31T23:59",
  ...over,
});

const errorsOf = (fields: Record<string, string>, locale: "en" | "hi" = "en") => {
  const parsed = OfferFormSchema.safeParse(fields);
  if (parsed.success) return {};
  return formErrors(parsed.error, { locale }) as Record<string, string | undefined>;
};

describe("the admin's offer form", () => {
  it("reads India times as instants, rupees as paise, the code in upper case", () => {
    const parsed = OfferFormSchema.parse(form({ discountType: "fixed", amount: "1,350.50", minCart: "2000", states: "27, 29" }));
    expect(parsed).toMatchObject({
      code: "KHARIF10",
      amount: 135_050,
      minCart: 200_000,
      states: ["27", "29"],
      startsAt: "2026-05-31T18:30:00.000Z",
      endsAt: "2026-07-31T18:29:00.000Z",
    });
  });

  it("refuses 101%, an end before the start, an empty target and a coupon without a code, in both languages", () => {
    expect(errorsOf(form({ percent: "101" })).percent).toBe("A percentage discount is a whole number from 1 to 100.");
    expect(errorsOf(form({ percent: "0" })).percent).toBe("A percentage discount is a whole number from 1 to 100.");
    expect(errorsOf(form({ endsAt: "2026-05-01T00:00" })).endsAt).toBe("The offer must end after it starts.");
    expect(errorsOf(form({ target: "products", targetIds: " " })).targetIds).toMatch(/^List at least one product/);
    expect(errorsOf(form({ code: "" })).code).toBe("A coupon needs a code.");
    expect(errorsOf(form({ discountType: "fixed", amount: "-5" })).amount).toMatch(/^Enter an amount in rupees/);
    expect(errorsOf(form({ states: "Maharashtra" })).states).toMatch(/two-digit GST State codes/);
    expect(errorsOf(form({ percent: "101" }), "hi").percent).toBe("प्रतिशत छूट 1 से 100 तक की पूरी संख्या होती है।");
    expect(errorsOf(form({ endsAt: "2026-05-01T00:00" }), "hi").endsAt).toBe("ऑफ़र शुरू होने के बाद ही समाप्त हो सकता है।");
  });
});

describe("the admin's offers", () => {
  it("creates, refuses a duplicate code, edits, pauses, resumes and ends; the list is paged", async () => {
    const id = await createOffer(OfferFormSchema.parse(form({ code: "DUP1" })));
    await expect(createOffer(OfferFormSchema.parse(form({ code: "dup1" })))).rejects.toBeInstanceOf(OfferRefused);
    await expect(createOffer(OfferFormSchema.parse(form({ code: "dup1" })))).rejects.toThrow("Another coupon already has this code.");
    const other = await createOffer(OfferFormSchema.parse(form({ code: "DUP2" })));
    await expect(updateOffer(other, OfferFormSchema.parse(form({ code: "DUP1" })))).rejects.toThrow(
      "Another coupon already has this code.",
    );
    await updateOffer(id, OfferFormSchema.parse(form({ code: "DUP1", percent: "15" })));
    expect((await getOffer(id))?.discount).toEqual({ type: "percent", percent: 15 });
    expect(await setOfferStatus(id, "resume")).toBe(false);
    expect(await setOfferStatus(id, "pause")).toBe(true);
    expect((await getOffer(id))?.status).toBe("paused");
    expect(await setOfferStatus(id, "resume")).toBe(true);
    expect(await setOfferStatus(id, "end")).toBe(true);
    expect(await setOfferStatus(id, "resume")).toBe(false);
    expect((await getOffer(id))?.status).toBe("ended");
    // A hostile id is no offer, on either engine (PostgreSQL refuses a NUL byte in text).
    expect(await getOffer("\u0000'")).toBeNull();
    expect(await setOfferStatus("\u0000'", "end")).toBe(false);
    await expect(updateOffer("\u0000'", OfferFormSchema.parse(form({ code: "NUL1" })))).rejects.toThrow("This offer no longer exists.");
    for (let i = 0; i < 21; i++) await createOffer(OfferFormSchema.parse(form({ kind: "automatic", code: "" })));
    const first = await listOffers({ cursor: null, direction: "next" });
    expect(first.rows).toHaveLength(20);
    expect(first.total).toBe(23);
    const second = await listOffers({ cursor: first.nextCursor, direction: "next" });
    expect(second.rows).toHaveLength(3);
  });
});

describe("offers, second round (issue 31)", () => {
  it("names products and pack sizes by SKU, refuses an unknown SKU by name, and shows SKUs back on the form", async () => {
    const dap = await createProduct({ variants: [{ label: "50 kg", pricePaise: 1_350_00, stock: 5, sku: "DAP-50" }] });
    const urea = await createProduct({ variants: [{ label: "45 kg", pricePaise: 270_00, stock: 5, sku: "UREA-45" }] });
    const [dapSize] = await getDb().selectFrom("product_variant").select("id").where("product_id", "=", dap.id).execute();
    const [ureaSize] = await getDb().selectFrom("product_variant").select("id").where("product_id", "=", urea.id).execute();
    const id = await createOffer(
      OfferFormSchema.parse(
        form({
          code: "B2G1",
          discountType: "buy_x_get_y",
          percent: "",
          buyQuantity: "2",
          getQuantity: "1",
          getSkus: "urea-45",
          target: "variants",
          targetIds: "DAP-50",
          pincodes: "4130*, 411001",
        }),
      ),
    );
    const offer = await getOffer(id);
    expect(offer?.targetIds).toEqual([dapSize?.id]);
    expect(offer?.discount).toEqual({ type: "buy_x_get_y", buy: 2, get: 1, getVariantIds: [ureaSize?.id], percent: 100 });
    expect(offer?.pincodes).toEqual(["4130*", "411001"]);
    expect(offer && (await formTargets(offer))).toEqual({ targetIds: ["DAP-50"], getSkus: ["UREA-45"] });
    const byProduct = await createOffer(OfferFormSchema.parse(form({ code: "BYP", target: "products", targetIds: "DAP-50" })));
    expect((await getOffer(byProduct))?.targetIds).toEqual([dap.id]);
    await expect(
      createOffer(OfferFormSchema.parse(form({ code: "NOPE", target: "variants", targetIds: "DAP-50, NO-SUCH" }))),
    ).rejects.toThrow("No pack size has the SKU NO-SUCH. Check it in the products list.");
    expect(errorsOf(form({ pincodes: "41100" })).pincodes).toMatch(/^Pincodes are 6 digits/);
    expect(errorsOf(form({ discountType: "buy_x_get_y", buyQuantity: "0", getQuantity: "1" })).buyQuantity).toMatch(/buy X get Y/);
  });

  it("a vendor's offer: their own products only (server-checked), awaiting approval, approved by the admin, its cost shown", async () => {
    const vendor = await createVendor();
    const rival = await createVendor();
    const mine = await createProduct({ vendorId: vendor.id, variants: [{ label: "1 kg", pricePaise: 500_00, stock: 9, sku: "MINE-1" }] });
    await createProduct({ vendorId: rival.id, variants: [{ label: "1 kg", pricePaise: 500_00, stock: 9, sku: "RIVAL-1" }] });
    const as = { vendorId: vendor.id };
    const vendorForm = (over: Record<string, string>) =>
      OfferFormSchema.parse(form({ kind: "automatic", code: "", startsAt: "", endsAt: "", ...over }));
    await expect(createOffer(vendorForm({ target: "products", targetIds: "MINE-1, RIVAL-1" }), new Date(), as)).rejects.toThrow(
      "You can make offers only on your own products; these are not yours: RIVAL-1.",
    );
    await expect(createOffer(vendorForm({ target: "categories", targetIds: "seeds" }), new Date(), as)).rejects.toThrow(OfferRefused);
    await expect(createOffer(vendorForm({ discountType: "free_shipping" }), new Date(), as)).rejects.toThrow(OfferRefused);
    // "The whole cart" from a vendor is all of the vendor's products, never the cart.
    const all = await createOffer(vendorForm({ target: "cart" }), new Date(), as);
    expect(await getOffer(all)).toMatchObject({ target: "vendor", targetIds: [vendor.id], vendorId: vendor.id, approval: "pending" });
    const id = await createOffer(vendorForm({ target: "products", targetIds: "MINE-1" }), new Date(), as);
    // Another vendor cannot edit, pause or approve it; the vendor cannot approve their own.
    await expect(updateOffer(id, vendorForm({ target: "vendor", targetIds: "x" }), new Date(), { vendorId: rival.id })).rejects.toThrow(
      "This offer no longer exists.",
    );
    expect(await setOfferStatus(id, "pause", new Date(), rival.id)).toBe(false);
    expect(await setOfferStatus(id, "approve", new Date(), vendor.id)).toBe(false);
    expect((await listOffers({ cursor: null, direction: "next" }, vendor.id)).rows.map((r) => r.id).sort()).toEqual([all, id].sort());
    expect(await setOfferStatus(id, "approve")).toBe(true);
    expect(await setOfferStatus(id, "approve")).toBe(false);
    expect(await setOfferStatus(all, "reject")).toBe(true);
    const customer = await createCustomer();
    await placeOrder(customer, checkoutInput([{ productId: mine.id, quantity: 2 }]));
    expect(await vendorOfferCost(vendor.id)).toEqual({ paise: 100_00, orders: 1 });
    expect(await vendorOfferCost(rival.id)).toEqual({ paise: 0, orders: 0 });
    // A change by the vendor waits for approval again.
    await updateOffer(id, vendorForm({ target: "products", targetIds: "MINE-1", percent: "20" }), new Date(), as);
    expect((await getOffer(id))?.approval).toBe("pending");
  });
});
