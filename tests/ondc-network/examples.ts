import type { OndcContext, OndcMessage } from "./buyer-app.ts";

/*
 * Valid AGR10 callbacks written for these tests (a made-up seller, Kisan Seva Kendra in Bengaluru, selling a
 * bag of paddy seed and a bottle of neem oil), shaped by what schemas.ts requires. `exampleCallback(action,
 * call)` answers a call the buyer app sent: same transaction and message ids, the seller's bpp_id and bpp_uri.
 * Tests break them one field at a time.
 */

export const EXAMPLE_SELLER = { id: "kisan-seva.ondc.test", uri: "https://kisan-seva.ondc.test/ondc" };
const NOW = "2026-11-30T10:00:00.000Z";
/** When the courier took the parcel, before the order's last update (NOW). */
const PICKED_UP = "2026-11-30T09:30:00.000Z";
const LATER = "2026-12-02T18:00:00.000Z";

/** What the buyer selects, inits and confirms: 2 bags of seed and 1 bottle of neem oil. */
export const EXAMPLE_ITEMS = [
  { id: "seed-ir64-10kg", quantity: { count: 2 }, fulfillment_id: "F1" },
  { id: "neem-oil-1l", quantity: { count: 1 }, fulfillment_id: "F1" },
];

const address = {
  name: "Ramesh Gowda",
  building: "12, 2nd Cross",
  locality: "Jayanagar",
  city: "Bengaluru",
  state: "Karnataka",
  country: "IND",
  area_code: "560041",
};
const billing = { name: "Ramesh Gowda", address, phone: "9876543210", email: "ramesh@example.com", created_at: NOW, updated_at: NOW };
const price = (value: string) => ({ currency: "INR", value });

/** 2 × ₹850.00 + ₹420.50 + ₹40.00 delivery = ₹2,160.50; GST is in the prices. */
export function exampleQuote(stage: "select" | "order" = "order") {
  return {
    price: price("2160.50"),
    breakup: [
      {
        "@ondc/org/item_id": "seed-ir64-10kg",
        "@ondc/org/item_quantity": { count: 2 },
        title: "Paddy seed IR-64, 10 kg",
        "@ondc/org/title_type": "item",
        price: price("1700.00"),
        item: {
          price: price("850.00"),
          // Stock is on_select's news only.
          ...(stage === "select" ? { quantity: { available: { count: "99" }, maximum: { count: "10" } } } : {}),
        },
      },
      {
        "@ondc/org/item_id": "neem-oil-1l",
        "@ondc/org/item_quantity": { count: 1 },
        title: "Neem oil, 1 litre",
        "@ondc/org/title_type": "item",
        price: price("420.50"),
        item: { price: price("420.50") },
      },
      { "@ondc/org/item_id": "seed-ir64-10kg", title: "Tax", "@ondc/org/title_type": "tax", price: price("0.00") },
      { "@ondc/org/item_id": "F1", title: "Delivery charges", "@ondc/org/title_type": "delivery", price: price("40.00") },
    ],
    ttl: "P1D",
  };
}

const provider = { id: "kisan-seva", locations: [{ id: "kisan-seva-jayanagar" }] };
/** Order to delivery; longer than the items' time to ship (PT48H), as the utility wants the two told apart. */
const TAT = "P3D";
/** The buyer app's terms, which the seller echoes in on_confirm. */
const bapTerms = { code: "bap_terms", list: [{ code: "tax_number", value: "29AAAAA0000A1Z5" }] };
const terms = [
  {
    code: "bpp_terms",
    list: [
      { code: "tax_number", value: "29ABCDE1234F1Z5" },
      { code: "provider_tax_number", value: "ABCDE1234F" },
      { code: "np_type", value: "ISN" },
    ],
  },
];

const start = {
  location: {
    id: "kisan-seva-jayanagar",
    descriptor: { name: "Kisan Seva Kendra" },
    gps: "12.925,77.593",
    address: { locality: "Jayanagar", city: "Bengaluru", area_code: "560041", state: "Karnataka" },
  },
  contact: { phone: "8012345678", email: "orders@kisan-seva.example" },
};
const end = {
  location: { gps: "12.930,77.585", address: { ...address } },
  person: { name: "Ramesh Gowda" },
  contact: { phone: "9876543210" },
};
const range = { range: { start: NOW, end: LATER } };

function delivery(state: string) {
  return {
    id: "F1",
    "@ondc/org/provider_name": "Kisan Seva Kendra",
    type: "Delivery",
    tracking: false,
    "@ondc/org/TAT": TAT,
    state: { descriptor: { code: state } },
    start: { ...start, time: range },
    end: { ...end, time: range },
  };
}

function payment(paid: boolean) {
  return {
    params: { currency: "INR", amount: "2160.50", ...(paid ? { transaction_id: "pay-7f3a9c" } : {}) },
    status: paid ? "PAID" : "NOT-PAID",
    type: paid ? "ON-ORDER" : "ON-FULFILLMENT",
    collected_by: paid ? "BAP" : "BPP",
    "@ondc/org/buyer_app_finder_fee_type": "percent",
    "@ondc/org/buyer_app_finder_fee_amount": "3",
    "@ondc/org/settlement_basis": "delivery",
    "@ondc/org/settlement_window": "P1D",
    "@ondc/org/withholding_amount": "0.00",
    "@ondc/org/settlement_details": [settlement],
  };
}
const settlement = {
  settlement_counterparty: "seller-app",
  settlement_phase: "sale-amount",
  settlement_type: "upi",
  upi_address: "kisanseva@upi",
};

function placedOrder(state: string, fulfillmentState: string) {
  return {
    id: "ANG-2026-000123",
    state,
    provider,
    items: EXAMPLE_ITEMS,
    billing,
    fulfillments: [delivery(fulfillmentState)],
    quote: exampleQuote(),
    payment: payment(false),
    created_at: NOW,
    updated_at: NOW,
  };
}

function catalogItem(id: string, name: string, value: string, mrp: string, category: string) {
  return {
    id,
    time: { label: "enable", timestamp: NOW },
    descriptor: {
      name,
      code: `1:${id === "neem-oil-1l" ? "8901234567894" : "8901234567887"}`,
      symbol: `https://kisan-seva.example/images/${id}.webp`,
      short_desc: name,
      long_desc: `${name}, sold by Kisan Seva Kendra`,
      images: [`https://kisan-seva.example/images/${id}.webp`],
    },
    quantity: {
      unitized: { measure: { unit: id.includes("oil") ? "litre" : "kilogram", value: id.includes("oil") ? "1" : "10" } },
      available: { count: "99" },
      maximum: { count: "10" },
    },
    price: { currency: "INR", value, maximum_value: mrp },
    category_id: category,
    fulfillment_id: "F1",
    location_id: "kisan-seva-jayanagar",
    "@ondc/org/returnable": false,
    "@ondc/org/cancellable": true,
    "@ondc/org/return_window": "P7D",
    "@ondc/org/seller_pickup_return": false,
    "@ondc/org/time_to_ship": "PT48H",
    "@ondc/org/available_on_cod": true,
    "@ondc/org/contact_details_consumer_care": "Kisan Seva Kendra, orders@kisan-seva.example, 8012345678",
    tags: [
      { code: "origin", list: [{ code: "country", value: "IND" }] },
      { code: "attribute", list: [{ code: "brand", value: "Kisan Seva" }] },
    ],
  };
}

/** The message of a valid callback for each action. */
const MESSAGES: Record<string, () => Record<string, unknown>> = {
  on_search: () => ({
    catalog: {
      "bpp/fulfillments": [{ id: "F1", type: "Delivery" }],
      "bpp/descriptor": {
        name: "Kisan Seva Kendra",
        short_desc: "Seeds and crop care",
        long_desc: "Seeds, fertilisers and crop care for Karnataka's farmers",
        tags: [{ code: "bpp_terms", list: [{ code: "np_type", value: "ISN" }] }],
      },
      "bpp/providers": [
        {
          id: "kisan-seva",
          time: { label: "enable", timestamp: NOW },
          fulfillments: [{ id: "F1", type: "Delivery", contact: { phone: "8012345678", email: "orders@kisan-seva.example" } }],
          descriptor: {
            name: "Kisan Seva Kendra",
            symbol: "https://kisan-seva.example/logo.webp",
            short_desc: "Seeds and crop care",
            long_desc: "Seeds, fertilisers and crop care",
            images: ["https://kisan-seva.example/logo.webp"],
          },
          ttl: "P1D",
          locations: [
            {
              id: "kisan-seva-jayanagar",
              time: {
                label: "enable",
                timestamp: NOW,
                days: "1,2,3,4,5,6",
                schedule: { holidays: ["2026-12-25"] },
                range: { start: "0900", end: "1900" },
              },
              gps: "12.925,77.593",
              address: { locality: "Jayanagar", street: "11th Main", city: "Bengaluru", area_code: "560041", state: "Karnataka" },
            },
          ],
          items: [
            catalogItem("seed-ir64-10kg", "Paddy seed IR-64, 10 kg", "850.00", "900.00", "Seed"),
            catalogItem("neem-oil-1l", "Neem oil, 1 litre", "420.50", "450.00", "Organic Crop Protection"),
          ],
          categories: [
            {
              id: "VG-seed-pack",
              descriptor: { name: "Pack size" },
              tags: [
                { code: "type", list: [{ code: "type", value: "variant_group" }] },
                {
                  code: "attr",
                  list: [
                    { code: "name", value: "item.quantity.unitized.measure" },
                    { code: "seq", value: "1" },
                  ],
                },
              ],
            },
          ],
          tags: [
            ...["Seed", "Organic Crop Protection"].map((category) => ({
              code: "serviceability",
              list: [
                { code: "location", value: "kisan-seva-jayanagar" },
                { code: "category", value: category },
                { code: "type", value: "12" },
                { code: "val", value: "IND" },
                { code: "unit", value: "country" },
              ],
            })),
            {
              code: "timing",
              list: [
                { code: "type", value: "All" },
                { code: "location", value: "kisan-seva-jayanagar" },
                { code: "day_from", value: "1" },
                { code: "day_to", value: "6" },
                { code: "time_from", value: "0900" },
                { code: "time_to", value: "1900" },
              ],
            },
          ],
        },
      ],
    },
  }),
  on_select: () => ({
    order: {
      provider,
      items: EXAMPLE_ITEMS,
      fulfillments: [
        {
          id: "F1",
          type: "Delivery",
          "@ondc/org/provider_name": "Kisan Seva Kendra",
          tracking: false,
          "@ondc/org/category": "Standard Delivery",
          "@ondc/org/TAT": TAT,
          state: { descriptor: { code: "Serviceable" } },
        },
      ],
      quote: exampleQuote("select"),
    },
  }),
  on_init: () => ({
    order: {
      provider,
      items: EXAMPLE_ITEMS,
      billing,
      fulfillments: [{ id: "F1", type: "Delivery", tracking: false, end: { location: end.location, contact: end.contact } }],
      quote: exampleQuote(),
      payment: {
        "@ondc/org/buyer_app_finder_fee_type": "percent",
        "@ondc/org/buyer_app_finder_fee_amount": "3",
        "@ondc/org/settlement_details": [settlement],
      },
      tags: terms,
    },
  }),
  on_confirm: () => ({ order: { ...placedOrder("Accepted", "Pending"), tags: [...terms, bapTerms] } }),
  on_status: () => ({
    order: {
      ...placedOrder("In-progress", "Out-for-delivery"),
      fulfillments: [
        {
          ...delivery("Out-for-delivery"),
          start: { ...start, time: { ...range, timestamp: PICKED_UP } },
          tags: [{ code: "routing", list: [{ code: "type", value: "P2P" }] }],
        },
      ],
      documents: [{ url: "https://kisan-seva.example/invoices/ANG-2026-000123.pdf", label: "Invoice" }],
    },
  }),
  on_track: () => ({
    tracking: {
      id: "F1",
      status: "active",
      url: "https://kisan-seva.example/track/ANG-2026-000123",
      location: { gps: "12.928,77.590", time: { timestamp: NOW }, updated_at: NOW },
      tags: [{ code: "order", list: [{ code: "id", value: "ANG-2026-000123" }] }],
    },
  }),
  on_cancel: () => ({
    order: {
      ...placedOrder("Cancelled", "Cancelled"),
      cancellation: { cancelled_by: "buyer.ondc.test", reason: { id: "001" } },
    },
  }),
  on_update: () => ({ order: { ...placedOrder("Accepted", "Pending"), payment: payment(true) } }),
  on_rating: () => ({ feedback_ack: true, rating_ack: true }),
  on_issue: () => ({ issue: exampleIssue() }),
  on_issue_status: () => ({
    issue: {
      ...exampleIssue("RESOLVED"),
      resolution_provider: {
        respondent_info: {
          type: "TRANSACTION-COUNTERPARTY-NP",
          organization: {
            org: { name: "kisan-seva.ondc.test::ONDC:AGR10" },
            contact: { phone: "8012345678", email: "grievance@kisan-seva.example" },
            person: { name: "Suma Rao" },
          },
          resolution_support: { gros: [{ gro_type: "TRANSACTION-COUNTERPARTY-NP-GRO" }] },
        },
      },
      resolution: { short_desc: "Refunded the damaged bottle", action_triggered: "REFUND", refund_amount: "420.50" },
    },
  }),
};

function exampleIssue(action = "PROCESSING") {
  return {
    id: "6f0c3c5e-2f1a-4b8e-9a51-0d6c2f7b9e11",
    issue_actions: {
      respondent_actions: [
        {
          respondent_action: action,
          short_desc: action === "RESOLVED" ? "Refund made" : "We are looking into it",
          updated_at: NOW,
          updated_by: {
            org: { name: "kisan-seva.ondc.test::ONDC:AGR10" },
            contact: { phone: "8012345678", email: "grievance@kisan-seva.example" },
            person: { name: "Suma Rao" },
          },
        },
      ],
    },
    created_at: NOW,
    updated_at: NOW,
  };
}

/** A valid callback answering `call` (a search, select … sent by the buyer), from `seller`. */
export function exampleCallback(action: string, call: OndcMessage | OndcContext, seller = EXAMPLE_SELLER): OndcMessage {
  const context = "context" in call ? call.context : call;
  const message = MESSAGES[action];
  if (!message) throw new Error(`no example for ${action}`);
  const timestamp = new Date().toISOString();
  // A copy of its own: the examples share their parts, and a test may change any of them.
  const body = structuredClone(message());
  // Confirming updates the order at the moment of the on_confirm.
  if (action === "on_confirm") (body.order as { updated_at: string }).updated_at = timestamp;
  return {
    context: { ...context, action, bpp_id: seller.id, bpp_uri: seller.uri, timestamp, ttl: context.ttl ?? "PT30S" },
    message: body,
  };
}

/** The calls a buyer sends for the example order, each in its own context. */
export function exampleCallMessage(action: string): Record<string, unknown> {
  switch (action) {
    case "search":
      return {
        intent: {
          item: { descriptor: { name: "paddy seed" } },
          fulfillment: { type: "Delivery" },
          payment: { "@ondc/org/buyer_app_finder_fee_type": "percent", "@ondc/org/buyer_app_finder_fee_amount": "3" },
        },
      };
    case "select":
      return {
        order: {
          provider,
          items: EXAMPLE_ITEMS.map(({ id, quantity }) => ({ id, quantity, location_id: "kisan-seva-jayanagar" })),
          fulfillments: [
            { id: "F1", type: "Delivery", end: { location: { gps: end.location.gps, address: { area_code: address.area_code } } } },
          ],
        },
      };
    case "init":
      return {
        order: {
          provider,
          items: EXAMPLE_ITEMS,
          billing,
          fulfillments: [{ id: "F1", type: "Delivery", end }],
          payment: { "@ondc/org/buyer_app_finder_fee_type": "percent", "@ondc/org/buyer_app_finder_fee_amount": "3" },
        },
      };
    case "confirm":
      return { order: { ...placedOrder("Created", "Pending"), tags: [...terms, bapTerms] } };
    default:
      return {};
  }
}
