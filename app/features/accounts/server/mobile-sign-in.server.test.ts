import { afterEach, describe, expect, it } from "vitest";
import { restoreEnv, setEnv } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, placeholderEmail } from "~/features/accounts/domain/mobile";
import { getSessionUser } from "~/platform/auth/session.server";
import { action as mobileAction } from "~/routes/account/mobile-auth";
import { consumePhoneCode, hashCode, issuePhoneCode } from "./phone-codes.server";
import { requestMobileCode, verifyMobileCode } from "./mobile-sign-in.server";

const CODE_REFUSED = "That code is not right, or it has expired. Check the SMS, or ask for a new code.";

const headers = () => new Headers({ origin: "http://localhost:3999" });

/** The newest sign-in code SMS queued to `phone`. */
async function lastSms(phone: string) {
  const row = await getDb()
    .selectFrom("outbox")
    .select("payload")
    .where("recipient", "=", phone)
    .where("kind", "=", "sign-in-code")
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  return JSON.parse(row.payload) as { text: string; templateId?: string; variables?: Record<string, string> };
}

/** The code of the newest SMS queued to `phone`, as the person would read it. */
async function lastCode(phone: string) {
  return /^(\d{6}) /.exec((await lastSms(phone)).text)?.[1] ?? "";
}

const cookieOf = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("sign-in codes at rest", () => {
  it("stores only an HMAC of the code, bound to the number", async () => {
    const phone = "+919800000001";
    const { code } = await issuePhoneCode(getDb(), phone);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await getDb().selectFrom("phone_code").selectAll().where("phone", "=", phone).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]?.code_hash).toBe(hashCode(phone, code));
    expect(hashCode("+919800000002", code)).not.toBe(rows[0]?.code_hash);
  });

  it("expires a code after 10 minutes", async () => {
    const phone = "+919800000003";
    const now = Date.now();
    const { code } = await issuePhoneCode(getDb(), phone, now);
    expect(await consumePhoneCode(phone, code, now + CODE_TTL_MS + 1)).toBe(false);
  });

  it("is single use: of two verifications racing with the right code, exactly one succeeds", async () => {
    const phone = "+919800000004";
    const { code } = await issuePhoneCode(getDb(), phone);
    const results = await Promise.all([consumePhoneCode(phone, code), consumePhoneCode(phone, code)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await consumePhoneCode(phone, code)).toBe(false);
  });

  it(`kills a code after ${CODE_MAX_ATTEMPTS} wrong tries, even for the right one after`, async () => {
    const phone = "+919800000005";
    const { code } = await issuePhoneCode(getDb(), phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) expect(await consumePhoneCode(phone, wrong)).toBe(false);
    expect(await consumePhoneCode(phone, code)).toBe(false);
  });

  it("lets only the newest code work once a new one is sent", async () => {
    const phone = "+919800000006";
    const first = await issuePhoneCode(getDb(), phone);
    const second = await issuePhoneCode(getDb(), phone);
    if (first.code !== second.code) expect(await consumePhoneCode(phone, first.code)).toBe(false);
    expect(await consumePhoneCode(phone, second.code)).toBe(true);
  });
});

describe("signing in with a mobile number", () => {
  it("creates a customer with a placeholder email on the first right code, and signs in again later", async () => {
    const phone = "+919876500001";
    await requestMobileCode(phone, { ip: "10.9.0.1" });
    const first = await verifyMobileCode(phone, await lastCode(phone), { ip: "10.9.0.1", headers: headers() });
    expect(first.role).toBe("user");
    const user = await getDb().selectFrom("user").selectAll().where("id", "=", first.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: placeholderEmail(phone), phoneNumber: phone, role: "user", phone: "+91 98765 00001" });
    expect(Boolean(user.phoneNumberVerified)).toBe(true);

    const request = new Request("http://localhost:3999/account", { headers: { cookie: cookieOf(first.headers) } });
    const session = await getSessionUser(request);
    expect(session).toMatchObject({ id: first.userId, mobile: phone, verified: true });

    await requestMobileCode(phone, { ip: "10.9.0.1" });
    const again = await verifyMobileCode(phone, await lastCode(phone), { ip: "10.9.0.1", headers: headers() });
    expect(again.userId).toBe(first.userId);
    // No email is ever queued to the placeholder address.
    const mails = await getDb().selectFrom("outbox").select("id").where("recipient", "=", placeholderEmail(phone)).execute();
    expect(mails).toEqual([]);
  });

  it("refuses a wrong code with one clear message and makes no account", async () => {
    const phone = "+919876500002";
    await requestMobileCode(phone, { ip: "10.9.0.2" });
    const code = await lastCode(phone);
    const wrong = code === "123456" ? "654321" : "123456";
    await expect(verifyMobileCode(phone, wrong, { ip: "10.9.0.2", headers: headers() })).rejects.toThrow(CODE_REFUSED);
    expect(await getDb().selectFrom("user").select("id").where("phoneNumber", "=", phone).execute()).toEqual([]);
  });

  it("refuses a suspended account with the store's suspension message (403), code or not", async () => {
    const phone = "+919876500007";
    await requestMobileCode(phone, { ip: "10.9.5.1" });
    const first = await verifyMobileCode(phone, await lastCode(phone), { ip: "10.9.5.1", headers: headers() });
    await getDb().updateTable("user").set({ banned: true }).where("id", "=", first.userId).execute();
    await requestMobileCode(phone, { ip: "10.9.5.1" });
    await expect(verifyMobileCode(phone, await lastCode(phone), { ip: "10.9.5.1", headers: headers() })).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/suspended/i),
    });
  });

  it("limits codes per number (3 in 10 minutes) with the usual wait message, whether or not it has an account", async () => {
    const phone = "+919876500003";
    const now = Date.now();
    for (let i = 0; i < 3; i++) await requestMobileCode(phone, { ip: `10.9.1.${i}`, now });
    await expect(requestMobileCode(phone, { ip: "10.9.1.9", now })).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/),
    });
  });

  it("limits codes per address (10 in 10 minutes)", async () => {
    const now = Date.now();
    for (let i = 0; i < 10; i++) await requestMobileCode(`+91976540${String(i).padStart(4, "0")}`, { ip: "10.9.2.1", now });
    await expect(requestMobileCode("+919765409999", { ip: "10.9.2.1", now })).rejects.toMatchObject({ status: 429 });
  });

  it("limits tries per number across codes and addresses", async () => {
    const phone = "+919876500004";
    const now = Date.now();
    let refused = 0;
    for (let i = 0; i < 11; i++) {
      const error = await verifyMobileCode(phone, "000000", { ip: `10.9.3.${i}`, headers: headers(), now }).catch((e: unknown) => e);
      if ((error as { status?: number }).status === 429) refused++;
    }
    expect(refused).toBe(1);
  });
});

describe("the sign-in code SMS's language", () => {
  afterEach(restoreEnv);
  const MSG91 = { MSG91_AUTH_KEY: "test-auth-key-123", MSG91_TEMPLATE_OTP: "tmpl-otp", MSG91_TEMPLATE_ORDER_STATUS: "tmpl-status" };

  it("is Hindi when asked for from a Hindi page, English otherwise", async () => {
    await requestMobileCode("+919876500011", { ip: "10.9.6.1", locale: "hi" });
    const hi = await lastSms("+919876500011");
    const code = await lastCode("+919876500011");
    expect(hi.text).toBe(`${code} आपका Angle लॉग इन कोड है। यह 10 मिनट चलेगा। किसी को न बताएँ।`);
    expect(hi.templateId).toBeUndefined();

    await requestMobileCode("+919876500012", { ip: "10.9.6.1", locale: "en" });
    expect((await lastSms("+919876500012")).text).toMatch(/^\d{6} is your Angle sign-in code\. It expires in 10 minutes\./);
  });

  it("through MSG91 without a Hindi template, is English under the English template", async () => {
    setEnv(MSG91);
    await requestMobileCode("+919876500013", { ip: "10.9.6.2", locale: "hi" });
    const sms = await lastSms("+919876500013");
    expect(sms.templateId).toBe("tmpl-otp");
    expect(sms.text).toMatch(/^\d{6} is your Angle sign-in code\./);
    expect(sms.variables).toEqual({ otp: await lastCode("+919876500013") });
  });

  it("through MSG91 with the Hindi template, is Hindi under that template", async () => {
    setEnv({ ...MSG91, MSG91_TEMPLATE_OTP_HI: "tmpl-otp-hi" });
    await requestMobileCode("+919876500014", { ip: "10.9.6.3", locale: "hi" });
    const sms = await lastSms("+919876500014");
    expect(sms.templateId).toBe("tmpl-otp-hi");
    expect(sms.text).toMatch(/^\d{6} आपका Angle लॉग इन कोड है।/);
    await requestMobileCode("+919876500015", { ip: "10.9.6.3", locale: "en" });
    expect(await lastSms("+919876500015")).toMatchObject({ templateId: "tmpl-otp", text: expect.stringMatching(/sign-in code/) });
  });
});

describe("the mobile-auth action", () => {
  /** `locale`: the language header the server in front sets for a Hindi page's post (/hi/account/mobile-auth). */
  const post = (fields: Record<string, string>, ip = "10.9.4.1", locale: "en" | "hi" = "en") =>
    mobileAction({
      request: new Request("http://localhost:3999/account/mobile-auth", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, "x-angle-locale": locale },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: {},
      url: new URL("http://localhost:3999/account/mobile-auth"),
    } as unknown as Parameters<typeof mobileAction>[0]);

  it("normalises the number people type and answers with the next step", async () => {
    const result = await post({ intent: "send-code", mobile: "+91 98765-00005" });
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data).toEqual({ ok: true, step: "code", mobile: "+919876500005" });
  });

  it("refuses a number that is not an Indian mobile, and a code that is not 6 digits, with 400 and a clear message", async () => {
    const bad = await post({ intent: "send-code", mobile: "12345" });
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, error: "Enter a 10-digit Indian mobile number, e.g. 98765 43210." });
    const badCode = await post({ intent: "verify", mobile: "9876500005", code: "12a" });
    expect(badCode.init?.status).toBe(400);
    expect(badCode.data).toMatchObject({ ok: false, error: "Enter the 6-digit code from the SMS." });
    const unknown = await post({ intent: "nope" });
    expect(unknown.init?.status).toBe(400);
  });

  it("sends the code in the language of the page it was asked from", async () => {
    await post({ intent: "send-code", mobile: "98765 00016" }, "10.9.4.2", "hi");
    expect((await lastSms("+919876500016")).text).toMatch(/^\d{6} आपका Angle लॉग इन कोड है।/);
    await post({ intent: "send-code", mobile: "98765 00017" }, "10.9.4.2");
    expect((await lastSms("+919876500017")).text).toMatch(/^\d{6} is your Angle sign-in code\./);
  });

  it("signs in with the code and sets the session cookie", async () => {
    await post({ intent: "send-code", mobile: "09876500006" });
    const code = await lastCode("+919876500006");
    const result = await post({ intent: "verify", mobile: "98765 00006", code });
    expect(result.data).toEqual({ ok: true, step: "signed-in" });
    expect(new Headers(result.init?.headers).get("set-cookie")).toMatch(/angle\.session_token=/);
  });
});
