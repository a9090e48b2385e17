import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { RefusalError } from "~/platform/core/refusal";
import { placeholderEmail } from "~/features/accounts/domain/mobile";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { saveVariants } from "~/features/catalog/server/variants.server";
import { changeOrderStatus } from "../../orders/server/admin-orders.server";
import { placeOrder } from "../../orders/server/place-order.server";
import { askBackInStock, cancelBackInStock, listBackInStock } from "./stock-alerts.server";
import { wishlistState } from "./wishlist.server";

/** Every back-in-stock message queued for this customer's address or number. */
const messagesTo = (recipient: string) =>
  getDb()
    .selectFrom("outbox")
    .select(["channel", "kind", "dedupe_key", "recipient", "payload", "status"])
    .where("recipient", "=", recipient)
    .where("kind", "like", "back-in-stock%")
    .orderBy("created_at")
    .orderBy("id")
    .execute();

/** Sets a size's stock as any writer does (a form, an import, a script): the trigger does the rest. */
const setStock = (variantId: string, stock: number) =>
  getDb().updateTable("product_variant").set({ stock }).where("id", "=", variantId).execute();

async function refusalOf(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusalError);
  return error as RefusalError;
}

const soldOut = () => createProduct({ name: "Knapsack Sprayer", pricePaise: 2_50_000, stock: 0 });

describe("Tell me when it's back (issue 31)", () => {
  it("sends one email when stock returns, none while it is still 0, none for a second restock", async () => {
    const ctx = await getEmailContext();
    const asha = await createCustomer();
    const sprayer = await soldOut();
    const { id } = await askBackInStock(asha.id, sprayer.id, ctx, "en");
    // Asking again keeps one request.
    expect((await askBackInStock(asha.id, sprayer.id, ctx, "en")).id).toBe(id);
    expect(await wishlistState(asha.id, sprayer.id)).toEqual({ saved: false, waitingFor: [sprayer.id] });
    expect((await listBackInStock(asha.id, "en")).map((w) => w.name)).toEqual(["Knapsack Sprayer"]);

    // A save that leaves the size at 0 sends nothing.
    await setStock(sprayer.id, 0);
    expect(await messagesTo(asha.email)).toEqual([]);

    await setStock(sprayer.id, 5);
    await setStock(sprayer.id, 9);
    // Sold out and back again: the request was done at the first restock.
    await setStock(sprayer.id, 0);
    await setStock(sprayer.id, 3);
    const sent = await messagesTo(asha.email);
    expect(sent.map((r) => [r.channel, r.kind, r.dedupe_key, r.status])).toEqual([
      ["email", "back-in-stock", `back-in-stock:${id}:email`, "pending"],
    ]);
    const email = JSON.parse(sent[0]?.payload ?? "{}") as { to: string; subject: string; text: string; html: string };
    expect(email.to).toBe(asha.email);
    expect(email.subject).toBe("Knapsack Sprayer is back in stock");
    expect(email.text).toContain(`/products/${sprayer.id}`);
    expect(await wishlistState(asha.id, sprayer.id)).toEqual({ saved: false, waitingFor: [] });
    expect(await listBackInStock(asha.id, "en")).toEqual([]);
  });

  it("sends exactly one message per request when two restocks race", async () => {
    const ctx = await getEmailContext();
    const sprayer = await soldOut();
    const customers = await Promise.all([createCustomer(), createCustomer(), createCustomer()]);
    for (const c of customers) await askBackInStock(c.id, sprayer.id, ctx, "en");
    await Promise.all(
      [4, 7, 2].map((stock) =>
        getDb()
          .transaction()
          .execute((trx) =>
            trx
              .updateTable("product_variant")
              .set({ stock: sql`stock + ${stock}` })
              .where("id", "=", sprayer.id)
              .execute(),
          ),
      ),
    );
    for (const c of customers) expect(await messagesTo(c.email)).toHaveLength(1);
    const size = await getDb().selectFrom("product_variant").select("stock").where("id", "=", sprayer.id).executeTakeFirstOrThrow();
    expect(Number(size.stock)).toBe(13);
  });

  it("never leaves a request open on a size that came back while it was asked", async () => {
    const ctx = await getEmailContext();
    for (let round = 0; round < 5; round++) {
      const asha = await createCustomer();
      const sprayer = await soldOut();
      const [asked] = await Promise.allSettled([askBackInStock(asha.id, sprayer.id, ctx, "en"), setStock(sprayer.id, 6)]);
      const open = await getDb()
        .selectFrom("stock_alert")
        .select("id")
        .where("user_id", "=", asha.id)
        .where("notified_at", "is", null)
        .execute();
      expect(open).toEqual([]);
      // Asked first: told once when it came back. Asked after: refused, it is in stock.
      if (asked.status === "fulfilled") expect(await messagesTo(asha.email)).toHaveLength(1);
      else expect((asked.reason as RefusalError).refusal.code).toBe("wishlist.in_stock");
    }
  });

  it("fires for the size that came back only, by an admin's save of the sizes", async () => {
    const ctx = await getEmailContext();
    const asha = await createCustomer();
    const dap = await createProduct({
      name: "DAP",
      variants: [
        { label: "5 kg", pricePaise: 30_000, stock: 0 },
        { label: "50 kg", pricePaise: 1_35_000, stock: 0 },
      ],
    });
    const sizes = await getDb()
      .selectFrom("product_variant")
      .select(["id", "label"])
      .where("product_id", "=", dap.id)
      .orderBy("position")
      .execute();
    const [small, large] = sizes;
    if (!small || !large) throw new Error("two sizes");
    await askBackInStock(asha.id, small.id, ctx, "en");
    await askBackInStock(asha.id, large.id, ctx, "en");
    const input = (smallStock: number, largeStock: number) => [
      {
        id: small.id,
        label: "5 kg",
        packQuantity: 5,
        packUnit: "kg" as const,
        sku: "",
        mrpPaise: 40_000,
        pricePaise: 30_000,
        stock: smallStock,
        weightGrams: 5000,
      },
      {
        id: large.id,
        label: "50 kg",
        packQuantity: 50,
        packUnit: "kg" as const,
        sku: "",
        mrpPaise: 1_60_000,
        pricePaise: 1_35_000,
        stock: largeStock,
        weightGrams: 50000,
      },
    ];
    await getDb()
      .transaction()
      .execute((trx) => saveVariants(trx, dap.id, input(0, 20), { isNew: false }));
    const sent = await messagesTo(asha.email);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.payload ?? "{}").subject).toBe("DAP (50 kg) is back in stock");
    expect((await listBackInStock(asha.id, "en")).map((w) => w.name)).toEqual(["DAP (5 kg)"]);
  });

  it("fires when a cancellation puts the last unit back", async () => {
    const ctx = await getEmailContext();
    const asha = await createCustomer();
    const buyer = await createCustomer();
    const admin = await createCustomer({ role: "admin" });
    const seeds = await createProduct({ name: "Okra Seeds", pricePaise: 12_000, stock: 1 });
    const { orderId } = await placeOrder(buyer, checkoutInput([{ productId: seeds.id, quantity: 1 }]));
    await askBackInStock(asha.id, seeds.id, ctx, "en");
    expect(await messagesTo(asha.email)).toEqual([]);
    await changeOrderStatus(orderId, "cancelled", admin.id);
    expect(await messagesTo(asha.email)).toHaveLength(1);
  });

  it("writes in the customer's language and by SMS to a customer with only a mobile number", async () => {
    const ctx = await getEmailContext();
    const phone = "+919812300077";
    const ramesh = await createCustomer({ email: placeholderEmail(phone) });
    await getDb().updateTable("user").set({ phoneNumber: phone, phoneNumberVerified: true }).where("id", "=", ramesh.id).execute();
    const asha = await createCustomer();
    const sprayer = await soldOut();
    await getDb().updateTable("product").set({ name_hi: "नैपसैक स्प्रेयर" }).where("id", "=", sprayer.id).execute();
    const { id } = await askBackInStock(ramesh.id, sprayer.id, ctx, "hi");
    await askBackInStock(asha.id, sprayer.id, ctx, "hi");
    await setStock(sprayer.id, 2);

    const sms = await messagesTo(phone);
    expect(sms.map((r) => [r.channel, r.kind, r.dedupe_key])).toEqual([["sms", "back-in-stock-sms", `back-in-stock:${id}:sms`]]);
    const text = (JSON.parse(sms[0]?.payload ?? "{}") as { text: string }).text;
    expect(text).toContain("नैपसैक स्प्रेयर फिर से स्टॉक में है");
    expect(text).toContain(`/hi/products/${sprayer.id}`);
    const email = await messagesTo(asha.email);
    expect(JSON.parse(email[0]?.payload ?? "{}").subject).toBe("नैपसैक स्प्रेयर फिर से स्टॉक में है");
  });

  it("refuses a size in stock, a customer it cannot reach, and one not on sale; stopping waiting sends nothing", async () => {
    const ctx = await getEmailContext();
    const asha = await createCustomer();
    const inStock = await createProduct({ stock: 4 });
    expect((await refusalOf(askBackInStock(asha.id, inStock.id, ctx, "en"))).refusal.code).toBe("wishlist.in_stock");
    const hidden = await createProduct({ stock: 0, status: "paused" });
    expect((await refusalOf(askBackInStock(asha.id, hidden.id, ctx, "en"))).status).toBe(404);

    // Non-essential emails turned off and no proved number: no way to tell them.
    const quiet = await createCustomer();
    await getDb().updateTable("user").set({ non_essential_emails: false }).where("id", "=", quiet.id).execute();
    const sprayer = await soldOut();
    expect((await refusalOf(askBackInStock(quiet.id, sprayer.id, ctx, "en"))).refusal.code).toBe("wishlist.no_channel");

    await askBackInStock(asha.id, sprayer.id, ctx, "en");
    await cancelBackInStock(quiet.id, sprayer.id); // another's request is not theirs to stop
    expect(await listBackInStock(asha.id, "en")).toHaveLength(1);
    await cancelBackInStock(asha.id, sprayer.id);
    await setStock(sprayer.id, 8);
    expect(await messagesTo(asha.email)).toEqual([]);
    expect(await getDb().selectFrom("stock_alert").select("id").where("user_id", "in", [asha.id, quiet.id]).execute()).toEqual([]);
  });
});
