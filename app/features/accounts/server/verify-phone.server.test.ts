import { describe, expect, it } from "vitest";
import { checkoutInput, createCustomer, createProduct } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { CODE_TTL_MS } from "~/features/accounts/domain/mobile";
import { defined } from "~/platform/defined";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { AuthFailure } from "./auth-errors.server";
import { loadMessagePreferences } from "./message-preferences.server";
import { issuePhoneCode } from "./phone-codes.server";
import { updateProfile } from "./update-profile.server";
import { confirmPhoneVerification, sendPhoneVerification } from "./verify-phone.server";

const CODE_REFUSED = "That code is not right, or it has expired. Check the SMS, or ask for a new code.";
const VERIFY_BEFORE_PHONE =
  "Please confirm your email address before changing your phone number or message settings. Open the link we sent you, or send a new one.";

/*
 * Order SMS go only to a verified number (docs/decisions/030-pre-registration-and-phones.md): the
 * profile's phone is whatever someone typed until a code sent to it comes back.
 */
let n = 0;
const meta = () => ({ ip: `10.81.${Math.floor(Math.random() * 250)}.${++n % 250}` });
const details = { name: "Asha Patil", street: "1 Test Street", city: "Pune", state: "Maharashtra", pincode: "411001" };

let numbers = 0;
/** A number of its own for each test: the limits per number are shared by the whole file. */
const newMobile = () => `+9198100${String(++numbers).padStart(5, "0")}`;
const written = (e164: string) => `+91 ${e164.slice(3, 8)} ${e164.slice(8)}`;

/** A confirmed customer with `mobile` as the profile's phone, who turned SMS order updates on. */
async function keenCustomer(mobile: string) {
  const customer = await createCustomer();
  await getDb()
    .updateTable("user")
    .set({ emailVerified: true, sms_order_updates: true, phone: written(mobile) })
    .where("id", "=", customer.id)
    .execute();
  return { ...customer, verified: true };
}

/** The code in the newest verification SMS to `to` (as the phone would show it). */
async function codeSentTo(to: string) {
  const row = await getDb()
    .selectFrom("outbox")
    .select(["payload", "kind"])
    .where("recipient", "=", to)
    .where("dedupe_key", "like", "phone-verify:%")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  expect(row.kind).toBe("sign-in-code");
  return defined(/\b(\d{6})\b/.exec((JSON.parse(row.payload) as { text: string }).text)?.[1], "a code in the SMS");
}

async function orderSms(customer: { id: string; name: string; email: string }) {
  const product = await createProduct({ stock: 5 });
  const { orderId } = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }]));
  return (
    await getDb()
      .selectFrom("outbox")
      .select("recipient")
      .where("channel", "=", "sms")
      .where("dedupe_key", "like", `%${orderId}%`)
      .execute()
  ).map((r) => r.recipient);
}

describe("order SMS go only to a verified phone", () => {
  it("an unverified profile phone gets no order SMS; after its code is typed back it does", async () => {
    const MOBILE = newMobile();
    const customer = await keenCustomer(MOBILE);
    expect(await orderSms(customer)).toEqual([]);
    expect(await loadMessagePreferences(customer.id)).toMatchObject({ smsTo: null, unprovenMobile: MOBILE });

    expect(await sendPhoneVerification(customer, meta())).toBe(MOBILE);
    expect(await confirmPhoneVerification(customer, await codeSentTo(MOBILE), meta())).toBe(MOBILE);
    expect(await loadMessagePreferences(customer.id)).toMatchObject({ smsTo: MOBILE, unprovenMobile: null });
    expect(await orderSms(customer)).toEqual([MOBILE]);
  });

  it("a wrong or expired code is refused, as is a sign-in code for the number, and nothing is verified", async () => {
    const MOBILE = newMobile();
    const customer = await keenCustomer(MOBILE);
    await sendPhoneVerification(customer, meta());
    const code = await codeSentTo(MOBILE);
    const wrong = code === "000000" ? "111111" : "000000";
    await expect(confirmPhoneVerification(customer, wrong, meta())).rejects.toThrow(CODE_REFUSED);
    await expect(confirmPhoneVerification(customer, code, { ...meta(), now: Date.now() + CODE_TTL_MS + 1000 })).rejects.toThrow(
      CODE_REFUSED,
    );
    // A sign-in code for the same number is no verification code.
    const signInCode = await issuePhoneCode(getDb(), MOBILE);
    await expect(confirmPhoneVerification(customer, signInCode.code, meta())).rejects.toThrow(CODE_REFUSED);
    // Nor is another account's code for it.
    const other = await keenCustomer(MOBILE);
    await sendPhoneVerification(other, meta());
    await expect(confirmPhoneVerification(customer, await codeSentTo(MOBILE), meta())).rejects.toThrow(CODE_REFUSED);

    const row = await getDb().selectFrom("user").select("verified_phone").where("id", "=", customer.id).executeTakeFirstOrThrow();
    expect(row.verified_phone).toBeNull();
    expect(await orderSms(customer)).toEqual([]);
  });

  it("changing the phone un-verifies it: the new number gets no order SMS until its own code", async () => {
    const MOBILE = newMobile();
    const customer = await keenCustomer(MOBILE);
    await sendPhoneVerification(customer, meta());
    await confirmPhoneVerification(customer, await codeSentTo(MOBILE), meta());
    // Written differently, the same number stays verified.
    await updateProfile(customer, { ...details, phone: written(MOBILE).replace(/ (\d{5})$/, "-$1") });
    expect((await loadMessagePreferences(customer.id)).smsTo).toBe(MOBILE);

    const next = newMobile();
    await updateProfile(customer, { ...details, phone: written(next) });
    expect(await loadMessagePreferences(customer.id)).toMatchObject({ smsTo: null, unprovenMobile: next });
    expect(await orderSms(customer)).toEqual([]);
    // Changed back by any other path, the old proof does not count either.
    await getDb()
      .updateTable("user")
      .set({ phone: written(MOBILE) })
      .where("id", "=", customer.id)
      .execute();
    expect((await loadMessagePreferences(customer.id)).smsTo).toBeNull();
  });

  it("an unconfirmed account may not ask for a code nor verify one", async () => {
    const customer = await createCustomer();
    const who = { id: customer.id, verified: false };
    const sent = () => getDb().selectFrom("outbox").select("id").where("dedupe_key", "like", "phone-verify:%").execute();
    const before = (await sent()).length;
    await expect(sendPhoneVerification(who, meta())).rejects.toThrow(VERIFY_BEFORE_PHONE);
    await expect(confirmPhoneVerification(who, "123456", meta())).rejects.toMatchObject({ status: 403 });
    expect(await sent()).toHaveLength(before);
  });

  it("codes per number are limited like sign-in codes: the fourth in 10 minutes is refused", async () => {
    const customer = await keenCustomer(newMobile());
    for (let i = 0; i < 3; i++) await sendPhoneVerification(customer, meta());
    const refused = await sendPhoneVerification(customer, meta()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthFailure);
    expect(refused).toMatchObject({ status: 429 });
  });
});
