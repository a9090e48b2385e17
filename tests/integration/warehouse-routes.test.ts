import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { indiaToday } from "~/platform/core/india-day";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { loader as adminSlips } from "~/routes/resources/admin-packing-slips";
import { loader as vendorSlips } from "~/routes/resources/vendor-packing-slips";
import { loader as adminAlerts } from "~/routes/admin/stock-alerts";
import { loader as vendorAlerts } from "~/routes/vendor-login/stock-alerts";
import { checkoutInput, createProduct } from "../factories";

/**
 * The packing slips' downloads and the stock alerts' pages as the server runs them: who may have
 * which. (What a slip holds: app/features/orders/server/packing-slips.server.test.ts.)
 */
const ORIGIN = "http://localhost:3999";
const PASSWORD = "warehouse-pass-2026";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";

async function createSignedIn(role: "admin" | "vendor" | "user") {
  const email = `wh-${role}-${newId(8)}@angle.test`;
  const { id } = await createUserWithPassword({ name: `Warehouse ${role}`, email, password: PASSWORD, role });
  if (role === "vendor") {
    await getDb()
      .insertInto("vendor")
      .values({
        user_id: id,
        business_name: `Vendor ${id.slice(0, 5)}`,
        phone: "+91 91234 56789",
        gst_number: `27${newId(13).toUpperCase()}`,
        street: "Plot 4, MIDC",
        city: "Nashik",
        state: "Maharashtra",
        pincode: "422007",
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id, email, name: `Warehouse ${role}`, cookie: headers.getSetCookie().map(cookiePair).join("; ") };
}

function get(path: string, cookie?: string) {
  const request = new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  return { request, url: new URL(request.url), params: {}, context: new RouterContextProvider(), pattern: path.split("?")[0] ?? path };
}

/** What a loader answered or threw: a Response's status, or a thrown data()'s, or 200 for data. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && "init" in result) return (result.init as ResponseInit | null)?.status ?? 200;
  return 200;
}

let admin: Awaited<ReturnType<typeof createSignedIn>>;
let vendor: Awaited<ReturnType<typeof createSignedIn>>;
let customer: Awaited<ReturnType<typeof createSignedIn>>;
let storeOrder: string;

beforeAll(async () => {
  admin = await createSignedIn("admin");
  vendor = await createSignedIn("vendor");
  customer = await createSignedIn("user");
  const sickle = await createProduct({ name: "Sickle", pricePaise: 30_000 });
  storeOrder = (await placeOrder(customer, checkoutInput([{ productId: sickle.id, quantity: 1 }]))).orderId;
});

describe("packing slips and stock alerts, guarded on the server", () => {
  it("an admin downloads any order's slip and a day's labels; anyone else is turned away", async () => {
    expect(await statusOf(() => adminSlips(get(`/admin/packing-slips?kind=slip&order=${storeOrder}`, admin.cookie)))).toBe(200);
    expect(await statusOf(() => adminSlips(get(`/admin/packing-slips?kind=label&day=${indiaToday()}`, admin.cookie)))).toBe(200);
    for (const who of [customer.cookie, vendor.cookie, undefined])
      expect(await statusOf(() => adminSlips(get(`/admin/packing-slips?kind=slip&order=${storeOrder}`, who)))).toBe(403);
  });

  it("a vendor gets only orders holding their lines: the store's order is not found; a customer is turned away", async () => {
    expect(await statusOf(() => vendorSlips(get(`/vendor-login/packing-slips?kind=slip&order=${storeOrder}`, vendor.cookie)))).toBe(404);
    expect(await statusOf(() => vendorSlips(get(`/vendor-login/packing-slips?kind=slip&day=${indiaToday()}`, vendor.cookie)))).toBe(404);
    expect(await statusOf(() => vendorSlips(get(`/vendor-login/packing-slips?kind=slip&order=${storeOrder}`, customer.cookie)))).toBe(403);
  });

  it("the stock alerts pages are the admin's and the vendor's own", async () => {
    expect(await statusOf(() => adminAlerts(get("/admin/stock-alerts", admin.cookie)))).toBe(200);
    expect(await statusOf(() => adminAlerts(get("/admin/stock-alerts", vendor.cookie)))).toBe(302);
    expect(await statusOf(() => vendorAlerts(get("/vendor-login/stock-alerts", vendor.cookie)))).toBe(200);
    expect(await statusOf(() => vendorAlerts(get("/vendor-login/stock-alerts", customer.cookie)))).toBe(302);
  });
});
