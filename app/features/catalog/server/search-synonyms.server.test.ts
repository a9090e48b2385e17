import { describe, expect, it } from "vitest";
import { createProduct } from "../../../../tests/factories";
import { SynonymsActionSchema } from "~/features/accounts/domain/admin-forms";
import { parseCatalogQuery } from "~/features/catalog/domain/catalog-query";
import { defined } from "~/platform/defined";
import { findProducts } from "./find-products.server";
import { addSynonym, deleteSynonym, listSynonyms } from "./search-synonyms.server";

const names = async (q: string) => (await findProducts(parseCatalogQuery(new URLSearchParams({ q })))).products.map((p) => p.name);

describe("search synonyms", () => {
  it("starts with spellings and local names, and an added pair works both ways until deleted", async () => {
    const list = await listSynonyms();
    expect(list).toContainEqual(expect.objectContaining({ term: "fertiliser", variant: "fertilizer" }));
    expect(list).toContainEqual(expect.objectContaining({ term: "ladyfinger", variant: "bhindi" }));

    const made = await createProduct({ name: "Gardening Gloves Pair", description: "Nitrile palms." });
    expect(await names("dastane")).toEqual([]);
    expect(await addSynonym("dastane", "gloves")).toBe(true);
    expect(await addSynonym("gloves", "dastane")).toBe(false); // the same pair, the other way round
    expect(await names("dastane")).toEqual(["Gardening Gloves Pair"]);
    const id = defined((await listSynonyms()).find((s) => s.term === "dastane")?.id, "the new pair");
    expect(await deleteSynonym(id)).toBe(true);
    expect(await deleteSynonym(id)).toBe(false);
    expect(await names("dastane")).toEqual([]);
    const { getDb } = await import("~/platform/db/db.server");
    await getDb().deleteFrom("product").where("id", "=", made.id).execute();
  });

  it("validates the admin's form: lower case, both words, different, short phrases", () => {
    expect(SynonymsActionSchema.parse({ intent: "add", term: "  Spray  Pump ", variant: "Sprayer" })).toEqual({
      intent: "add",
      term: "spray pump",
      variant: "sprayer",
    });
    expect(SynonymsActionSchema.safeParse({ intent: "add", term: "okra", variant: "OKRA" }).success).toBe(false);
    expect(SynonymsActionSchema.safeParse({ intent: "add", term: "", variant: "okra" }).success).toBe(false);
    expect(SynonymsActionSchema.safeParse({ intent: "add", term: "a b c d", variant: "okra" }).success).toBe(false);
    expect(SynonymsActionSchema.safeParse({ intent: "add", term: "x".repeat(61), variant: "okra" }).success).toBe(false);
    expect(SynonymsActionSchema.safeParse({ intent: "add", term: "ok\u0000ra", variant: "okra" }).success).toBe(false);
    expect(SynonymsActionSchema.safeParse({ intent: "rename", id: "x" }).success).toBe(false);
  });
});
