import type { Db } from "../../../../platform/db/db.server";
import type { VariantInput } from "../../domain/variants";
import { saveVariants } from "../variants.server";
import { storeLicenceStates } from "../../../vendor-shops/domain/territory";

/**
 * A sample fertiliser dealer whose licence is valid in Punjab only (docs/decisions/057-territory.md):
 * its zinc sulphate is delivered to Punjab and refused elsewhere, and its neem-coated urea is a
 * subsidised fertiliser, shown with its MRP but (by default) not sold for delivery. Loaded by
 * `npm run db:seed -- --sample-dealer`, not with the sample catalogue: that is the specification's
 * 16 items, which the storefront's pages and tests show exactly. The account
 * has no password: it shows the feature, nobody signs in as it.
 */
export const SAMPLE_DEALER = {
  id: "sampledealerpunjab0001",
  email: "khad.bhandar.ludhiana@example.com",
  name: "Gurpreet Singh",
  businessName: "Ludhiana Khad Bhandar",
  // A well-formed GSTIN of Punjab (03), not a real registration.
  gstNumber: "03AAPFL4417K1Z6",
  licence: { number: "PB/LDH/FCO/2025/0417", authority: "Chief Agricultural Officer, Ludhiana", states: ["Punjab"] },
} as const;

type DealerProduct = {
  id: string;
  name: string;
  nameHi: string;
  description: string;
  descriptionHi: string;
  hsnCode: string;
  subsidised: boolean;
  size: VariantInput;
};

export const SAMPLE_DEALER_PRODUCTS: readonly DealerProduct[] = [
  {
    id: "dealerzincsulphate5kg",
    name: "Zinc Sulphate 21% 5 kg",
    nameHi: "ज़िंक सल्फेट 21% 5 किलो",
    description:
      "Zinc sulphate heptahydrate (21% zinc) for zinc-deficient soils of paddy and wheat. Broadcast 10 kg per acre before transplanting or sowing, or as your soil health card advises.",
    descriptionHi:
      "धान और गेहूँ की ज़िंक की कमी वाली मिट्टी के लिए ज़िंक सल्फेट (21% ज़िंक)। रोपाई या बुवाई से पहले 10 किलो प्रति एकड़ छिड़कें, या अपने मृदा स्वास्थ्य कार्ड के अनुसार।",
    hsnCode: "31059090",
    subsidised: false,
    // ₹571.43 + 5% GST = ₹600, its MRP.
    size: {
      label: "5 kg bag",
      packQuantity: 5,
      packUnit: "kg",
      sku: "LKB-ZNSO4-5KG",
      mrpPaise: 60_000,
      pricePaise: 57_143,
      stock: 120,
      weightGrams: 5100,
    },
  },
  {
    id: "dealerneemurea45kg",
    name: "Neem Coated Urea 45 kg",
    nameHi: "नीम लेपित यूरिया 45 किलो",
    description:
      "Neem coated urea (46% nitrogen) at the government-fixed MRP of ₹266.50 a 45 kg bag. Apply in two or three split doses as your soil health card advises.",
    descriptionHi:
      "नीम लेपित यूरिया (46% नाइट्रोजन), सरकार द्वारा तय MRP ₹266.50 प्रति 45 किलो बोरी पर। अपने मृदा स्वास्थ्य कार्ड के अनुसार दो या तीन बार में डालें।",
    hsnCode: "31021000",
    subsidised: true,
    // ₹253.81 + 5% GST = ₹266.50, the controlled MRP.
    size: {
      label: "45 kg bag",
      packQuantity: 45,
      packUnit: "kg",
      sku: "LKB-UREA-45KG",
      mrpPaise: 26_650,
      pricePaise: 25_381,
      stock: 400,
      weightGrams: 45_200,
    },
  },
];

/** Loads the sample dealer, its verified Punjab-only FCO registration and its listings; false when it is there already. */
export async function seedSampleDealer(db: Db, now = new Date()): Promise<boolean> {
  const there = await db.selectFrom("user").select("id").where("id", "=", SAMPLE_DEALER.id).executeTakeFirst();
  if (there) return false;
  const at = now.toISOString();
  // Valid for three more years, through 31 March (licences run by financial year).
  const expiresOn = `${now.getUTCFullYear() + 3}-03-31`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("user")
      .values({
        id: SAMPLE_DEALER.id,
        name: SAMPLE_DEALER.name,
        email: SAMPLE_DEALER.email,
        emailVerified: 1,
        createdAt: at,
        updatedAt: at,
        role: "vendor",
        banned: 0,
      })
      .execute();
    await trx
      .insertInto("vendor")
      .values({
        user_id: SAMPLE_DEALER.id,
        business_name: SAMPLE_DEALER.businessName,
        phone: "+91 98140 41700",
        gst_number: SAMPLE_DEALER.gstNumber,
        street: "Shop 14, New Grain Market, Gill Road",
        city: "Ludhiana",
        state: "Punjab",
        pincode: "141003",
        created_at: at,
      })
      .execute();
    await trx
      .insertInto("vendor_licence")
      .values({
        vendor_id: SAMPLE_DEALER.id,
        kind: "fertiliser",
        number: SAMPLE_DEALER.licence.number,
        expires_on: expiresOn,
        authority: SAMPLE_DEALER.licence.authority,
        state: "Punjab",
        states: storeLicenceStates(SAMPLE_DEALER.licence.states),
        verified_at: at,
        verified_by: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const p of SAMPLE_DEALER_PRODUCTS) {
      await trx
        .insertInto("product")
        .values({
          id: p.id,
          name: p.name,
          name_hi: p.nameHi,
          description: p.description,
          description_hi: p.descriptionHi,
          category: "fertilizers",
          regulated_as: "fertiliser",
          subsidised: p.subsidised ? 1 : 0,
          hsn_code: p.hsnCode,
          gst_rate: 5,
          price_paise: p.size.pricePaise,
          stock: p.size.stock,
          rating: 0,
          reviews: 0,
          image: "/images/products/placeholder.svg",
          brand: p.subsidised ? "IFFCO" : null,
          vendor_id: SAMPLE_DEALER.id,
          status: "live",
          reject_reason: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await saveVariants(trx, p.id, [p.size], { isNew: true });
    }
  });
  return true;
}
