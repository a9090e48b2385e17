import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getAuth } from "~/platform/auth/auth.server";
import { getDb } from "~/platform/db/db.server";
import {
  CATALOG_COLUMNS,
  type CatalogColumn,
  CSV_CELL_TOO_LONG,
  CSV_TOO_MANY_COLUMNS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_CELL_CHARS,
  MAX_LISTED_PROBLEMS,
} from "~/features/catalog/domain/catalog-csv";
import { CSV_BOM } from "~/platform/core/csv";
import { csvRows } from "~/platform/csv.server";
import { withLocale } from "~/platform/i18n/i18n.server";
import { english, renderRefusal } from "~/platform/i18n/render-refusal.server";
import { action as adminImportAction, loader as adminImportLoader } from "~/routes/admin/products-import";
import { action as vendorImportAction, loader as vendorImportLoader } from "~/routes/vendor-login/products-import";
import { signIn } from "~/features/accounts/server/sign-in.server";
import { readCatalogText } from "~/features/catalog/server/plan-catalog-import.server";
import {
  CSV_EMPTY,
  CSV_NOT_UTF8,
  CSV_TOO_LARGE,
  CSV_TOO_MANY_ROWS,
  previewCatalogImport,
  uploadCatalogCsv,
} from "~/features/catalog/server/upload-catalog-csv.server";
import { registerVendor } from "~/features/vendor-shops/server/register-vendor.server";
import { createUserWithPassword } from "~/features/accounts/server/create-user.server";
import { sessionCookie } from "../account-links";

/**
 * A product CSV that freezes the server: a file of 50,000 unknown columns held the event loop for
 * seconds and its preview answered an 81 MB error. The import now refuses a file over its column,
 * row and cell limits while reading it, reads in slices that let other requests run, lists at most
 * 200 problems, and takes files from confirmed vendors only (docs/decisions/020-csv-import.md).
 */
const ORIGIN = "http://localhost:3999";
let n = 0;
const ip = () => `10.79.${Math.floor(Math.random() * 250)}.${++n % 250}`;
const col = (c: CatalogColumn) => CATALOG_COLUMNS.indexOf(c);
const VERIFY_BEFORE_LISTING = "Please confirm your email address before submitting listings. Open the link we sent you, or send a new one.";
const fileOf = (text: string, name = "products.csv") => new File([CSV_BOM + text], name, { type: "text/csv" });

async function signedInAdmin() {
  const email = `limits-admin-${Date.now().toString(36)}${++n}@angle.test`;
  const { id } = await createUserWithPassword({ name: "Limits Admin", email, password: "limits-admin-pass", role: "admin" });
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password: "limits-admin-pass" },
    headers: new Headers({ origin: ORIGIN }),
    returnHeaders: true,
  });
  return { id, cookie: sessionCookie(headers) };
}

/** A vendor registered through the store's own service and signed in, without opening the emailed link. */
async function unconfirmedVendor() {
  const email = `limits-vendor-${Date.now().toString(36)}${++n}@angle.test`;
  const headers = new Headers({ origin: ORIGIN });
  const id = await registerVendor(
    {
      businessName: "Kisan Bulk Seeds",
      email,
      password: "vendor-pass-123",
      gstNumber: "27AAPFU0939F1ZV",
      phone: "98765 43210",
      street: "12 Mandi Road",
      city: "Nashik",
      state: "Maharashtra",
      pincode: "422001",
    } as never,
    { ip: ip(), headers },
  );
  if (!id) throw new Error("the vendor was not registered");
  const session = await signIn({ email, password: "vendor-pass-123" }, { ip: ip(), headers });
  return { id, cookie: sessionCookie(session.headers) };
}

type RouteFn = (args: never) => Promise<unknown>;
/** What a loader or action answered: its status and its data (a redirect is a Response). */
async function call(fn: RouteFn, path: string, cookie: string, body?: FormData) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: body ? "POST" : "GET",
    body,
    headers: { origin: ORIGIN, cookie, "x-angle-client-ip": ip() },
  });
  let result: unknown;
  try {
    result = await fn({ request, params: {}, context: new RouterContextProvider(), url: new URL(request.url) } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: null as never, location: result.headers.get("location") };
  if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
    const r = result as unknown as { data: unknown; init: ResponseInit | null };
    return { status: r.init?.status ?? 200, data: r.data as never, location: null };
  }
  return { status: 200, data: result as never, location: null };
}
const previewForm = (file: File) => {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("file", file);
  return form;
};
const uploadsOf = async (userId: string) =>
  (await getDb().selectFrom("catalog_import").select("id").where("user_id", "=", userId).execute()).length;

/** 50,000 columns named c0…c49999, then rows of 50,000 empty cells, up to just under the 5 MB limit. */
function fiftyThousandColumns() {
  const header = Array.from({ length: 50_000 }, (_, i) => `c${i}`).join(",");
  const row = `${",".repeat(49_999)}x`;
  const rows = Math.floor((MAX_IMPORT_BYTES - header.length - 10) / (row.length + 2));
  return `${header}\r\n${`${row}\r\n`.repeat(rows)}`;
}

/** A valid file of `products` new products × 4 sizes; each product's description is `description`. */
function largeFile(products: number, description: string) {
  const rows: string[][] = [[...CATALOG_COLUMNS]];
  for (let p = 0; p < products; p++) {
    for (let s = 0; s < 4; s++) {
      const row = CATALOG_COLUMNS.map(() => "");
      row[col("handle")] = `p${p}`;
      if (s === 0) {
        row[col("name")] = `Limits Hybrid Seed ${p}`;
        row[col("category")] = "seeds";
        row[col("hsn_code")] = "12099160";
        row[col("gst_rate")] = "0";
        row[col("description")] = description;
        row[col("crops")] = "tomato, chilli";
      }
      row[col("size_label")] = `${(s + 1) * 10} g`;
      row[col("pack_quantity")] = String((s + 1) * 10);
      row[col("pack_unit")] = "g";
      row[col("sku")] = `LIM-${n}-${p}-${s}`;
      row[col("price_rupees")] = String(120 + s * 90);
      row[col("stock")] = "10";
      rows.push(row);
    }
  }
  return csvRows(rows);
}

describe("a CSV that freezes the server", () => {
  it("the 50,000-column upload is refused at once with a 413 and a short message, and nothing is stored", async () => {
    const admin = await signedInAdmin();
    const text = fiftyThousandColumns();
    expect(text.length).toBeLessThan(MAX_IMPORT_BYTES);
    const reply = await call(adminImportAction, "/admin/products/import", admin.cookie, previewForm(fileOf(text)));
    expect(reply?.status).toBe(413);
    expect(reply?.data).toEqual({
      error: `Row 1 has more than 60 columns; a product file has ${CATALOG_COLUMNS.length}. Delete the other columns and upload the file again.`,
    });
    expect(english(CSV_TOO_MANY_COLUMNS(1)).length).toBeLessThan(200);
    expect(await uploadsOf(admin.id)).toBe(0);
    // How long the event loop is kept busy meanwhile is measured by `npm run bench:import` (a benchmark, not a test).
  });

  it("a row with more cells than the columns allow is refused naming its row; 60 columns with blank names are read", async () => {
    const admin = { role: "admin" as const, userId: (await signedInAdmin()).id };
    const header = [...CATALOG_COLUMNS];
    const row = CATALOG_COLUMNS.map(() => "");
    const padded = (cells: string[], to: number) => [...cells, ...Array.from({ length: to - cells.length }, () => "")];
    const wide = await uploadCatalogCsv(admin, fileOf(csvRows([header, row, padded(row, 61)])));
    expect(wide).toEqual({ ok: false, status: 413, error: CSV_TOO_MANY_COLUMNS(3) });
    const blankHeaderCells = await uploadCatalogCsv(admin, fileOf(csvRows([padded(header, 60), padded(row, 60)])));
    expect(blankHeaderCells.ok).toBe(true);
    expect(await uploadsOf(admin.userId)).toBe(1);
  });

  it(`a cell over ${MAX_IMPORT_CELL_CHARS.toLocaleString("en-IN")} characters is refused naming its row and column, nothing stored`, async () => {
    const admin = { role: "admin" as const, userId: (await signedInAdmin()).id };
    const row = (description: string) => CATALOG_COLUMNS.map((c) => (c === "description" ? description : c === "handle" ? "a" : ""));
    const longest = await uploadCatalogCsv(admin, fileOf(csvRows([CATALOG_COLUMNS, row("x".repeat(MAX_IMPORT_CELL_CHARS))])));
    expect(longest.ok).toBe(true);
    const over = await uploadCatalogCsv(
      admin,
      fileOf(csvRows([CATALOG_COLUMNS, row("ok"), row("ok"), row("ज".repeat(MAX_IMPORT_CELL_CHARS + 1))])),
    );
    expect(over).toEqual({ ok: false, status: 422, error: CSV_CELL_TOO_LONG(4, "description") });
    // A quote never closed until far down the file makes one long cell of the rows between.
    const unclosed = `${CATALOG_COLUMNS.join(",")}\r\na,"Sow in rows\r\n${"x,y,z\r\n".repeat(1000)}"\r\n`;
    const result = await uploadCatalogCsv(admin, fileOf(unclosed));
    expect(result).toEqual({ ok: false, status: 422, error: CSV_CELL_TOO_LONG(2, "handle") });
    expect(await uploadsOf(admin.userId)).toBe(1);
  });

  it("more than 10,000 rows are refused; blank rows do not count", async () => {
    const admin = { role: "admin" as const, userId: (await signedInAdmin()).id };
    const row = CATALOG_COLUMNS.map(() => "x").join(",");
    const lines = (n: number, blank = 0) =>
      [CATALOG_COLUMNS.join(","), ...Array.from({ length: n }, () => row), ...Array.from({ length: blank }, () => "")].join("\r\n");
    expect(await uploadCatalogCsv(admin, fileOf(lines(10_001)))).toEqual({ ok: false, status: 413, error: CSV_TOO_MANY_ROWS });
    expect((await uploadCatalogCsv(admin, fileOf(lines(10_000, 500)))).ok).toBe(true);
  });

  it(`the preview lists the first ${MAX_LISTED_PROBLEMS} problems and says how many more there are`, async () => {
    const admin = await signedInAdmin();
    // 3,000 rows, each with two problems: no name and a price that is not a number.
    const bad = CATALOG_COLUMNS.map((c) => (c === "price_rupees" ? "free" : c === "handle" ? "h" : ""));
    const rows = Array.from({ length: 3_000 }, (_, i) => bad.map((cell, j) => (j === col("handle") ? `h${i}` : cell)));
    const uploaded = await uploadCatalogCsv({ role: "admin", userId: admin.id }, fileOf(csvRows([CATALOG_COLUMNS, ...rows])));
    if (!uploaded.ok) throw new Error(uploaded.error.code);
    const page = await call(adminImportLoader, `/admin/products/import?upload=${uploaded.id}`, admin.cookie);
    const preview = (page.data as { preview: { errors: unknown[]; problemCount: number; problemRows: number } }).preview;
    expect(preview.errors).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(preview.problemRows).toBe(3_000);
    expect(preview.problemCount).toBeGreaterThanOrEqual(6_000);
    expect(JSON.stringify(page.data).length).toBeLessThan(100_000);
  });

  it("a 5 MB, 10,000-row file is uploaded and previewed whole (its event-loop stalls: npm run bench:import)", async () => {
    const admin = { role: "admin" as const, userId: (await signedInAdmin()).id };
    const text = largeFile(2_500, "High-yield hybrid, tolerant to leaf curl. Sow 2 cm deep, 45 cm apart. ".repeat(24).trim());
    expect(Buffer.byteLength(CSV_BOM + text)).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(Buffer.byteLength(CSV_BOM + text)).toBeLessThan(MAX_IMPORT_BYTES);
    const uploaded = await uploadCatalogCsv(admin, fileOf(text));
    if (!uploaded.ok) throw new Error(uploaded.error.code);
    const preview = await previewCatalogImport(admin, uploaded.id);
    expect(preview?.plan.counts.created).toBe(2_500);
    expect(preview?.plan.errors).toEqual([]);
  });

  it("reading a file in slices gives the same products and problems as before", async () => {
    const text = largeFile(3, "Sow 2 cm deep.");
    const file = await readCatalogText(text);
    expect(file.errors).toEqual([]);
    expect(file.rowCount).toBe(12);
    expect(file.products.map((p) => p.rows)).toEqual([
      [2, 3, 4, 5],
      [6, 7, 8, 9],
      [10, 11, 12, 13],
    ]);
  });
});

describe("an unconfirmed vendor and the CSV import", () => {
  it("the page says to confirm first, and the action refuses the upload with a 403, storing nothing", async () => {
    const vendor = await unconfirmedVendor();
    const page = await call(vendorImportLoader, "/vendor-login/products/import", vendor.cookie);
    expect(page.status).toBe(200);
    expect((page.data as { refusal: string | null }).refusal).toBe(VERIFY_BEFORE_LISTING);
    const text = csvRows([CATALOG_COLUMNS, CATALOG_COLUMNS.map((c) => (c === "handle" ? "a" : ""))]);
    const reply = await call(vendorImportAction, "/vendor-login/products/import", vendor.cookie, previewForm(fileOf(text)));
    expect(reply.status).toBe(403);
    expect(reply.data).toEqual({ error: VERIFY_BEFORE_LISTING });
    expect(await uploadsOf(vendor.id)).toBe(0);
    // Nor is a 50,000-column file read for them: the refusal comes before the body.
    const wide = await call(
      vendorImportAction,
      "/vendor-login/products/import",
      vendor.cookie,
      previewForm(fileOf(fiftyThousandColumns())),
    );
    expect(wide.status).toBe(403);
  });

  it("every upload refusal reads in Hindi on the vendor's Hindi page", () => {
    const devanagari = /[\u0900-\u097F]/;
    for (const refused of [
      CSV_TOO_LARGE,
      CSV_TOO_MANY_ROWS,
      CSV_TOO_MANY_COLUMNS(1),
      CSV_CELL_TOO_LONG(12, "description"),
      CSV_NOT_UTF8,
      CSV_EMPTY,
    ])
      expect(
        withLocale("hi", () => renderRefusal(refused)),
        refused.code,
      ).toMatch(devanagari);
    expect(withLocale("hi", () => renderRefusal(CSV_CELL_TOO_LONG(12, "description")))).toContain("12");
    expect(withLocale("hi", () => renderRefusal(CSV_CELL_TOO_LONG(12, "description")))).toContain("description");
    expect(english(CSV_TOO_LARGE)).toBe("The file is larger than 5 MB. Split it into smaller files of at most 10,000 rows each.");
  });
});
