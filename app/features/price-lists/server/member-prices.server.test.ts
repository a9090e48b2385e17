import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct } from "../../../../tests/factories";
import { sizeOf } from "../../../../tests/sizes";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { getOrderForAdmin } from "~/features/orders/server/admin-orders.server";
import { quoteCart } from "~/features/catalog/server/quote-cart.server";
import { customerGroupOf, memberPriceOnPage } from "./member-prices.server";

/**
 * Price lists in the order's transaction, the cart's quote and the product page (docs/decisions/054-price-lists.md),
 * on the engine the run has (both in CI).
 */

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

async function createGroup(name = `Group ${newId(6)}`) {
  const id = newId();
  const at = iso(Date.now());
  await getDb()
    .insertInto("customer_group")
    .values({ id, name, name_hi: null, name_key: name.toLowerCase(), created_at: at, updated_at: at })
    .execute();
  return id;
}

async function addMember(groupId: string, userId: string) {
  await getDb()
    .insertInto("customer_group_member")
    .values({ user_id: userId, group_id: groupId, added_at: iso(Date.now()) })
    .execute();
}

type Entry = { kind: "variant" | "product" | "category"; target: string; price?: number; percent?: number };

async function createList(
  groupId: string,
  entries: Entry[],
  over: Partial<{ starts_at: string; ends_at: string | null; status: "active" | "paused" }> = {},
) {
  const id = newId();
  const at = iso(Date.now());
  await getDb()
    .insertInto("price_list")
    .values({
      id,
      group_id: groupId,
      name: "FPO prices",
      name_hi: null,
      starts_at: iso(Date.now() - DAY),
      ends_at: null,
      status: "active",
      created_at: at,
      updated_at: at,
      ...over,
    })
    .execute();
  for (const e of entries)
    await getDb()
      .insertInto("price_list_entry")
      .values({
        id: newId(),
        price_list_id: id,
        kind: e.kind,
        target_id: e.target,
        price_paise: e.price ?? null,
        percent_off: e.percent ?? null,
      })
      .execute();
  return id;
}

async function linesOf(orderId: string) {
  return getDb()
    .selectFrom("order_line")
    .select([
      "unit_price_paise",
      "quantity",
      "line_total_paise",
      "taxable_paise",
      "cgst_paise",
      "sgst_paise",
      "igst_paise",
      "discount_paise",
      "price_list_id",
    ])
    .where("order_id", "=", orderId)
    .execute();
}

const tax = (l: { cgst_paise: unknown; sgst_paise: unknown; igst_paise: unknown }) =>
  Number(l.cgst_paise) + Number(l.sgst_paise) + Number(l.igst_paise);

/** A fertiliser at ₹1,000 before 18% GST, ₹900 from 10 units. */
async function fertiliser(stock = 50) {
  const product = await createProduct({
    category: "fertilizers",
    variants: [
      { label: "50 kg", pricePaise: 100_000, stock, sku: `FERT-${newId(6)}`, priceBreaks: [{ minQuantity: 10, pricePaise: 90_000 }] },
    ],
  });
  const size = await sizeOf(product.id, "50 kg");
  return { product, size };
}

describe("a member's order at their price list's price", () => {
  it("charges a member the list price, with GST on it, and a non-member the size's price (cash on delivery)", async () => {
    const { product, size } = await fertiliser();
    const group = await createGroup();
    const list = await createList(group, [{ kind: "category", target: "fertilizers", percent: 20 }]);
    const member = await createCustomer();
    const stranger = await createCustomer();
    await addMember(group, member.id);
    const items = [{ productId: product.id, variantId: size.id, quantity: 2 }];

    const mine = await placeOrder(member, checkoutInput(items, { paymentMethod: "cod" }));
    const [line] = await linesOf(mine.orderId);
    expect(line).toMatchObject({ unit_price_paise: 80_000, line_total_paise: 160_000, taxable_paise: 160_000, price_list_id: list });
    expect(tax(line ?? { cgst_paise: 0, sgst_paise: 0, igst_paise: 0 })).toBe(28_800);
    const order = await getDb()
      .selectFrom("orders")
      .select(["subtotal_paise", "tax_paise"])
      .where("id", "=", mine.orderId)
      .executeTakeFirstOrThrow();
    expect(Number(order.subtotal_paise)).toBe(160_000);
    // The admin's order page names the list that priced the line.
    expect((await getOrderForAdmin(mine.orderId))?.lines.map((l) => l.priceList)).toEqual(["FPO prices"]);

    const theirs = await placeOrder(stranger, checkoutInput(items, { paymentMethod: "cod" }));
    expect(await linesOf(theirs.orderId)).toMatchObject([{ unit_price_paise: 100_000, line_total_paise: 200_000, price_list_id: null }]);
    expect((await getOrderForAdmin(theirs.orderId))?.lines.map((l) => l.priceList)).toEqual([null]);
  });

  it("does not apply a list that is paused, has ended or has not begun", async () => {
    const { product, size } = await fertiliser();
    const group = await createGroup();
    const entries: Entry[] = [{ kind: "variant", target: size.id, price: 70_000 }];
    await createList(group, entries, { status: "paused" });
    await createList(group, entries, { starts_at: iso(Date.now() - 10 * DAY), ends_at: iso(Date.now() - DAY) });
    await createList(group, entries, { starts_at: iso(Date.now() + DAY) });
    const member = await createCustomer();
    await addMember(group, member.id);
    const placed = await placeOrder(
      member,
      checkoutInput([{ productId: product.id, variantId: size.id, quantity: 1 }], { paymentMethod: "cod" }),
    );
    expect(await linesOf(placed.orderId)).toMatchObject([{ unit_price_paise: 100_000, price_list_id: null }]);
  });

  it("charges the lower of a fixed list price and the quantity price; the size's own entry wins over its category's", async () => {
    const { product, size } = await fertiliser();
    const group = await createGroup();
    const list = await createList(group, [
      { kind: "category", target: "fertilizers", percent: 50 },
      { kind: "variant", target: size.id, price: 95_000 },
    ]);
    const member = await createCustomer();
    await addMember(group, member.id);
    const one = await placeOrder(
      member,
      checkoutInput([{ productId: product.id, variantId: size.id, quantity: 1 }], { paymentMethod: "cod" }),
    );
    expect(await linesOf(one.orderId)).toMatchObject([{ unit_price_paise: 95_000, price_list_id: list }]);
    const ten = await placeOrder(
      member,
      checkoutInput([{ productId: product.id, variantId: size.id, quantity: 10 }], { paymentMethod: "cod" }),
    );
    expect(await linesOf(ten.orderId)).toMatchObject([{ unit_price_paise: 90_000, line_total_paise: 900_000, price_list_id: null }]);
  });

  it("takes an offer on top of the list price", async () => {
    const { product, size } = await fertiliser();
    const group = await createGroup();
    await createList(group, [{ kind: "product", target: product.id, percent: 10 }]);
    const member = await createCustomer();
    await addMember(group, member.id);
    const at = iso(Date.now());
    const code = `PL${newId(6).toUpperCase()}`;
    await getDb()
      .insertInto("offer")
      .values({
        id: newId(),
        kind: "coupon",
        code,
        name: "Ten off",
        discount_type: "percent",
        discount_percent: 10,
        target: "products",
        target_ids: JSON.stringify([product.id]),
        starts_at: iso(Date.now() - DAY),
        status: "active",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const placed = await placeOrder(
      member,
      checkoutInput([{ productId: product.id, variantId: size.id, quantity: 3 }], { paymentMethod: "cod", couponCode: code }),
    );
    // ₹900 each on the list (₹2,700), then 10% off it: ₹270; GST on the ₹2,430 left.
    const [line] = await linesOf(placed.orderId);
    expect(line).toMatchObject({ unit_price_paise: 90_000, line_total_paise: 270_000, discount_paise: 27_000, taxable_paise: 243_000 });
    expect(tax(line ?? { cgst_paise: 0, sgst_paise: 0, igst_paise: 0 })).toBe(43_740);
  });

  it("leaves the stock right when members and non-members race for the last units", async () => {
    const { product, size } = await fertiliser(5);
    const group = await createGroup();
    const list = await createList(group, [{ kind: "variant", target: size.id, price: 85_000 }]);
    const members = await Promise.all(Array.from({ length: 5 }, () => createCustomer()));
    for (const m of members) await addMember(group, m.id);
    const others = await Promise.all(Array.from({ length: 5 }, () => createCustomer()));
    const buyers = [...members, ...others].sort(() => 0.5 - Math.random());
    const results = await Promise.allSettled(
      buyers.map((c) =>
        placeOrder(c, checkoutInput([{ productId: product.id, variantId: size.id, quantity: 1 }], { paymentMethod: "cod" })),
      ),
    );
    const placed = results.flatMap((r, i) =>
      r.status === "fulfilled" ? [{ orderId: r.value.orderId, member: members.includes(buyers[i] as never) }] : [],
    );
    expect(placed).toHaveLength(5);
    expect((await sizeOf(product.id, "50 kg")).stock).toBe(0);
    for (const p of placed) {
      expect(await linesOf(p.orderId)).toMatchObject([
        p.member ? { unit_price_paise: 85_000, price_list_id: list } : { unit_price_paise: 100_000, price_list_id: null },
      ]);
    }
  });
});

describe("a member's cart and product page", () => {
  it("quotes a member the list price (and the quantity prices below it), and a guest or non-member the size's", async () => {
    const { product, size } = await fertiliser();
    const group = await createGroup("FPO test");
    await createList(group, [{ kind: "variant", target: size.id, price: 95_000 }]);
    const member = await createCustomer();
    const stranger = await createCustomer();
    await addMember(group, member.id);
    const key = [{ productId: product.id, variantId: size.id }];
    expect(await quoteCart(key, member.id)).toMatchObject([{ pricePaise: 95_000, priceBreaks: [{ minQuantity: 10, pricePaise: 90_000 }] }]);
    expect(await quoteCart(key, stranger.id)).toMatchObject([{ pricePaise: 100_000 }]);
    expect(await quoteCart(key)).toMatchObject([{ pricePaise: 100_000 }]);
    expect(await customerGroupOf(getDb(), member.id)).toBe(group);
    expect(await customerGroupOf(getDb(), stranger.id)).toBeNull();
    const listed = { variantId: size.id, productId: product.id, category: "fertilizers", pricePaise: 100_000 };
    expect(await memberPriceOnPage(member.id, listed, "en")).toEqual({ groupName: "FPO test", pricePaise: 95_000 });
    expect(await memberPriceOnPage(stranger.id, listed, "en")).toBeNull();
  });
});
