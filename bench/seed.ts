// Fills a database with a realistic large catalogue, customers and orders, for benchmarks:
//   npm run bench:seed -- --products 100000 [--customers 2000] [--orders 10000]
// Uses SQLITE_PATH / DATABASE_URL like the store (point it at a separate database!).
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { closeDatabase, getDatabase } from "../app/platform/db/db.server";
import { migrateToLatest } from "../app/platform/db/migrate.server";
import { CROP_KEYS, type CropKey, type Season } from "../app/features/catalog/domain/crops";
import { regulatedAsFor } from "../app/features/vendor-shops/domain/licences";
import { computeTotals } from "../app/features/tax/domain/pricing";
import { newId } from "../app/platform/ids";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    customers: { type: "string", default: "2000" },
    orders: { type: "string", default: "10000" },
  },
});
const counts = { products: Number(values.products), customers: Number(values.customers), orders: Number(values.orders) };

// A small deterministic generator, so two runs make the same catalogue.
let state = 20261121;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
/** A random element of a list, which must not be empty. */
function pick<T>(list: readonly T[]): T {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error("cannot pick from an empty list");
  return item;
}

const catalogue = {
  seeds: {
    items: [
      "Tomato Seeds",
      "Okra Seeds",
      "Chilli Seeds",
      "Brinjal Seeds",
      "Paddy Seeds",
      "Wheat Seeds",
      "Maize Seeds",
      "Mustard Seeds",
      "Cotton Seeds",
      "Mango Sapling",
      "Guava Sapling",
      "Coconut Sapling",
      "Lemon Sapling",
      "Marigold Seeds",
    ],
    kinds: ["Hybrid", "Desi", "Organic", "High-Yield", "Disease-Resistant", "F1"],
    sizes: ["10 g", "50 g", "100 g", "250 g", "1 kg", "5 kg", "Pack of 10"],
    price: [99, 4_999],
  },
  equipment: {
    items: [
      "Power Tiller",
      "Rotavator",
      "Brush Cutter",
      "Water Pump",
      "Battery Sprayer",
      "Seed Drill",
      "Chaff Cutter",
      "Thresher",
      "Drip Kit",
      "Sprinkler Set",
    ],
    kinds: ["Heavy-Duty", "Compact", "Diesel", "Electric", "Solar", "Petrol"],
    sizes: ["2 HP", "5 HP", "7 HP", "16 L", "1 acre", "2 acre", "6 ft"],
    price: [2_499, 2_50_000],
  },
  tools: {
    items: ["Khurpi", "Sickle", "Spade", "Pickaxe", "Pruning Shears", "Garden Fork", "Hoe", "Rake", "Axe", "Watering Can", "Hand Trowel"],
    kinds: ["Forged", "Stainless", "Carbon Steel", "Ergonomic", "Professional", "Lightweight"],
    sizes: ["Small", "Medium", "Large", "Pack of 2", "Set of 3"],
    price: [149, 2_999],
  },
  fertilizers: {
    items: [
      "Vermicompost",
      "Neem Cake",
      "DAP",
      "Urea",
      "NPK 19:19:19",
      "Bone Meal",
      "Seaweed Extract",
      "Potash",
      "Zinc Sulphate",
      "Humic Acid",
    ],
    kinds: ["Organic", "Water-Soluble", "Granular", "Premium", "Bio"],
    sizes: ["1 kg", "5 kg", "10 kg", "25 kg", "40 kg", "50 kg", "1 L"],
    price: [120, 3_500],
  },
} as const;
/** Issue 16: the Hindi of the commoner items; a product of one gets a Hindi name (no random draw, so the rest of the data is as before). */
const ITEM_HINDI: Record<string, string> = {
  "Tomato Seeds": "टमाटर के बीज",
  "Okra Seeds": "भिंडी के बीज",
  "Chilli Seeds": "मिर्च के बीज",
  "Paddy Seeds": "धान के बीज",
  "Wheat Seeds": "गेहूँ के बीज",
  "Mango Sapling": "आम का पौधा",
  "Water Pump": "पानी का पंप",
  "Battery Sprayer": "बैटरी स्प्रेयर",
  Khurpi: "खुरपी",
  Spade: "फावड़ा",
  Hoe: "कुदाल",
  Vermicompost: "केंचुआ खाद",
  "Neem Cake": "नीम खली",
  DAP: "डीएपी खाद",
  Urea: "यूरिया खाद",
};
const brands = ["Kisan", "Bharat", "Annapurna", "Hariyali", "Mahadhan", "Krishi", "Ganga", "Sahyadri", "Navdhanya", "Shakti"];
const places = ["Nashik", "Pune", "Guntur", "Ludhiana", "Karnal", "Indore", "Coimbatore", "Hubli", "Rajkot", "Patna"];
const states = [
  "Maharashtra",
  "Maharashtra",
  "Andhra Pradesh",
  "Punjab",
  "Haryana",
  "Madhya Pradesh",
  "Tamil Nadu",
  "Karnataka",
  "Gujarat",
  "Bihar",
];

/** The crop a seed or sapling is for; other products get crops at random. */
const SEED_CROPS: Record<string, CropKey> = {
  "Tomato Seeds": "tomato",
  "Okra Seeds": "okra",
  "Chilli Seeds": "chilli",
  "Brinjal Seeds": "brinjal",
  "Paddy Seeds": "paddy",
  "Wheat Seeds": "wheat",
  "Maize Seeds": "maize",
  "Mustard Seeds": "mustard",
  "Cotton Seeds": "cotton",
  "Mango Sapling": "fruits",
  "Guava Sapling": "fruits",
  "Coconut Sapling": "fruits",
  "Lemon Sapling": "fruits",
};
const SEASON_CHOICES: (Season | null)[] = ["kharif", "rabi", "zaid", "all", "all", null];
/** Three pack sizes, smallest first: the price per pack grows slower than the quantity. */
const PACK_STEPS = [
  { label: "Small", factor: 1 },
  { label: "Medium", factor: 2.6 },
  { label: "Large", factor: 6 },
];

const { db, engine } = getDatabase();
await migrateToLatest(db);
const started = Date.now();
const t0 = Date.parse("2025-01-01T00:00:00Z");

const productIds: { id: string; price: number; name: string }[] = [];
const BATCH = 500;
for (let done = 0; done < counts.products; done += BATCH) {
  const rows = [];
  const variants = [];
  const crops: { product_id: string; crop: CropKey }[] = [];
  for (let i = done; i < Math.min(done + BATCH, counts.products); i++) {
    const category = pick(Object.keys(catalogue) as (keyof typeof catalogue)[]);
    const c = catalogue[category];
    const item = pick(c.items);
    const name = `${pick(brands)} ${pick(c.kinds)} ${item} ${pick(c.sizes)} #${i + 1}`;
    const rupees = Math.round(c.price[0] + rand() ** 2 * (c.price[1] - c.price[0]));
    const id = newId();
    const at = new Date(t0 + i * 1000).toISOString();
    // Issue 12: about three pack sizes (the first with the product's id, as migration 0013 makes
    // them), and the product row summarising them: lowest in-stock price, its MRP, total stock.
    const sizes = PACK_STEPS.slice(0, rand() < 0.2 ? 1 : 3).map((step, position) => {
      const price = Math.max(100, Math.round((rupees * step.factor * 100) / 100) * 100);
      return {
        id: position === 0 ? id : newId(),
        product_id: id,
        position,
        label: step.label,
        pack_quantity: step.factor,
        pack_unit: "piece" as const,
        sku: `BENCH-${id.toUpperCase()}-${position}`,
        mrp_paise: Math.round((price * 1.15) / 100) * 100,
        price_paise: price,
        stock: rand() < 0.1 ? 0 : Math.floor(rand() * 200) + 1,
        weight_grams: Math.round(500 * step.factor),
      };
    });
    variants.push(...sizes);
    const inStock = sizes.filter((v) => v.stock > 0);
    const cheapest = [...(inStock.length ? inStock : sizes)].sort((a, b) => a.price_paise - b.price_paise)[0] ?? sizes[0];
    const first: CropKey = SEED_CROPS[item] ?? pick(CROP_KEYS);
    const forCrops = new Set<CropKey>([first, ...(rand() < 0.5 ? [pick(CROP_KEYS)] : [])]);
    for (const crop of forCrops) crops.push({ product_id: id, crop });
    const hindi = ITEM_HINDI[item];
    rows.push({
      id,
      name,
      name_hi: hindi ? `${name.split(" ")[0]} ${hindi} #${i + 1}` : null,
      description: `${name.replace(/ #\d+$/, "")} for Indian farms. Trusted by growers in ${pick(places)}; ${pick(["drought tolerant", "long lasting", "easy to use", "ISI marked", "lab tested", "rust proof"])}.`,
      category,
      regulated_as: regulatedAsFor(category),
      price_paise: cheapest?.price_paise ?? rupees * 100,
      stock: sizes.reduce((sum, v) => sum + v.stock, 0),
      mrp_paise: cheapest?.mrp_paise ?? rupees * 100,
      price_varies: engine === "postgres" ? sizes.length > 1 : Number(sizes.length > 1),
      season: pick(SEASON_CHOICES),
      // Spread values for the rating sort's index, as a store with reviews would have. In a store
      // these are the summary of review rows (docs/decisions/018-reviews.md); this benchmark data
      // has none behind them, so its product pages say "No reviews yet" below the numbers.
      rating: Math.round((3.2 + rand() * 1.8) * 10) / 10,
      reviews: Math.floor(rand() * 3000),
      image: `/images/categories/${category}.svg`,
      vendor_id: null,
      status: "live" as const,
      reject_reason: null,
      created_at: at,
      updated_at: at,
    });
    if (productIds.length < 5000) productIds.push({ id, price: sizes[0]?.price_paise ?? rupees * 100, name });
  }
  await db.insertInto("product").values(rows).execute();
  await db.insertInto("product_variant").values(variants).execute();
  if (crops.length) await db.insertInto("product_crop").values(crops).execute();
}

const customerIds: { id: string; name: string; email: string }[] = [];
for (let done = 0; done < counts.customers; done += BATCH) {
  const rows = [];
  for (let i = done; i < Math.min(done + BATCH, counts.customers); i++) {
    const id = newId(24);
    const now = new Date(t0 + i * 60_000).toISOString();
    const name = `${pick(["Asha", "Ravi", "Meena", "Suresh", "Lakshmi", "Arjun", "Kavita", "Imran", "Gurpreet", "Anil"])} ${pick(["Patil", "Reddy", "Singh", "Sharma", "Yadav", "Nair", "Khan", "Gill", "Rao", "Das"])}`;
    const email = `bench-${i}-${id.slice(0, 6)}@example.in`;
    rows.push({
      id,
      name,
      email,
      emailVerified: 0,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: "user",
      banned: 0,
      banReason: null,
      banExpires: null,
      phone: "+91 98765 43210",
      street: `${i} Mandi Road`,
      city: pick(places),
      state: pick(states),
      pincode: "422001",
    });
    customerIds.push({ id, name, email });
  }
  await db.insertInto("user").values(rows).execute();
}

for (let done = 0; done < counts.orders && customerIds.length && productIds.length; done += BATCH) {
  const orders = [];
  const lines = [];
  for (let i = done; i < Math.min(done + BATCH, counts.orders); i++) {
    const customer = pick(customerIds);
    const id = newId();
    const items = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({
      product: pick(productIds),
      quantity: 1 + Math.floor(rand() * 3),
    }));
    const unique = [...new Map(items.map((it) => [it.product.id, it])).values()];
    for (const it of unique)
      lines.push({
        id: newId(),
        order_id: id,
        product_id: it.product.id,
        variant_id: it.product.id,
        variant_label: "Small",
        sku: `BENCH-${it.product.id.toUpperCase()}-0`,
        vendor_id: null,
        name: it.product.name,
        image: "/images/categories/tools.svg",
        unit_price_paise: it.product.price,
        quantity: it.quantity,
        line_total_paise: it.product.price * it.quantity,
      });
    const totals = computeTotals(unique.reduce((s, it) => s + it.product.price * it.quantity, 0));
    const at = new Date(t0 + i * 300_000).toISOString();
    orders.push({
      id,
      user_id: customer.id,
      checkout_key: `bench-${id}`,
      status: pick(["pending", "confirmed", "shipped", "delivered", "delivered", "cancelled"] as const),
      payment_method: "cod",
      subtotal_paise: totals.subtotal,
      shipping_paise: totals.shipping,
      tax_paise: totals.tax,
      total_paise: totals.total,
      customer_name: customer.name,
      customer_email: customer.email,
      customer_phone: "+91 98765 43210",
      street: "1 Mandi Road",
      city: "Nashik",
      state: "Maharashtra",
      pincode: "422001",
      created_at: at,
      updated_at: at,
    });
  }
  await db.insertInto("orders").values(orders).execute();
  await db.insertInto("order_line").values(lines).execute();
}

// Fresh statistics, so the planner knows the catalogue's size before the benchmark starts.
await sql`analyze`.execute(db);
console.log(
  `${engine}: ${counts.products} products, ${counts.customers} customers, ${counts.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await closeDatabase();
