import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { insertOrders } from "../pagination";
import { taxDocumentRow } from "../tax-documents";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import { indiaMonth } from "~/features/tax/domain/gst-month";
import { defined } from "~/platform/defined";
import { newId } from "~/platform/ids";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { loader as adminPage } from "~/routes/admin/gst";
import { loader as sellerPage } from "~/routes/vendor-login/gst";
import { loader as adminExport } from "~/routes/resources/admin-gst-export";
import { loader as vendorExport } from "~/routes/resources/vendor-gst-export";

/**
 * The GST report's pages and CSV downloads as the server runs them: who may open which seller's
 * report, what a bad month answers, and what a download is called and holds. (The figures
 * themselves: app/features/tax/server/gst-report.server.test.ts.)
 */
const ORIGIN = "http://localhost:3999";
const PASSWORD = "gst-report-pass-2026";
const cookiePair = (setCookie: string) => setCookie.split(";", 1)[0] ?? "";

async function signIn(email: string) {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: PASSWORD },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return headers.getSetCookie().map(cookiePair).join("; ");
}

async function createSignedIn(role: "admin" | "vendor" | "user", businessName?: string) {
  const email = `gst-${role}-${newId(8)}@angle.test`;
  const { id } = await createUserWithPassword({ name: `GST ${role}`, email, password: PASSWORD, role });
  if (businessName) {
    await getDb()
      .insertInto("vendor")
      .values({
        user_id: id,
        business_name: businessName,
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
  return { id, cookie: await signIn(email) };
}

type LoaderArgs = { request: Request; url: URL; params: Record<string, string>; context: RouterContextProvider; pattern: string };
function get(path: string, cookie?: string): LoaderArgs {
  const request = new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  return { request, url: new URL(request.url), params: {}, context: new RouterContextProvider(), pattern: path.split("?")[0] ?? path };
}

/** What a loader answered or threw: its status, its data, a Response's headers. */
async function outcome(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null, response: result };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit" && "init" in result) {
    const init = result.init as ResponseInit | null;
    return { status: init?.status ?? 200, body: "data" in result ? (result.data as Record<string, unknown>) : null, response: null };
  }
  return { status: 200, body: result as Record<string, unknown>, response: null };
}

let admin: { id: string; cookie: string };
let customer: { id: string; cookie: string };
let kisan: { id: string; cookie: string };
let bharat: { id: string; cookie: string };

async function issue(seller: string, prefix: string, issuedAt: string) {
  const orderId = defined((await insertOrders(1, { userId: customer.id }))[0], "an order");
  const row = taxDocumentRow(newId(), {
    kind: "invoice",
    seller,
    prefix,
    sequence: 1,
    issuedAt,
    placeOfSupply: "27",
    orderId,
    lines: [{ description: "Khurpi hand weeder", hsn: "8201", quantity: 1, unitPricePaise: 129_950, rate: 5 }],
  });
  await getDb().insertInto("tax_document").values(row).execute();
  return row;
}

beforeAll(async () => {
  admin = await createSignedIn("admin");
  customer = await createSignedIn("user");
  kisan = await createSignedIn("vendor", "Kisan Tools & Co.");
  bharat = await createSignedIn("vendor", "Bharat Beej");
  await issue("store", "ANG", "2026-11-05T06:00:00.000Z");
  await issue(kisan.id, "KIS", "2026-11-06T06:00:00.000Z");
  await issue(bharat.id, "BHA", "2026-11-07T06:00:00.000Z");
});

const numbers = (body: Record<string, unknown> | null) =>
  ((body?.report as { documents: { number: string }[] } | null)?.documents ?? []).map((d) => d.number);

describe("/admin/gst", () => {
  it("shows the store's report for this month in India by default, and a vendor's when chosen", async () => {
    const first = await outcome(() => adminPage(get("/admin/gst", admin.cookie)));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ month: indiaMonth(), sellerId: "store", error: null });
    expect((defined(first.body, "the page's data").sellers as { name: string }[]).map((s) => s.name)).toEqual([
      "Store",
      "Bharat Beej",
      "Kisan Tools & Co.",
    ]);

    const store = await outcome(() => adminPage(get("/admin/gst?month=2026-11&seller=store", admin.cookie)));
    expect(numbers(store.body)).toEqual(["ANG/26-27/000001"]);
    const vendor = await outcome(() => adminPage(get(`/admin/gst?month=2026-11&seller=${kisan.id}`, admin.cookie)));
    expect(vendor.body).toMatchObject({ sellerName: "Kisan Tools & Co." });
    expect(numbers(vendor.body)).toEqual(["KIS/26-27/000001"]);
  });

  it("answers a bad month or an unknown seller with a 400 that says why", async () => {
    const month = await outcome(() => adminPage(get("/admin/gst?month=2026-13", admin.cookie)));
    expect(month.status).toBe(400);
    expect(month.body).toMatchObject({ error: "That is not a month: use YYYY-MM, for example 2026-11.", report: null, month: "2026-13" });
    const empty = await outcome(() => adminPage(get("/admin/gst?month=", admin.cookie)));
    expect(empty).toMatchObject({ status: 400, body: { error: "Choose a month." } });
    const seller = await outcome(() => adminPage(get(`/admin/gst?month=2026-11&seller=${customer.id}`, admin.cookie)));
    expect(seller).toMatchObject({ status: 400, body: { error: "Choose the store or one of its vendors.", report: null } });
  });

  it("is for admins only: anyone else goes to the admin login", async () => {
    for (const cookie of [undefined, customer.cookie, kisan.cookie]) {
      const result = await outcome(() => adminPage(get("/admin/gst", cookie)));
      expect(result.status).toBe(302);
      expect(result.response?.headers.get("location")).toBe("/admin/login");
    }
  });
});

describe("/admin/gst/export", () => {
  it("downloads gst-report-2026-11-store.csv with the store's documents only", async () => {
    const { status, response } = await outcome(() => adminExport(get("/admin/gst/export?month=2026-11&seller=store", admin.cookie)));
    expect(status).toBe(200);
    const headers = defined(response, "a response").headers;
    expect(headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(headers.get("content-disposition")).toBe('attachment; filename="gst-report-2026-11-store.csv"');
    expect(headers.get("cache-control")).toBe("private, no-store");
    const text = await defined(response, "a response").text();
    expect(text).toContain("ANG/26-27/000001");
    expect(text).not.toContain("KIS/");
    expect(text).not.toContain("BHA/");
  });

  it("names a vendor's file by their business name", async () => {
    const { response } = await outcome(() => adminExport(get(`/admin/gst/export?month=2026-11&seller=${bharat.id}`, admin.cookie)));
    expect(response?.headers.get("content-disposition")).toBe('attachment; filename="gst-report-2026-11-bharat-beej.csv"');
    expect(await response?.text()).toContain("BHA/26-27/000001");
  });

  it("refuses anyone but an admin (403), and a bad month or seller (400, in words)", async () => {
    for (const cookie of [undefined, customer.cookie, kisan.cookie]) {
      expect((await outcome(() => adminExport(get("/admin/gst/export?month=2026-11&seller=store", cookie)))).status).toBe(403);
    }
    const month = await outcome(() => adminExport(get("/admin/gst/export?month=2017-06&seller=store", admin.cookie)));
    expect(month.status).toBe(400);
    expect(await month.response?.text()).toBe("GST began in July 2017: choose July 2017 or a later month.\n");
    const seller = await outcome(() => adminExport(get("/admin/gst/export?month=2026-11&seller=nobody", admin.cookie)));
    expect(seller.status).toBe(400);
    expect(await seller.response?.text()).toBe("Choose the store or one of its vendors.\n");
  });
});

describe("/vendor-login/gst", () => {
  it("shows a vendor their own documents only, whatever seller the address names", async () => {
    for (const seller of ["", "&seller=store", `&seller=${bharat.id}`]) {
      const result = await outcome(() => sellerPage(get(`/vendor-login/gst?month=2026-11${seller}`, kisan.cookie)));
      expect(result.status).toBe(200);
      expect(result.body).toMatchObject({ sellerName: "Kisan Tools & Co.", error: null });
      expect(numbers(result.body)).toEqual(["KIS/26-27/000001"]);
    }
    const bad = await outcome(() => sellerPage(get("/vendor-login/gst?month=11-2026", kisan.cookie)));
    expect(bad).toMatchObject({ status: 400, body: { error: "That is not a month: use YYYY-MM, for example 2026-11.", report: null } });
  });

  it("sends anyone but a vendor to the vendor login", async () => {
    for (const cookie of [undefined, customer.cookie, admin.cookie]) {
      const result = await outcome(() => sellerPage(get("/vendor-login/gst", cookie)));
      expect(result.status).toBe(302);
      expect(result.response?.headers.get("location")).toBe("/vendor-login");
    }
  });

  it("downloads the vendor's own CSV, never another seller's, and refuses others (403)", async () => {
    const { status, response } = await outcome(() =>
      vendorExport(get("/vendor-login/gst/export?month=2026-11&seller=store", kisan.cookie)),
    );
    expect(status).toBe(200);
    expect(response?.headers.get("content-disposition")).toBe('attachment; filename="gst-report-2026-11-kisan-tools-co.csv"');
    const text = (await response?.text()) ?? "";
    expect(text).toContain("KIS/26-27/000001");
    expect(text).not.toContain("ANG/");
    expect(text).not.toContain("BHA/");
    for (const cookie of [undefined, customer.cookie, admin.cookie]) {
      expect((await outcome(() => vendorExport(get("/vendor-login/gst/export?month=2026-11", cookie)))).status).toBe(403);
    }
    const bad = await outcome(() => vendorExport(get("/vendor-login/gst/export?month=2026-1", kisan.cookie)));
    expect(bad.status).toBe(400);
  });
});
