// Sample reviews of the sample catalogue (docs/decisions/018-reviews.md). They are real review
// rows, so a product's rating and review count are computed from them like any other; they are
// flagged `sample` (no customer, no order behind them), the product page labels them "Sample
// review" instead of "Verified purchase", and an admin can hide them like any review.
//
// Invariants relied on by tests: every sample product has at least three; each date is a day of
// 2026 before November; within a product no two share a date. Some are written in Hindi, as farmers
// write them: each review is shown in the language it was written in (with its lang attribute).

import { averageRating, type Rating } from "../../../reviews/domain/reviews";

export type SampleReview = { name: string; rating: Rating; on: string; body: string };

export const sampleReviews: Record<string, SampleReview[]> = {
  // Hybrid Tomato Seeds (Arka Rakshak)
  eoczqk4sbbk5: [
    {
      name: "रमेश",
      rating: 5,
      on: "2026-02-11",
      body: "लगभग हर बीज ट्रे में उग आया। पिछले साल पत्ती मोड़क ने आधे पौधे खराब कर दिए थे; इस बार अर्का रक्षक का खेत साफ़ रहा।",
    },
    {
      name: "Sunita",
      rating: 5,
      on: "2026-03-02",
      body: "Firm, deep red fruits that travel well to the mandi. Good price for the 50 g pack.",
    },
    { name: "महेश", rating: 4, on: "2026-04-18", body: "अंकुरण और पैदावार अच्छी है। पौधे भारी हो जाते हैं, इसलिए जल्दी डंडे का सहारा दें।" },
    { name: "Lakshmi", rating: 5, on: "2026-06-07", body: "Second season using these. Consistent quality and the packet was sealed well." },
    { name: "Anil", rating: 4, on: "2026-08-23", body: "Healthy seedlings, though delivery took a week longer than promised." },
  ],
  // Drip Irrigation Kit (1 acre)
  "29yj0ian534w": [
    {
      name: "Gurpreet",
      rating: 5,
      on: "2026-01-19",
      body: "Fitted it on my own in two days with the instruction sheet. Water bill and labour both down.",
    },
    {
      name: "Venkatesh",
      rating: 4,
      on: "2026-03-14",
      body: "Good laterals and drippers. The filter is small for borewell water with sand.",
    },
    { name: "Kavita", rating: 5, on: "2026-05-09", body: "Covers one acre of vegetables exactly as said. Every part was in the box." },
    { name: "Harish", rating: 4, on: "2026-07-30", body: "Works well. I had to buy extra end caps locally." },
  ],
  // Pruning Secateurs
  "6wh56s187ri1": [
    { name: "Priya", rating: 5, on: "2026-02-03", body: "Sharp and clean cut on rose and guava branches. Comfortable grip." },
    { name: "Baldev", rating: 4, on: "2026-03-27", body: "Strong spring. The lock is a little stiff at first." },
    { name: "Rekha", rating: 4, on: "2026-06-15", body: "Good for small hands too. Keep it oiled and it stays sharp." },
    { name: "Suresh", rating: 5, on: "2026-09-04", body: "Used it for a whole season of pruning in the orchard, still cutting cleanly." },
    { name: "Meena", rating: 4, on: "2026-10-12", body: "Nice secateurs for the price. Came with a spare spring." },
  ],
  // Vermicompost 25 kg
  jif7zokt2ylu: [
    { name: "सविता", rating: 5, on: "2026-01-26", body: "गहरे रंग की, भुरभुरी और बिल्कुल बदबू नहीं। छत पर लगी सब्ज़ियाँ पहले से कहीं ज़्यादा हरी हैं।" },
    { name: "Prakash", rating: 5, on: "2026-02-20", body: "Good quality compost, no stones or plastic in the bag." },
    { name: "Murugan", rating: 4, on: "2026-04-05", body: "Good for the banana pits. One bag was a little wet." },
    { name: "Anjali", rating: 5, on: "2026-05-28", body: "Ordered the 50 kg for my nursery. Seedlings are doing well in it." },
    { name: "Dinesh", rating: 5, on: "2026-07-11", body: "Third order. Same quality every time." },
    { name: "Geeta", rating: 4, on: "2026-09-19", body: "Good compost. Bags are heavy, delivery person helped carry them." },
  ],
  // Alphonso Mango Sapling (Grafted)
  p71x6k259kr2: [
    {
      name: "Shankar",
      rating: 5,
      on: "2026-02-14",
      body: "All five saplings arrived healthy, well packed with moist soil. Graft joint is clean.",
    },
    { name: "Pooja", rating: 4, on: "2026-04-22", body: "Plants are growing well after two months. One had a few dry leaves on arrival." },
    { name: "Rajendra", rating: 5, on: "2026-06-30", body: "Genuine Alphonso grafts, as the nursery promised. New flush already." },
    { name: "Joseph", rating: 4, on: "2026-08-08", body: "Good saplings. Plant them soon after they arrive." },
  ],
  // Mahindra Arjun Novo 605 DI 4WD Tractor
  hbqekh8w1a3b: [
    {
      name: "Jaspal",
      rating: 5,
      on: "2026-03-06",
      body: "Pulls the rotavator in wet paddy fields without trouble. Comfortable for long hours.",
    },
    { name: "विजय", rating: 5, on: "2026-05-16", body: "इंजन दमदार है और काली मिट्टी में 4WD बहुत काम आता है। डिलीवरी और रजिस्ट्रेशन आराम से हो गए।" },
    { name: "Arjun", rating: 4, on: "2026-07-21", body: "Powerful tractor. Fuel use is a little high when puddling." },
    { name: "Kiran", rating: 5, on: "2026-09-27", body: "First service done by the local dealer as promised. Very happy with it." },
  ],
  // Kisan Spray Pump 16 L
  mbcptrx5vkmt: [
    { name: "Sandeep", rating: 4, on: "2026-01-30", body: "Sprays evenly and the straps are padded. Pressure drops when the tank is low." },
    { name: "निर्मला", rating: 5, on: "2026-04-09", body: "हल्का है और आसानी से पंप होता है। मेरी सब्ज़ी की क्यारी के लिए बढ़िया।" },
    { name: "Imran", rating: 3, on: "2026-06-02", body: "Works, but the nozzle leaked at first. Tightening the washer fixed it." },
    { name: "Bhavna", rating: 4, on: "2026-08-17", body: "Good pump for the price. Extra nozzles would be useful." },
  ],
  // NPK 19:19:19 Water Soluble Fertiliser 25 kg
  xz4rxzn9kkdg: [
    { name: "Thomas", rating: 5, on: "2026-02-25", body: "Dissolves fully, no residue to block the drippers. Good for fertigation." },
    { name: "Mahesh", rating: 4, on: "2026-05-03", body: "Good results on capsicum. Bag seal was fine." },
    { name: "Kavita", rating: 4, on: "2026-07-14", body: "Standard quality NPK. Price is better than the shop in town." },
    { name: "Farhan", rating: 5, on: "2026-09-10", body: "Used as foliar spray on grapes, leaves greener within a week." },
  ],
  // Hybrid Maize Seeds (4 kg)
  jffepguz5ab1: [
    { name: "Venkatesh", rating: 4, on: "2026-03-20", body: "Stood up to a dry spell in July. Good cob size." },
    { name: "सुनीता", rating: 5, on: "2026-05-24", body: "पूरे खेत में एक जैसा अंकुरण हुआ। भुट्टे सिरे तक दानों से भरे।" },
    { name: "Ramesh", rating: 4, on: "2026-07-05", body: "Good yield, but birds liked it too. Seed was treated and clean." },
    { name: "Gurpreet", rating: 4, on: "2026-10-01", body: "Reliable hybrid. Four kg was right for one acre." },
  ],
  // Submersible Borewell Pump 5 HP
  g6g26wcbgh4i: [
    { name: "Suresh", rating: 5, on: "2026-02-08", body: "Lifts water from 300 ft with good flow. Runs on our low voltage too." },
    { name: "Lakshmi", rating: 4, on: "2026-04-29", body: "Good pump. Installation needed a local mechanic, not included." },
    { name: "Harish", rating: 4, on: "2026-08-12", body: "Working fine for three months. Cable length could be more." },
  ],
  // Khurpi Hand Weeder (Pack of 2)
  aso2ywotjhqh: [
    { name: "Meena", rating: 5, on: "2026-01-22", body: "Sharp, well-balanced khurpis. The wooden handles are smooth." },
    { name: "दिनेश", rating: 5, on: "2026-03-31", body: "एक पैक में दो खुरपी काम की हैं, मैं और मेरी पत्नी साथ में निराई करते हैं।" },
    { name: "Anjali", rating: 4, on: "2026-06-21", body: "Good steel. Handle could be a little longer." },
    { name: "प्रकाश", rating: 5, on: "2026-09-15", body: "हमारे गाँव के बाज़ार वाली खुरपी से अच्छी, और सस्ती भी।" },
  ],
  // DAP Fertiliser 50 kg
  sd17mxxc3328: [
    { name: "बलदेव", rating: 5, on: "2026-02-17", body: "दाने ठीक हैं, बोरी पूरी 50 किलो निकली। गेहूँ की बुवाई में डाली।" },
    { name: "सविता", rating: 4, on: "2026-05-12", body: "डीएपी अच्छी है। गाँव तक डिलीवरी में कुछ दिन ज़्यादा लगे।" },
    { name: "Jaspal", rating: 4, on: "2026-08-26", body: "Same quality as the cooperative store, no queue." },
    { name: "Shankar", rating: 5, on: "2026-10-18", body: "Ordered before rabi sowing, arrived in time. Will order again." },
  ],
  // Forged Kulhadi (Axe) 1.5 kg
  "5iqtuj0sqwto": [
    { name: "Rajendra", rating: 4, on: "2026-03-10", body: "Heavy head, splits wood well. Edge needed sharpening before first use." },
    { name: "Arjun", rating: 3, on: "2026-06-11", body: "Head is good but the handle came a little loose. Fixed it with a wedge." },
    { name: "Murugan", rating: 4, on: "2026-09-23", body: "Good forged axe for clearing bushes." },
  ],
  // Pusa Basmati 1121 Paddy Seeds (10 kg)
  pooo3l02mbx0: [
    { name: "Gurpreet", rating: 5, on: "2026-04-14", body: "Long grains and good aroma. Germination was above 90 percent in the nursery." },
    { name: "बलदेव", rating: 5, on: "2026-05-21", body: "शुद्ध बीज, खेत में दूसरी किस्म की कोई मिलावट नहीं।" },
    { name: "Vijay", rating: 4, on: "2026-06-09", body: "Good seed. Sold out quickly, order early for kharif." },
  ],
  // Rotavator 6 ft
  gkkckiffc38f: [
    { name: "Kiran", rating: 4, on: "2026-03-18", body: "Fine tilth in two passes. Needs a 45 HP tractor at least." },
    { name: "Sandeep", rating: 5, on: "2026-05-06", body: "Blades are strong, no breakage in stony soil so far." },
    { name: "Thomas", rating: 4, on: "2026-07-26", body: "Good rotavator. Gearbox oil should be checked on arrival." },
  ],
  // Neem Cake Powder 40 kg
  "4xeneopcrgd5": [
    { name: "Nirmala", rating: 4, on: "2026-02-28", body: "Fine powder with a strong neem smell. Fewer nematodes in my tomato bed." },
    { name: "इमरान", rating: 4, on: "2026-05-19", body: "अच्छी जैविक खाद। रोपाई से पहले मिट्टी में मिला दें।" },
    { name: "Pooja", rating: 4, on: "2026-08-03", body: "Good quality, bag was sealed well." },
    { name: "Joseph", rating: 3, on: "2026-10-06", body: "Works, but the bag had lumps that needed breaking." },
  ],
};

/** A sample review's row values: a fixed id (so seeding twice adds nothing) and an India-morning time. */
export function sampleReviewRows(productId: string) {
  return (sampleReviews[productId] ?? []).map((r, i) => ({
    id: `sample${productId}${i}`,
    product_id: productId,
    user_id: null,
    order_id: null,
    author_name: r.name,
    rating: r.rating,
    body: r.body,
    sample: 1,
    hidden: 0,
    hidden_by: null,
    hidden_at: null,
    created_at: `${r.on}T05:30:00.000Z`,
    updated_at: `${r.on}T05:30:00.000Z`,
  }));
}

/** What the product row shows for a sample product when all its sample reviews are visible. */
export function sampleSummary(productId: string) {
  const list = sampleReviews[productId] ?? [];
  return {
    rating: averageRating(
      list.reduce((s, r) => s + r.rating, 0),
      list.length,
    ),
    reviews: list.length,
  };
}
