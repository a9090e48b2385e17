import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createCustomer, createOrder, createProduct } from "../factories";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { formatMobile, placeholderEmail } from "~/features/accounts/domain/mobile";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { loadProductionBuildAsStarted, ORIGIN, type ProductionApp, textOf, visit } from "../helpers/production-app";

/*
 * What the admin's pages show of a customer who signed in by mobile number, as the server renders
 * them: the number (and a name once given), never the placeholder email the account carries.
 */
let app: ProductionApp;
let admin: string;
const mobile = "+919826054321";
let orderId: string;

beforeAll(async () => {
  const { build, clientDir } = await loadProductionBuildAsStarted();
  app = createApp({ build, clientDir, https: false, origin: ORIGIN });
  const email = `admin-${newId(8)}@angle.test`;
  await createUserWithPassword({ name: "Pages Admin", email, password: "pages-admin-pass", role: "admin" });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "pages-admin-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  admin = headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0])
    .join("; ");
  // An account as mobile sign-in makes it (the number for a name, a placeholder email), with an
  // order placed before checkout asked for a name.
  const customer = await createCustomer({ name: formatMobile(mobile), email: placeholderEmail(mobile) });
  await getDb().updateTable("user").set({ phoneNumber: mobile, phoneNumberVerified: true }).where("id", "=", customer.id).execute();
  const product = await createProduct({ stock: 5 });
  orderId = (await createOrder(customer.id, [product.id])).id;
  await getDb()
    .updateTable("orders")
    .set({ customer_name: formatMobile(mobile), customer_email: placeholderEmail(mobile), customer_phone: formatMobile(mobile) })
    .where("id", "=", orderId)
    .execute();
});

describe("a mobile customer on the admin's pages", () => {
  it.each(["/admin/orders", `/admin/orders/${"{order}"}`, "/admin/users?q=98260"])(
    "%s shows the number, never the placeholder email",
    async (path) => {
      const page = await visit(app, path.replace("{order}", orderId), { cookie: admin });
      expect(page.status).toBe(200);
      const text = textOf(page.text);
      expect(text).toContain("+91 98260 54321");
      expect(page.text).not.toContain("phone.angle.invalid");
      expect(page.text).not.toContain("@phone.");
    },
  );
});
