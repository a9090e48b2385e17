import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCustomer, createOrder, createProduct } from "../../../../tests/factories";
import { getAuth } from "~/platform/auth/auth.server";
import { getDatabase, getDb } from "~/platform/db/db.server";
import { ChangeEmailSchema, RegisterSchema } from "~/features/accounts/domain/account";
import { UsersActionSchema } from "~/features/accounts/domain/admin-forms";
import { placeholderEmail } from "~/features/accounts/domain/mobile";
import { EMAIL_NOT_MAILABLE, isReservedEmail } from "~/platform/core/reserved-email";
import { VendorRegisterSchema } from "~/features/vendor-shops/domain/vendor";
import type { Locale } from "~/platform/i18n/locale";
import { refusal } from "~/platform/core/refusal";
import { issueText, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { withLocale } from "~/platform/i18n/i18n.server";
import { action as authAction } from "~/routes/account/auth";
import { action as mobileAction } from "~/routes/account/mobile-auth";
import { action as vendorAction } from "~/routes/vendor-login/home";
import { bootstrapAdmin, ensureAdmin } from "~/features/accounts/server/ensure-admin.server";
import { createUserWithPassword, UserRefused } from "~/features/accounts/server/create-user.server";
import { AuthFailure } from "./auth-errors.server";
import { requestEmailChange } from "./change-email.server";
import { signUpQuietly } from "./register-customer.server";

const MOBILE_NUMBER_HELD =
  "This number cannot sign in yet because an older account is in the way. Please contact us and we will set it right.";
const MOBILE_SIGN_UP_FAILED = "We could not finish signing you in, and that code is now used up. Please ask for a new code and try again.";

/*
 * Registering `<digits>@phone.angle.invalid`, the address SMS sign-in gives the account it makes
 * for a number (docs/decisions/013-mobile-sign-in.md), used to take it first: the SMS sign-up for
 * that number then failed with a 500 for ever, and spent its code.
 */

type ActionResult = { data: { ok: boolean; error?: string; fields?: Record<string, string> }; init: ResponseInit | null };

/** A form post to `action`, run in `locale` as the root middleware would for a page in that language. */
const post = async (action: (args: never) => unknown, path: string, fields: Record<string, string>, ip: string, locale: Locale = "en") => {
  const request = new Request(`http://localhost:3999${path}`, {
    method: "POST",
    headers: { origin: "http://localhost:3999", "x-forwarded-for": ip, "x-angle-client-ip": ip, "x-angle-locale": locale },
    body: new URLSearchParams(fields),
  });
  const args = { request, params: {}, context: {}, url: new URL(request.url) } as never;
  const result = (await withLocale(locale, () => action(args))) as ActionResult;
  return { status: result.init?.status ?? 200, data: result.data };
};

const customer = (email: string) => ({
  intent: "register",
  name: "Ravi Kumar",
  email,
  password: "kheti-2026",
  phone: "98765 43210",
  street: "4 Station Road",
  city: "Nagpur",
  state: "Maharashtra",
  pincode: "440001",
});

const vendor = (email: string) => ({
  intent: "register",
  businessName: "Ravi Seeds",
  email,
  password: "kheti-2026",
  phone: "98765 43210",
  gstNumber: "27AAPFU0939F1ZV",
  street: "4 Station Road",
  city: "Nagpur",
  state: "Maharashtra",
  pincode: "440001",
});

/** The newest sign-in code SMS'd to `phone`, as the person reads it. */
async function lastCode(phone: string) {
  const row = await getDb()
    .selectFrom("outbox")
    .select("payload")
    .where("recipient", "=", phone)
    .where("kind", "=", "sign-in-code")
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  return /^(\d{6}) /.exec((JSON.parse(row.payload) as { text: string }).text)?.[1] ?? "";
}

const accountsWith = (email: string) => getDb().selectFrom("user").select(["id", "phoneNumber"]).where("email", "=", email).execute();

const RESERVED = [
  "919876543210@phone.angle.invalid",
  "9876543210@phone.angle.invalid",
  "someone@Mail.INVALID",
  "farmer@angle.example",
  "farmer@shop.localhost",
];

describe("SMS sign-up blocked by a placeholder email", () => {
  it("registering the SMS sign-in's placeholder address is refused (400, nothing written), and SMS sign-up for that number then works", async () => {
    for (const email of ["919876543210@phone.angle.invalid", "9876543210@phone.angle.invalid"]) {
      const refused = await post(authAction, "/account/auth", customer(email), "10.40.0.1");
      expect(refused).toMatchObject({ status: 400, data: { ok: false, error: EMAIL_NOT_MAILABLE, fields: { email: EMAIL_NOT_MAILABLE } } });
      expect(await accountsWith(email)).toEqual([]);
    }

    const send = await post(mobileAction, "/account/mobile-auth", { intent: "send-code", mobile: "98765 43210" }, "10.40.0.2");
    expect(send.status).toBe(200);
    const code = await lastCode("+919876543210");
    const verify = await post(mobileAction, "/account/mobile-auth", { intent: "verify", mobile: "98765 43210", code }, "10.40.0.2");
    expect(verify).toEqual({ status: 200, data: { ok: true, step: "signed-in" } });
    expect(await accountsWith("919876543210@phone.angle.invalid")).toEqual([{ id: expect.any(String), phoneNumber: "+919876543210" }]);
  });

  it("the vendor registration refuses a reserved address too, in Hindi on a Hindi page, and writes nothing", async () => {
    const refused = await post(vendorAction, "/vendor-login", vendor("919876543211@phone.angle.invalid"), "10.40.1.1");
    expect(refused).toMatchObject({ status: 400, data: { ok: false, fields: { email: EMAIL_NOT_MAILABLE } } });
    const hindi = await post(authAction, "/account/auth", customer("ravi@krishi.invalid"), "10.40.1.2", "hi");
    const inHindi = renderRefusal(refusal("account.email_not_mailable"), "hi");
    expect(hindi).toMatchObject({ status: 400, data: { fields: { email: inHindi } } });
    expect(inHindi).not.toBe(EMAIL_NOT_MAILABLE);
    expect(await accountsWith("919876543211@phone.angle.invalid")).toEqual([]);
    expect(await accountsWith("ravi@krishi.invalid")).toEqual([]);
  });

  it("every form that sets an email refuses reserved domains (.invalid, .example, .localhost) and still takes .test", () => {
    for (const email of RESERVED) {
      expect(isReservedEmail(email), email).toBe(true);
      const refusals = [
        RegisterSchema.safeParse(customer(email)),
        VendorRegisterSchema.safeParse(vendor(email)),
        ChangeEmailSchema.safeParse({ newEmail: email }),
        UsersActionSchema.safeParse({ intent: "add", name: "Ravi", email }),
      ];
      for (const result of refusals) {
        expect(result.success, email).toBe(false);
        expect(result.error?.issues.map((issue) => issueText(issue, "en"))).toContain(EMAIL_NOT_MAILABLE);
      }
    }
    for (const email of ["ravi@angle.test", "ravi@example.in", "ravi@invalid.example.in"]) {
      expect(isReservedEmail(email), email).toBe(false);
      expect(RegisterSchema.safeParse(customer(email)).success, email).toBe(true);
      expect(ChangeEmailSchema.safeParse({ newEmail: email }).success, email).toBe(true);
    }
  });

  it("the services refuse a reserved address even when no form checked it: sign-up, admin create, admin:create, change of email", async () => {
    const headers = new Headers({ origin: "http://localhost:3999" });
    await expect(
      signUpQuietly({ name: "Ravi", email: "919876543212@phone.angle.invalid", password: "kheti-2026" }, { headers }),
    ).rejects.toMatchObject({ constructor: AuthFailure, status: 400, message: EMAIL_NOT_MAILABLE });
    await expect(
      createUserWithPassword({ name: "Ravi", email: "919876543212@phone.angle.invalid", password: "kheti-2026", role: "user" }),
    ).rejects.toMatchObject({ constructor: UserRefused, status: 400, message: EMAIL_NOT_MAILABLE });
    await expect(ensureAdmin("admin@store.localhost", "a long secret 1")).rejects.toBeInstanceOf(UserRefused);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await bootstrapAdmin("admin@phone.angle.invalid", "a long secret 1");
    expect(warn).toHaveBeenCalledWith(`ADMIN_EMAIL: ${EMAIL_NOT_MAILABLE}`);
    warn.mockRestore();
    expect(await accountsWith("919876543212@phone.angle.invalid")).toEqual([]);
    expect(await accountsWith("admin@store.localhost")).toEqual([]);
    expect(await accountsWith("admin@phone.angle.invalid")).toEqual([]);

    const user = await createCustomer();
    const asUser = { id: user.id, email: user.email, verified: true } as Parameters<typeof requestEmailChange>[0];
    await expect(requestEmailChange(asUser, "919876543212@phone.angle.invalid", { ip: "10.40.2.1", headers })).rejects.toMatchObject({
      status: 400,
      message: EMAIL_NOT_MAILABLE,
    });
    // Better Auth's own writes (the change-email link's update) refuse it as well.
    const ctx = await getAuth().$context;
    await expect(ctx.internalAdapter.updateUser(user.id, { email: "919876543212@phone.angle.invalid" })).rejects.toThrow(
      EMAIL_NOT_MAILABLE,
    );
    expect(await accountsWith(user.email)).toHaveLength(1);
  });

  it("an old unconfirmed account holding a number's placeholder, with no orders, no longer blocks SMS sign-up for that number", async () => {
    const phone = "+919876543213";
    const squatter = await createCustomer({ email: placeholderEmail(phone) });
    await post(mobileAction, "/account/mobile-auth", { intent: "send-code", mobile: phone }, "10.40.3.1");
    const code = await lastCode(phone);
    const verify = await post(mobileAction, "/account/mobile-auth", { intent: "verify", mobile: phone, code }, "10.40.3.1");
    expect(verify).toEqual({ status: 200, data: { ok: true, step: "signed-in" } });
    const [account] = await accountsWith(placeholderEmail(phone));
    expect(account?.phoneNumber).toBe(phone);
    expect(account?.id).not.toBe(squatter.id);
    expect(await getDb().selectFrom("user").select("id").where("id", "=", squatter.id).execute()).toEqual([]);
  });

  it("an old account holding the placeholder that must be kept (it has orders) gets a clear 409, and the code is not spent", async () => {
    const phone = "+919876543214";
    const squatter = await createCustomer({ email: placeholderEmail(phone) });
    const product = await createProduct();
    await createOrder(squatter.id, [product.id]);
    await post(mobileAction, "/account/mobile-auth", { intent: "send-code", mobile: phone }, "10.40.4.1");
    const code = await lastCode(phone);
    const held = await post(mobileAction, "/account/mobile-auth", { intent: "verify", mobile: phone, code }, "10.40.4.1");
    expect(held).toEqual({ status: 409, data: { ok: false, error: MOBILE_NUMBER_HELD } });
    expect(await accountsWith(placeholderEmail(phone))).toEqual([{ id: squatter.id, phoneNumber: null }]);

    // Once the old account has a real address again (support's fix), the same code works.
    await getDb().updateTable("user").set({ email: "old-account@example.in" }).where("id", "=", squatter.id).execute();
    const verify = await post(mobileAction, "/account/mobile-auth", { intent: "verify", mobile: phone, code }, "10.40.4.1");
    expect(verify).toEqual({ status: 200, data: { ok: true, step: "signed-in" } });
  });

  describe("a sign-up conflict that no check foresaw", () => {
    const phone = "+919876543215";
    const { engine } = getDatabase();
    afterEach(async () => {
      if (engine === "postgres") await sql`drop function if exists take_placeholder() cascade`.execute(getDb());
      else await sql`drop trigger if exists take_placeholder`.execute(getDb());
    });

    it("answers 409 (never 500), writes nothing and says to ask for a new code", async () => {
      // Another account takes the placeholder in the very moment the sign-up writes its own.
      const email = placeholderEmail(phone);
      const clash = `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)`;
      if (engine === "postgres") {
        await sql
          .raw(`create function take_placeholder() returns trigger language plpgsql as $$ begin
            if new.email = '${email}' and new.id <> 'clash' then
              ${clash} values ('clash', 'Clash', '${email}', false, now(), now(), 'user');
            end if; return new; end $$`)
          .execute(getDb());
        await sql`create trigger take_placeholder before insert on "user" for each row execute function take_placeholder()`.execute(
          getDb(),
        );
      } else {
        await sql
          .raw(`create trigger take_placeholder before insert on "user" when new.email = '${email}' and new.id <> 'clash'
            begin ${clash} values ('clash', 'Clash', '${email}', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'user'); end`)
          .execute(getDb());
      }
      await post(mobileAction, "/account/mobile-auth", { intent: "send-code", mobile: phone }, "10.40.5.1");
      const code = await lastCode(phone);
      const failed = await post(mobileAction, "/account/mobile-auth", { intent: "verify", mobile: phone, code }, "10.40.5.1");
      expect(failed).toEqual({ status: 409, data: { ok: false, error: MOBILE_SIGN_UP_FAILED } });
      expect(await accountsWith(email)).toEqual([]);
    });
  });
});
