import { describe, expect, it } from "vitest";
import { createCustomer } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { action as accountAction } from "~/routes/account/account";
import { issuePhoneCode } from "./phone-codes.server";
import { loadMessagePreferences, saveMessagePreferences } from "./message-preferences.server";
import { verifyMobileCode } from "./mobile-sign-in.server";

const SMS_NEEDS_MOBILE = "Add an Indian mobile number to your details first: SMS order updates go there.";

/** Posts the account page's form with this session cookie. */
const post = (cookie: string, fields: Record<string, string>) =>
  accountAction({
    request: new Request("http://localhost:3999/account", {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3999", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
    params: {},
    context: {},
    url: new URL("http://localhost:3999/account"),
  } as unknown as Parameters<typeof accountAction>[0]);

describe("message preferences", () => {
  it("defaults: no SMS for an account with an email, non-essential emails on; a mobile account always gets SMS", async () => {
    const customer = await createCustomer();
    // The profile's phone was typed, never proved by a code: no SMS can go there yet.
    expect(await loadMessagePreferences(customer.id)).toEqual({
      smsTo: null,
      unprovenMobile: "+919876543210",
      hasEmail: true,
      smsOrderUpdates: false,
      nonEssentialEmails: true,
    });
    await getDb().updateTable("user").set({ verified_phone: "+919876543210" }).where("id", "=", customer.id).execute();
    expect(await loadMessagePreferences(customer.id)).toMatchObject({ smsTo: "+919876543210", unprovenMobile: null });
    await saveMessagePreferences({ id: customer.id, verified: true }, { smsOrderUpdates: true, nonEssentialEmails: false });
    expect(await loadMessagePreferences(customer.id)).toMatchObject({ smsOrderUpdates: true, nonEssentialEmails: false });
  });

  it("saves from the account page, and refuses SMS updates without a mobile number", async () => {
    const phone = "+919811100001";
    const { code } = await issuePhoneCode(getDb(), phone);
    const session = await verifyMobileCode(phone, code, { ip: "10.8.0.1", headers: new Headers() });
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(await loadMessagePreferences(session.userId)).toMatchObject({ smsTo: phone, hasEmail: false, smsOrderUpdates: true });

    // An email customer whose profile phone is not an Indian mobile cannot turn SMS on.
    const other = await createCustomer();
    await getDb().updateTable("user").set({ phone: "+1 555 0100" }).where("id", "=", other.id).execute();
    expect((await loadMessagePreferences(other.id)).smsTo).toBeNull();

    const saved = (await post(cookie, { intent: "messages", smsOrderUpdates: "on" })) as Response;
    expect(saved.status).toBe(303);
    expect(await loadMessagePreferences(session.userId)).toMatchObject({ smsOrderUpdates: true, nonEssentialEmails: false });

    // With no number left to text, turning SMS on is refused with a 400 that says why.
    await getDb().updateTable("user").set({ phoneNumber: null, phone: "+1 555 0100" }).where("id", "=", session.userId).execute();
    const refused = (await post(cookie, { intent: "messages", smsOrderUpdates: "on" })) as { data: unknown; init: ResponseInit | null };
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ intent: "messages", error: SMS_NEEDS_MOBILE });
  });
});
