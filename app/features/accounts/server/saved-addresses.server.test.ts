import { describe, expect, it } from "vitest";
import { createCustomer } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { RefusalError } from "~/platform/core/refusal";
import {
  deleteAddress,
  listAddresses,
  MAX_SAVED_ADDRESSES,
  makeDefaultAddress,
  rememberAddress,
  saveAddress,
} from "./saved-addresses.server";
import { updateProfile } from "./update-profile.server";

const farm = { street: "Survey 12, Near Gram Panchayat", city: "Indore", state: "Madhya Pradesh", pincode: "452001" };
const shop = { street: "14 Market Road", city: "Bengaluru Urban", state: "Karnataka", pincode: "560001" };

/** What the account's own address columns hold (checkout and older pages read them). */
const accountAddress = (id: string) =>
  getDb().selectFrom("user").select(["street", "city", "state", "pincode"]).where("id", "=", id).executeTakeFirstOrThrow();

async function refusalOf(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RefusalError);
  return error as RefusalError;
}

describe("saved addresses", () => {
  it("start from the registered address, and keep several with the one chosen last as the default", async () => {
    const customer = await createCustomer();
    const first = await listAddresses(customer.id);
    expect(first).toEqual([expect.objectContaining({ street: "1 Test Street", pincode: "411001", isDefault: true })]);
    // Reading again writes no second copy.
    expect(await listAddresses(customer.id)).toHaveLength(1);

    const farmId = await saveAddress(customer.id, farm);
    let book = await listAddresses(customer.id);
    expect(book.map((a) => a.street)).toEqual(["1 Test Street", farm.street]);
    expect(book[0]?.isDefault).toBe(true);

    await makeDefaultAddress(customer.id, farmId);
    book = await listAddresses(customer.id);
    expect(book.map((a) => [a.street, a.isDefault])).toEqual([
      [farm.street, true],
      ["1 Test Street", false],
    ]);
    expect(await accountAddress(customer.id)).toEqual(farm);
  });

  it("offer the address of the last order first next time, without keeping it twice", async () => {
    const customer = await createCustomer();
    await rememberAddress(customer.id, shop);
    expect((await listAddresses(customer.id)).map((a) => a.street)).toEqual([shop.street, "1 Test Street"]);
    // The same address written differently is the same address, chosen again.
    await rememberAddress(customer.id, { street: "1 test  street", city: "PUNE", state: "Maharashtra", pincode: "411001" });
    const book = await listAddresses(customer.id);
    expect(book.map((a) => a.street)).toEqual(["1 Test Street", shop.street]);
    expect(await accountAddress(customer.id)).toMatchObject({ street: "1 Test Street", pincode: "411001" });
  });

  it("an order to the address the session read as the account's own reads and writes nothing; the book still starts from it", async () => {
    const customer = await createCustomer();
    const asRead = { street: "1 Test Street", city: "Pune", state: "Maharashtra", pincode: "411001" };
    // The same address written differently is the same address.
    await rememberAddress(customer.id, { ...asRead, street: "1 test  street" }, { accountAddress: asRead });
    expect(await getDb().selectFrom("saved_address").select("id").where("user_id", "=", customer.id).execute()).toEqual([]);
    expect(await listAddresses(customer.id)).toEqual([expect.objectContaining({ street: "1 Test Street", isDefault: true })]);
    // Another address is kept as before.
    await rememberAddress(customer.id, shop, { accountAddress: asRead });
    expect((await listAddresses(customer.id)).map((a) => a.street)).toEqual([shop.street, "1 Test Street"]);
    expect(await accountAddress(customer.id)).toEqual(shop);
  });

  it("edit and delete, the account's address following the default; the last one gone leaves none", async () => {
    const customer = await createCustomer();
    const [registered] = await listAddresses(customer.id);
    const id = registered?.id ?? "";
    await saveAddress(customer.id, farm, id);
    expect(await accountAddress(customer.id)).toEqual(farm);
    await deleteAddress(customer.id, id);
    expect(await listAddresses(customer.id)).toEqual([]);
    expect(await accountAddress(customer.id)).toEqual({ street: null, city: null, state: null, pincode: null });
  });

  it("the profile form edits the default in place", async () => {
    const customer = await createCustomer();
    await saveAddress(customer.id, farm);
    await updateProfile({ id: customer.id, verified: true }, { name: "Asha Patil", phone: "+91 98765 43210", ...shop });
    const book = await listAddresses(customer.id);
    expect(book.map((a) => a.street)).toEqual([shop.street, farm.street]);
  });

  it("another customer's address is not found: never listed, changed, made default or deleted", async () => {
    const owner = await createCustomer();
    const other = await createCustomer();
    const id = await saveAddress(owner.id, farm);
    expect((await listAddresses(other.id)).map((a) => a.id)).not.toContain(id);
    // One at a time: started together, a refusal could come before its handler is attached (unhandled).
    for (const attempt of [
      () => saveAddress(other.id, shop, id),
      () => makeDefaultAddress(other.id, id),
      () => deleteAddress(other.id, id),
    ]) {
      const refused = await refusalOf(attempt());
      expect(refused.refusal.code).toBe("account.address_not_found");
      expect(refused.status).toBe(404);
    }
    expect((await listAddresses(owner.id)).find((a) => a.id === id)).toMatchObject(farm);
  });

  it("refuses an address past the limit when added by hand; an order's new address makes room", async () => {
    const customer = await createCustomer();
    await listAddresses(customer.id);
    for (let i = 1; i < MAX_SAVED_ADDRESSES; i++) await saveAddress(customer.id, { ...farm, street: `Plot ${i}` });
    const refused = await refusalOf(saveAddress(customer.id, shop));
    expect(refused.refusal.code).toBe("account.address_limit");
    expect(await listAddresses(customer.id)).toHaveLength(MAX_SAVED_ADDRESSES);
    await rememberAddress(customer.id, shop);
    const book = await listAddresses(customer.id);
    expect(book).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(book[0]).toMatchObject({ ...shop, isDefault: true });
  });
});
