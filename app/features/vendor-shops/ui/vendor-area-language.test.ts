import { formatOrderId } from "~/platform/core/order-id";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { type GstDocumentRow, type GstReport, summariseGstDocuments } from "~/features/tax/domain/gst-report";
import type { Locale } from "~/platform/i18n/locale-core";
import type { DecidableReturnView } from "~/features/orders/domain/returns";
import { uiMessages } from "~/platform/i18n/i18n.server";
import { GstReportTables } from "../../tax/ui/gst-report-tables";
import { ReturnDecisions } from "../../orders/ui/return-decisions";

/*
 * The vendor area's shared components (the admin panel shows them too) speak the page's language:
 * a Hindi vendor page shows no English words but the store's data and the tax codes, an English
 * page (and the admin panel) the same English as before (issue 16).
 */

/** Server-rendered markup under a layout that sent `locale`'s strings, as the vendor layout does. */
function render(element: ReactElement, locale: Locale) {
  const Stub = createRoutesStub([{ id: "root", path: "/", children: [{ path: "vendor-login/*", Component: () => element }] }]);
  const hydrationData = { loaderData: { root: { locale, ui: uiMessages(locale) } } };
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/vendor-login/gst"], hydrationData }));
}
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
/** Visible text and the names given to assistive technology (aria-label, alt, placeholder). */
function wordsOf(html: string) {
  const labels = [...html.matchAll(/\s(?:aria-label|alt|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  return decode([html.replace(/<[^>]+>/g, " "), ...labels].join(" ")).replace(/\s+/g, " ");
}
/** Latin words left once the data's own strings are taken out. */
function latinWords(html: string, data: readonly string[], allowed: readonly string[]) {
  let rest = wordsOf(html);
  for (const known of data) rest = rest.split(known).join(" ");
  return [...new Set(rest.match(/[A-Za-z][\w-]*/g) ?? [])].filter((w) => !allowed.includes(w));
}

const GSTIN = "27AAPFU0939F1ZV";
const line = {
  description: "Neem cake 5 kg",
  hsn: "3101",
  quantity: 2,
  unit: "kg",
  rate: 5,
  taxable: 100_000,
  cgst: 2_500,
  sgst: 2_500,
  igst: 0,
};
const row = (kind: GstDocumentRow["kind"], number: string, sequence: number, refersTo?: string): GstDocumentRow => ({
  id: number,
  orderId: "ord1",
  kind,
  number,
  financialYear: "2026-27",
  sequence,
  issuedAt: "2026-11-20T06:30:00.000Z",
  placeOfSupply: "27",
  taxable: 100_000,
  cgst: 2_500,
  sgst: 2_500,
  igst: 0,
  total: 105_000,
  snapshot: JSON.stringify({
    seller: { gstin: GSTIN },
    lines: [{ ...line, total: 105_000 }],
    ...(refersTo ? { refersTo: { number: refersTo } } : {}),
  }),
});
// Invoices 1 and 3 (2 is missing from the series), and a credit note for the first.
const report: GstReport = {
  ...summariseGstDocuments(
    [
      row("invoice", "KTS/26-27/000001", 1),
      row("invoice", "KTS/26-27/000003", 3),
      row("credit_note", "KTC/26-27/000001", 1, "KTS/26-27/000001"),
    ],
    "2026-11",
  ),
  month: "2026-11",
  monthLabel: "November 2026",
  seller: "v1",
};
const gstData = [
  "ord1",
  // The order id as a person reads it (formatOrderId): data, not words.
  formatOrderId("ord1"),
  "Kisan Tools",
  "Neem cake 5 kg",
  "Maharashtra",
  GSTIN,
  "KTS/26-27/000001",
  "KTS/26-27/000002",
  "KTS/26-27/000003",
  "KTC/26-27/000001",
];

describe("GstReportTables", () => {
  test("in English: the GSTR-1 tables' words as before", () => {
    const text = wordsOf(render(createElement(GstReportTables, { report, sellerName: "Kisan Tools" }), "en"));
    for (const words of [
      "November 2026 · Kisan Tools · GSTIN 27AAPFU0939F1ZV",
      "Invoices (2)",
      "Credit notes (1)",
      "Net of credit notes",
      "The tables add up: invoices ₹2,100.00 minus credit notes ₹1,050.00 is ₹1,050.00.",
      "B2C supplies by place of supply and rate",
      "GSTR-1 table 12: by HSN (SAC for services such as delivery), rate and unit, net of credit notes.",
      "Every invoice and credit note of the month; the net row takes the credit notes away.",
      "Document series (GSTR-1 table 13)",
      "Credit Note for KTS/26-27/000001",
      "20 Nov 2026",
      "Missing numbers",
    ])
      expect(text).toContain(words);
  });

  test("in Hindi: no English but the data and the names of the tax return and its codes", () => {
    const html = render(createElement(GstReportTables, { report, sellerName: "Kisan Tools" }), "hi");
    expect(wordsOf(html)).toContain("नवंबर 2026 · Kisan Tools · जीएसटीआईएन 27AAPFU0939F1ZV");
    expect(wordsOf(html)).toContain("20 नवंबर 2026");
    expect(latinWords(html, gstData, ["GSTR-1", "B2C", "KGS"])).toEqual([]);
  });

  test("a month without documents says so in the page's language", () => {
    const empty = { ...report, ...summariseGstDocuments([], "2026-11") };
    expect(wordsOf(render(createElement(GstReportTables, { report: empty, sellerName: "Kisan Tools" }), "en"))).toContain(
      "No invoices or credit notes in November 2026.",
    );
    expect(wordsOf(render(createElement(GstReportTables, { report: empty, sellerName: "Kisan Tools" }), "hi"))).toContain(
      "नवंबर 2026 में कोई इनवॉइस या क्रेडिट नोट नहीं है।",
    );
  });
});

describe("ReturnDecisions", () => {
  const base = {
    orderId: "ord1",
    lineId: "l1",
    name: "Neem cake",
    quantity: 2,
    reason: "Bag torn",
    amountPaise: 52_500,
    createdAt: "2026-11-21T06:30:00.000Z",
    decisionNote: null,
    payoutReference: null,
    sealedOnly: false,
  };
  const more = { reasonCode: null, receivedAt: null, restockedQuantity: 0, payoutHint: null, photos: [] };
  const received = { ...more, stage: "received" as const, receivedAt: "2026-11-22T04:30:00.000Z", restockedQuantity: 1 };
  const returns: DecidableReturnView[] = [
    {
      ...base,
      ...more,
      id: "r1",
      status: "requested",
      stage: "requested",
      reasonCode: "damaged",
      payoutHint: "UPI ra••••@okicici",
      decidedAt: null,
      needsPayout: true,
    },
    { ...base, ...received, id: "r2", status: "requested", decidedAt: null, needsPayout: false },
    { ...base, ...received, id: "r2b", status: "requested", payoutHint: "UPI ra••••@okicici", decidedAt: null, needsPayout: true },
    {
      ...base,
      ...more,
      id: "r3",
      status: "approved",
      stage: "refunded",
      decidedAt: "2026-11-22T06:30:00.000Z",
      payoutReference: "UTR123456",
      needsPayout: true,
    },
    { ...base, ...more, id: "r4", status: "approved", stage: "refunded", decidedAt: "2026-11-22T06:30:00.000Z", needsPayout: false },
    {
      ...base,
      ...more,
      id: "r5",
      status: "rejected",
      stage: "rejected",
      decidedAt: "2026-11-22T06:30:00.000Z",
      decisionNote: "Opened bag",
      needsPayout: false,
    },
  ];
  const list = (locale: Locale) => render(createElement(ReturnDecisions, { returns, label: "Returns" }), locale);

  test("in English: the steps of a return (received, then refunded) and their outcomes", () => {
    const text = wordsOf(list("en"));
    for (const words of [
      "Return of 2 × Neem cake · ₹525.00",
      "Asked on 21 November 2026 at 12:00 pm: “Bag torn”",
      "Reason: Arrived damaged or leaking",
      "Refund to: UPI ra••••@okicici",
      "How many can be sold again",
      "Record item received",
      "Received back on 22 November 2026: 1 back in stock.",
      "₹525.00 goes back to the original payment method.",
      "Refund ₹525.00",
      "Our team sends this refund to the customer's UPI or bank account and records it.",
      "Reason for rejecting",
      "Emailed to the customer.",
      "Reject return",
      "Approved on 22 November 2026: ₹525.00 refunded by UPI or bank transfer, reference UTR123456.",
      "Approved on 22 November 2026: ₹525.00 refunded to the original payment method.",
      "Rejected on 22 November 2026: Opened bag",
    ])
      expect(text).toContain(words);
  });

  test("a pesticide's return says an opened one is not resold, and puts back none unless sealed packs are counted in", () => {
    const pesticide = {
      ...base,
      ...more,
      id: "p1",
      status: "requested",
      stage: "requested",
      decidedAt: null,
      needsPayout: false,
      sealedOnly: true,
    };
    const html = render(createElement(ReturnDecisions, { returns: [pesticide] as DecidableReturnView[], label: "Returns" }), "en");
    expect(wordsOf(html)).toContain("An opened pesticide is not resold: put back only sealed packs.");
    expect(html).toMatch(/name="restock"[^>]*value="0"/);
    expect(
      wordsOf(render(createElement(ReturnDecisions, { returns: [pesticide] as DecidableReturnView[], label: "Returns" }), "hi")),
    ).toContain("खोला हुआ कीटनाशक दोबारा नहीं बेचा जाता");
    expect(list("en")).toMatch(/name="restock"[^>]*value="2"/);
  });

  test("in Hindi: no English but the product's name, the customer's and vendor's words and UPI", () => {
    const html = list("hi");
    expect(wordsOf(html)).toContain("22 नवंबर 2026 को मंज़ूर: ₹525.00 UPI या बैंक ट्रांसफ़र से लौटाए गए, रेफ़रेंस नंबर UTR123456।");
    // India's Hindi time format (CLDR hi-IN) writes the time of day as "pm", as the rest of the store shows it.
    expect(
      latinWords(html, ["Neem cake", "Bag torn", "Opened bag", "UTR123456", "Returns", "UPI ra••••@okicici"], ["UPI", "am", "pm"]),
    ).toEqual([]);
  });
});
