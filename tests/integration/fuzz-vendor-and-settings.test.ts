import { expect, test } from "vitest";
import { defined } from "~/platform/defined";
import { showInput } from "../fuzz/fuzz-inputs";
import { expectConsistent, first, fuzzGroup, LONG, setUpFuzzStore } from "../fuzz/fuzz-suite";

/*
 * Hostile forms at the vendor's actions, then at the store's settings (the "vendor" and "settings"
 * groups of fuzz-targets.ts): the settings last, as a saved form may close the storefront.
 * How the fuzzing works, and why it is split into files: tests/fuzz/fuzz-suite.ts.
 */

const fuzz = setUpFuzzStore();

test("vendor actions: hostile forms never get a 5xx, other roles and other vendors' listings stay untouched", LONG, async () => {
  const { store, world } = fuzz();
  const failures: string[] = [];
  const mine = async () =>
    new Set(
      (
        await store.query(
          'select id from product where vendor_id = (select user_id from vendor where user_id = (select id from "user" where email = ?))',
          [world.vendor.email],
        )
      ).map((r) => String(r.id)),
    );
  const before = await mine();
  const results = await fuzzGroup(fuzz(), "vendor", failures);
  const ok = (label: string, status: number) => (results.get(label) ?? []).filter((o) => o.status === status);

  const added = [...(await mine())].filter((id) => !before.has(id));
  expect(added.length, "listings added = listing forms accepted").toBe(ok("vendor new listing", 303).length);
  for (const id of added) {
    const [p] = await store.query("select status from product where id = ?", [id]);
    if (p?.status !== "pending") failures.push(`new listing ${id} is ${p?.status}, not waiting for approval`);
  }
  const lastEdit = ok("vendor edit own listing", 303).at(-1);
  if (lastEdit) {
    const [p] = await store.query("select name, stock, status from product where id = ?", [world.vendorProductId]);
    expect({ name: p?.name, stock: Number(p?.stock), status: p?.status }, `last accepted edit: ${showInput(lastEdit.pairs)}`).toEqual({
      name: first(lastEdit.pairs, "name")?.trim(),
      stock: Number(first(lastEdit.pairs, "stock")),
      status: "pending",
    });
  }
  const lastProfile = ok("vendor profile", 303).at(-1);
  if (lastProfile) {
    const [v] = await store.query('select business_name from vendor where user_id = (select id from "user" where email = ?)', [
      world.vendor.email,
    ]);
    expect(v?.business_name, `last accepted profile: ${showInput(lastProfile.pairs)}`).toBe(
      first(lastProfile.pairs, "businessName")?.trim(),
    );
  }
  await expectConsistent(store, failures);
});

// Last, on the same store: a valid random form switches on maintenance mode (the storefront then answers
// 503) or changes checkout's payment methods, which would change what the tests above see.
test("general and payment settings take hostile forms (last: a saved form may close the storefront)", LONG, async () => {
  const { store, sessions } = fuzz();
  const failures: string[] = [];
  const results = await fuzzGroup(fuzz(), "settings", failures);

  const saved = (results.get("general settings") ?? []).filter((o) => o.status === 303).at(-1);
  if (saved) {
    const [row] = await store.query("select value from setting where key = 'general'");
    const general = JSON.parse(String(defined(row, "the general settings").value));
    expect(general.siteTitle, `last accepted settings: ${showInput(saved.pairs)}`).toBe(first(saved.pairs, "siteTitle")?.trim());
    expect(general.maintenanceMode).toBe(first(saved.pairs, "maintenanceMode") === "on");
  }
  const [payment] = await store.query("select value from setting where key = 'payment'");
  if (payment) {
    const keys = (JSON.parse(String(payment.value)).custom as { key: string }[]).map((m) => m.key.toLowerCase());
    expect(new Set(keys).size, `custom payment method keys ${keys}`).toBe(keys.length);
  }
  // Whatever was saved, the admin pages and checkout still load (the storefront may be closed for maintenance: 503 by design).
  for (const path of ["/admin/settings", "/admin/payment-settings", "/admin/dashboard"])
    expect((await sessions.as.admin.get(path)).status(), path).toBe(200);
  expect([200, 503]).toContain((await sessions.as.customer.get("/checkout")).status());
  await expectConsistent(store, failures);
});
