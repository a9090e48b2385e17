import { describe, expect, it } from "vitest";
import { createCustomer, createOrder, createProduct, createVendor } from "../factories";
import { getDb } from "~/platform/db/db.server";
import { withRequestMemo } from "~/platform/request-memo.server";
import { keepActingPerson } from "~/platform/auth/acting-person.server";
import { addDays, indiaToday } from "~/platform/core/india-day";
import {
  addPriceListEntry,
  createPriceList,
  removePriceListEntry,
  setPriceListStatus,
  updatePriceList,
} from "~/features/price-lists/server/admin-price-lists.server";
import {
  addGroupMember,
  createCustomerGroup,
  removeGroupMember,
  renameCustomerGroup,
} from "~/features/price-lists/server/admin-customer-groups.server";
import { saveKit } from "~/features/kits/server/save-kit.server";
import { addSynonym, deleteSynonym } from "~/features/catalog/server/search-synonyms.server";
import { saveReview } from "~/features/reviews/server/save-review.server";
import { setReviewHidden } from "~/features/reviews/server/moderate-reviews.server";
import { saveLicence } from "~/features/vendor-shops/server/save-licence.server";
import { revokeLicence, verifyLicence } from "~/features/vendor-shops/server/verify-licence.server";
import { getVendorLicences } from "~/features/vendor-shops/server/list-licences.server";

/**
 * The audit trail's record of price lists, customer groups, kits, synonyms, reviews and licences
 * (docs/decisions/061-audit-trail.md): each service called as a guard leaves it, with the acting
 * person kept in the request's memo, and the entry it writes in the change's own transaction.
 */
const IP = "198.51.100.23";
const person = { id: "audit-catalogue-1", name: "Kavita (catalogue)", role: "catalogue" as const };

/**
 * Runs work in a request whose guard kept the catalogue manager as the acting person. The trail orders
 * entries by their time, to the millisecond: each change here waits for the next millisecond after it,
 * so two changes are never at one instant (where their order would be the ids', which are random).
 */
const asCatalogue = <T>(work: () => Promise<T>) =>
  withRequestMemo(async () => {
    keepActingPerson(new Request("http://localhost/admin", { headers: { "x-angle-client-ip": IP } }), person);
    try {
      return await work();
    } finally {
      await new Promise((next) => setTimeout(next, 2));
    }
  });

const trail = async (objectId: string) =>
  (await getDb().selectFrom("audit_entry").selectAll().where("object_id", "=", objectId).orderBy("at").orderBy("id").execute()).map(
    (e) => ({
      kind: e.kind,
      actor: e.actor_id,
      changes: JSON.parse(e.changes) as Record<string, [unknown, unknown]>,
      reason: e.reason,
    }),
  );

const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

describe("price lists and customer groups in the trail", () => {
  it("records a group made, renamed, a member added and removed; a list made, edited, an entry added and removed, turned on and paused", async () => {
    const t = tag();
    const customer = await createCustomer({ email: `group-${t}@angle.test` });
    const groupId = await asCatalogue(() => createCustomerGroup({ name: `Dealers ${t}` }));
    await asCatalogue(() => renameCustomerGroup(groupId, { name: `Big dealers ${t}`, nameHi: "बड़े डीलर" }));
    await asCatalogue(() => addGroupMember(groupId, customer.email));
    await asCatalogue(() => removeGroupMember(groupId, customer.id));
    await asCatalogue(() => removeGroupMember(groupId, customer.id)); // nothing left to remove: no entry
    const groupTrail = await trail(groupId);
    expect(groupTrail.map((e) => e.kind)).toEqual([
      "customer_group.create",
      "customer_group.rename",
      "customer_group.member_add",
      "customer_group.member_remove",
    ]);
    expect(groupTrail.every((e) => e.actor === person.id)).toBe(true);
    expect(groupTrail[1]?.changes).toEqual({ name: [`Dealers ${t}`, `Big dealers ${t}`], name_hi: [null, "बड़े डीलर"] });

    const product = await createProduct({ category: "seeds" });
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const listId = await asCatalogue(() => createPriceList({ groupId, name: `Kharif ${t}`, startsAt, endsAt: null }));
    await asCatalogue(() => updatePriceList(listId, { groupId, name: `Kharif dealers ${t}`, startsAt, endsAt: null }));
    await asCatalogue(() => addPriceListEntry(listId, { kind: "product", productId: product.id, percent: 8 }));
    await asCatalogue(() => setPriceListStatus(listId, "resume"));
    await asCatalogue(() => setPriceListStatus(listId, "pause"));
    const entry = await getDb().selectFrom("price_list_entry").select("id").where("price_list_id", "=", listId).executeTakeFirstOrThrow();
    await asCatalogue(() => removePriceListEntry(listId, entry.id));
    // Turning on a list with no prices is refused: nothing written, no entry.
    await expect(asCatalogue(() => setPriceListStatus(listId, "resume"))).rejects.toMatchObject({ status: 409 });
    const listTrail = await trail(listId);
    expect(listTrail.map((e) => e.kind)).toEqual([
      "price_list.create",
      "price_list.update",
      "price_list.entry_add",
      "price_list.resume",
      "price_list.pause",
      "price_list.entry_remove",
    ]);
    expect(listTrail[1]?.changes).toEqual({ name: [`Kharif ${t}`, `Kharif dealers ${t}`] });
    expect(listTrail[2]?.changes).toMatchObject({ percent_off: [null, 8], target_id: [null, product.id] });
    expect(listTrail[3]?.changes).toEqual({ status: ["paused", "active"] });
  });
});

describe("kits, synonyms and reviews in the trail", () => {
  it("records a kit made and re-priced on its product's history", async () => {
    const t = tag().toUpperCase();
    await createProduct({ variants: [{ label: "1 kg", pricePaise: 40_000, stock: 5, sku: `AKP1-${t}` }] });
    await createProduct({ variants: [{ label: "Pair", pricePaise: 20_000, stock: 5, sku: `AKP2-${t}` }] });
    const kit = await createProduct({ variants: [{ label: "1 acre", pricePaise: 55_000, stock: 5, sku: `AKIT-${t}` }] });
    const parts = [
      { sku: `AKP1-${t}`, quantity: 1 },
      { sku: `AKP2-${t}`, quantity: 1 },
    ];
    await asCatalogue(() => saveKit({ kitSku: `AKIT-${t}`, pricePaise: 55_000, parts }));
    await asCatalogue(() =>
      saveKit({
        kitSku: `AKIT-${t}`,
        pricePaise: 52_000,
        parts: [
          { sku: `AKP1-${t}`, quantity: 1 },
          { sku: `AKP2-${t}`, quantity: 1 },
        ],
      }),
    );
    // Refused (priced above its parts): no entry.
    await expect(asCatalogue(() => saveKit({ kitSku: `AKIT-${t}`, pricePaise: 99_000, parts }))).rejects.toThrow();
    const kitTrail = await trail(kit.id);
    expect(kitTrail.map((e) => e.kind)).toEqual(["kit.create", "kit.update"]);
    expect(kitTrail[0]?.changes).toMatchObject({ parts: [null, `AKP1-${t} × 1, AKP2-${t} × 1`], price_paise: [null, 55_000] });
    expect(kitTrail[1]?.changes).toEqual({ price_paise: [55_000, 52_000] });
  });

  it("records a synonym added and deleted, and a review hidden and shown again", async () => {
    const t = tag();
    expect(await asCatalogue(() => addSynonym(`urea${t}`, `यूरिया${t}`))).toBe(true);
    const pair = await getDb().selectFrom("search_synonym").select("id").where("term", "=", `urea${t}`).executeTakeFirstOrThrow();
    expect(await asCatalogue(() => addSynonym(`urea${t}`, `यूरिया${t}`))).toBe(false);
    expect(await asCatalogue(() => deleteSynonym(pair.id))).toBe(true);
    expect(await asCatalogue(() => deleteSynonym(pair.id))).toBe(false);
    expect((await trail(pair.id)).map((e) => [e.kind, e.actor])).toEqual([
      ["synonym.add", person.id],
      ["synonym.delete", person.id],
    ]);

    const product = await createProduct();
    const customer = await createCustomer({ name: "Asha Patil" });
    await createOrder(customer.id, [product.id], "delivered");
    await saveReview(customer, product.id, { rating: 2, body: "Seeds arrived late but grew." });
    const review = await getDb().selectFrom("review").select("id").where("product_id", "=", product.id).executeTakeFirstOrThrow();
    const moderator = await createCustomer({ role: "admin" });
    expect(await asCatalogue(() => setReviewHidden(review.id, true, moderator.id))).toBe("changed");
    expect(await asCatalogue(() => setReviewHidden(review.id, true, moderator.id))).toBe("unchanged");
    expect(await asCatalogue(() => setReviewHidden(review.id, false, moderator.id))).toBe("changed");
    const reviewTrail = await trail(review.id);
    expect(reviewTrail.map((e) => e.kind)).toEqual(["review.hide", "review.show"]);
    expect(reviewTrail[0]?.changes).toEqual({ hidden: [false, true] });
  });
});

describe("licences in the trail", () => {
  it("records a vendor's licence saved, verified and revoked on the vendor's history", async () => {
    const vendor = await createVendor();
    const input = {
      kind: "pesticide" as const,
      number: `MH/NSK/INS/${tag()}`,
      expiresOn: addDays(indiaToday(), 365),
      authority: null,
      state: null,
      states: [],
    };
    expect(await saveLicence(vendor.id, input)).toBe("added");
    const version = (await getVendorLicences(vendor.id, indiaToday())).find((l) => l.kind === "pesticide")?.licence?.version ?? -1;
    await asCatalogue(() => verifyLicence(person.id, { vendorId: vendor.id, kind: "pesticide", version }));
    await asCatalogue(() => revokeLicence({ vendorId: vendor.id, kind: "pesticide" }));
    expect(await asCatalogue(() => revokeLicence({ vendorId: vendor.id, kind: "pesticide" }))).toBeNull();
    const vendorTrail = await trail(vendor.id);
    expect(vendorTrail.map((e) => [e.kind, e.actor])).toEqual([
      ["licence.save", null],
      ["licence.verify", person.id],
      ["licence.revoke", person.id],
    ]);
    expect(vendorTrail[1]?.changes).toEqual({ "pesticide licence": ["not verified", "verified"] });
  });
});
