import { sql } from "kysely";
import { getDatabase, type Db } from "~/db/db.server";
import type { CheckoutInput } from "~/domain/checkout";
import { computeTotals } from "~/domain/pricing";
import { newId } from "~/lib/ids";

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
 */
export async function placeOrder(customer: Customer, input: CheckoutInput): Promise<{ orderId: string; created: boolean }> {
  const { db, engine } = getDatabase();
  const existing = await findByCheckoutKey(db, customer.id, input.checkoutKey);
  if (existing) return { orderId: existing, created: false };

  // One line per product: the same product twice is one line with the quantities added.
  const quantities = new Map<string, number>();
  for (const item of input.items) quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  // Lock rows in a fixed order so concurrent orders on PostgreSQL cannot deadlock.
  const productIds = [...quantities.keys()].sort();

  try {
    return await db.transaction().execute(async (trx) => {
      const again = await findByCheckoutKey(trx, customer.id, input.checkoutKey);
      if (again) return { orderId: again, created: false };

      const products = await trx
        .selectFrom("product")
        .select(["id", "name", "price_paise", "stock", "status", "vendor_id", "image"])
        .where("id", "in", productIds)
        .execute();
      const byId = new Map(products.map((p) => [p.id, p]));

      const lines = [];
      for (const productId of productIds) {
        const product = byId.get(productId);
        if (!product || product.status !== "live") {
          throw new OrderRefused(product ? `${product.name} is no longer available.` : "A product in your cart is no longer available.");
        }
        const quantity = quantities.get(productId)!;
        const taken = await trx
          .updateTable("product")
          .set({ stock: sql`stock - ${quantity}`, updated_at: new Date().toISOString() })
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
