import { describe, expect, it } from "vitest";
import { describeOrder, type OrderFacts, shownPaymentStatus } from "./order-picture";

const PLACED = "2026-11-02T04:30:00.000Z";
const CONFIRMED = "2026-11-02T06:00:00.000Z";
const SHIPPED = "2026-11-04T09:00:00.000Z";
const DELIVERED = "2026-11-07T11:00:00.000Z";
const CANCELLED = "2026-11-03T08:00:00.000Z";

const facts = (over: Partial<OrderFacts>): OrderFacts => ({
  status: "pending",
  paymentMethod: "cod",
  paymentStatus: "cod",
  paidPaise: 0,
  refundedPaise: 0,
  strays: [],
  events: [{ status: "pending", createdAt: PLACED }],
  ...over,
});

/** The timeline as "key✓" (done) / "key>" (where the order is now) / "key" (ahead). */
const steps = (f: OrderFacts) =>
  describeOrder(f)
    .timeline?.map((s) => `${s.key}${s.done ? "✓" : s.current ? ">" : ""}`)
    .join(" ") ?? "cancelled";

describe("what an order page says, from one table", () => {
  // status, method, payment status, paid, refunded, strays → headline, note, order badge, payment badge, timeline
  const table: [string, Partial<OrderFacts>, string, string | null, string, string, string][] = [
    [
      "UPI order awaiting its payment",
      { paymentMethod: "upi", paymentStatus: "awaiting_payment" },
      "awaiting_payment",
      "confirm_after_payment",
      "pending",
      "awaiting_payment",
      "payment> confirmed processing shipped delivered",
    ],
    [
      "card order whose payment failed",
      { paymentMethod: "card", paymentStatus: "failed" },
      "awaiting_payment",
      "confirm_after_payment",
      "pending",
      "failed",
      "payment> confirmed processing shipped delivered",
    ],
    [
      "bank transfer still to arrive",
      { paymentMethod: "bank_transfer", paymentStatus: "bank_transfer_pending" },
      "awaiting_payment",
      "confirm_after_payment",
      "pending",
      "bank_transfer_pending",
      "payment> confirmed processing shipped delivered",
    ],
    [
      "new cash-on-delivery order (spec: pending, and Order Confirmed shows)",
      {},
      "placed",
      "pending_check",
      "pending",
      "cod",
      "confirmed✓ processing> shipped delivered",
    ],
    [
      "UPI order paid, so confirmed",
      { status: "confirmed", paymentMethod: "upi", paymentStatus: "paid", paidPaise: 1000 },
      "confirmed",
      null,
      "confirmed",
      "paid",
      "payment✓ confirmed✓ processing✓ shipped> delivered",
    ],
    [
      "cash-on-delivery order shipped",
      { status: "shipped" },
      "shipped",
      null,
      "shipped",
      "cod",
      "confirmed✓ processing✓ shipped✓ delivered>",
    ],
    [
      "cash-on-delivery order delivered",
      { status: "delivered" },
      "delivered",
      null,
      "delivered",
      "cod",
      "confirmed✓ processing✓ shipped✓ delivered✓",
    ],
    [
      "UPI order delivered, part of it returned and refunded",
      { status: "delivered", paymentMethod: "upi", paymentStatus: "partly_refunded", paidPaise: 1000, refundedPaise: 400 },
      "delivered",
      null,
      "delivered",
      "partly_refunded",
      "payment✓ confirmed✓ processing✓ shipped✓ delivered✓",
    ],
    [
      "UPI order delivered, all of it returned and refunded",
      { status: "delivered", paymentMethod: "upi", paymentStatus: "refunded", paidPaise: 1000, refundedPaise: 1000 },
      "refunded",
      null,
      "delivered",
      "refunded",
      "payment✓ confirmed✓ processing✓ shipped✓ delivered✓",
    ],
    [
      "paid order cancelled and refunded",
      { status: "cancelled", paymentMethod: "upi", paymentStatus: "refunded", paidPaise: 1000, refundedPaise: 1000 },
      "cancelled",
      null,
      "cancelled",
      "refunded",
      "cancelled",
    ],
    [
      "cash-on-delivery order cancelled: no cash will be collected",
      { status: "cancelled" },
      "cancelled",
      null,
      "cancelled",
      "voided",
      "cancelled",
    ],
    [
      "bank transfer order cancelled before its transfer came",
      { status: "cancelled", paymentMethod: "bank_transfer", paymentStatus: "bank_transfer_pending" },
      "cancelled",
      null,
      "cancelled",
      "voided",
      "cancelled",
    ],
    [
      "UPI order expired unpaid",
      { status: "cancelled", paymentMethod: "upi", paymentStatus: "voided" },
      "cancelled",
      null,
      "cancelled",
      "voided",
      "cancelled",
    ],
    [
      "late payment after the order expired, being refunded",
      {
        status: "cancelled",
        paymentMethod: "upi",
        paymentStatus: "voided",
        paidPaise: 1000,
        strays: [{ reason: "late_payment", state: "refunding", amountPaise: 1000 }],
      },
      "cancelled",
      null,
      "cancelled",
      "voided",
      "cancelled",
    ],
    [
      "late payment after the order expired, refunded",
      {
        status: "cancelled",
        paymentMethod: "upi",
        paymentStatus: "refunded",
        paidPaise: 1000,
        refundedPaise: 1000,
        strays: [{ reason: "late_payment", state: "refunded", amountPaise: 1000 }],
      },
      "cancelled",
      null,
      "cancelled",
      "refunded",
      "cancelled",
    ],
    [
      "a second payment of a paid order, refunded: the order is still paid",
      {
        status: "confirmed",
        paymentMethod: "upi",
        paymentStatus: "paid",
        paidPaise: 2000,
        refundedPaise: 1000,
        strays: [{ reason: "second_payment", state: "refunded", amountPaise: 1000 }],
      },
      "confirmed",
      null,
      "confirmed",
      "paid",
      "payment✓ confirmed✓ processing✓ shipped> delivered",
    ],
  ];

  it.each(table)("%s", (_name, over, headline, note, orderBadge, paymentBadge, timeline) => {
    const f = facts(over);
    const picture = describeOrder(f);
    expect([picture.headline, picture.note, picture.orderBadge, picture.paymentBadge, steps(f)]).toEqual([
      headline,
      note,
      orderBadge,
      paymentBadge,
      timeline,
    ]);
  });

  it("an order waiting for its payment never ticks Order Confirmed, and a pending one is never headed as delivered or cancelled", () => {
    for (const [, over] of table) {
      const picture = describeOrder(facts(over));
      const confirmed = picture.timeline?.find((s) => s.key === "confirmed");
      if (picture.headline === "awaiting_payment") expect(confirmed?.done).toBe(false);
      if (picture.paymentBadge === "paid" || picture.paymentBadge === "partly_refunded") expect(picture.headline).not.toBe("cancelled");
    }
  });

  it("a late payment that went back never reads as paid, whatever the order's payment status says", () => {
    const late = facts({
      status: "cancelled",
      paymentMethod: "upi",
      paymentStatus: "paid",
      paidPaise: 1000,
      refundedPaise: 1000,
      strays: [{ reason: "late_payment", state: "refunded", amountPaise: 1000 }],
    });
    expect(shownPaymentStatus(late)).toBe("refunded");
    expect(
      shownPaymentStatus({ ...late, refundedPaise: 0, strays: [{ reason: "late_payment", state: "refunding", amountPaise: 1000 }] }),
    ).toBe("voided");
  });

  it("dates the steps and the headline from the history", () => {
    const events = [
      { status: "pending" as const, createdAt: PLACED },
      { status: "confirmed" as const, createdAt: CONFIRMED },
      { status: "shipped" as const, createdAt: SHIPPED },
      { status: "delivered" as const, createdAt: DELIVERED },
    ];
    const upi = describeOrder(facts({ status: "delivered", paymentMethod: "upi", paymentStatus: "paid", paidPaise: 1000, events }));
    expect(upi.headlineAt).toBe(DELIVERED);
    expect(upi.timeline?.map((s) => s.at)).toEqual([CONFIRMED, CONFIRMED, CONFIRMED, SHIPPED, DELIVERED]);
    const cod = describeOrder(facts({ events: events.slice(0, 1) }));
    expect(cod.timeline?.map((s) => s.at)).toEqual([PLACED, null, null, null]);
    const cancelled = describeOrder(
      facts({ status: "cancelled", events: [...events.slice(0, 1), { status: "cancelled", createdAt: CANCELLED }] }),
    );
    expect(cancelled.headlineAt).toBe(CANCELLED);
  });
});
