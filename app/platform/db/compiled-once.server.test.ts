import type { Selectable } from "kysely";
import { describe, expect, it } from "vitest";
import { createCustomer, createProduct } from "../../../tests/factories";
import { getDb } from "./db.server";
import { compiledOnce } from "./compiled-once.server";
import type { Database } from "./schema";

// Built once, then sent with each call's values, on the engine the tests run on.
const productsNamed = compiledOnce((db, v: { ids: readonly string[]; status: Selectable<Database["product"]>["status"]; mark: string }) =>
  db
    .selectFrom("product")
    .select(["id", "name", (eb) => eb.val(v.mark).as("mark")])
    .where("id", "in", v.ids)
    .where("status", "=", v.status)
    .orderBy("name"),
);

describe("a statement compiled once", () => {
  it("answers each call with that call's values, lists of any length included", async () => {
    const [a, b, c] = [
      await createProduct({ name: "Compiled A" }),
      await createProduct({ name: "Compiled B" }),
      await createProduct({ name: "Compiled C" }),
    ];
    const names = (rows: { name: string; mark: unknown }[]) => rows.map((r) => `${r.name} ${String(r.mark)}`);
    expect(names(await productsNamed(getDb(), { ids: [a.id], status: "live", mark: "first" }))).toEqual(["Compiled A first"]);
    expect(names(await productsNamed(getDb(), { ids: [b.id], status: "live", mark: "second" }))).toEqual(["Compiled B second"]);
    expect(names(await productsNamed(getDb(), { ids: [c.id, a.id], status: "live", mark: "third" }))).toEqual([
      "Compiled A third",
      "Compiled C third",
    ]);
    expect(names(await productsNamed(getDb(), { ids: [a.id, b.id, c.id], status: "live", mark: "fourth" }))).toHaveLength(3);
    // Back to one: the first shape, with this call's values.
    expect(names(await productsNamed(getDb(), { ids: [c.id], status: "live", mark: "fifth" }))).toEqual(["Compiled C fifth"]);
    expect(await productsNamed(getDb(), { ids: [c.id], status: "archived", mark: "sixth" })).toEqual([]);
  });

  it("runs inside a transaction, on its connection", async () => {
    const customer = await createCustomer();
    const named = compiledOnce((db, v: { id: string }) => db.selectFrom("user").select("name").where("id", "=", v.id));
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("user").set({ name: "Renamed Within" }).where("id", "=", customer.id).execute();
        expect(await named(trx, { id: customer.id })).toEqual([{ name: "Renamed Within" }]);
        throw new Error("roll back");
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === "roll back")) throw error;
      });
    expect(await named(getDb(), { id: customer.id })).toEqual([{ name: customer.name }]);
  });

  it("refuses a builder that looks at a value: it is given stand-ins", async () => {
    const looking = compiledOnce((db, v: { code: string }) => db.selectFrom("pincode").select("state").where("code", "=", v.code.trim()));
    await expect(looking(getDb(), { code: " 411001 " })).rejects.toThrow(TypeError);
  });
});
