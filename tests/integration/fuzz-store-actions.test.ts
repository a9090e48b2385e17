import { expect, test } from "vitest";
import { count } from "../fuzz/fuzz-invariants";
import { expectConsistent, first, fuzzGroup, LONG, stockById, setUpFuzzStore } from "../fuzz/fuzz-suite";

/*
 * Hostile forms at the storefront's and the account's actions (the "store" group of fuzz-targets.ts).
 * How the fuzzing works, and why it is split into files: tests/fuzz/fuzz-suite.ts.
 */

const fuzz = setUpFuzzStore();

test("storefront and account actions: hostile forms from every role never get a 5xx, and what they write is whole", LONG, async () => {
  const { store, world } = fuzz();
  const failures: string[] = [];
  const emailsBefore = new Set((await store.query('select email from "user"')).map((r) => String(r.email)));
  const vendorsBefore = await count(store, "vendor");
  const messagesBefore = await count(store, "contact_message");
  const ordersBefore = new Set((await store.query("select id from orders")).map((r) => String(r.id)));
  const cancelledBefore = new Set((await store.query("select id from orders where status = 'cancelled'")).map((r) => String(r.id)));
  const stockBefore = await stockById(store);

  const results = await fuzzGroup(fuzz(), "store", failures);
  const ok = (label: string, status: number) => (results.get(label) ?? []).filter((o) => o.status === status);

  // Each answer that said "saved" saved one row; no refusal left one behind.
  expect(await count(store, "contact_message"), "contact messages = messages accepted").toBe(
    messagesBefore + ok("contact form", 303).length,
  );
  // Registration answers a taken email as it answers a new one (200), and writes nothing for it: the
  // new accounts are exactly the accepted registrations' emails that had none.
  const registered = (label: string) =>
    ok(label, 200)
      .filter((o) => first(o.pairs, "intent") === "register")
      .map((o) =>
        String(first(o.pairs, "email") ?? "")
          .trim()
          .toLowerCase(),
      );
  const accepted = new Set([...registered("customer registration"), ...registered("vendor registration")]);
  const newAccounts = (await store.query('select email, role from "user"')).filter((r) => !emailsBefore.has(String(r.email)));
  expect(new Set(newAccounts.map((r) => String(r.email))), "new accounts = new emails of registrations accepted").toEqual(
    new Set([...accepted].filter((e) => !emailsBefore.has(e))),
  );
  const newVendors = newAccounts.filter((r) => r.role === "vendor");
  expect(await count(store, "vendor"), "vendor profiles = new vendor accounts").toBe(vendorsBefore + newVendors.length);
  const vendorEmails = new Set(registered("vendor registration"));
  for (const v of newVendors) expect(vendorEmails.has(String(v.email)), `${v.email} came from a vendor registration`).toBe(true);

  // Orders: one per accepted checkout key, and the stock they took is exactly what their lines say.
  const placed = new Set(ok("checkout", 302).map((o) => /\/order-confirmation\/([a-z0-9]+)/.exec(o.location ?? "")?.[1]));
  const newOrders = (await store.query("select id from orders")).map((r) => String(r.id)).filter((id) => !ordersBefore.has(id));
  expect(new Set(newOrders), "new orders = checkouts accepted").toEqual(placed);
  const stockAfter = await stockById(store);
  const taken = new Map<string, number>();
  for (const id of newOrders) {
    for (const l of await store.query("select product_id, quantity from order_line where order_id = ?", [id])) {
      taken.set(String(l.product_id), (taken.get(String(l.product_id)) ?? 0) + Number(l.quantity));
    }
  }
  // A customer's cancel (issue 15) gave its order's stock back; only an accepted one cancelled anything.
  const cancelled = (await store.query("select id from orders where status = 'cancelled'"))
    .map((r) => String(r.id))
    .filter((id) => !cancelledBefore.has(id));
  expect(cancelled, "orders cancelled = the customer's cancels accepted").toEqual(
    ok("customer cancel", 303).length > 0 ? [world.orderIds[1]] : [],
  );
  for (const id of cancelled) {
    for (const l of await store.query("select product_id, quantity from order_line where order_id = ?", [id])) {
      taken.set(String(l.product_id), (taken.get(String(l.product_id)) ?? 0) - Number(l.quantity));
    }
  }
  for (const [id, stock] of stockBefore) {
    if (stock - (stockAfter.get(id) ?? stock) !== (taken.get(id) ?? 0))
      failures.push(`product ${id}: stock ${stock} → ${stockAfter.get(id)}, but orders took ${taken.get(id) ?? 0}`);
  }

  // Reviews: the customer's one review of what they received holds the last one accepted; nothing
  // was written for a product they never received.
  const customerReviews = async (productId: string | undefined) =>
    (await store.query("select rating, body from review where product_id = ? and sample = 0", [String(productId)])).map((r) => ({
      rating: Number(r.rating),
      body: String(r.body),
    }));
  const lastReview = ok("customer review", 303).at(-1);
  const asStored = (text: string | undefined) => (text ?? "").replace(/(?![\t\n\r\u0080-\u009F])\p{Cc}/gu, "").trim();
  expect(await customerReviews(world.reviewProductId), "the customer's review = the last one accepted").toEqual(
    lastReview ? [{ rating: Number(first(lastReview.pairs, "rating")), body: asStored(first(lastReview.pairs, "body")) }] : [],
  );
  expect(ok("customer review (not received)", 303)).toEqual([]);
  // Returns and cancels (issue 15): never of another's order or one not delivered; one request a line.
  expect(ok("customer cancel (another's order)", 303)).toEqual([]);
  expect(ok("customer return (not delivered)", 303)).toEqual([]);
  const returned = await store.query("select quantity from return_request where order_line_id = ?", [world.returnableLineId]);
  expect(returned.length, "one return request for the line, if any was accepted").toBe(ok("customer return", 303).length > 0 ? 1 : 0);
  expect(await customerReviews(world.liveProductIds[2])).toEqual([]);
  await expectConsistent(store, failures);
});
