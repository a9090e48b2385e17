import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { CATALOG_COLUMNS } from "../../app/features/catalog/domain/catalog-csv";
import { gstinCheckChar } from "../../app/features/tax/domain/gstin";
import { addDays, indiaToday } from "../../app/platform/core/india-day";
import { defined } from "../../app/platform/defined";
import { hostileItems, hostileText, type FieldValue, type FileValue } from "./fuzz-inputs";

export type Role = "anon" | "customer" | "vendor" | "admin";

/** Ids and accounts the fuzz store holds before the fuzzing starts (see the `world` fixture). */
export type World = {
  tag: string;
  customer: { email: string; password: string };
  vendor: { email: string; password: string; gstNumber: string };
  /** The vendor's account id (their licences are verified by it). */
  vendorId: string;
  adminId: string;
  /** Seed products in stock, for carts. */
  liveProductIds: string[];
  /** The admin's product the edit form is fuzzed on. */
  adminProductId: string;
  /** Products the admin may delete (one has an order, so it is archived instead; the last is a vendor's). */
  disposableProductIds: string[];
  vendorProductId: string;
  otherVendorProductId: string;
  pendingListingIds: string[];
  /** The customer's orders. */
  orderIds: [string, string];
  otherCustomerOrderId: string;
  /** The customer's delivered order (issue 15): a line of it to return, and a return already asked for of its other line (the store's). */
  deliveredOrderId: string;
  returnableLineId: string;
  returnId: string;
  /** A product the customer received (a delivered order), so they may review it. */
  reviewProductId: string;
  /** Reviews the admin may hide and show again. */
  reviewIds: string[];
  messageIds: string[];
  disposableUserIds: string[];
  uploadName: string;
};

export type Group = "store" | "admin" | "vendor" | "settings";

/** One action endpoint and how to fuzz it. */
export type ActionTarget = {
  /** The route module, as app/routes.ts names it. */
  file: string;
  label: string;
  path: (w: World) => string;
  /** Who may use it: each gets the full sample. */
  roles: Role[];
  /** Who must be turned away (a 3xx/4xx, and nothing changes): each gets a few samples. */
  refused: Role[];
  /** A valid form for sample `i` (unique values where the store wants them unique). */
  valid: (w: World, i: number) => Record<string, FieldValue>;
  /** Fields that deserve their own hostile values. */
  special?: (w: World) => Record<string, fc.Arbitrary<FieldValue>>;
  samples: number;
  /** Signs in or out: each batch runs in sessions of its own, so the test's sessions survive. */
  session?: boolean;
  group: Group;
  encoding?: "multipart";
};

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** A well-formed GSTIN, different for each (tag, i). */
export function gstinFor(seed: string) {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const pick = (set: string) => {
    h = (h * 1103515245 + 12345) >>> 0;
    return set[h % set.length];
  };
  const first14 = `27${Array.from({ length: 5 }, () => pick(letters)).join("")}${Array.from({ length: 4 }, () => pick("0123456789")).join("")}${pick(letters)}1Z`;
  return first14 + gstinCheckChar(first14);
}

/** A well-formed Indian mobile number, different for each seed. */
export function mobileFor(seed: string) {
  let h = 7;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `9${String(h).padStart(9, "0").slice(-9)}`;
}

const LICENCE_KINDS = ["seed", "fertiliser", "pesticide"] as const;
const address = { street: "12 Gangapur Road", city: "Nashik", state: "Maharashtra", pincode: "422013" };
const product = (i: number, tag: string) => ({
  name: `Fuzz Neem Cake ${tag} ${i}`,
  description: "Organic neem cake.",
  category: "fertilizers",
  hsnCode: "23069018",
  gstRate: "5",
  price: "250",
  stock: "40",
});
/** HSN codes and GST rates a product form must refuse (or read as one), never choke on. */
const hsnCode = fc.constantFrom("12", "123456789", "12ab", "", " 2306 90 18 ", "２３０６", "2306\u0000", "-2306", "1e10");
const gstRate = fc.constantFrom("12", "abc", "", "5%", "-5", "5.0", "0x5", "18 ", "40%%");

/** A product CSV (plain cells: no commas or quotes to escape) from rows given by column name. */
function productCsv(rows: Partial<Record<(typeof CATALOG_COLUMNS)[number], string>>[]): FileValue {
  const lines = [CATALOG_COLUMNS.join(","), ...rows.map((r) => CATALOG_COLUMNS.map((c) => r[c] ?? "").join(","))];
  return { name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`) };
}
const newProductRows = (name: string, sku: string) => [
  {
    handle: "new",
    name,
    category: "seeds",
    hsn_code: "12099160",
    gst_rate: "0",
    crops: "tomato",
    size_label: "10 g",
    pack_quantity: "10",
    pack_unit: "g",
    sku: `${sku}-10`,
    price_rupees: "49",
    stock: "5",
  },
  {
    handle: "new",
    size_label: "50 g",
    pack_quantity: "50",
    pack_unit: "g",
    sku: `${sku}-50`,
    mrp_rupees: "220",
    price_rupees: "199.50",
    stock: "3",
  },
];
/** Files a CSV import must refuse, or preview with row problems, and never choke on. */
function hostileCsv(w: World): fc.Arbitrary<FieldValue> {
  const file = (name: string, buffer: Buffer, mimeType = "text/csv") => ({ name, mimeType, buffer });
  return fc.constantFrom<FieldValue>(
    productCsv(newProductRows('=HYPERLINK("http://evil")', `FZ-${w.tag}`)),
    productCsv([
      {
        product_id: w.otherVendorProductId,
        name: "Hijack",
        category: "seeds",
        size_label: "1 g",
        pack_quantity: "1",
        pack_unit: "g",
        price_rupees: "1",
        stock: "1",
      },
    ]),
    productCsv([
      {
        product_id: w.liveProductIds[0] ?? "",
        variant_id: w.vendorProductId,
        name: "Hijack",
        category: "tools",
        size_label: "x",
        pack_quantity: "1",
        pack_unit: "g",
        price_rupees: "1",
        stock: "1",
      },
    ]),
    productCsv([
      {
        handle: "x",
        name: "\u0000<script>window.__xss=1</script>",
        category: "__proto__",
        size_label: "1e309",
        pack_quantity: "NaN",
        pack_unit: "constructor",
        price_rupees: "1.005",
        mrp_rupees: "-1",
        stock: "9007199254740993",
        weight_grams: "0x10",
        version: "-1",
        image: "/etc/passwd",
      },
    ]),
    productCsv(
      Array.from({ length: 12 }, (_, i) => ({
        handle: "many",
        name: "Many",
        category: "seeds",
        size_label: `${i} g`,
        pack_quantity: String(i + 1),
        pack_unit: "g",
        price_rupees: "1",
        stock: "1",
      })),
    ),
    file("unclosed.csv", Buffer.from(`${CATALOG_COLUMNS.join(",")}\r\nnew,"never closed\r\n`)),
    file("header-only.csv", Buffer.from(CATALOG_COLUMNS.join(","))),
    file("wrong-columns.csv", Buffer.from("id,name,price\r\n1,Neem,100\r\n")),
    file("latin1.csv", Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0d, 0x0a, 0x43, 0x61, 0x66, 0xe9])),
    file("utf16.csv", Buffer.from([0xff, 0xfe, 0x6e, 0x00, 0x61, 0x00])),
    file("nul\u0000.csv", Buffer.from(`${CATALOG_COLUMNS.join(",")}\r\n\u0000,\u0000,\u0000\r\n`)),
    file("rows.csv", Buffer.from([CATALOG_COLUMNS.join(","), ...Array.from({ length: 10_001 }, () => "x")].join("\n"))),
    file("empty.csv", Buffer.alloc(0)),
  );
}
const uploadToken = fc.constantFrom("", "nosuchupload", "a".repeat(32), "A".repeat(64), "%00", "../../x", "' or 1=1 --");

const statuses = fc.constantFrom("pending", "confirmed", "shipped", "delivered", "cancelled", "Cancelled", "refunded", "");
const courierValues = fc.constantFrom("", "D", "Delhivery", "x".repeat(81), " India Post ", "ब्लू डार्ट");
const trackingValues = fc.constantFrom(
  "",
  "12",
  "EE123456789IN",
  "http://track.example.com/1",
  "https://",
  "https://track.example.com/1",
  "javascript:alert(1)",
  `https://t.example.com/${"x".repeat(300)}`,
);
const categories = fc.constantFrom("seeds", "equipment", "tools", "fertilizers", "all", "Seeds", "__proto__");
/** A lots CSV (issue 32) of the given rows, under the columns the lots import reads. */
function lotsCsv(rows: string[]): FileValue {
  const header = "sku,lot,quantity,manufactured,expires,tested_on,germination,purity,treated,registration,phi_days,antidote,fco_grade";
  return { name: "lots.csv", mimeType: "text/csv", buffer: Buffer.from(`${[header, ...rows].join("\r\n")}\r\n`) };
}
/** A well-formed seed lot row; the fuzz store has no such SKU, so a valid file is refused by its rows (400) and writes nothing. */
const lotRow = (sku: string, lot: string) =>
  `${sku},${lot},5,${addDays(indiaToday(), -30)},${addDays(indiaToday(), 300)},${addDays(indiaToday(), -10)},85,98,yes,,,,`;
const hostileLotsCsv = (w: World) =>
  fc.constantFrom<FieldValue>(
    lotsCsv([lotRow("AG-TOM-ARKA-10G", "=HYPERLINK(1)"), lotRow("AG-TOM-ARKA-10G", `FZ-${w.tag}`)]),
    lotsCsv([`AG-TOM-ARKA-10G,FZ-${w.tag},-5,2030-01-01,2020-01-01,,500,x,maybe,,999,,`]),
    lotsCsv(Array.from({ length: 2100 }, (_, i) => lotRow(`FUZZLOT-${i}`, `L-${i}`))),
    { name: "lots.csv", mimeType: "text/csv", buffer: Buffer.from([0xff, 0xfe, 0x00, 0x41]) },
    { name: "lots.csv", mimeType: "text/csv", buffer: Buffer.from('sku,lot\n"unclosed,1\n') },
    { name: "lots.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) },
  );
const lotReceipt = (variantId: string, w: World, i: number) => ({
  intent: "receive-lot",
  variantId,
  number: `FZ-${w.tag}-${i}`,
  quantity: "5",
  manufacturedOn: addDays(indiaToday(), -30),
  expiresOn: addDays(indiaToday(), 300),
  testedOn: addDays(indiaToday(), -10),
  germination: "85",
  purity: "98",
});
const lotFields = () => ({
  intent: fc.constantFrom("receive-lot", "adjust-lot", "", "RECEIVE-LOT"),
  variantId: bogusId,
  lotId: bogusId,
  quantity: fc.constantFrom("0", "-1", "1e6", "1000001", "", "٣"),
  germination: fc.constantFrom("101", "-1", "", "99.5"),
  expiresOn: fc.constantFrom("2020-02-30", "", "31/12/2030", "9999-12-31"),
  change: fc.constantFrom("0", "-99999999", "+5", "−3", ""),
});

const bogusId = fc.constantFrom("nosuchid1", "x", "a".repeat(41), "ABCDEF12", "1 or 1=1", "../../x", "ज़मीन12");
const price = fc.constantFrom("0", "-250", "0.001", "250.555", "1e3", "₹250", "250,00", "NaN", "99999999999999", "1e309", "0x10", " 250 ");
const stock = fc.constantFrom("-1", "0.5", "1e6", "1000001", "NaN", "", "9007199254740993", "-0", "0x10", "1_000");

export const ACTION_TARGETS: ActionTarget[] = [
  // Storefront and accounts.
  {
    file: "routes/store/contact.tsx",
    label: "contact form",
    path: () => "/contact",
    roles: ["anon", "customer", "vendor", "admin"],
    refused: [],
    valid: (w, i) => ({
      kind: "contact",
      name: `Eve ${i}`,
      // An email, a mobile number instead, or both.
      email: i % 3 === 1 ? "" : "eve@example.com",
      phone: i % 3 === 0 ? "" : "98765 43210",
      subject: `Seeds ${w.tag}`,
      message: "Which seeds suit clay soil?",
    }),
    special: () => ({
      kind: fc.constantFrom("contact", "expert", "admin", ""),
      phone: fc.constantFrom("", "12345", "+91 98765-43210", "٩٨٧٦٥٤٣٢١٠", "+1 555 0100"),
    }),
    samples: 30,
    group: "store",
  },
  {
    file: "routes/account/auth.ts",
    label: "customer registration",
    path: () => "/account/auth",
    roles: ["anon"],
    refused: [],
    valid: (w, i) => ({
      intent: "register",
      name: `Asha ${i}`,
      email: `fz.${w.tag}.${i}@example.com`,
      password: "fuzz-pass-2024",
      phone: "98765 43210",
      ...address,
    }),
    special: () => ({
      intent: fc.constantFrom("register", "login", "admin", ""),
      phone: fc.constantFrom("+91 98765 43210", "12345", "+1 555 0100", "٩٨٧٦٥٤٣٢١٠"),
      pincode: fc.constantFrom("022013", "42201", "4220133", "४२२०१३"),
    }),
    samples: 25,
    session: true,
    group: "store",
  },
  {
    file: "routes/account/auth.ts",
    label: "customer login",
    path: () => "/account/auth",
    roles: ["anon"],
    refused: [],
    valid: (w) => ({ intent: "login", email: w.customer.email, password: w.customer.password }),
    special: (w) => ({
      email: fc.constantFrom(w.customer.email.toUpperCase(), ` ${w.customer.email} `, "admin@angle.test", w.vendor.email),
    }),
    samples: 20,
    session: true,
    group: "store",
  },
  {
    file: "routes/account/forgot-password.tsx",
    label: "forgot password",
    path: () => "/forgot-password",
    roles: ["anon", "customer"],
    refused: [],
    valid: (w, i) => ({ email: i % 2 === 0 ? w.customer.email : `nobody.${w.tag}.${i}@example.com` }),
    special: (w) => ({ email: fc.constantFrom(w.customer.email.toUpperCase(), ` ${w.vendor.email} `, "not-an-email", "") }),
    samples: 10,
    group: "store",
  },
  {
    file: "routes/account/reset-password.tsx",
    label: "reset password",
    path: () => "/reset-password?token=nosuchtoken",
    roles: ["anon"],
    refused: [],
    valid: () => ({ token: "nosuchtoken", password: "fuzz-pass-2025" }),
    special: () => ({ token: fc.constantFrom("", "x".repeat(300), "reset-password:x", "../../x") }),
    samples: 10,
    group: "store",
  },
  {
    file: "routes/account/verify-email.tsx",
    label: "confirm email",
    path: () => "/verify-email?token=a.b.c",
    roles: ["anon", "customer"],
    refused: [],
    valid: () => ({ token: "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5pbiJ9.bm90LWEtc2lnbmF0dXJl" }),
    special: () => ({ token: fc.constantFrom("", "x".repeat(3000), "a.b", "a.b.c.d", "../../x", "eyJ.eyJ.\u0000") }),
    samples: 10,
    group: "store",
  },
  {
    file: "routes/account/verification.ts",
    label: "resend confirmation",
    path: () => "/account/verification",
    roles: ["customer"],
    refused: ["anon"],
    valid: () => ({}),
    special: () => ({ redirectTo: fc.constantFrom("//evil.example", "https://evil.example", "") }),
    samples: 5,
    group: "store",
  },
  {
    file: "routes/account/mobile-auth.ts",
    label: "mobile sign-in",
    path: () => "/account/mobile-auth",
    roles: ["anon"],
    refused: [],
    // A new number per sample: each number may ask for 3 codes in 10 minutes.
    valid: (w, i) => ({ intent: "send-code", mobile: mobileFor(`${w.tag}-${i}`) }),
    special: (w) => ({
      intent: fc.constantFrom("send-code", "verify", "", "login"),
      mobile: fc.constantFrom("+91 98765-43210", "098765 43210", "12345", "+1 555 0100", "٩٨٧٦٥٤٣٢١٠", mobileFor(w.tag)),
      code: fc.constantFrom("123456", "12345", "1234567", "12 34 56", "١٢٣٤٥٦", "' or 1=1"),
    }),
    samples: 15,
    session: true,
    group: "store",
  },
  {
    file: "routes/account/account.tsx",
    label: "account details",
    path: () => "/account",
    roles: ["customer"],
    refused: ["anon"],
    valid: (w, i) => ({ intent: "profile", name: `Asha ${w.tag} ${i}`, phone: "98765 43210", ...address }),
    // A wrong current password only: the right one would end the test's own sessions.
    special: () => ({
      intent: fc.constantFrom("profile", "password", "", "admin"),
      currentPassword: fc.constantFrom("not-the-password", "", "x".repeat(200)),
    }),
    samples: 20,
    group: "store",
  },
  {
    file: "routes/account/addresses.tsx",
    label: "saved addresses",
    path: () => "/account/addresses",
    // Whoever may buy keeps addresses; a vendor may not.
    roles: ["customer", "admin"],
    refused: ["anon", "vendor"],
    valid: (w, i) => ({ intent: "add", ...address, street: `${i} Fuzz Road ${w.tag}` }),
    special: () => ({
      intent: fc.constantFrom("add", "edit", "delete", "default", "", "admin"),
      id: fc.constantFrom("abcdefgh", "", "../x", "p' or 1=1", "x".repeat(100)),
    }),
    samples: 20,
    group: "store",
  },
  {
    file: "routes/account/wishlist.tsx",
    label: "wishlist and back in stock",
    path: () => "/account/wishlist",
    // Whoever may buy keeps a wishlist (issue 31); a guest is sent to sign in, a vendor refused.
    roles: ["customer", "admin"],
    refused: ["anon", "vendor"],
    valid: (w, i) => ({
      intent: i % 2 === 0 ? "save" : "remove",
      productId: defined(w.liveProductIds[i % w.liveProductIds.length], "a live product"),
      returnTo: "/products",
    }),
    special: (w) => ({
      intent: fc.constantFrom("save", "remove", "alert", "cancel-alert", "", "admin"),
      productId: fc.constantFrom(w.adminProductId, "abcdefgh", "", "../x", "p' or 1=1", "x".repeat(100)),
      variantId: fc.constantFrom(w.adminProductId, "abcdefgh", "", "p' or 1=1"),
      returnTo: fc.constantFrom("/products", "//evil.example", "https://evil.example/", "/\\evil", "", "javascript:alert(1)"),
    }),
    samples: 20,
    group: "store",
  },
  {
    file: "routes/account/set-password.tsx",
    label: "set own password",
    path: () => "/account/set-password",
    roles: [],
    // Only someone holding an admin-issued password may set one without the current one.
    refused: ["anon", "customer", "vendor", "admin"],
    valid: () => ({ password: "fuzz-pass-2025" }),
    samples: 4,
    group: "store",
  },
  {
    file: "routes/store/checkout.tsx",
    label: "checkout",
    path: () => "/checkout",
    roles: ["customer"],
    refused: ["anon", "vendor"],
    valid: (w, i) => ({
      checkoutKey: `fuzz-${w.tag}-${i}-checkout-key`,
      paymentMethod: "cod",
      phone: "98765 43210",
      ...address,
      items: JSON.stringify([{ productId: w.liveProductIds[i % w.liveProductIds.length], quantity: 1 + (i % 2) }]),
    }),
    special: (w) => ({
      items: hostileItems([...w.liveProductIds, ...w.pendingListingIds.slice(0, 1), ...w.disposableProductIds.slice(0, 1)]),
      paymentMethod: fc.constantFrom("cod", "card", "upi", "bank_transfer", "stripe", "__proto__", "COD"),
      checkoutKey: fc.constantFrom(`fuzz-${w.tag}-0-checkout-key`, "short", "k".repeat(65), "key with spaces 123456"),
    }),
    samples: 40,
    group: "store",
  },
  // Payments (issue 15): paying for an order, the gateway's callback and webhooks. The fuzz store has
  // no gateway keys, so each is refused (a 4xx) and nothing changes.
  {
    file: "routes/agent/register.tsx",
    label: "register as a field agent",
    path: () => "/agent/register",
    // A customer asks (refused while their account has no proven mobile); no one else may.
    roles: ["customer"],
    refused: ["anon", "vendor", "admin"],
    valid: (_w, i) => ({ name: `Agent ${i}`, village: "Khed", pincode: "411001" }),
    special: () => ({
      pincode: fc.constantFrom("", "000000", "41100", "4110011", "%00", "x".repeat(100)),
      village: fc.constantFrom("", " ", "\u0000", "x".repeat(500)),
    }),
    samples: 8,
    group: "store",
  },
  {
    file: "routes/agent/farmers.tsx",
    label: "a field agent adds a farmer",
    path: () => "/agent/farmers",
    // Only an approved agent; the fuzz store has none.
    roles: [],
    refused: ["anon", "customer", "vendor", "admin"],
    valid: (_w, i) => ({
      name: `Farmer ${i}`,
      mobile: "98765 43210",
      locale: "hi",
      street: "Ward 4",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411001",
    }),
    samples: 4,
    group: "store",
  },
  {
    file: "routes/agent/order-new.tsx",
    label: "a field agent places an order",
    path: () => "/agent/orders/new",
    roles: [],
    refused: ["anon", "customer", "vendor", "admin"],
    valid: (_w, i) => ({ intent: "place", farmer: `nobody${i}`, lines: "", checkoutKey: `fuzz-agent-order-${i}-0000000` }),
    samples: 4,
    group: "store",
  },
  {
    file: "routes/store/not-mine.tsx",
    label: "refuse an order placed for me",
    path: (w) => `/orders/${w.orderIds[0]}/not-mine`,
    roles: ["anon", "customer", "vendor", "admin"],
    refused: [],
    valid: (_w, i) => ({ t: `forged.${i}` }),
    special: () => ({ t: fc.constantFrom("", "a.b", "%00", "x".repeat(500), "__proto__") }),
    samples: 12,
    group: "store",
  },
  {
    // A phone order's pay link (docs/decisions/063-phone-order-pay-link.md): a forged signature is a 400.
    file: "routes/store/pay-link.tsx",
    label: "pay a phone order by its SMS link",
    path: (w) => `/orders/${w.orderIds[0]}/pay?t=forged`,
    roles: ["anon", "customer", "vendor", "admin"],
    refused: [],
    valid: (_w, i) => ({ intent: i % 2 ? "pay" : "razorpay-verify", t: `forged.${i}` }),
    special: () => ({
      intent: fc.constantFrom("pay", "razorpay-verify", "razorpay-failed", "", "__proto__"),
      t: fc.constantFrom("", "a.b", "%00", "x".repeat(500), "__proto__"),
      razorpay_order_id: fc.constantFrom("", "order_x", "../x", "x".repeat(200)),
      metadata: fc.constantFrom("", "{", '{"order_id":"order_x","payment_id":"pay_x"}'),
    }),
    samples: 12,
    group: "store",
  },
  {
    file: "routes/store/order-confirmation.tsx",
    label: "pay for an order",
    path: (w) => `/order-confirmation/${w.orderIds[0]}`,
    roles: ["customer"],
    refused: ["anon", "vendor"],
    valid: () => ({ intent: "pay" }),
    special: () => ({
      intent: fc.constantFrom("pay", "razorpay-verify", "razorpay-failed", "__proto__", ""),
      razorpay_order_id: fc.constantFrom("order_AAAAAAAAAAAAAA", "", "order_%00", "x".repeat(300)),
      razorpay_payment_id: fc.constantFrom("pay_AAAAAAAAAAAAAA", "", "pay_<script>"),
      razorpay_signature: fc.constantFrom("0".repeat(64), "zz", ""),
      metadata: fc.constantFrom("{", "null", '{"order_id":"order_AAAAAAAAAAAAAA","payment_id":"pay_AAAAAAAAAAAAAA"}', "[]"),
    }),
    samples: 12,
    group: "store",
  },
  {
    file: "routes/resources/razorpay-callback.ts",
    label: "Razorpay callback",
    path: () => "/payments/razorpay/callback",
    roles: ["anon"],
    refused: [],
    valid: () => ({
      razorpay_order_id: "order_AAAAAAAAAAAAAA",
      razorpay_payment_id: "pay_AAAAAAAAAAAAAA",
      razorpay_signature: "0".repeat(64),
    }),
    special: () => ({
      "error[metadata]": fc.constantFrom("{", "null", '{"order_id":"order_AAAAAAAAAAAAAA","payment_id":"pay_AAAAAAAAAAAAAA"}'),
      "error[code]": fc.constantFrom("BAD_REQUEST_ERROR", ""),
    }),
    samples: 8,
    group: "store",
  },
  {
    file: "routes/resources/webhook-razorpay.ts",
    label: "Razorpay webhook",
    path: () => "/webhooks/razorpay",
    roles: ["anon"],
    refused: [],
    valid: () => ({ event: "payment.captured" }),
    samples: 4,
    group: "store",
  },
  // ONDC's endpoints (docs/decisions/073-ondc-calls.md): the fuzz store is not on ONDC, so each answers
  // 404 to anything; what matters here is that no body makes one fail.
  {
    file: "routes/resources/ondc-call.ts",
    label: "ONDC call",
    path: () => "/ondc/search",
    roles: ["anon"],
    refused: [],
    valid: () => ({ context: "{}", message: "{}" }),
    samples: 4,
    group: "store",
  },
  {
    file: "routes/resources/ondc-on-subscribe.ts",
    label: "ONDC on_subscribe",
    path: () => "/ondc/on_subscribe",
    roles: ["anon"],
    refused: [],
    valid: () => ({ subscriber_id: "angle.example.in", challenge: "AAAA" }),
    samples: 4,
    group: "store",
  },
  {
    file: "routes/resources/webhook-stripe.ts",
    label: "Stripe webhook",
    path: () => "/webhooks/stripe",
    roles: ["anon"],
    refused: [],
    valid: () => ({ type: "checkout.session.completed" }),
    samples: 4,
    group: "store",
  },
  {
    file: "routes/store/review.tsx",
    label: "customer review",
    path: (w) => `/orders/review/${w.reviewProductId}`,
    roles: ["customer"],
    refused: ["anon", "vendor"],
    valid: (w, i) => ({ rating: String((i % 5) + 1), body: `Fuzz review ${w.tag} ${i}: it germinated well.` }),
    special: () => ({ rating: fc.constantFrom("0", "6", "4.5", "", "five", "-1", "1e0", "３") }),
    samples: 20,
    group: "store",
  },
  {
    file: "routes/store/review.tsx",
    label: "customer review (not received)",
    path: (w) => `/orders/review/${w.liveProductIds[2]}`,
    roles: ["customer"],
    refused: ["anon", "vendor"],
    valid: (w, i) => ({ rating: "5", body: `Fuzz review ${w.tag} ${i}: never received it.` }),
    samples: 5,
    group: "store",
  },
  {
    file: "routes/store/review.tsx",
    label: "customer review (bogus id)",
    path: () => "/orders/review/%00nosuch",
    roles: ["customer"],
    refused: ["anon", "vendor"],
    valid: () => ({ rating: "4", body: "A review of nothing at all." }),
    samples: 5,
    group: "store",
  },
  // Cancelling and returns (issue 15). The cancel is of the customer's second order (its stock
  // comes back: the storefront test counts it); the first is the admin's to move.
  {
    file: "routes/store/cancel-order.tsx",
    label: "customer cancel",
    path: (w) => `/orders/${w.orderIds[1]}/cancel`,
    roles: ["customer"],
    refused: ["anon", "vendor"],
    valid: () => ({ confirm: "yes", from: "orders" }),
    special: () => ({
      confirm: fc.constantFrom("yes", "no", "YES", "", "on"),
      from: fc.constantFrom("order", "orders", "//evil.example", "https://evil.example/", ""),
    }),
    samples: 12,
    group: "store",
  },
  {
    file: "routes/store/cancel-order.tsx",
    label: "customer cancel (another's order)",
    path: (w) => `/orders/${w.otherCustomerOrderId}/cancel`,
    roles: ["customer"],
    refused: ["anon", "vendor"],
    valid: () => ({ confirm: "yes" }),
    samples: 5,
    group: "store",
  },
  {
    file: "routes/store/cancel-order.tsx",
    label: "customer cancel (bogus id)",
    path: () => "/orders/%00nosuch%27/cancel",
    roles: ["customer"],
    refused: ["anon"],
    valid: () => ({ confirm: "yes" }),
    samples: 4,
    group: "store",
  },
  {
    file: "routes/store/return-request.tsx",
    label: "customer return",
    path: (w) => `/orders/${w.deliveredOrderId}/return`,
    roles: ["customer"],
    refused: ["anon", "vendor"],
    valid: (w, i) => ({
      lineId: w.returnableLineId,
      quantity: String((i % 2) + 1),
      reasonCode: i % 2 ? "damaged" : "other",
      reason: `Fuzz return ${w.tag} ${i}: seal broken.`,
      ...(i % 2
        ? { refundTo: "upi", upiId: `fuzz${i}@okicici` }
        : {
            refundTo: "bank",
            accountNumber: "123456789012",
            accountNumberAgain: "123456789012",
            ifsc: "SBIN0001234",
            accountHolder: "Fuzz Farmer",
          }),
    }),
    special: (w) => ({
      lineId: fc.oneof(bogusId, fc.constant(w.returnableLineId), fc.constant(`${w.returnableLineId}\u0000`)),
      quantity: fc.constantFrom("0", "-1", "3", "1.5", "1e1", "", "٢", "99999", "2"),
      reasonCode: fc.constantFrom("damaged", "", "other\u0000", "x".repeat(60)),
      refundTo: fc.constantFrom("upi", "bank", "", "cash"),
      upiId: fc.constantFrom("a@b", "ramesh@okicici", "@", "x".repeat(400), "r@1bank"),
      ifsc: fc.constantFrom("SBIN0001234", "sbin0001234", "SBIN1001234", "", "SBIN0\u0000"),
      accountNumber: fc.constantFrom("123456789012", "12", "１２３４５６７８９０", "1".repeat(50)),
      accountNumberAgain: fc.constantFrom("123456789012", "", "123456789013"),
    }),
    samples: 20,
    group: "store",
  },
  {
    file: "routes/store/return-request.tsx",
    label: "customer return (not delivered)",
    path: (w) => `/orders/${w.orderIds[0]}/return`,
    roles: ["customer"],
    refused: ["anon", "vendor"],
    valid: (w, i) => ({ lineId: w.returnableLineId, quantity: "1", reason: `Fuzz return ${w.tag} ${i}: too early.` }),
    samples: 5,
    group: "store",
  },
  {
    file: "routes/account/logout.ts",
    label: "logout",
    path: () => "/logout",
    roles: ["anon", "customer", "vendor", "admin"],
    refused: [],
    valid: () => ({ redirectTo: "/admin/login" }),
    special: () => ({
      redirectTo: fc.constantFrom("//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "/vendor-login", ""),
    }),
    samples: 8,
    session: true,
    group: "store",
  },
  {
    file: "routes/admin/login.tsx",
    label: "admin login",
    path: () => "/admin/login",
    roles: ["anon"],
    refused: [],
    valid: (w) => ({ email: "admin@angle.test", password: `wrong-${w.tag}` }),
    special: (w) => ({ email: fc.constantFrom("ADMIN@angle.test", w.customer.email, w.vendor.email, "admin@angle.test\u0000") }),
    samples: 20,
    session: true,
    group: "store",
  },
  {
    file: "routes/vendor-login/home.tsx",
    label: "vendor registration",
    path: () => "/vendor-login?index",
    roles: ["anon", "customer"],
    refused: [],
    valid: (w, i) => ({
      intent: "register",
      businessName: `Kisan Tools ${i}`,
      email: `fzv.${w.tag}.${i}@example.com`,
      password: "seller-pass-2024",
      phone: "91234 56789",
      gstNumber: gstinFor(`${w.tag}-reg-${i}`),
      ...address,
    }),
    special: (w) => ({
      gstNumber: fc.constantFrom(
        w.vendor.gstNumber,
        w.vendor.gstNumber.toLowerCase(),
        "27AAAAA0000A1Z0",
        "27aaaaa0000a1z",
        "00AAAAA0000A1Z5",
      ),
    }),
    samples: 20,
    session: true,
    group: "store",
  },
  {
    file: "routes/vendor-login/home.tsx",
    label: "vendor login",
    path: () => "/vendor-login?index",
    roles: ["anon"],
    refused: [],
    valid: (w) => ({ intent: "login", email: w.vendor.email, password: w.vendor.password }),
    special: (w) => ({ email: fc.constantFrom(w.customer.email, "admin@angle.test", w.vendor.email.toUpperCase()) }),
    samples: 12,
    session: true,
    group: "store",
  },

  // Admin panel.
  {
    file: "routes/admin/products.tsx",
    label: "admin product delete",
    path: () => "/admin/products",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({ intent: "delete", id: cycle(w.disposableProductIds, i) }),
    special: () => ({ id: bogusId, intent: fc.constantFrom("delete", "archive", "DELETE") }),
    samples: 20,
    group: "admin",
  },
  {
    file: "routes/admin/product-edit.tsx",
    label: "admin add product",
    path: () => "/admin/products/new",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => product(i, w.tag),
    special: () => ({ price, stock, category: categories, hsnCode, gstRate }),
    samples: 35,
    group: "admin",
    encoding: "multipart",
  },
  {
    file: "routes/admin/product-edit.tsx",
    label: "admin edit product",
    path: (w) => `/admin/products/${w.adminProductId}`,
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({ ...product(i, w.tag), name: `Fuzz Edited ${w.tag} ${i}` }),
    special: () => ({ price, stock, category: categories, version: fc.constantFrom("2020-01-01T00:00:00.000Z", "not a date", "'", "") }),
    samples: 20,
    group: "admin",
    encoding: "multipart",
  },
  {
    file: "routes/admin/product-edit.tsx",
    label: "admin edit product (bogus id)",
    path: () => "/admin/products/%00nosuch",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => product(i, w.tag),
    samples: 6,
    group: "admin",
    encoding: "multipart",
  },
  {
    file: "routes/admin/draft-orders.tsx",
    label: "admin draft orders (save)",
    path: () => "/admin/draft-orders",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i) => ({ intent: "save", farmer: `nobody${i}`, lines: "" }),
    special: () => ({
      intent: fc.constantFrom("save", "", "__proto__"),
      lines: fc.constantFrom("", "{", "x~y~999999", "%00", "abcdef~ghijkl.0"),
    }),
    samples: 12,
    group: "admin",
  },
  {
    file: "routes/admin/draft-order.tsx",
    label: "admin draft order",
    path: () => "/admin/draft-orders/nodraft000000",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i) => ({
      intent: "discount",
      amount: `${(i % 7) + 1}0`,
      reason: `Loyal farmer ${i}`,
      size: "abcdef000000",
      "qty-abcdef": "2",
    }),
    special: () => ({
      intent: fc.constantFrom("quantities", "remove", "discount", "remove-discount", "discard", "place", ""),
      amount: fc.constantFrom("", "-5", "0", "1e9", "12.345", "99999999999", "₹1,00,000.50"),
      reason: fc.constantFrom("", "x", "y".repeat(300)),
      size: fc.constantFrom("", "%00", "x".repeat(100)),
      "qty-abcdef": fc.constantFrom("", "-1", "0", "99999", "1.5"),
    }),
    samples: 16,
    group: "admin",
  },
  {
    file: "routes/admin/product-edit.tsx",
    label: "admin edit product (a vendor's)",
    path: (w) => `/admin/products/${w.pendingListingIds[w.pendingListingIds.length - 1]}`,
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => product(i, w.tag),
    special: () => ({ price, stock }),
    samples: 6,
    group: "admin",
    encoding: "multipart",
  },
  {
    file: "routes/admin/products-import.tsx",
    label: "admin CSV import",
    path: () => "/admin/products/import",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    // Previews only: an "Apply import" needs the id of an upload, which no sample can guess.
    valid: (w, i) => ({ intent: "preview", file: productCsv(newProductRows(`Fuzz CSV Seed ${w.tag} ${i}`, `FZA-${w.tag}-${i}`)) }),
    special: (w) => ({ intent: fc.constantFrom("preview", "apply", "", "delete"), upload: uploadToken, file: hostileCsv(w) }),
    samples: 40,
    group: "admin",
    encoding: "multipart",
  },
  {
    file: "routes/admin/users.tsx",
    label: "admin users",
    path: () => "/admin/users",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i): Record<string, string> =>
      i % 3 === 0
        ? { intent: "add", name: `Ravi ${i}`, email: `fzu.${w.tag}.${i}@example.com` }
        : { intent: i % 3 === 1 ? "suspend" : "delete", id: cycle(w.disposableUserIds, i) },
    special: (w) => ({
      intent: fc.constantFrom("add", "suspend", "activate", "delete", "promote", ""),
      id: fc.oneof(bogusId, fc.constant(w.adminId)),
      role: fc.constantFrom("admin", "vendor"),
    }),
    samples: 30,
    group: "admin",
  },
  {
    file: "routes/admin/assisted-order.tsx",
    label: "admin phone orders",
    path: () => "/admin/assisted-orders/new",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i) => ({ intent: "place", farmer: `nobody${i}`, lines: "", checkoutKey: `fuzz-phone-order-${i}-0000000` }),
    special: () => ({
      intent: fc.constantFrom("place", "add-farmer", "", "__proto__"),
      // Never a mobile number that could be a new farmer's: the accounts' count is checked below.
      mobile: fc.constantFrom("", "12345", "98765 4321x", "+1 555 0100"),
      locale: fc.constantFrom("en", "hi", "fr", ""),
      lines: fc.constantFrom("", "{", "x~y~999999", "%00"),
      checkoutKey: fc.constantFrom("", "short", "x".repeat(100)),
    }),
    samples: 16,
    group: "admin",
  },
  {
    file: "routes/admin/agents.tsx",
    label: "admin field agents",
    path: () => "/admin/agents",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i): Record<string, string> =>
      i % 2 === 0 ? { intent: "limit", agent: `nobody${i}`, limit: "5" } : { intent: "decide", agent: `nobody${i}`, status: "approved" },
    special: () => ({
      intent: fc.constantFrom("decide", "area", "limit", "farmer", "", "__proto__"),
      status: fc.constantFrom("approved", "rejected", "suspended", "pending", "owner", ""),
      pincodes: fc.constantFrom("", "411001", "411001, 12", "x".repeat(600), "%00"),
      limit: fc.constantFrom("", "-1", "1e9", "2.5", "NaN"),
    }),
    samples: 16,
    group: "admin",
  },
  {
    file: "routes/admin/ondc.tsx",
    label: "admin ONDC switch and seller locations",
    path: () => "/admin/ondc",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i): Record<string, FieldValue> =>
      i % 2 === 0
        ? { intent: "switch", enabled: i % 4 === 0 ? "on" : "off" }
        : { intent: "location", providerId: "store", op: "save", gps: "18.520400,73.856700", city: "std:020" },
    special: () => ({
      intent: fc.constantFrom("switch", "location", "resolve", "", "__proto__"),
      gps: fc.constantFrom("", "18.52,73.85", "91.000000,200.000000", "18.520400;73.856700", "x".repeat(200)),
      city: fc.constantFrom("", "std:", "std:0201234567", "080", "std:०२०"),
      providerId: fc.constantFrom("store", "", "nosuchvendor0000", "%00"),
    }),
    samples: 12,
    group: "settings",
  },
  {
    file: "routes/admin/agent-commission.tsx",
    label: "admin agent commission",
    path: () => "/admin/agent-commission",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i) => ({ intent: "rates", seeds: String(i % 7), equipment: "1.5", tools: "0", fertilizers: "2.25" }),
    special: () => ({
      intent: fc.constantFrom("rates", "", "__proto__"),
      seeds: fc.constantFrom("", "-1", "100.001", "1e2", "٣", "12.5 %", "x".repeat(200)),
    }),
    samples: 12,
    group: "settings",
  },
  {
    file: "routes/admin/staff.tsx",
    label: "admin staff",
    path: () => "/admin/staff",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i): Record<string, string> =>
      i % 2 === 0
        ? { intent: "add", name: `Staff ${i}`, contact: `fzs.${w.tag}.${i}@example.com`, role: "support" }
        : { intent: "role", id: cycle(w.disposableUserIds, i), role: "orders" },
    special: (w) => ({
      intent: fc.constantFrom("add", "role", "suspend", "activate", "remove", ""),
      id: fc.oneof(bogusId, fc.constant(w.adminId)),
      role: fc.constantFrom("owner", "support", "root", ""),
      contact: fc.constantFrom("98765 43210", "x@y", "", "not an email"),
      name: fc.constantFrom("", "Asha"),
    }),
    samples: 20,
    group: "admin",
  },
  {
    file: "routes/admin/order.tsx",
    label: "admin order status",
    path: (w) => `/admin/orders/${w.orderIds[0]}`,
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: () => ({ status: "confirmed", note: "Packed." }),
    special: () => ({ status: statuses }),
    samples: 20,
    group: "admin",
  },
  {
    // Issue 15: shipping with a courier and tracking, and recording a bank transfer, on the same page.
    file: "routes/admin/order.tsx",
    label: "admin order shipping and payment",
    // The second order: the status target's checks follow the first.
    path: (w) => `/admin/orders/${w.orderIds[1]}`,
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i): Record<string, FieldValue> =>
      i === 0
        ? { status: "confirmed" }
        : i % 3 === 2
          ? { intent: "mark-paid", reference: `UTR${w.tag}${i}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 40) }
          : {
              intent: "ship",
              courier: `Courier ${i}`,
              tracking: i % 2 ? `https://track.example.com/${w.tag}/${i}` : `TRK${i}`,
              seller: "store",
            },
    special: (w) => ({
      intent: fc.constantFrom("ship", "mark-paid", "status", "", "Ship", "resend-pay-link"),
      status: statuses,
      seller: fc.constantFrom("all", "store", w.vendorId, "nosuchvendor1", "", "../x"),
      courier: courierValues,
      tracking: trackingValues,
      reference: fc.constantFrom("", "12345", "UTR 123456", "SBIN426123456789", "x".repeat(41), "१२३४५६७"),
    }),
    samples: 20,
    group: "admin",
  },
  {
    file: "routes/admin/order.tsx",
    label: "admin order status (bogus id)",
    path: () => "/admin/orders/%00nosuchorder1",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: () => ({ status: "cancelled", note: "x" }),
    special: () => ({ status: statuses }),
    samples: 6,
    group: "admin",
  },
  {
    // Before the listing review: whichever licence state it leaves, a review's outcome is what it answered.
    file: "routes/admin/vendors.tsx",
    label: "admin licence verification",
    path: () => "/admin/vendors",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i): Record<string, FieldValue> => ({
      intent: i % 3 === 2 ? "revoke-licence" : "verify-licence",
      vendorId: w.vendorId,
      kind: cycle(LICENCE_KINDS, i),
      version: "1",
    }),
    special: (w) => ({
      intent: fc.constantFrom("verify-licence", "revoke-licence", "verify", ""),
      vendorId: fc.oneof(bogusId, fc.constant(w.adminId), fc.constant(`${w.vendorId}\u0000`)),
      kind: fc.constantFrom("seed", "pesticide", "tractor", "", "Seed"),
      version: fc.constantFrom("0", "-1", "x", "99999999999", ""),
    }),
    samples: 20,
    group: "admin",
  },
  {
    file: "routes/admin/vendors.tsx",
    label: "admin listing review",
    path: () => "/admin/vendors",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({
      intent: i % 2 ? "approve" : "reject",
      id: cycle(w.pendingListingIds, i),
      reason: "Blurry photo.",
    }),
    special: (w) => ({
      intent: fc.constantFrom("approve", "reject", "ban", ""),
      id: fc.oneof(bogusId, fc.constant(w.adminProductId)),
      version: fc.constantFrom("2020-01-01T00:00:00.000Z", "x", "'"),
    }),
    samples: 20,
    group: "admin",
  },
  {
    file: "routes/admin/messages.tsx",
    label: "admin mark message handled",
    path: () => "/admin/messages",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({ id: cycle(w.messageIds, i) }),
    special: () => ({ id: bogusId }),
    samples: 12,
    group: "admin",
  },
  {
    file: "routes/admin/reviews.tsx",
    label: "admin review visibility",
    path: () => "/admin/reviews",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({ intent: i % 3 === 1 ? "unhide" : "hide", id: cycle(w.reviewIds, i) }),
    special: () => ({ intent: fc.constantFrom("hide", "unhide", "delete", ""), id: bogusId }),
    samples: 12,
    group: "admin",
  },
  {
    file: "routes/admin/returns.tsx",
    label: "admin return decision",
    path: () => "/admin/returns",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i): Record<string, FieldValue> =>
      i % 3 === 0
        ? { intent: "receive-return", returnId: w.returnId, restock: String(i % 2) }
        : i % 3 === 1
          ? { intent: "approve-return", returnId: w.returnId, payoutReference: `UPI${w.tag}${i}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 40) }
          : { intent: "reject-return", returnId: w.returnId, note: `Fuzz note ${i}: not in its packaging.` },
    special: () => ({
      intent: fc.constantFrom("approve-return", "receive-return", "reject-return", "approve", "", "delete"),
      returnId: bogusId,
      restock: fc.constantFrom("0", "-1", "1.5", "", "99999", "٢"),
      payoutReference: fc.constantFrom("", "12345", "x".repeat(41), "UTR 1234 5678", "<b>UTR123456</b>", "UTR123456789"),
    }),
    samples: 14,
    group: "admin",
  },
  {
    file: "routes/admin/outbox.tsx",
    label: "admin outbox retry",
    path: () => "/admin/outbox",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    // The fuzz store has no failed message: a well-formed Retry of an unknown one is a 404.
    valid: (w, i) => ({ intent: "retry", id: `no-such-message-${w.tag}-${i}` }),
    special: () => ({ intent: fc.constantFrom("retry", "delete", ""), id: bogusId }),
    samples: 8,
    group: "admin",
  },
  {
    file: "routes/admin/search-synonyms.tsx",
    label: "admin search synonyms",
    path: () => "/admin/search-synonyms",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({ intent: "add", term: `fuzzterm ${w.tag} ${i}`, variant: `fuzzvariant ${i}` }),
    special: () => ({ intent: fc.constantFrom("add", "delete", ""), id: bogusId }),
    samples: 12,
    group: "admin",
  },
  {
    file: "routes/admin/offer-edit.tsx",
    label: "admin new offer",
    path: () => "/admin/offers/new",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({
      kind: "coupon",
      code: `FUZZ${w.tag}${i}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 40),
      name: `Fuzz offer ${i}`,
      discountType: "percent",
      percent: "10",
      target: "cart",
    }),
    special: () => ({
      kind: fc.constantFrom("coupon", "automatic", "", "__proto__"),
      discountType: fc.constantFrom("percent", "fixed", "free_shipping", "bogo", ""),
      percent: fc.constantFrom("101", "0", "-1", "1e9", "", "10.5", "NaN"),
      amount: price,
      target: fc.constantFrom("cart", "products", "crops", "x", ""),
      targetIds: fc.constantFrom("", " , ", "a,b", "\u0000"),
      startsAt: fc.constantFrom("", "2026-13-40T99:99", "not a date", "2026-06-01T00:00"),
      endsAt: fc.constantFrom("", "2020-01-01T00:00", "2026-06-01T00:00"),
      states: fc.constantFrom("", "27", "Maharashtra", "27,99,1"),
      maxUses: stock,
      budget: price,
    }),
    samples: 12,
    group: "admin",
  },
  {
    file: "routes/admin/kits.tsx",
    label: "admin kit",
    path: () => "/admin/kits",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    // The fuzz store's catalogue has no such kit size: a well-formed kit of sample parts is refused by its SKU (400).
    valid: (w, i) => ({
      kitSku: `FUZZKIT-${w.tag}-${i}`,
      price: "1500",
      part0Sku: "AG-TOM-ARKA-10G",
      part0Qty: "2",
      part1Sku: "AG-DAP-IFFCO-50KG",
      part1Qty: "1",
    }),
    special: () => ({
      kitSku: fc.constantFrom("", "AG-TOM-ARKA-10G", "\u0000", "x".repeat(500)),
      price: fc.constantFrom("", "0", "-1", "1e9", "999999999.99", "NaN", "₹1,500.50"),
      part0Sku: fc.constantFrom("", "AG-TOM-ARKA-10G", "\u0000", "__proto__"),
      part0Qty: fc.constantFrom("", "0", "100", "-1", "1.5", "99"),
      part7Sku: fc.constantFrom("", "AG-TOM-ARKA-10G"),
      part7Qty: fc.constantFrom("", "1"),
    }),
    samples: 12,
    group: "admin",
  },
  {
    file: "routes/admin/lots-import.tsx",
    label: "admin lots CSV",
    path: () => "/admin/lots/import",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({ file: lotsCsv([lotRow(`FUZZLOT-${w.tag}`, `L-${i}`)]) }),
    special: (w) => ({ file: hostileLotsCsv(w) }),
    samples: 12,
    group: "admin",
    encoding: "multipart",
  },
  {
    file: "routes/admin/product-edit.tsx",
    label: "admin lots forms (a size that is none)",
    path: (w) => `/admin/products/${w.adminProductId}`,
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => lotReceipt(`nosuch${i}`, w, i),
    special: lotFields,
    samples: 12,
    group: "admin",
  },
  {
    file: "routes/vendor-login/lots-import.tsx",
    label: "vendor lots CSV",
    path: () => "/vendor-login/lots/import",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i) => ({ file: lotsCsv([lotRow(`FUZZLOT-${w.tag}`, `V-${i}`)]) }),
    special: (w) => ({ file: hostileLotsCsv(w) }),
    samples: 12,
    group: "vendor",
    encoding: "multipart",
  },
  {
    file: "routes/vendor-login/product-edit.tsx",
    label: "vendor lots forms (another vendor's size)",
    path: (w) => `/vendor-login/products/${w.vendorProductId}`,
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i) => lotReceipt(w.otherVendorProductId, w, i),
    special: lotFields,
    samples: 12,
    group: "vendor",
  },
  {
    file: "routes/admin/offers.tsx",
    label: "admin offer status",
    path: () => "/admin/offers",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: () => ({ intent: "end", id: "nosuchoffer1" }),
    special: () => ({ intent: fc.constantFrom("pause", "resume", "end", "delete", ""), id: bogusId }),
    samples: 8,
    group: "admin",
  },
  {
    file: "routes/admin/customer-groups.tsx",
    label: "admin new customer group",
    path: () => "/admin/customer-groups",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({ name: `Fuzz group ${w.tag} ${i}`, nameHi: "किसान" }),
    special: () => ({ name: fc.constantFrom("", " ", "FPO", "fpo", "x".repeat(61), "\u0000") }),
    samples: 8,
    group: "admin",
  },
  {
    file: "routes/admin/customer-group.tsx",
    label: "admin customer group members",
    // The sample catalogue's "FPO" group.
    path: () => "/admin/customer-groups/samplefpo01",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({ intent: "add_member", email: `nobody-${w.tag}-${i}@example.in` }),
    special: () => ({
      intent: fc.constantFrom("rename", "add_member", "remove_member", "", "__proto__"),
      email: fc.constantFrom("", "not an email", "a@b", "\u0000@x.in", "ADMIN@EXAMPLE.COM"),
      userId: bogusId,
    }),
    samples: 10,
    group: "admin",
  },
  {
    file: "routes/admin/price-lists.tsx",
    label: "admin price list status",
    path: () => "/admin/price-lists",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: () => ({ intent: "pause", id: "nosuchlist1" }),
    special: () => ({ intent: fc.constantFrom("pause", "resume", "delete", ""), id: bogusId }),
    samples: 8,
    group: "admin",
  },
  {
    file: "routes/admin/price-list-edit.tsx",
    label: "admin price list entries",
    // The sample catalogue's FPO price list.
    path: () => "/admin/price-lists/samplefpolist01",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i) => ({ intent: "add_entry", kind: "category", category: "tools", percent: String((i % 98) + 1) }),
    special: () => ({
      intent: fc.constantFrom("save", "add_entry", "remove_entry", ""),
      kind: fc.constantFrom("variant", "product", "category", "", "x"),
      sku: fc.constantFrom("", "NO-SUCH", "\u0000"),
      price,
      percent: fc.constantFrom("0", "100", "-1", "NaN", "", "5.5", "1e9"),
      productId: bogusId,
      entryId: bogusId,
      groupId: bogusId,
      startsAt: fc.constantFrom("", "2026-13-40T99:99", "2026-06-01T00:00"),
      endsAt: fc.constantFrom("", "2020-01-01T00:00"),
    }),
    samples: 12,
    group: "admin",
  },

  // Vendor panel.
  {
    file: "routes/vendor-login/offer-edit.tsx",
    label: "vendor new offer",
    path: () => "/vendor-login/offers/new",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (_w, i) => ({ kind: "automatic", name: `Fuzz vendor offer ${i}`, discountType: "percent", percent: "5", target: "vendor" }),
    special: () => ({
      kind: fc.constantFrom("coupon", "automatic", "", "__proto__"),
      discountType: fc.constantFrom("percent", "fixed", "free_shipping", "buy_x_get_y", ""),
      percent: fc.constantFrom("101", "0", "", "10"),
      buyQuantity: fc.constantFrom("", "0", "2", "1e9"),
      getQuantity: fc.constantFrom("", "0", "1", "-1"),
      getSkus: fc.constantFrom("", "NO-SUCH", "\u0000"),
      target: fc.constantFrom("vendor", "products", "variants", "categories", "cart", ""),
      targetIds: fc.constantFrom("", "AG-DAP-IFFCO-50KG", "a,b", "\u0000"),
      pincodes: fc.constantFrom("", "4130*", "41", "*", "411001,560001"),
    }),
    samples: 12,
    group: "vendor",
  },
  {
    file: "routes/vendor-login/offers.tsx",
    label: "vendor offer status",
    path: () => "/vendor-login/offers",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: () => ({ intent: "pause", id: "nosuchoffer1" }),
    special: () => ({ intent: fc.constantFrom("pause", "resume", "end", "approve", "reject", ""), id: bogusId }),
    samples: 8,
    group: "vendor",
  },
  {
    file: "routes/vendor-login/product-edit.tsx",
    label: "vendor new listing",
    path: () => "/vendor-login/products/new",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i) => ({ ...product(i, w.tag), name: `Fuzz Vendor Rake ${w.tag} ${i}` }),
    special: () => ({ price, stock, category: categories, hsnCode, gstRate }),
    samples: 30,
    group: "vendor",
    encoding: "multipart",
  },
  {
    file: "routes/vendor-login/product-edit.tsx",
    label: "vendor edit own listing",
    path: (w) => `/vendor-login/products/${w.vendorProductId}`,
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i) => ({ ...product(i, w.tag), name: `Fuzz Vendor Edit ${w.tag} ${i}` }),
    special: () => ({ price, stock, category: categories, version: fc.constantFrom("2020-01-01T00:00:00.000Z", "x") }),
    samples: 15,
    group: "vendor",
    encoding: "multipart",
  },
  {
    file: "routes/vendor-login/product-edit.tsx",
    label: "vendor edit listing (bogus id)",
    path: () => "/vendor-login/products/%00nosuch",
    roles: ["vendor"],
    refused: [],
    valid: (w, i) => product(i, w.tag),
    samples: 4,
    group: "vendor",
    encoding: "multipart",
  },
  {
    file: "routes/vendor-login/products.tsx",
    label: "vendor pause/resume/delete another vendor's listing",
    path: () => "/vendor-login/products",
    roles: [],
    refused: ["anon", "customer", "vendor", "admin"],
    valid: (w, i) => ({ intent: ["pause", "resume", "delete"][i % 3] ?? "pause", id: w.otherVendorProductId }),
    special: () => ({ intent: fc.constantFrom("pause", "resume", "delete", "", "archive"), id: bogusId }),
    samples: 8,
    group: "vendor",
  },
  {
    file: "routes/vendor-login/product-edit.tsx",
    label: "vendor edit another vendor's listing",
    path: (w) => `/vendor-login/products/${w.otherVendorProductId}`,
    roles: [],
    refused: ["anon", "customer", "vendor", "admin"],
    valid: (w, i) => product(i, w.tag),
    samples: 8,
    group: "vendor",
    encoding: "multipart",
  },
  {
    file: "routes/vendor-login/product-edit.tsx",
    label: "vendor edit a store product",
    path: (w) => `/vendor-login/products/${w.liveProductIds[0]}`,
    roles: [],
    refused: ["anon", "customer", "vendor", "admin"],
    valid: (w, i) => product(i, w.tag),
    samples: 6,
    group: "vendor",
    encoding: "multipart",
  },
  {
    file: "routes/vendor-login/products-import.tsx",
    label: "vendor CSV import",
    path: () => "/vendor-login/products/import",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i) => ({ intent: "preview", file: productCsv(newProductRows(`Fuzz CSV Listing ${w.tag} ${i}`, `FZV-${w.tag}-${i}`)) }),
    special: (w) => ({ intent: fc.constantFrom("preview", "apply", "", "delete"), upload: uploadToken, file: hostileCsv(w) }),
    samples: 40,
    group: "vendor",
    encoding: "multipart",
  },
  {
    file: "routes/vendor-login/profile.tsx",
    label: "vendor profile",
    path: () => "/vendor-login/profile",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i) => ({ businessName: `Kisan Tools ${w.tag} ${i}`, phone: "91234 56789", gstNumber: w.vendor.gstNumber, ...address }),
    special: () => ({ gstNumber: fc.constantFrom("27AAAAA0000A1Z0", "", "27aaaaa0000a1z5 ") }),
    samples: 20,
    group: "vendor",
  },
  {
    file: "routes/vendor-login/profile.tsx",
    label: "vendor licence",
    path: () => "/vendor-login/profile",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i) => ({
      intent: "licence",
      kind: cycle(LICENCE_KINDS, i),
      number: `MH/FZ/${w.tag}/${i}`.slice(0, 40),
      expiresOn: addDays(indiaToday(), 200 + i),
      authority: "District Agriculture Officer",
      state: "Maharashtra",
      // Where it is valid: required of a fertiliser registration (docs/decisions/057-territory.md).
      states: "Maharashtra",
    }),
    special: () => ({
      intent: fc.constantFrom("licence", "profile", "", "verify-licence"),
      kind: fc.constantFrom("seed", "tractor", "", "Pesticide"),
      number: fc.constantFrom("A1", "MH#12", `${"9".repeat(41)}`, "१२३४५", "LICENCE", " mh/12 "),
      expiresOn: fc.constantFrom(addDays(indiaToday(), -1), indiaToday(), "2027-02-29", "31/03/2027", "", "9999-12-31", "2027-03-31T00:00"),
      state: fc.constantFrom("Maharashtra", "Atlantis", ""),
      states: fc.constantFrom("Maharashtra", "Atlantis", ""),
    }),
    samples: 25,
    group: "vendor",
  },

  {
    // Issue 15: a vendor ships their own lines of an order; another's order is "not found".
    file: "routes/vendor-login/orders.tsx",
    label: "vendor shipping",
    path: () => "/vendor-login/orders",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i) => ({ intent: "ship", orderId: cycle(w.orderIds, i), courier: `Courier ${i}`, tracking: `TRK${w.tag}${i}` }),
    special: (w) => ({
      intent: fc.constantFrom("ship", "", "status"),
      orderId: fc.oneof(bogusId, fc.constant(w.otherCustomerOrderId)),
      courier: courierValues,
      tracking: trackingValues,
    }),
    samples: 15,
    group: "vendor",
  },
  {
    // The world's return is of a store line: the vendor must be told it does not exist, whatever they send.
    file: "routes/vendor-login/orders.tsx",
    label: "vendor return decision (not theirs)",
    path: () => "/vendor-login/orders",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i): Record<string, FieldValue> =>
      i % 2 === 0
        ? { intent: "approve-return", returnId: w.returnId, payoutReference: "UPI412345678901" }
        : { intent: "reject-return", returnId: w.returnId, note: "Not ours to decide." },
    special: () => ({ intent: fc.constantFrom("approve-return", "reject-return", ""), returnId: bogusId }),
    samples: 10,
    group: "vendor",
  },

  // Settings: a random valid form changes what every page shows, so they run on a store of their own.
  {
    file: "routes/admin/settings.tsx",
    label: "general settings",
    path: () => "/admin/settings",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i) => ({
      siteTitle: `Angle ${i}`,
      siteTagline: "Good seed",
      adminEmail: "owner@example.com",
      ...(i % 5 === 4 ? { maintenanceMode: "on" } : {}),
    }),
    special: () => ({
      maintenanceMode: fc.constantFrom("on", "off", "true", "1", ""),
      taxMode: fc.constantFrom("flat", "by_rate", "gst", ""),
      priceDisplay: fc.constantFrom("exclusive", "inclusive", "both"),
      storeGstin: fc.constantFrom("27AAICA4417K1ZK", "29AACFG5512P1Z2", "27AAICA4417K1ZA", "27aaica4417k1zk", "", "X".repeat(300)),
    }),
    samples: 30,
    group: "settings",
  },
  {
    file: "routes/admin/settings.tsx",
    label: "lot margins before expiry",
    path: () => "/admin/settings",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i) => ({ intent: "lot-margins", seed: String(i % 40), pesticide: "0", fertiliser: String(i % 3) }),
    special: () => ({
      seed: fc.constantFrom("-1", "366", "1.5", "", "1e2", "३०"),
      pesticide: fc.constantFrom("0", "365", "x"),
    }),
    samples: 10,
    group: "settings",
  },
  {
    file: "routes/admin/delivery.tsx",
    label: "delivery settings",
    path: () => "/admin/delivery",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i) =>
      cycle<Record<string, FieldValue>>(
        [
          { intent: "general", codMax: "50000", restServed: "on", restDays: "6", restCod: "on" },
          { intent: "save-zone", name: `Zone ${i}`, states: "Manipur", ranges: "", served: "on", days: "9" },
          { intent: "save-zone", name: `Nashik ${i}`, ranges: "422001-422013, 422101", served: "on", days: "2", cod: "on" },
          { intent: "delete-zone", id: "zzzzzzzzzzzzzzzz" },
          { intent: "add-pincode", code: String(990_000 + i), district: "Nava Raipur", state: "Chhattisgarh" },
          { intent: "remove-pincode", code: String(990_000 + i - 1) },
        ],
        i,
      ),
    special: () => ({
      ranges: fc.constantFrom("1-2", "422013-422001", "422001-", "४२२००१", "422001-422013-422020"),
      days: fc.constantFrom("0", "61", "-1", "1.5", "1e3"),
      codMax: fc.constantFrom("-1", "1.234", "₹50,000", "99999999999"),
      states: fc.constantFrom("Atlantis", "maharashtra", ""),
      code: fc.constantFrom("422001", "099999", "9999999", "४२२००१"),
    }),
    samples: 30,
    group: "settings",
  },
  {
    file: "routes/admin/payment-settings.tsx",
    label: "payment settings",
    path: () => "/admin/payment-settings",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (_w, i) =>
      cycle(
        [
          { method: "cod", enabled: "on", instructions: "Pay cash upon delivery." },
          { method: "stripe", enabled: "on", apiKey: "pk_test_1", secretKey: "sk_test_1" },
          {
            method: "bankTransfer",
            enabled: "on",
            instructions: "NEFT",
            accountName: "Angle",
            accountNumber: "123456789",
            bankName: "SBI",
            ifscCode: "SBIN0001234",
          },
          { intent: "add", name: `Wallet ${i}`, key: `wallet_${i}`, type: "offline", enabled: "on", instructions: "Pay by wallet." },
          { intent: "remove", method: `wallet_${i - 1}` },
        ] as Record<string, string>[],
        i,
      ),
    special: () => ({
      method: fc.constantFrom("cod", "stripe", "razorpay", "bankTransfer", "custom", "__proto__", "constructor", "card"),
      intent: fc.constantFrom("add", "remove", "save", ""),
      type: fc.constantFrom("gateway", "offline", "bank", "crypto"),
      key: fc.constantFrom("cod", "COD", "__proto__", "Constructor", "a b", "k".repeat(41)),
      ifscCode: fc.constantFrom("sbin0001234", "SBIN1001234", "SBIN0001234X"),
      accountNumber: fc.constantFrom("-1", "1234567890123456789", "12 34"),
    }),
    samples: 40,
    group: "settings",
  },
  {
    file: "routes/admin/lot.tsx",
    label: "admin lot recall",
    // The fuzz world has no lots: every recall is a 404, nothing written.
    path: () => "/admin/lots/nosuchlot0001",
    roles: ["admin"],
    refused: ["anon", "customer", "vendor"],
    valid: (w, i) => ({ reason: `Fuzz recall ${w.tag} ${i}` }),
    special: () => ({ reason: fc.constantFrom("", " ", "\u0000", "x".repeat(501), "=cmd|' /C calc'!A0", "<script>alert(1)</script>") }),
    samples: 6,
    group: "admin",
  },
  {
    file: "routes/vendor-login/lot.tsx",
    label: "vendor lot recall",
    path: () => "/vendor-login/lots/nosuchlot0001",
    roles: ["vendor"],
    refused: ["anon", "customer", "admin"],
    valid: (w, i) => ({ reason: `Fuzz recall ${w.tag} ${i}` }),
    special: () => ({ reason: fc.constantFrom("", " ", "\u0000", "x".repeat(501)) }),
    samples: 6,
    group: "vendor",
  },
];

/** A GET endpoint (page or resource route) and the query parameters it reads. */
export type GetTarget = { file: string; path: (w: World) => string; role: Role; params: string[] };

export const GET_TARGETS: GetTarget[] = [
  { file: "routes/store/layout.tsx", path: () => "/", role: "anon", params: ["q"] },
  { file: "routes/store/home.tsx", path: () => "/", role: "customer", params: ["q"] },
  { file: "routes/store/products.tsx", path: () => "/products", role: "anon", params: ["q", "category", "sort", "page"] },
  { file: "routes/store/products.tsx", path: () => "/products.data", role: "anon", params: ["q", "category", "sort", "page", "_routes"] },
  {
    file: "routes/store/product.tsx",
    path: (w) => `/products/${w.liveProductIds[0]}`,
    role: "anon",
    params: ["size", "area", "unit", "pin", "reviewsCursor", "reviewsDir"],
  },
  { file: "routes/store/crops.tsx", path: () => "/crops", role: "anon", params: [] },
  { file: "routes/store/crop.tsx", path: () => "/crops/tomato", role: "anon", params: ["category", "season", "sort", "page"] },
  { file: "routes/store/crop.tsx", path: () => "/crops/%00%27%22%3Cx", role: "anon", params: [] },
  { file: "routes/store/product.tsx", path: (w) => `/products/${w.pendingListingIds[0]}`, role: "anon", params: [] },
  { file: "routes/store/product.tsx", path: () => "/products/%00%27%22%3Cx", role: "anon", params: [] },
  { file: "routes/store/about.tsx", path: () => "/about", role: "anon", params: [] },
  { file: "routes/store/contact.tsx", path: () => "/contact", role: "anon", params: ["topic"] },
  { file: "routes/store/terms.tsx", path: () => "/terms", role: "anon", params: [] },
  { file: "routes/store/privacy.tsx", path: () => "/privacy", role: "anon", params: [] },
  { file: "routes/store/refund.tsx", path: () => "/refund", role: "anon", params: [] },
  { file: "routes/store/cart.tsx", path: () => "/cart", role: "customer", params: ["ids"] },
  { file: "routes/store/checkout.tsx", path: () => "/checkout", role: "customer", params: ["items"] },
  {
    file: "routes/store/order-confirmation.tsx",
    path: (w) => `/order-confirmation/${w.orderIds[0]}`,
    role: "customer",
    params: ["placed"],
  },
  {
    file: "routes/store/order-confirmation.tsx",
    path: (w) => `/order-confirmation/${w.otherCustomerOrderId}`,
    role: "customer",
    params: ["placed"],
  },
  { file: "routes/store/order-confirmation.tsx", path: (w) => `/order-confirmation/${w.orderIds[0]}`, role: "anon", params: ["placed"] },
  { file: "routes/store/order-confirmation.tsx", path: () => "/order-confirmation/%E0%A4%00", role: "customer", params: ["placed"] },
  { file: "routes/store/order-confirmation.tsx", path: () => "/order-confirmation", role: "customer", params: ["placed"] },
  { file: "routes/store/orders.tsx", path: () => "/orders", role: "customer", params: ["status", "cursor", "dir"] },
  { file: "routes/store/review.tsx", path: (w) => `/orders/review/${w.reviewProductId}`, role: "customer", params: [] },
  { file: "routes/store/review.tsx", path: (w) => `/orders/review/${w.liveProductIds[2]}`, role: "customer", params: [] },
  { file: "routes/store/review.tsx", path: () => "/orders/review/%00%27%22%3Cx", role: "customer", params: [] },
  { file: "routes/store/review.tsx", path: (w) => `/orders/review/${w.reviewProductId}`, role: "anon", params: [] },
  { file: "routes/store/cancel-order.tsx", path: (w) => `/orders/${w.orderIds[0]}/cancel`, role: "customer", params: ["from"] },
  { file: "routes/store/cancel-order.tsx", path: (w) => `/orders/${w.otherCustomerOrderId}/cancel`, role: "customer", params: ["from"] },
  { file: "routes/store/cancel-order.tsx", path: (w) => `/orders/${w.orderIds[0]}/cancel`, role: "anon", params: ["from"] },
  { file: "routes/store/return-request.tsx", path: (w) => `/orders/${w.deliveredOrderId}/return`, role: "customer", params: [] },
  { file: "routes/store/return-request.tsx", path: () => "/orders/%00%27%22%3Cx/return", role: "customer", params: [] },
  { file: "routes/store/return-request.tsx", path: (w) => `/orders/${w.deliveredOrderId}/return`, role: "vendor", params: [] },
  { file: "routes/store/not-found.tsx", path: () => "/no/such/%E0%A4/page", role: "anon", params: [] },
  { file: "routes/admin/login.tsx", path: () => "/admin/login", role: "anon", params: ["redirectTo"] },
  { file: "routes/admin/layout.tsx", path: () => "/admin", role: "admin", params: [] },
  { file: "routes/admin/index.tsx", path: () => "/admin", role: "customer", params: [] },
  { file: "routes/admin/dashboard.tsx", path: () => "/admin/dashboard", role: "admin", params: ["range"] },
  { file: "routes/admin/products.tsx", path: () => "/admin/products", role: "admin", params: ["q", "category", "cursor", "dir"] },
  { file: "routes/admin/product-edit.tsx", path: () => "/admin/products/new", role: "admin", params: [] },
  { file: "routes/admin/product-edit.tsx", path: (w) => `/admin/products/${w.adminProductId}`, role: "admin", params: [] },
  { file: "routes/admin/product-edit.tsx", path: () => "/admin/products/%00", role: "admin", params: [] },
  { file: "routes/admin/products-import.tsx", path: () => "/admin/products/import", role: "admin", params: ["upload"] },
  { file: "routes/resources/admin-products-export.ts", path: () => "/admin/products/export", role: "admin", params: ["q", "category"] },
  { file: "routes/resources/admin-products-export.ts", path: () => "/admin/products/export", role: "vendor", params: ["q", "category"] },
  { file: "routes/admin/users.tsx", path: () => "/admin/users", role: "admin", params: ["q", "cursor", "dir"] },
  { file: "routes/admin/staff.tsx", path: () => "/admin/staff", role: "admin", params: [] },
  {
    file: "routes/admin/assisted-order.tsx",
    path: () => "/admin/assisted-orders/new",
    role: "admin",
    params: ["farmer", "mobile", "lines", "add", "remove", "quantity", "q"],
  },
  { file: "routes/admin/draft-orders.tsx", path: () => "/admin/draft-orders", role: "admin", params: [] },
  { file: "routes/admin/draft-order.tsx", path: () => "/admin/draft-orders/nodraft000000", role: "admin", params: [] },
  { file: "routes/admin/draft-order.tsx", path: () => "/admin/draft-orders/%00%27", role: "admin", params: [] },
  {
    file: "routes/admin/ondc.tsx",
    path: () => "/admin/ondc",
    role: "admin",
    params: ["direction", "action", "tx", "signature", "cursor", "dir"],
  },
  { file: "routes/admin/ondc-message.tsx", path: () => "/admin/ondc/messages/nomessage0000", role: "admin", params: [] },
  { file: "routes/admin/ondc-message.tsx", path: () => "/admin/ondc/messages/%00%27", role: "admin", params: [] },
  { file: "routes/resources/ondc-call.ts", path: () => "/ondc/search", role: "anon", params: [] },
  { file: "routes/resources/ondc-on-subscribe.ts", path: () => "/ondc/on_subscribe", role: "anon", params: [] },
  { file: "routes/resources/ondc-site-verification.ts", path: () => "/ondc-site-verification.html", role: "anon", params: [] },
  {
    file: "routes/admin/audit.tsx",
    path: () => "/admin/audit",
    role: "admin",
    params: ["person", "kind", "object", "from", "to", "cursor", "dir"],
  },
  {
    file: "routes/resources/admin-audit-export.ts",
    path: () => "/admin/audit/export",
    role: "admin",
    params: ["person", "kind", "object", "from", "to"],
  },
  { file: "routes/admin/agent-commission.tsx", path: () => "/admin/agent-commission", role: "admin", params: ["month", "agent"] },
  { file: "routes/admin/agent-commission.tsx", path: () => "/admin/agent-commission", role: "vendor", params: ["month", "agent"] },
  {
    file: "routes/resources/admin-agent-commission-file.ts",
    path: () => "/admin/agent-commission/statement.csv",
    role: "admin",
    params: ["month", "agent"],
  },
  {
    file: "routes/resources/admin-agent-commission-file.ts",
    path: () => "/admin/agent-commission/statement.pdf",
    role: "customer",
    params: ["month", "agent"],
  },
  { file: "routes/store/agent-commission.tsx", path: () => "/agent/commission", role: "customer", params: ["month"] },
  { file: "routes/resources/agent-commission-file.ts", path: () => "/agent/commission.csv", role: "customer", params: ["month"] },
  { file: "routes/resources/agent-commission-file.ts", path: () => "/agent/commission.pdf", role: "anon", params: ["month"] },
  { file: "routes/store/not-mine.tsx", path: (w) => `/orders/${w.orderIds[0]}/not-mine`, role: "anon", params: ["t"] },
  { file: "routes/agent/home.tsx", path: () => "/agent", role: "customer", params: ["auth"] },
  { file: "routes/agent/register.tsx", path: () => "/agent/register", role: "customer", params: ["auth"] },
  { file: "routes/agent/farmers.tsx", path: () => "/agent/farmers", role: "customer", params: [] },
  { file: "routes/agent/orders.tsx", path: () => "/agent/orders", role: "customer", params: [] },
  {
    file: "routes/agent/order-new.tsx",
    path: () => "/agent/orders/new",
    role: "customer",
    params: ["farmer", "lines", "add", "remove", "quantity", "q"],
  },
  { file: "routes/admin/agents.tsx", path: () => "/admin/agents", role: "admin", params: ["status"] },
  { file: "routes/store/pay-link.tsx", path: (w) => `/orders/${w.orderIds[0]}/pay`, role: "anon", params: ["t", "payment"] },
  { file: "routes/admin/orders.tsx", path: () => "/admin/orders", role: "admin", params: ["status", "q", "cursor", "dir"] },
  { file: "routes/resources/admin-orders-export.ts", path: () => "/admin/orders/export", role: "admin", params: ["from", "to"] },
  { file: "routes/resources/admin-orders-export.ts", path: () => "/admin/orders/export", role: "customer", params: ["from", "to"] },
  { file: "routes/admin/gst.tsx", path: () => "/admin/gst", role: "admin", params: ["month", "seller"] },
  { file: "routes/admin/gst.tsx", path: () => "/admin/gst", role: "vendor", params: ["month", "seller"] },
  { file: "routes/resources/admin-gst-export.ts", path: () => "/admin/gst/export", role: "admin", params: ["month", "seller"] },
  { file: "routes/resources/admin-gst-export.ts", path: () => "/admin/gst/export", role: "vendor", params: ["month", "seller"] },
  { file: "routes/admin/order.tsx", path: (w) => `/admin/orders/${w.orderIds[0]}`, role: "admin", params: [] },
  { file: "routes/admin/order.tsx", path: () => "/admin/orders/%00%27", role: "admin", params: [] },
  { file: "routes/admin/settings.tsx", path: () => "/admin/settings", role: "admin", params: [] },
  { file: "routes/admin/payment-settings.tsx", path: () => "/admin/payment-settings", role: "admin", params: ["method"] },
  { file: "routes/admin/vendors.tsx", path: () => "/admin/vendors", role: "admin", params: ["cursor", "dir", "queueCursor", "queueDir"] },
  { file: "routes/admin/messages.tsx", path: () => "/admin/messages", role: "admin", params: ["cursor", "dir"] },
  { file: "routes/admin/outbox.tsx", path: () => "/admin/outbox", role: "admin", params: ["cursor", "dir"] },
  { file: "routes/admin/reviews.tsx", path: () => "/admin/reviews", role: "admin", params: ["cursor", "dir"] },
  { file: "routes/admin/reviews.tsx", path: () => "/admin/reviews", role: "customer", params: ["cursor", "dir"] },
  { file: "routes/admin/returns.tsx", path: () => "/admin/returns", role: "admin", params: ["status", "cursor", "dir"] },
  { file: "routes/admin/returns.tsx", path: () => "/admin/returns", role: "vendor", params: ["status"] },
  { file: "routes/admin/search-synonyms.tsx", path: () => "/admin/search-synonyms", role: "admin", params: [] },
  { file: "routes/admin/offers.tsx", path: () => "/admin/offers", role: "admin", params: ["cursor", "dir"] },
  { file: "routes/admin/kits.tsx", path: () => "/admin/kits", role: "admin", params: ["sku"] },
  { file: "routes/admin/lots.tsx", path: () => "/admin/lots", role: "admin", params: ["q"] },
  { file: "routes/admin/lots.tsx", path: () => "/admin/lots", role: "vendor", params: ["q"] },
  { file: "routes/admin/lot.tsx", path: () => "/admin/lots/%00%27", role: "admin", params: [] },
  { file: "routes/admin/lot.tsx", path: () => "/admin/lots/nosuchlot0001", role: "admin", params: [] },
  { file: "routes/vendor-login/lots.tsx", path: () => "/vendor-login/lots", role: "vendor", params: ["q"] },
  { file: "routes/vendor-login/lot.tsx", path: () => "/vendor-login/lots/%00%27", role: "vendor", params: [] },
  { file: "routes/resources/lot-report-export.ts", path: () => "/admin/lots/nosuchlot0001/report", role: "admin", params: [] },
  { file: "routes/resources/lot-report-export.ts", path: () => "/admin/lots/nosuchlot0001/report", role: "vendor", params: [] },
  { file: "routes/resources/lot-report-export.ts", path: () => "/vendor-login/lots/%00%27/report", role: "vendor", params: [] },
  { file: "routes/resources/lot-report-export.ts", path: () => "/vendor-login/lots/nosuchlot0001/report", role: "customer", params: [] },
  { file: "routes/admin/stock-alerts.tsx", path: () => "/admin/stock-alerts", role: "admin", params: [] },
  { file: "routes/admin/stock-alerts.tsx", path: () => "/admin/stock-alerts", role: "vendor", params: [] },
  { file: "routes/resources/admin-packing-slips.ts", path: () => "/admin/packing-slips", role: "admin", params: ["kind", "order", "day"] },
  { file: "routes/resources/admin-packing-slips.ts", path: () => "/admin/packing-slips", role: "customer", params: ["kind", "day"] },
  { file: "routes/admin/lots-import.tsx", path: () => "/admin/lots/import", role: "admin", params: [] },
  { file: "routes/vendor-login/lots-import.tsx", path: () => "/vendor-login/lots/import", role: "vendor", params: [] },
  { file: "routes/admin/offer-edit.tsx", path: () => "/admin/offers/new", role: "admin", params: [] },
  { file: "routes/admin/offer-edit.tsx", path: () => "/admin/offers/%00%27", role: "admin", params: [] },
  { file: "routes/admin/customer-groups.tsx", path: () => "/admin/customer-groups", role: "admin", params: [] },
  { file: "routes/admin/customer-group.tsx", path: () => "/admin/customer-groups/%00%27", role: "admin", params: [] },
  { file: "routes/admin/price-lists.tsx", path: () => "/admin/price-lists", role: "admin", params: [] },
  { file: "routes/admin/price-list-edit.tsx", path: () => "/admin/price-lists/new", role: "admin", params: [] },
  { file: "routes/admin/price-list-edit.tsx", path: () => "/admin/price-lists/%00%27", role: "admin", params: [] },
  { file: "routes/vendor-login/offers.tsx", path: () => "/vendor-login/offers", role: "vendor", params: ["cursor", "dir"] },
  { file: "routes/vendor-login/offer-edit.tsx", path: () => "/vendor-login/offers/new", role: "vendor", params: [] },
  { file: "routes/vendor-login/offer-edit.tsx", path: () => "/vendor-login/offers/%00%27", role: "vendor", params: [] },
  { file: "routes/admin/delivery.tsx", path: () => "/admin/delivery", role: "admin", params: ["zone"] },
  { file: "routes/admin/not-found.tsx", path: () => "/admin/no-such-page", role: "admin", params: [] },
  { file: "routes/vendor-login/layout.tsx", path: () => "/vendor-login", role: "anon", params: [] },
  { file: "routes/vendor-login/home.tsx", path: () => "/vendor-login", role: "vendor", params: [] },
  { file: "routes/vendor-login/products.tsx", path: () => "/vendor-login/products", role: "vendor", params: ["cursor", "dir"] },
  { file: "routes/vendor-login/product-edit.tsx", path: () => "/vendor-login/products/new", role: "vendor", params: [] },
  { file: "routes/vendor-login/product-edit.tsx", path: (w) => `/vendor-login/products/${w.vendorProductId}`, role: "vendor", params: [] },
  {
    file: "routes/vendor-login/product-edit.tsx",
    path: (w) => `/vendor-login/products/${w.otherVendorProductId}`,
    role: "vendor",
    params: [],
  },
  { file: "routes/vendor-login/product-edit.tsx", path: () => "/vendor-login/products/%00%27", role: "vendor", params: [] },
  { file: "routes/vendor-login/products-import.tsx", path: () => "/vendor-login/products/import", role: "vendor", params: ["upload"] },
  { file: "routes/resources/vendor-products-export.ts", path: () => "/vendor-login/products/export", role: "vendor", params: [] },
  { file: "routes/resources/vendor-products-export.ts", path: () => "/vendor-login/products/export", role: "customer", params: [] },
  { file: "routes/vendor-login/orders.tsx", path: () => "/vendor-login/orders", role: "vendor", params: ["cursor", "dir"] },
  { file: "routes/vendor-login/analytics.tsx", path: () => "/vendor-login/analytics", role: "vendor", params: ["months"] },
  { file: "routes/vendor-login/stock-alerts.tsx", path: () => "/vendor-login/stock-alerts", role: "vendor", params: [] },
  {
    file: "routes/resources/vendor-packing-slips.ts",
    path: () => "/vendor-login/packing-slips",
    role: "vendor",
    params: ["kind", "order", "day"],
  },
  {
    file: "routes/resources/vendor-packing-slips.ts",
    path: () => "/vendor-login/packing-slips",
    role: "customer",
    params: ["kind", "day"],
  },
  { file: "routes/vendor-login/profile.tsx", path: () => "/vendor-login/profile", role: "vendor", params: [] },
  { file: "routes/vendor-login/gst.tsx", path: () => "/vendor-login/gst", role: "vendor", params: ["month", "seller"] },
  { file: "routes/vendor-login/gst.tsx", path: () => "/vendor-login/gst", role: "admin", params: ["month"] },
  { file: "routes/resources/vendor-gst-export.ts", path: () => "/vendor-login/gst/export", role: "vendor", params: ["month", "seller"] },
  { file: "routes/resources/vendor-gst-export.ts", path: () => "/vendor-login/gst/export", role: "customer", params: ["month"] },
  { file: "routes/resources/upload.ts", path: (w) => `/uploads/${w.uploadName}`, role: "anon", params: ["w"] },
  { file: "routes/resources/upload.ts", path: (w) => `/uploads/${w.uploadName.replace(".webp", "-400.webp")}`, role: "anon", params: [] },
  { file: "routes/resources/upload.ts", path: () => "/uploads/..%2F..%2Fpackage.json", role: "anon", params: [] },
  { file: "routes/resources/upload.ts", path: () => "/uploads/%00.webp", role: "anon", params: [] },
  { file: "routes/resources/upload.ts", path: () => `/uploads/${"a".repeat(40)}.webp`, role: "anon", params: [] },
  { file: "routes/resources/healthz.ts", path: () => "/healthz", role: "anon", params: [] },
  { file: "routes/resources/readyz.ts", path: () => "/readyz", role: "anon", params: [] },
  { file: "routes/resources/language.ts", path: () => "/language", role: "anon", params: ["to", "next"] },
  { file: "routes/resources/language.ts", path: () => "/language", role: "customer", params: ["to", "next"] },
  { file: "routes/account/auth.ts", path: () => "/account/auth", role: "anon", params: ["intent"] },
  { file: "routes/account/account.tsx", path: () => "/account", role: "customer", params: [] },
  { file: "routes/account/addresses.tsx", path: () => "/account/addresses", role: "customer", params: ["edit"] },
  { file: "routes/account/wishlist.tsx", path: () => "/account/wishlist", role: "customer", params: [] },
  { file: "routes/account/mobile-auth.ts", path: () => "/account/mobile-auth", role: "anon", params: ["intent"] },
  { file: "routes/account/set-password.tsx", path: () => "/account/set-password", role: "customer", params: [] },
  { file: "routes/account/forgot-password.tsx", path: () => "/forgot-password", role: "anon", params: [] },
  { file: "routes/account/reset-password.tsx", path: () => "/reset-password", role: "anon", params: ["token"] },
  { file: "routes/account/verify-email.tsx", path: () => "/verify-email", role: "anon", params: ["token"] },
  { file: "routes/account/verification.ts", path: () => "/account/verification", role: "customer", params: ["redirectTo"] },
  { file: "routes/account/logout.ts", path: () => "/logout", role: "anon", params: ["redirectTo"] },
  { file: "routes/resources/cart-quote.ts", path: () => "/resources/cart-quote", role: "anon", params: ["ids"] },
  {
    file: "routes/resources/cart-offers.ts",
    path: () => "/resources/cart-offers",
    role: "anon",
    params: ["lines", "coupon", "state", "pin"],
  },
  {
    file: "routes/resources/cart-offers.ts",
    path: () => "/resources/cart-offers",
    role: "customer",
    params: ["lines", "coupon", "state", "pin"],
  },
  { file: "routes/resources/delivery.ts", path: () => "/resources/delivery", role: "anon", params: ["pin"] },
  // Tax documents (issue 14): a guessed or hostile id is the same 404 as another's document.
  { file: "routes/resources/tax-document.ts", path: () => "/documents/abcdef123456", role: "customer", params: [] },
  { file: "routes/resources/tax-document.ts", path: () => "/documents/%00%27%22", role: "vendor", params: [] },
  { file: "routes/resources/tax-document.ts", path: () => "/documents/abcdef123456", role: "anon", params: [] },
  { file: "routes/resources/webhook-razorpay.ts", path: () => "/webhooks/razorpay", role: "anon", params: [] },
  { file: "routes/resources/webhook-stripe.ts", path: () => "/webhooks/stripe", role: "anon", params: [] },
  { file: "routes/resources/razorpay-callback.ts", path: () => "/payments/razorpay/callback", role: "anon", params: [] },
  { file: "routes/resources/stripe-return.ts", path: () => "/payments/stripe/return", role: "customer", params: ["session_id"] },
  // Better Auth's own HTTP API is not routed (docs/decisions/009-request-policy.md): its old paths are not-found pages.
  { file: "routes/store/not-found.tsx", path: () => "/api/auth/get-session", role: "customer", params: ["disableCookieCache"] },
  { file: "routes/store/not-found.tsx", path: () => "/api/auth/admin/list-users", role: "admin", params: ["limit", "searchValue"] },
  { file: "routes/store/not-found.tsx", path: () => "/api/auth/%2e%2e/%2e%2e/healthz", role: "anon", params: [] },
];

/** Hostile values some parameters deserve besides the general ones. */
export const PARAM_VALUES: Record<string, fc.Arbitrary<string>> = {
  ids: fc
    .array(
      fc.oneof(
        hostileText.filter((s) => s.length < 200),
        fc.constant("eoczqk4sbbk5"),
      ),
      { maxLength: 80 },
    )
    .map((a) => a.join(",")),
  page: fc.constantFrom("-1", "0", "1.5", "1e309", "99999999", "NaN", "0x10", "2"),
  sort: fc.constantFrom("price-low", "price-high", "rating", "name", "__proto__", "rating desc; --"),
  category: fc.constantFrom("seeds", "equipment", "tools", "fertilizers", "all", "__proto__"),
  status: fc.constantFrom("pending", "cancelled", "all", "toString"),
  // Cursors: well-formed ones of the wrong shape, broken base64, huge, and a NUL inside the JSON.
  cursor: fc.constantFrom("WyIyMDI2IiwiYSJd", "WzEsMl0", "W251bGwsbnVsbF0", "!!!", "A".repeat(3000), "WyJhIiwiYgAiXQ", "e30", ""),
  queueCursor: fc.constantFrom("WyIyMDI2IiwiYSJd", "WzEsMl0", "!!!", "A".repeat(3000), ""),
  reviewsCursor: fc.constantFrom("WyIyMDI2IiwiYSJd", "WzEsMl0", "!!!", "A".repeat(3000), "WyJhIiwiYgAiXQ", ""),
  reviewsDir: fc.constantFrom("prev", "next", ""),
  dir: fc.constantFrom("prev", "next", "PREV", ""),
  token: fc.constantFrom("", "x".repeat(5000), "reset-password:x", "%00", "a b", "nosuchtoken"),
  queueDir: fc.constantFrom("prev", "next", ""),
  from: fc.constantFrom("2026-01-01", "2026-02-30", "1900-01-01", "9999-12-31", "2026-1-1", "", "0000-00-00"),
  to: fc.constantFrom("2026-12-31", "2025-01-01", "+275760-09-13", "2026-13-01", ""),
  upload: fc.constantFrom("", "a".repeat(32), "%00", "A".repeat(5000), "../x", "nosuchupload"),
  month: fc.constantFrom("2026-11", "2026-13", "2017-06", "0000-00", "+275760-09", "2026-1", "", "9999-12", "2026-11-01"),
  seller: fc.constantFrom("store", "", "__proto__", "constructor", "admin", "A".repeat(3000)),
  // Packing slips: slips or labels, of one order or of a day's orders.
  kind: fc.constantFrom("slip", "label", "", "__proto__", "SLIP"),
  order: fc.constantFrom("", "eoczqk4sbbk5", "A".repeat(3000), "../x"),
  day: fc.constantFrom("2026-11-30", "2026-02-30", "", "9999-12-31", "+275760-09-13", "0000-00-00", "2026-11-30T00:00"),
};

/** The i-th element of a non-empty list, going round. */
function cycle<T>(list: readonly T[], i: number): T {
  return defined(list[i % list.length], "an element of a non-empty list");
}

/** The route modules app/routes.ts names, from the file (no import: it needs React Router's Vite context). */
export function routeModules(appDir: string): string[] {
  const source = readFileSync(join(appDir, "routes.ts"), "utf8");
  return [...new Set([...source.matchAll(/"(routes\/[^"]+\.tsx?)"/g)].map((m) => defined(m[1], "a route module")))];
}

/** Every module under app/routes, whether routes.ts names it or not. */
export function routeFilesOnDisk(appDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|server)\.tsx?$/.test(entry.name)) out.push(relative(appDir, full));
    }
  };
  walk(join(appDir, "routes"));
  return out.sort();
}

export function exportsAction(source: string) {
  return /export\s+(async\s+)?function\s+action\b|export\s+(const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(source);
}

/** A resource route: it answers requests itself, with no page (no default export). */
export function isResourceRoute(source: string) {
  return !/export\s+default\b/.test(source);
}

/**
 * The pages and resource routes in areas of about equal size, each fuzzed by a test of its own
 * (tests/integration/fuzz-targets.test.ts checks that every GET target is in exactly one).
 */
export const GET_AREAS = {
  storefront: /^routes\/(store|account)\//,
  staff: /^routes\/(admin|agent)\//,
  "vendor and resources": /^routes\/(vendor-login|resources)\//,
} as const;
export type GetArea = keyof typeof GET_AREAS;
