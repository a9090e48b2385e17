import { sql } from "kysely";
import { getDatabase, type Db } from "~/db/db.server";
import { MAX_LINE_QUANTITY, mergeCartLines, TOO_MANY_OF_ONE } from "~/domain/cart-limits";
import type { CheckoutInput } from "~/domain/checkout";
import { OPEN_UNPAID_STATUSES, TOO_MANY_OPEN_ORDERS } from "~/domain/orders";
import { computeTotals } from "~/domain/pricing";
import { getEnv } from "~/env.server";
import { newId } from "~/lib/ids";
import { getEmailContext } from "~/services/emails/email-context.server";
import { queueOrderPlacedEmails } from "~/services/emails/queue-order-emails.server";
import { nextVersion } from "~/services/catalog/save-product.server";
import { configuredLimits, hitRateLimit, waitInWords } from "~/services/security/rate-limit.server";

export type Customer = { id: string; name: string; email: string };

export class OrderRefused extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

/**
 * Places an order at the database's prices. In one transaction it checks each product is on sale,
 * takes the stock with a guarded decrement (never below zero), and writes the order, its lines and
 * its first status event; any refusal rolls all of it back. The checkout key makes it idempotent:
 * a repeat with the same key returns the first order.
 *
 * Abuse limits: checkouts per customer and per address (`meta.ip`, when the caller has one) in
 * any 10 minutes, and at most ORDER_MAX_OPEN_UNPAID open unpaid orders per customer, counted in
 * the order's transaction so two checkouts at the limit cannot both pass. A repeat of a placed
 * order is answered before any limit.
 */
export async function placeOrder(
  customer: Customer,
  input: CheckoutInput,
  meta: { ip?: string } = {},
): Promise<{ orderId: string; created: boolean }> {
  const { db, engine } = getDatabase();
  const existing = await findByCheckoutKey(db, customer.id, input.checkoutKey);
  if (existing) return { orderId: existing, created: false };

  // One line per product: the same product twice is one line with the quantities added, and the
  // per-product cap holds for that sum.
  const quantities = new Map(mergeCartLines(input.items).map((l) => [l.productId, l.quantity]));
  if ([...quantities.values()].some((q) => q > MAX_LINE_QUANTITY)) throw new OrderRefused(TOO_MANY_OF_ONE, 400);
  // Lock rows in a fixed order so concurrent orders on PostgreSQL cannot deadlock.
  const productIds = [...quantities.keys()].sort();

  await limitCheckouts(customer.id, meta.ip);
  const maxOpen = getEnv().ORDER_MAX_OPEN_UNPAID;
  const emails = await getEmailContext();

  try {
    return await db.transaction().execute(async (trx) => {
      // PostgreSQL: one customer's checkouts take turns from here (SQLite's writes are serial anyway),
      // so the repeat check and the count of open orders below see every earlier checkout.
      if (engine === "postgres") await trx.selectFrom("user").select("id").where("id", "=", customer.id).forNoKeyUpdate().execute();
      const again = await findByCheckoutKey(trx, customer.id, input.checkoutKey);
      if (again) return { orderId: again, created: false };

      const open = await trx
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", customer.id)
        .where("status", "in", OPEN_UNPAID_STATUSES)
        .executeTakeFirstOrThrow();
      if (Number(open.n) >= maxOpen) throw new OrderRefused(TOO_MANY_OPEN_ORDERS(maxOpen), 409);

      const products = await trx
        .selectFrom("product")
        .select(["id", "name", "price_paise", "stock", "status", "vendor_id", "image"])
        .where("id", "in", productIds)
        .execute();
      const byId = new Map(products.map((p) => [p.id, p]));

      const lines = [];
      for (const productId of productIds) {
        const product = byId.get(productId);
        if (product?.status !== "live") {
          throw new OrderRefused(product ? `${product.name} is no longer available.` : "A product in your cart is no longer available.");
        }
        const quantity = quantities.get(productId) ?? 0;
        const taken = await trx
          .updateTable("product")
          .set({ stock: sql`stock - ${quantity}`, version: nextVersion(), updated_at: new Date().toISOString() })
          .where("id", "=", productId)
          .where("status", "=", "live")
          .where("stock", ">=", quantity)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) {
          const left = await trx.selectFrom("product").select("stock").where("id", "=", productId).executeTakeFirst();
          const stock = Number(left?.stock ?? 0);
          throw new OrderRefused(
            stock <= 0 ? `${product.name} is out of stock.` : `Only ${stock} of ${product.name} left in stock; please reduce the quantity.`,
          );
        }
        const unit = Number(product.price_paise);
        lines.push({
          id: newId(),
          product_id: productId,
          vendor_id: product.vendor_id,
          name: product.name,
          image: product.image,
          unit_price_paise: unit,
          quantity,
          line_total_paise: unit * quantity,
        });
      }

      const totals = computeTotals(lines.reduce((sum, l) => sum + l.line_total_paise, 0));
      const orderId = newId();
      const now = new Date().toISOString();
      await trx
        .insertInto("orders")
        .values({
          id: orderId,
          user_id: customer.id,
          checkout_key: input.checkoutKey,
          status: "pending",
          payment_method: input.paymentMethod,
          subtotal_paise: totals.subtotal,
          shipping_paise: totals.shipping,
          tax_paise: totals.tax,
          total_paise: totals.total,
          customer_name: customer.name,
          customer_email: customer.email,
          customer_phone: input.phone,
          street: input.street,
          city: input.city,
          state: input.state,
          pincode: input.pincode,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto("order_line")
        .values(lines.map((l) => ({ ...l, order_id: orderId })))
        .execute();
      await trx
        .insertInto("order_event")
        .values({ id: newId(), order_id: orderId, status: "pending", note: "Order placed", actor_id: customer.id, created_at: now })
        .execute();
      await queueOrderPlacedEmails(trx, emails, orderId);
      return { orderId, created: true };
    });
  } catch (error) {
    // Two submits with one key raced past the first check: the loser finds the winner's order.
    if (!(error instanceof OrderRefused) && isUniqueViolation(error, engine)) {
      const winner = await findByCheckoutKey(db, customer.id, input.checkoutKey);
      if (winner) return { orderId: winner, created: false };
    }
    throw error;
  }
}

/** Checkouts per customer and per address; a refusal names the wait. */
async function limitCheckouts(customerId: string, ip: string | undefined) {
  const limits = configuredLimits();
  const checks: [string, typeof limits.checkoutPerCustomer][] = [[`checkout:user:${customerId}`, limits.checkoutPerCustomer]];
  if (ip) checks.push([`checkout:ip:${ip}`, limits.checkoutPerAddress]);
  const hits: Awaited<ReturnType<typeof hitRateLimit>>[] = [];
  for (const [key, limit] of checks) {
    const hit = await hitRateLimit(key, limit);
    hits.push(hit);
    if (!hit.allowed) {
      // A refused checkout counts against neither limit.
      await Promise.all(hits.map((h) => h.refund()));
      throw new OrderRefused(`Too many orders in a short time. Please wait ${waitInWords(hit.retryAfterSeconds)} and try again.`, 429);
    }
  }
}

async function findByCheckoutKey(db: Db, userId: string, checkoutKey: string) {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("checkout_key", "=", checkoutKey)
    .executeTakeFirst();
  return row?.id;
}

function isUniqueViolation(error: unknown, engine: string) {
  const e = error as { code?: string; errcode?: string; message?: string };
  return engine === "postgres" ? e.code === "23505" : /UNIQUE constraint failed/i.test(e.message ?? "");
}
