import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct, queuedEmails, restoreEnv, setEnv } from "../../../../tests/factories";
import { eventsOf, orderRow, stockOf } from "../../../../tests/paid-orders";
import { OrderPayment } from "~/features/payments/ui/order-payment";
import { OrderCardProgress } from "~/features/orders/ui/order-card-progress";
import { OrderHeading } from "~/features/orders/ui/order-heading";
import { getDb } from "~/platform/db/db.server";
import { transferDeadline } from "~/features/payments/domain/bank-transfer";
import { formatDate } from "~/platform/core/dates";
import type { Locale } from "~/platform/i18n/locale-core";
import { parseEnv } from "~/platform/env.server";
import { uiMessages, withLocale } from "~/platform/i18n/i18n.server";
import { cancelOrder } from "~/features/orders/server/cancel-order.server";
import { getOrderForAdmin } from "~/features/orders/server/admin-orders.server";
import { markTransferPaid, TransferRefused } from "~/features/orders/server/mark-transfer-paid.server";
import { listOrderProgress } from "~/features/orders/server/order-progress.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { savePaymentMethod } from "~/features/settings/server/payment-settings.server";
import { expireUnpaidOrder, sweepPayments } from "./payment-sweep.server";
import { formatOrderId } from "~/platform/core/order-id";

/**
 * A bank-transfer order holds its stock until the transfer is recorded, so it has a deadline
 * (BANK_TRANSFER_DAYS, docs/decisions/031-unpaid-holds.md): the customer is told it, and the
 * payment sweep cancels the order once it passes, giving its stock back once.
 */
afterEach(restoreEnv);

async function transferOrder(quantity = 3, stock = 10) {
  const customer = await createCustomer({ name: "Ravi Kumar" });
  const product = await createProduct({ pricePaise: 120_000, stock });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity }], { paymentMethod: "bank_transfer" }));
  const dueAt = (await orderRow(orderId)).payment_due_at ?? "";
  return { orderId, customer, product, dueAt, after: new Date(Date.parse(dueAt) + 1) };
}

const cancelEvents = async (orderId: string) => (await eventsOf(orderId)).filter((e) => e.status === "cancelled");

/** Server-rendered markup of a component under the storefront's strings in `locale`. */
function render(element: ReactElement, locale: Locale = "en") {
  const Stub = createRoutesStub([{ id: "root", path: "/", children: [{ path: "orders/*", Component: () => element }] }]);
  const hydrationData = { loaderData: { root: { locale, ui: uiMessages(locale) } } };
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/orders/x"], hydrationData })).replace(/&#x27;/g, "'");
}

describe("finding: one customer can hold the whole catalogue by bank transfer, with no hold that ends on its own", () => {
  it("a bank-transfer order not paid by its deadline is cancelled by the payment sweep, its stock restored once and the customer emailed", async () => {
    const { orderId, product, dueAt, after } = await transferOrder(3, 10);
    expect(await stockOf(product.id)).toBe(7);
    expect(dueAt).not.toBe("");

    // Before the deadline the sweep leaves it alone.
    await sweepPayments(new Date(Date.parse(dueAt) - 60_000));
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", payment_status: "bank_transfer_pending" });
    expect(await stockOf(product.id)).toBe(7);

    expect((await sweepPayments(after)).expired).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", payment_status: "voided", payment_due_at: null });
    expect(await stockOf(product.id)).toBe(10);
    const [event, ...more] = await cancelEvents(orderId);
    expect(more).toEqual([]);
    expect(event?.note).toMatch(/^No bank transfer recorded by \d{1,2} [A-Z][a-z]+ \d{4}: cancelled and its stock released$/);
    const emails = await queuedEmails(`order-status:${orderId}:cancelled`);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.email.text).toContain(`Hello Ravi Kumar, your order #${formatOrderId(orderId)} is now Cancelled.`);

    // Sweeping again, or asking for this order again, changes nothing.
    expect((await sweepPayments(new Date(after.getTime() + 86_400_000))).expired).toBe(0);
    expect(await expireUnpaidOrder(orderId, after)).toBe(false);
    expect(await stockOf(product.id)).toBe(10);
    expect(await cancelEvents(orderId)).toHaveLength(1);
  });

  it("two payment sweeps racing past the deadline cancel the order and restore its stock once", async () => {
    const orders = await Promise.all([transferOrder(4, 10), transferOrder(2, 10), transferOrder(5, 10)]);
    const after = new Date(Math.max(...orders.map((o) => o.after.getTime())));
    const rounds = await Promise.all([sweepPayments(after), sweepPayments(after), sweepPayments(after)]);
    expect(rounds.reduce((sum, r) => sum + r.expired, 0)).toBe(3);
    for (const { orderId, product } of orders) {
      expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", payment_status: "voided" });
      expect(await stockOf(product.id)).toBe(10);
      expect(await cancelEvents(orderId)).toHaveLength(1);
      expect(await queuedEmails(`order-status:${orderId}:cancelled`)).toHaveLength(1);
    }
  });

  it("a transfer recorded before the deadline confirms the order and the sweep leaves it; a cancelled order's transfer is refused and not offered", async () => {
    const admin = await createCustomer({ role: "admin" });
    const paid = await transferOrder(3, 10);
    expect(await markTransferPaid({ orderId: paid.orderId, reference: "UTR0001112223", actorId: admin.id })).toEqual({ confirmed: true });
    expect((await sweepPayments(paid.after)).expired).toBe(0);
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "confirmed", payment_status: "paid", payment_due_at: null });
    expect(await stockOf(paid.product.id)).toBe(7);

    // Past the deadline but before the sweep came by, the money is there: it still confirms.
    const late = await transferOrder(1, 10);
    const past = new Date(Date.now() - 1000).toISOString();
    await getDb().updateTable("orders").set({ payment_due_at: past }).where("id", "=", late.orderId).execute();
    expect(await markTransferPaid({ orderId: late.orderId, reference: "UTR0001112224", actorId: admin.id })).toEqual({ confirmed: true });

    // Cancelled by the sweep: the transfer cannot be recorded, and the admin's page does not offer it.
    const expired = await transferOrder(2, 10);
    await sweepPayments(expired.after);
    const refused = await markTransferPaid({ orderId: expired.orderId, reference: "UTR0001112225", actorId: admin.id }).catch((e) => e);
    expect(refused).toBeInstanceOf(TransferRefused);
    expect(refused.message).toBe("This order was cancelled: record the money as a refund to the customer instead.");
    expect(await orderRow(expired.orderId)).toMatchObject({ status: "cancelled", payment_status: "voided", paid_paise: 0 });
    expect(await stockOf(expired.product.id)).toBe(10);

    // Cancelled by the customer, the transfer never recorded: the form is not offered either.
    const dropped = await transferOrder(1, 10);
    await cancelOrder({ orderId: dropped.orderId, actor: { role: "customer", id: dropped.customer.id } });
    for (const { orderId } of [expired, dropped]) {
      const order = await getOrderForAdmin(orderId);
      if (!order) throw new Error("order missing");
      const html = render(
        createElement(OrderPayment, {
          payment: order.payment,
          orderStatus: order.status,
          paymentMethod: order.paymentMethod,
          methodLabel: "Bank Transfer",
          totalPaise: order.totalPaise,
          busy: false,
        }),
      );
      expect(html).not.toContain("Mark as Paid");
      expect(html).not.toContain('name="reference"');
      expect(html).toContain("If the customer's money arrives now, send it back to them by UPI or bank transfer");
    }
    // A pending one shows the form with its deadline.
    const waiting = await transferOrder(1, 10);
    const order = await getOrderForAdmin(waiting.orderId);
    if (!order) throw new Error("order missing");
    const form = render(
      createElement(OrderPayment, {
        payment: order.payment,
        orderStatus: order.status,
        paymentMethod: order.paymentMethod,
        methodLabel: "Bank Transfer",
        totalPaise: order.totalPaise,
        busy: false,
      }),
    );
    expect(form).toContain("Mark as Paid");
    expect(form).not.toContain("send it back");
    expect(form).toMatch(/Cancelled automatically, and its stock released, if no transfer is recorded by \d{1,2} [A-Z][a-z]+ \d{4}\./);
  });

  it("recording the transfer and the sweep racing at the deadline: one of them wins, never both", async () => {
    const admin = await createCustomer({ role: "admin" });
    for (let i = 0; i < 4; i++) {
      const { orderId, product, after } = await transferOrder(2, 10);
      const [recorded, swept] = await Promise.allSettled([
        markTransferPaid({ orderId, reference: `UTR000111222${i}`, actorId: admin.id }),
        expireUnpaidOrder(orderId, after),
      ]);
      const row = await orderRow(orderId);
      if (recorded.status === "fulfilled") {
        expect(swept).toEqual({ status: "fulfilled", value: false });
        expect(row).toMatchObject({ status: "confirmed", payment_status: "paid" });
        expect(await stockOf(product.id)).toBe(8);
      } else {
        expect(recorded.reason).toBeInstanceOf(TransferRefused);
        expect(swept).toEqual({ status: "fulfilled", value: true });
        expect(row).toMatchObject({ status: "cancelled", payment_status: "voided", paid_paise: 0 });
        expect(await stockOf(product.id)).toBe(10);
      }
    }
  });

  it("the deadline is BANK_TRANSFER_DAYS (3) India days after placing, to the day's end, shown on the order page, in My Orders and in the order email, in English and Hindi", async () => {
    expect(parseEnv({}).BANK_TRANSFER_DAYS).toBe(3);
    expect(() => parseEnv({ BANK_TRANSFER_DAYS: "0" })).toThrow(/BANK_TRANSFER_DAYS/);
    // 1:30 am on 29 November in India: pay by the end of 2 December, India time.
    expect(transferDeadline("2026-11-28T20:00:00.000Z", 3)).toBe("2026-12-02T18:29:59.999Z");
    expect(transferDeadline("2026-11-28T06:00:00.000Z", 3)).toBe("2026-12-01T18:29:59.999Z");

    setEnv({ BANK_TRANSFER_DAYS: "5" });
    await savePaymentMethod("bankTransfer", {
      enabled: "on",
      instructions: "",
      accountName: "Angle Agri Stores",
      accountNumber: "1234567890",
      bankName: "SBI",
      ifscCode: "SBIN0001234",
    });
    for (const locale of ["en", "hi"] as const) {
      const customer = await createCustomer();
      const product = await createProduct({ stock: 10 });
      const { orderId } = await withLocale(locale, () => placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }])));
      const order = await orderRow(orderId);
      expect(order.payment_due_at).toBe(transferDeadline(order.created_at, 5));
      const date = formatDate(order.payment_due_at ?? "", locale);
      const sentence = locale === "hi" ? `${date} तक भुगतान करें, वरना ऑर्डर रद्द हो जाएगा।` : `Pay by ${date} or the order is cancelled.`;

      const [placed] = await queuedEmails(`order-placed:${orderId}`);
      expect(placed?.email.text).toContain(sentence);
      expect(placed?.email.html).toContain(sentence);

      const progress = (await listOrderProgress(customer.id, [orderId]))[orderId];
      if (!progress) throw new Error("not the customer's order");
      expect(progress.transferDueAt).toBe(order.payment_due_at);
      const view = { id: orderId, status: "pending" as const, createdAt: order.created_at, total: Number(order.total_paise) };
      for (const html of [
        render(createElement(OrderHeading, { order: view, progress }), locale),
        render(createElement(OrderCardProgress, { order: view, progress }), locale),
      ]) {
        expect(html.replace(/<[^>]+>/g, "")).toContain(sentence);
      }

      // Once the transfer is cancelled, no deadline and no bank details are shown.
      await cancelOrder({ orderId, actor: { role: "customer", id: customer.id } });
      const gone = (await listOrderProgress(customer.id, [orderId]))[orderId];
      expect(gone).toMatchObject({ transferDueAt: null, bankTransfer: null });
    }
    // Cash on delivery has no deadline.
    const cod = await placeOrder(
      await createCustomer(),
      checkoutInput([{ productId: (await createProduct({ stock: 5 })).id, quantity: 1 }], { paymentMethod: "cod" }),
    );
    expect((await orderRow(cod.orderId)).payment_due_at).toBeNull();
  });
});
