import { describe, expect, it } from "vitest";
import { english } from "../../../platform/i18n/render-refusal.server";
import { withLocale } from "../../../platform/i18n/i18n.server";
import { renderRefusal } from "../../../platform/i18n/render-refusal.server";
import {
  type DeliveredProduct,
  deliveryRefusal,
  readLicenceStates,
  soldForDelivery,
  storeLicenceStates,
  type TerritorySettings,
} from "./territory";

const SETTINGS: TerritorySettings = {
  licenceStatesForSeedsAndPesticides: false,
  storeLicenceStates: [],
  subsidisedFertilisers: "not_for_delivery",
};
const urea: DeliveredProduct = {
  name: "Urea (45 kg)",
  regulatedAs: "fertiliser",
  vendorId: "vendor1",
  licenceStates: '["Punjab"]',
  subsidised: false,
};

describe("a seller's licence States", () => {
  it("refuses a fertiliser outside its seller's States, naming the product and both States", () => {
    const refused = deliveryRefusal(urea, "Maharashtra", SETTINGS);
    expect(refused && english(refused)).toBe(
      "Urea (45 kg) can't be delivered to Maharashtra: its seller's fertiliser licence is valid only in Punjab.",
    );
    expect(refused && withLocale("hi", () => renderRefusal(refused))).toBe(
      "Urea (45 kg) महाराष्ट्र में नहीं पहुँचाया जा सकता: इसके विक्रेता का उर्वरक लाइसेंस केवल पंजाब में मान्य है।",
    );
    expect(deliveryRefusal(urea, "Punjab", SETTINGS)).toBeNull();
  });

  it("names every State the licence is valid in", () => {
    const refused = deliveryRefusal({ ...urea, licenceStates: '["Haryana","Punjab"]' }, "Delhi", SETTINGS);
    expect(refused && english(refused)).toContain("valid only in Haryana and Punjab.");
    expect(deliveryRefusal({ ...urea, licenceStates: '["Haryana","Punjab"]' }, "Haryana", SETTINGS)).toBeNull();
  });

  it("limits seed and pesticide licences only when the store's setting says so", () => {
    const seed = { ...urea, name: "Tomato Seeds", regulatedAs: "seed" as const };
    expect(deliveryRefusal(seed, "Maharashtra", SETTINGS)).toBeNull();
    const limited = deliveryRefusal(seed, "Maharashtra", { ...SETTINGS, licenceStatesForSeedsAndPesticides: true });
    expect(limited && english(limited)).toBe(
      "Tomato Seeds can't be delivered to Maharashtra: its seller's seed licence is valid only in Punjab.",
    );
  });

  it("limits nothing without States (a licence from before they were asked for), nor an unregulated product", () => {
    expect(deliveryRefusal({ ...urea, licenceStates: null }, "Maharashtra", SETTINGS)).toBeNull();
    expect(deliveryRefusal({ ...urea, regulatedAs: null }, "Maharashtra", SETTINGS)).toBeNull();
  });

  it("limits the store's own products by the store's licence States, when it has set them", () => {
    const own = { ...urea, vendorId: null, licenceStates: null };
    expect(deliveryRefusal(own, "Maharashtra", SETTINGS)).toBeNull();
    expect(deliveryRefusal(own, "Maharashtra", { ...SETTINGS, storeLicenceStates: ["Maharashtra"] })).toBeNull();
    expect(deliveryRefusal(own, "Goa", { ...SETTINGS, storeLicenceStates: ["Maharashtra"] })?.code).toBe("checkout.outside_licence_states");
  });

  it("stores States in the list's order, each once, and reads back only known ones", () => {
    expect(storeLicenceStates(["Punjab", "Haryana", "Punjab"])).toBe('["Haryana","Punjab"]');
    expect(storeLicenceStates([])).toBeNull();
    expect(readLicenceStates('["Punjab","Atlantis"]')).toEqual(["Punjab"]);
    expect(readLicenceStates("not json")).toBeNull();
    expect(readLicenceStates('["Atlantis"]')).toBeNull();
  });
});

describe("subsidised fertilisers", () => {
  const subsidised = { ...urea, subsidised: true, licenceStates: null };
  it("are not delivered by default, and sold as any product when the store allows it", () => {
    const refused = deliveryRefusal(subsidised, "Punjab", SETTINGS);
    expect(refused?.code).toBe("checkout.subsidised");
    expect(refused && english(refused)).toContain("buy it at your nearest authorised retailer");
    expect(soldForDelivery(subsidised, SETTINGS)).toBe(false);
    expect(deliveryRefusal(subsidised, "Punjab", { ...SETTINGS, subsidisedFertilisers: "allowed" })).toBeNull();
    expect(soldForDelivery(subsidised, { subsidisedFertilisers: "allowed" })).toBe(true);
  });
});
