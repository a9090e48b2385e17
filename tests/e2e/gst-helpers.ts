import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { type DocumentSpec, type TaxDocumentRow, taxDocumentRow } from "../tax-documents";
import { ADMIN } from "./admin-helpers";

/*
 * Tax documents written straight into a private store's database, for the GST report's pages
 * (tests/e2e/gst-report.spec.ts, and its axe check in accessibility.spec.ts): issuing invoices is
 * built and tested elsewhere. An order row for each (the foreign key) and tax_document rows with
 * their snapshots, as the issuing code stores them.
 */
export type Database = { sqlitePath: string } | { postgresUrl: string };

const id = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

/** Runs statements ($1-style parameters) in one transaction on either engine. */
export async function run(database: Database, statements: [string, (string | number | null)[]][], read?: [string, string[]]) {
  if ("sqlitePath" in database) {
    const db = new DatabaseSync(database.sqlitePath, { timeout: 5000 });
    try {
      const found = read
        ? (db.prepare(read[0].replace(/\$(\d+)/g, "?$1")).get(...read[1]) as Record<string, string> | undefined)
        : undefined;
      db.exec("begin immediate");
      for (const [text, params] of statements) db.prepare(text.replace(/\$(\d+)/g, "?$1")).run(...params);
      db.exec("commit");
      return found;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.postgresUrl });
  await client.connect();
  try {
    const found = read ? (await client.query(read[0], read[1])).rows[0] : undefined;
    await client.query("begin");
    for (const [text, params] of statements) await client.query(text, params);
    await client.query("commit");
    return found as Record<string, string> | undefined;
  } finally {
    await client.end();
  }
}

/** The id of the account with this email ("" if there is none). */
export async function userIdOf(database: Database, email: string) {
  const user = await run(database, [], [`select id from "user" where email = $1`, [email]]);
  return user?.id ?? "";
}

/** Writes documents and returns their rows; one without an order id gets an order of its own (placed by the admin). */
export async function addDocuments(database: Database, specs: (Omit<DocumentSpec, "orderId"> & { orderId?: string })[]) {
  const adminId = await userIdOf(database, ADMIN.email);
  const rows: TaxDocumentRow[] = [];
  const statements: [string, (string | number | null)[]][] = [];
  for (const spec of specs) {
    const orderId = spec.orderId ?? id();
    if (!spec.orderId) {
      statements.push([
        `insert into orders (id, user_id, checkout_key, status, payment_method, subtotal_paise, shipping_paise, tax_paise, total_paise,
           customer_name, customer_email, customer_phone, street, city, state, pincode, created_at, updated_at)
         values ($1, $2, $3, 'delivered', 'cod', 100000, 0, 0, 100000, 'Ramesh Patil', 'ramesh@example.in', '+91 98765 43210',
           '1 Test Street', 'Pune', 'Maharashtra', '411001', $4, $4)`,
        [orderId, adminId, `gst-${orderId}`, spec.issuedAt],
      ]);
    }
    const row = taxDocumentRow(id(), { ...spec, orderId });
    rows.push(row);
    const columns = Object.keys(row);
    statements.push([
      `insert into tax_document (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
      Object.values(row),
    ]);
  }
  await run(database, statements);
  return rows;
}

/** Invoice lines: an intra-State hand tool, an inter-State machine, a spray at 18 % and delivery (a service). */
export const KHURPI = {
  description: "Khurpi hand weeder with a very long descriptive name",
  hsn: "8201",
  quantity: 1,
  unitPricePaise: 129_950,
  rate: 5,
};
export const TILLER = { description: "Power tiller", hsn: "8432", quantity: 1, unitPricePaise: 15_000_000, rate: 5 };
export const SPRAY = { description: "Neem oil spray", hsn: "3808", quantity: 3, unitPricePaise: 49_900, rate: 18 };
export const DELIVERY = { description: "Delivery", hsn: "9965", quantity: 1, unitPricePaise: 14_900, rate: 18 };

/**
 * November 2025's documents of the store: invoice 1 (issued 1 November in India, Maharashtra), invoice 2
 * (Karnataka: a power tiller, a spray and delivery) and a credit note for one of invoice 2's sprays.
 */
export async function addNovember2025(database: Database) {
  const [first, second] = await addDocuments(database, [
    { kind: "invoice", seller: "store", sequence: 1, issuedAt: "2025-10-31T19:00:00.000Z", placeOfSupply: "27", lines: [KHURPI] },
    {
      kind: "invoice",
      seller: "store",
      sequence: 2,
      issuedAt: "2025-11-15T06:00:00.000Z",
      placeOfSupply: "29",
      lines: [TILLER, SPRAY, DELIVERY],
    },
  ]);
  if (!first || !second) throw new Error("two invoices written");
  const [creditNote] = await addDocuments(database, [
    {
      kind: "credit_note",
      seller: "store",
      sequence: 1,
      issuedAt: "2025-11-20T06:00:00.000Z",
      placeOfSupply: "29",
      lines: [{ ...SPRAY, quantity: 1 }],
      orderId: second.order_id,
      refersTo: { id: second.id, number: second.number, issuedAt: second.issued_at },
    },
  ]);
  if (!creditNote) throw new Error("a credit note written");
  return { first, second, creditNote };
}

/** A vendor's invoice of September 2025 (series KIS), and the store's own sale that month, which is not theirs to see. */
export async function addVendorSeptember2025(database: Database, vendorId: string) {
  await addDocuments(database, [
    {
      kind: "invoice",
      seller: vendorId,
      prefix: "KIS",
      sequence: 1,
      issuedAt: "2025-09-10T06:00:00.000Z",
      placeOfSupply: "27",
      lines: [KHURPI],
    },
    { kind: "invoice", seller: "store", sequence: 50, issuedAt: "2025-09-11T06:00:00.000Z", placeOfSupply: "29", lines: [TILLER] },
  ]);
}
