import { sql, type Kysely } from "kysely";

/**
 * "How to use" in Hindi (issue 16, docs/decisions/026-hindi.md): the dosage and application
 * instructions are what a farmer reading Hindi needs most.
 *
 * - `product.how_to_use_hi`: optional; a page in Hindi shows it where a product has it and its
 *   English `how_to_use` where not, as 0023 does for the name and description. Search does not
 *   read it, as it does not read `how_to_use`.
 * - The sample products with a "how to use" (found by their fixed ids) get its Hindi, where they
 *   have none yet and their English is still the sample's: instructions an admin has rewritten
 *   (another dose, say) are not given a Hindi that says something else.
 *
 * The values are written out here, not read from app/features/catalog/server/seed/catalog.ts: a migration stays what it
 * was when it ran (a test checks the two agree today).
 */
export const SAMPLE_HOW_TO_USE_HINDI: readonly { id: string; howToUse: string; howToUseHi: string }[] = [
  {
    id: "eoczqk4sbbk5",
    howToUse:
      "Sow in a nursery bed or pro-trays and transplant the seedlings after 25–30 days, 60 cm between rows and 45 cm between plants. About 60 g of seed raises enough seedlings for one acre. Stake the plants when they begin to flower.",
    howToUseHi:
      "बीज नर्सरी की क्यारी या प्रो-ट्रे में बोएँ और 25–30 दिन बाद पौध की रोपाई करें: कतार से कतार 60 सेमी और पौधे से पौधे 45 सेमी की दूरी रखें। एक एकड़ की पौध के लिए लगभग 60 ग्राम बीज काफ़ी है। फूल आने लगें तो पौधों को डंडे का सहारा दें।",
  },
  {
    id: "jif7zokt2ylu",
    howToUse:
      "Spread about 1 tonne per acre and mix it into the topsoil at the last ploughing, before sowing or transplanting. For pots and kitchen-garden beds, mix one part vermicompost with three parts soil. Keep the soil moist so the microbes stay active.",
    howToUseHi:
      "बुवाई या रोपाई से पहले, आख़िरी जुताई के समय लगभग 1 टन प्रति एकड़ बिखेरें और ऊपरी मिट्टी में मिला दें। गमलों और किचन गार्डन की क्यारियों में एक भाग वर्मीकम्पोस्ट में तीन भाग मिट्टी मिलाएँ। मिट्टी में नमी बनाए रखें, ताकि सूक्ष्म जीव सक्रिय रहें।",
  },
  {
    id: "p71x6k259kr2",
    howToUse:
      "Plant at the onset of the monsoon in 1 m deep pits filled with topsoil, 20 kg of compost and 1 kg of neem cake, 10 m apart (40 saplings an acre). Keep the graft joint above the soil and stake the sapling. Water every week in the first dry season.",
    howToUseHi:
      "मानसून की शुरुआत में 1 मीटर गहरे गड्ढे खोदें, उन्हें ऊपरी मिट्टी, 20 किलो कम्पोस्ट और 1 किलो नीम खली से भरें और पौधा लगाएँ। पौधे से पौधे की दूरी 10 मीटर रखें (एक एकड़ में 40 पौधे)। कलम का जोड़ मिट्टी से ऊपर रखें और पौधे को डंडे का सहारा दें। पहले सूखे मौसम में हर हफ़्ते पानी दें।",
  },
  {
    id: "xz4rxzn9kkdg",
    howToUse:
      "Dissolve 3–5 g per litre of water and spray 20–25 and 40–45 days after sowing, or give about 5 kg per acre through drip during early growth. Spray in the morning or evening, not in the midday heat. Do not mix with calcium nitrate in the same tank.",
    howToUseHi:
      "3–5 ग्राम प्रति लीटर पानी में घोलकर बुवाई के 20–25 और 40–45 दिन बाद छिड़काव करें, या शुरुआती बढ़वार में ड्रिप से लगभग 5 किलो प्रति एकड़ दें। छिड़काव सुबह या शाम को करें, दोपहर की तेज़ धूप में नहीं। इसे कैल्शियम नाइट्रेट के साथ एक ही टंकी में न मिलाएँ।",
  },
  {
    id: "jffepguz5ab1",
    howToUse:
      "Sow one seed per hill, 4–5 cm deep, in rows 60 cm apart with 20 cm between plants. Irrigate right after sowing if the soil is dry, and weed in the first 30 days.",
    howToUseHi:
      "एक जगह पर एक ही बीज, 4–5 सेमी गहरा बोएँ; कतार से कतार 60 सेमी और पौधे से पौधे 20 सेमी की दूरी रखें। मिट्टी सूखी हो तो बुवाई के तुरंत बाद सिंचाई करें, और पहले 30 दिनों में निराई करें।",
  },
  {
    id: "sd17mxxc3328",
    howToUse:
      "Apply as a basal dose at sowing: drill the granules 5 cm beside and below the seed row, not touching the seed. Use about 50 kg (one bag) per acre, or as your soil health card advises.",
    howToUseHi:
      "बुवाई के समय आधार खाद के रूप में डालें: दानों को बीज की कतार से 5 सेमी बगल में और नीचे डालें, ताकि वे बीज को न छुएँ। एक एकड़ में लगभग 50 किलो (एक बोरी) डालें, या जितना आपका मृदा स्वास्थ्य कार्ड बताए।",
  },
  {
    id: "pooo3l02mbx0",
    howToUse:
      "Sow the nursery in late May or June; 8 kg of seed raises seedlings for one acre. Transplant 25–30-day-old seedlings at 20 × 15 cm, two per hill, into puddled fields.",
    howToUseHi:
      "नर्सरी मई के आख़िर या जून में डालें; 8 किलो बीज से एक एकड़ की पौध तैयार होती है। 25–30 दिन की पौध की रोपाई लेव किए (कीचड़ मचाए) खेत में 20 × 15 सेमी पर करें, एक जगह दो पौधे।",
  },
  {
    id: "4xeneopcrgd5",
    howToUse:
      "Broadcast about 100 kg per acre and mix it into the soil at the last ploughing, or put a handful around each plant. To slow nitrogen loss, mix 1 part neem cake with 5 parts urea before applying.",
    howToUseHi:
      "आख़िरी जुताई के समय लगभग 100 किलो प्रति एकड़ बिखेरकर मिट्टी में मिला दें, या हर पौधे के चारों ओर एक मुट्ठी डालें। नाइट्रोजन कम बर्बाद हो, इसके लिए डालने से पहले 1 भाग नीम खली को 5 भाग यूरिया में मिलाएँ।",
  },
];

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("product").addColumn("how_to_use_hi", "text").execute();
  // The version moves too: an edit form open across the upgrade must not write the old values back.
  for (const { id, howToUse, howToUseHi } of SAMPLE_HOW_TO_USE_HINDI) {
    await sql`update product set how_to_use_hi = ${howToUseHi}, version = version + 1
      where id = ${id} and how_to_use_hi is null and how_to_use = ${howToUse}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("product").dropColumn("how_to_use_hi").execute();
}
