import { afterEach, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { checkoutInput, createCustomer, createProduct, testGstin } from "../factories";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import { withLocale } from "~/platform/i18n/i18n.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { OrderRefused, placeOrder } from "~/features/orders/server/place-order.server";
import { DEFAULT_GENERAL_SETTINGS, type GeneralSettings } from "~/features/settings/domain/settings";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import type { LicenceKind } from "~/features/vendor-shops/domain/licences";
import { saveLicence } from "~/features/vendor-shops/server/save-licence.server";
import { verifyLicence } from "~/features/vendor-shops/server/verify-licence.server";
import { getVendorLicences } from "~/features/vendor-shops/server/list-licences.server";
import { action as profileAction } from "~/routes/vendor-login/profile";
import { loader as deliveryLoader } from "~/routes/resources/delivery";
import { action as settingsAction } from "~/routes/admin/settings";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { SAMPLE_DEALER_PRODUCTS, seedSampleDealer } from "~/features/catalog/server/seed/sample-dealer.server";
import { defined } from "~/platform/defined";
import { saveKit } from "~/features/kits/server/save-kit.server";

/**
 * Dealer territory and subsidised fertilisers (docs/decisions/057-territory.md), as checkout, the
 * delivery check and the vendor's licence form answer them, on the engine the run is on.
 */
const ORIGIN = "http://localhost:3999";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PUNJAB = { city: "Ludhiana", state: "Punjab", pincode: "141001" };
const MAHARASHTRA = { city: "Pune", state: "Maharashtra", pincode: "411001" };

afterEach(() => saveSetting("general", DEFAULT_GENERAL_SETTINGS));
const setSettings = (changes: Partial<GeneralSettings>) => saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, ...changes });

let adminId: string | undefined;
/** A Punjab dealer (a vendor who can sign in) holding a verified licence of `kind` valid only in `states`. */
async function dealer(kind: LicenceKind, states: string[]) {
  const email = `dealer-${unique()}@angle.test`;
  const user = await createUserWithPassword({ name: "Punjab Dealer", email, password: "dealer-pass-123", role: "vendor" });
  await getDb()
    .insertInto("vendor")
    .values({
      user_id: user.id,
      business_name: `Punjab Khad Bhandar ${user.id.slice(0, 6)}`,
      phone: "+91 98140 12345",
      gst_number: testGstin("03"),
      street: "Grain Market Road",
      ...PUNJAB,
      created_at: new Date().toISOString(),
    })
    .execute();
  await saveLicence(user.id, {
    kind,
    number: `PB/LDH/${kind.toUpperCase().slice(0, 3)}/2025/${Math.floor(Math.random() * 9000) + 1000}`,
    expiresOn: addDays(indiaToday(), 365),
    authority: "Chief Agricultural Officer, Ludhiana",
    state: "Punjab",
    states,
  });
  adminId ??= (await createCustomer({ role: "admin" })).id;
  await verifyLicence(adminId, { vendorId: user.id, kind, version: 1 });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "dealer-pass-123" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id: user.id, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

const orderCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const stockOf = async (id: string) =>
  Number((await getDb().selectFrom("product").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock);

/** What placing the order did: its refusal's status, field and words, or "placed". */
async function order(productId: string, to: typeof PUNJAB, locale: "en" | "hi" = "en") {
  const customer = await createCustomer();
  try {
    await withLocale(locale, () => placeOrder(customer, checkoutInput([{ productId, quantity: 1 }], to)));
    return "placed";
  } catch (error) {
    if (!(error instanceof OrderRefused)) throw error;
    // What the checkout page says: the refusal in the page's language.
    return { status: error.status, field: error.field, message: withLocale(locale, () => renderRefusal(error.refusal)) };
  }
}

describe("a seller's licence States", () => {
  it("refuse a Punjab-only dealer's fertiliser delivered to Maharashtra, naming the product and the State; to Punjab it is placed", async () => {
    const seller = await dealer("fertiliser", ["Punjab"]);
    const urea = await createProduct({ name: `Zinc Sulphate 5 kg ${unique()}`, category: "fertilizers", vendorId: seller.id, gstRate: 5 });
    const orders = await orderCount();
    expect(await order(urea.id, MAHARASHTRA)).toEqual({
      status: 409,
      field: "state",
      message: `${urea.name} can't be delivered to Maharashtra: its seller's fertiliser licence is valid only in Punjab.`,
    });
    // Nothing written: no order, no stock taken.
    expect(await orderCount()).toBe(orders);
    expect(await stockOf(urea.id)).toBe(10);
    expect(await order(urea.id, PUNJAB)).toBe("placed");
    expect(await stockOf(urea.id)).toBe(9);
  });

  it("say the refusal in Hindi on a Hindi page, with the product's Hindi name", async () => {
    const seller = await dealer("fertiliser", ["Punjab", "Haryana"]);
    const product = await createProduct({ name: `Zinc ${unique()}`, category: "fertilizers", vendorId: seller.id, gstRate: 5 });
    await getDb().updateTable("product").set({ name_hi: "ज़िंक सल्फेट 5 किलो" }).where("id", "=", product.id).execute();
    const refused = await order(product.id, MAHARASHTRA, "hi");
    expect(refused).toMatchObject({ status: 409 });
    expect((refused as { message: string }).message).toBe(
      "ज़िंक सल्फेट 5 किलो महाराष्ट्र में नहीं पहुँचाया जा सकता: इसके विक्रेता का उर्वरक लाइसेंस केवल हरियाणा और पंजाब में मान्य है।",
    );
  });

  it("limit a seed licence only when the store's setting says so", async () => {
    const seller = await dealer("seed", ["Punjab"]);
    const wheat = await createProduct({ name: `Wheat Seed HD 3086 ${unique()}`, category: "seeds", vendorId: seller.id, gstRate: 0 });
    expect(await order(wheat.id, MAHARASHTRA)).toBe("placed");
    await setSettings({ licenceStatesForSeedsAndPesticides: true });
    expect(await order(wheat.id, MAHARASHTRA)).toMatchObject({
      status: 409,
      message: expect.stringContaining("seed licence is valid only in Punjab"),
    });
    expect(await order(wheat.id, PUNJAB)).toBe("placed");
  });

  it("leave the store's own products alone until the store names its licences' States", async () => {
    const own = await createProduct({ name: `Store Gypsum ${unique()}`, category: "fertilizers", gstRate: 5 });
    expect(await order(own.id, PUNJAB)).toBe("placed");
    await setSettings({ storeLicenceStates: ["Maharashtra"] });
    expect(await order(own.id, MAHARASHTRA)).toBe("placed");
    expect(await order(own.id, PUNJAB)).toMatchObject({
      status: 409,
      message: `${own.name} can't be delivered to Punjab: its seller's fertiliser licence is valid only in Maharashtra.`,
    });
  });

  it("are named by the delivery check of the cart and checkout, before placing", async () => {
    const seller = await dealer("fertiliser", ["Punjab"]);
    const zinc = await createProduct({ name: `Zinc ${unique()}`, category: "fertilizers", vendorId: seller.id, gstRate: 5 });
    const tool = await createProduct({ name: `Khurpi ${unique()}` });
    const check = async (pin: string) => {
      const request = new Request(`${ORIGIN}/resources/delivery?pin=${pin}&ids=${encodeURIComponent(`${zinc.id},${tool.id}`)}`);
      const answer = await deliveryLoader({
        request,
        url: new URL(request.url),
        params: {},
        context: new RouterContextProvider(),
      } as never);
      return { kind: answer.check.kind, refused: answer.refused };
    };
    expect(await check(MAHARASHTRA.pincode)).toEqual({
      kind: "delivers",
      refused: [`${zinc.name} can't be delivered to Maharashtra: its seller's fertiliser licence is valid only in Punjab.`],
    });
    expect(await check(PUNJAB.pincode)).toEqual({ kind: "delivers", refused: [] });
  });
});

describe("subsidised fertilisers", () => {
  it("are refused for delivery by default (a tampered cart), and sold as any product when the store allows it", async () => {
    const urea = await createProduct({ name: `Urea 45 kg ${unique()}`, category: "fertilizers", gstRate: 5 });
    await getDb().updateTable("product").set({ subsidised: 1 }).where("id", "=", urea.id).execute();
    const orders = await orderCount();
    expect(await order(urea.id, PUNJAB)).toEqual({
      status: 409,
      field: undefined,
      message: `${urea.name} is a subsidised fertiliser and is not delivered: buy it at your nearest authorised retailer, where its sale is recorded on an Aadhaar-authenticated point-of-sale device.`,
    });
    expect(await orderCount()).toBe(orders);
    await setSettings({ subsidisedFertilisers: "allowed" });
    expect(await order(urea.id, PUNJAB)).toBe("placed");
  });
});

describe("the vendor's licence form", () => {
  async function postLicence(cookie: string, fields: Record<string, string>, states: string[]) {
    const body = new URLSearchParams({ intent: "licence", ...fields });
    for (const s of states) body.append("states", s);
    const request = new Request(`${ORIGIN}/vendor-login/profile`, {
      method: "POST",
      body,
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    const result: unknown = await profileAction({
      request,
      url: new URL(request.url),
      params: {},
      context: new RouterContextProvider(),
    } as never);
    if (result instanceof Response) return { status: result.status, error: null };
    const init = (result as { init?: ResponseInit | null }).init;
    const licence = (result as { data?: { licence?: { fields?: Record<string, string> } } }).data?.licence;
    return { status: init?.status ?? 200, error: licence?.fields?.states ?? null };
  }
  const fields = (kind: LicenceKind) => ({ kind, number: "PB/LDH/FRT/2025/118", expiresOn: addDays(indiaToday(), 200), state: "Punjab" });

  it("refuses a fertiliser licence without States, keeping what was stored; saves it with them", async () => {
    const seller = await dealer("seed", ["Punjab"]);
    expect(await postLicence(seller.cookie, fields("fertiliser"), [])).toEqual({
      status: 400,
      error: "Choose the States where this licence is valid.",
    });
    expect(await postLicence(seller.cookie, fields("fertiliser"), ["Atlantis"])).toEqual({
      status: 400,
      error: "Choose the States from the list.",
    });
    const stored = async () => (await getVendorLicences(seller.id, indiaToday())).find((l) => l.kind === "fertiliser")?.licence?.states;
    expect(await stored()).toBeUndefined();
    expect(await postLicence(seller.cookie, fields("fertiliser"), ["Punjab", "Chandigarh"])).toEqual({ status: 303, error: null });
    expect(await stored()).toEqual(["Chandigarh", "Punjab"]);
  });

  it("takes a seed licence without States unless the store's setting asks for them", async () => {
    const seller = await dealer("fertiliser", ["Punjab"]);
    expect(await postLicence(seller.cookie, fields("seed"), [])).toEqual({ status: 303, error: null });
    await setSettings({ licenceStatesForSeedsAndPesticides: true });
    expect(await postLicence(seller.cookie, fields("pesticide"), [])).toEqual({
      status: 400,
      error: "Choose the States where this licence is valid.",
    });
  });
});

describe("the sample Punjab fertiliser dealer (npm run db:seed)", () => {
  it("loads once; its zinc sulphate goes to Punjab only and its urea is shown but not delivered", async () => {
    expect(await seedSampleDealer(getDb())).toBe(true);
    expect(await seedSampleDealer(getDb())).toBe(false);
    const [zinc, urea] = SAMPLE_DEALER_PRODUCTS.map((p) => p.id);
    expect(await order(defined(zinc, "zinc"), MAHARASHTRA)).toMatchObject({
      status: 409,
      message: "Zinc Sulphate 21% 5 kg can't be delivered to Maharashtra: its seller's fertiliser licence is valid only in Punjab.",
    });
    expect(await order(defined(zinc, "zinc"), PUNJAB)).toBe("placed");
    expect(await order(defined(urea, "urea"), PUNJAB)).toMatchObject({ status: 409, message: expect.stringContaining("subsidised") });
  });
});

describe("the admin's settings for regulated farm inputs", () => {
  it("save the seed/pesticide rule, the store's own licence States and how subsidised fertilisers are sold", async () => {
    const email = `territory-admin-${unique()}@angle.test`;
    await createUserWithPassword({ name: "Territory Admin", email, password: "territory-admin-pass", role: "admin" });
    const { headers } = await getAuth().api.signInEmail({
      body: { email, password: "territory-admin-pass" },
      headers: new Headers({ origin: ORIGIN }),
      returnHeaders: true,
    });
    const cookie = headers.getSetCookie().map(cookiePair).join("; ");
    const { storeLegalName, storeGstin, storeGstAddress } = DEFAULT_GENERAL_SETTINGS;
    const body = new URLSearchParams({
      siteTitle: "Angle",
      siteTagline: "",
      adminEmail: "",
      taxMode: "by_rate",
      priceDisplay: "inclusive",
      storeLegalName,
      storeGstin,
      storeGstAddress,
      shippingFeeRupees: "500",
      freeShippingOverRupees: "50000",
      licenceStatesForSeedsAndPesticides: "on",
      subsidisedFertilisers: "allowed",
    });
    body.append("storeLicenceStates", "Punjab");
    body.append("storeLicenceStates", "Haryana");
    const request = new Request(`${ORIGIN}/admin/settings`, {
      method: "POST",
      body,
      headers: { cookie, origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    const saved: unknown = await settingsAction({
      request,
      url: new URL(request.url),
      params: {},
      context: new RouterContextProvider(),
    } as never);
    expect(saved instanceof Response ? saved.status : saved).toBe(303);
    expect(await getGeneralSettings()).toMatchObject({
      licenceStatesForSeedsAndPesticides: true,
      storeLicenceStates: ["Punjab", "Haryana"],
      subsidisedFertilisers: "allowed",
    });
  });
});

describe("a kit holding a Punjab-only dealer's fertiliser", () => {
  it("is refused to Maharashtra, naming the part, and placed to Punjab", async () => {
    const seller = await dealer("fertiliser", ["Punjab"]);
    const tag = unique().toUpperCase();
    const zinc = await createProduct({
      name: `Zinc ${tag}`,
      category: "fertilizers",
      vendorId: seller.id,
      gstRate: 5,
      variants: [{ label: "5 kg", pricePaise: 50_000, stock: 20, sku: `ZN-${tag}` }],
    });
    await createProduct({ name: `Khurpi ${tag}`, variants: [{ label: "Pair", pricePaise: 30_000, stock: 20, sku: `KH-${tag}` }] });
    const kit = await createProduct({
      name: `Paddy kit ${tag}`,
      category: "tools",
      variants: [{ label: "1 acre", pricePaise: 70_000, stock: 99, sku: `KIT-${tag}` }],
    });
    await saveKit({
      kitSku: `KIT-${tag}`,
      pricePaise: 70_000,
      parts: [
        { sku: `ZN-${tag}`, quantity: 1 },
        { sku: `KH-${tag}`, quantity: 1 },
      ],
    });
    expect(await order(kit.id, MAHARASHTRA)).toMatchObject({
      status: 409,
      message: `${zinc.name} can't be delivered to Maharashtra: its seller's fertiliser licence is valid only in Punjab.`,
    });
    expect(await order(kit.id, PUNJAB)).toBe("placed");
  });
});
