import { expect, test } from "vitest";
import { showInput } from "../fuzz/fuzz-inputs";
import { count } from "../fuzz/fuzz-invariants";
import { expectConsistent, first, fuzzGroup, LONG, stockById, setUpFuzzStore } from "../fuzz/fuzz-suite";

/*
 * Hostile forms at the admin's actions (the "admin" group of fuzz-targets.ts).
 * How the fuzzing works, and why it is split into files: tests/fuzz/fuzz-suite.ts.
 */

const fuzz = setUpFuzzStore();

test("admin actions: hostile forms never get a 5xx, other roles change nothing, and what they write is whole", LONG, async () => {
  const { store, world } = fuzz();
  const failures: string[] = [];
  const productsBefore = new Set((await store.query("select id from product")).map((r) => String(r.id)));
  const usersBefore = await count(store, '"user"');
  const orderLines = await store.query("select product_id, quantity from order_line where order_id = ?", [world.orderIds[0]]);
  const [orderBefore] = await store.query("select status from orders where id = ?", [world.orderIds[0]]);
  const eventsBefore = await count(store, "order_event", "order_id = ?", [world.orderIds[0]]);
  const stockBefore = await stockById(store);
  const pendingBefore = (await store.query("select id from product where status = 'pending'")).map((r) => String(r.id));

  const results = await fuzzGroup(fuzz(), "admin", failures);
  const ok = (label: string, status: number) => (results.get(label) ?? []).filter((o) => o.status === status);

  const productsAfter = new Set((await store.query("select id from product")).map((r) => String(r.id)));
  const added = [...productsAfter].filter((id) => !productsBefore.has(id));
  const removed = [...productsBefore].filter((id) => !productsAfter.has(id));
  expect(added.length, "products added = add-product forms accepted").toBe(ok("admin add product", 303).length);
  const deletable = new Set(ok("admin product delete", 303).map((o) => first(o.pairs, "id")));
  for (const id of removed) if (!deletable.has(id)) failures.push(`product ${id} vanished, though no delete of it was accepted`);
  for (const r of added.length
    ? await store.query(`select id, status, vendor_id from product where id in (${added.map(() => "?").join(",")})`, added)
    : []) {
    if (r.status !== "live" || r.vendor_id) failures.push(`admin's new product ${r.id} is ${r.status}, vendor ${r.vendor_id}`);
  }

  // The last accepted edit is what the product holds, whole.
  const lastEdit = ok("admin edit product", 303).at(-1);
  if (lastEdit) {
    const [p] = await store.query("select name, category, stock from product where id = ?", [world.adminProductId]);
    const want = {
      name: first(lastEdit.pairs, "name")?.trim(),
      category: first(lastEdit.pairs, "category"),
      stock: Number(first(lastEdit.pairs, "stock")),
    };
    expect({ name: p?.name, category: p?.category, stock: Number(p?.stock) }, `last accepted edit: ${showInput(lastEdit.pairs)}`).toEqual(
      want,
    );
  }

  // The Staff page adds a new account when it answers with its one-time password (200); an existing one is promoted (303).
  const adds =
    ok("admin users", 200).filter((o) => first(o.pairs, "intent") === "add").length +
    ok("admin staff", 200).filter((o) => first(o.pairs, "intent") === "add").length;
  const deletes = ok("admin users", 303).filter((o) => first(o.pairs, "intent") === "delete").length;
  expect(await count(store, '"user"'), "accounts = users added - users deleted").toBe(usersBefore + adds - deletes);

  // The order's status is the last accepted change; each change left one event; a cancel gave the stock back.
  const changes = ok("admin order status", 303);
  const [orderAfter] = await store.query("select status from orders where id = ?", [world.orderIds[0]]);
  const lastChange = changes.at(-1);
  expect(orderAfter?.status).toBe(lastChange ? first(lastChange.pairs, "status") : orderBefore?.status);
  expect(await count(store, "order_event", "order_id = ?", [world.orderIds[0]]), "one event per accepted status change").toBe(
    eventsBefore + changes.length,
  );
  const stockAfter = await stockById(store);
  const cancelled = orderBefore?.status !== "cancelled" && orderAfter?.status === "cancelled";
  for (const l of orderLines) {
    const id = String(l.product_id);
    if (id === world.adminProductId || !stockAfter.has(id)) continue;
    const back = (stockAfter.get(id) ?? 0) - (stockBefore.get(id) ?? 0);
    if (back !== (cancelled ? Number(l.quantity) : 0))
      failures.push(`product ${id}: stock moved by ${back} (order ${cancelled ? "" : "not "}cancelled, line of ${l.quantity})`);
  }
  const reviewed = pendingBefore.length
    ? await count(store, "product", `status in ('live', 'rejected') and id in (${pendingBefore.map(() => "?").join(",")})`, pendingBefore)
    : 0;
  expect(reviewed, "listings reviewed = reviews accepted").toBe(ok("admin listing review", 303).length);
  // Each review the admin hid or showed last is in that state (the summaries are checked below).
  const lastVisibility = new Map(ok("admin review visibility", 303).map((o) => [first(o.pairs, "id")?.trim(), first(o.pairs, "intent")]));
  for (const [id, intent] of lastVisibility) {
    const [row] = await store.query("select hidden from review where id = ?", [String(id)]);
    if (Number(row?.hidden) !== (intent === "hide" ? 1 : 0))
      failures.push(`review ${id}: hidden ${row?.hidden} after a last accepted ${intent}`);
  }
  await expectConsistent(store, failures);
});
