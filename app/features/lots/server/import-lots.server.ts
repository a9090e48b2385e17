import { getDatabase } from "~/platform/db/db.server";
import { idChunks } from "~/platform/db/batch.server";
import { type Refusal, refusal } from "~/platform/core/refusal";
import { indiaToday } from "~/platform/core/india-day";
import { CsvUnreadable, readCsv } from "~/platform/csv.server";
import { formRefusals } from "~/platform/i18n/render-refusal.server";
import { stripControl } from "~/platform/http/read-form.server";
import { type LotKind, type LotReceipt, lotReceiptSchema } from "../domain/lot-receipt";
import {
  columnOfField,
  isBlankLotRecord,
  LOT_CSV_COLUMNS,
  type LotRowError,
  lotRowFields,
  MAX_LOT_FILE_BYTES,
  MAX_LOT_ROWS,
  readLotHeader,
} from "../domain/lots-csv";
import { insertLots, isLotNumberTaken, type LotActor, LotRefused } from "./receive-lot.server";

export type LotsImport = { ok: true; received: number } | { ok: false; status: number; errors: LotRowError[] };

const fileProblem = (status: number, refused: Refusal): LotsImport => ({
  ok: false,
  status,
  errors: [{ row: 0, column: "", refusal: refused }],
});

/**
 * Receives the lots of a CSV file, all or nothing (as the catalogue import): every row is checked
 * first — its SKU one of the actor's pack sizes (a vendor's own; not a kit), its fields by the
 * product's kind, its lot number new for that size and given once in the file — and the problems
 * listed by row and column; only a file without any is written, in one transaction, its products
 * locked first (id order), then each size's stock made what its sellable lots hold.
 */
export async function importLots(actor: LotActor, file: File | null): Promise<LotsImport> {
  if (!file || file.size === 0) return fileProblem(400, refusal(file ? "lots.csv_empty" : "lots.csv_choose_file"));
  if (file.size > MAX_LOT_FILE_BYTES) return fileProblem(413, refusal("lots.csv_too_many_rows", { rows: MAX_LOT_ROWS }));
  let records: string[][];
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(await file.arrayBuffer())).replace(/^\uFEFF/, "");
    records = readCsv(stripControl(text), MAX_LOT_ROWS * 2 + 2);
  } catch (error) {
    if (error instanceof CsvUnreadable || error instanceof TypeError) return fileProblem(422, refusal("lots.csv_unreadable"));
    throw error;
  }
  const [headerCells, ...rows] = records;
  const header = readLotHeader(headerCells ?? []);
  const errors: LotRowError[] = [];
  const columns = LOT_CSV_COLUMNS.join(", ");
  for (const column of header.unknown) errors.push({ row: 1, column, refusal: refusal("lots.csv_unknown_column", { column, columns }) });
  for (const column of header.missing) errors.push({ row: 1, column, refusal: refusal("lots.csv_missing_column", { column }) });
  if (errors.length > 0) return { ok: false, status: 400, errors };
  const lines = rows.map((record, i) => ({ row: i + 2, record })).filter((r) => !isBlankLotRecord(r.record));
  if (lines.length === 0) return fileProblem(400, refusal("lots.csv_empty"));
  if (lines.length > MAX_LOT_ROWS) return fileProblem(413, refusal("lots.csv_too_many_rows", { rows: MAX_LOT_ROWS }));

  const parsed = lines.map(({ row, record }) => ({ row, ...lotRowFields(header.columns, record) }));
  const { db, engine } = getDatabase();
  const sizes = new Map<string, { id: string; product_id: string; kind: LotKind | null; isKit: boolean }>();
  for (const skus of idChunks([...new Set(parsed.map((p) => p.sku).filter(Boolean))])) {
    const found = await db
      .selectFrom("product_variant as v")
      .innerJoin("product as p", "p.id", "v.product_id")
      .select(["v.id", "v.sku", "v.product_id", "p.regulated_as"])
      .select((eb) =>
        eb.exists(eb.selectFrom("kit_part as k").select("k.kit_variant_id").whereRef("k.kit_variant_id", "=", "v.id")).as("is_kit"),
      )
      .where("v.sku", "in", skus)
      .$if(actor.role === "vendor", (qb) => qb.where("p.vendor_id", "=", actor.userId))
      .execute();
    for (const f of found)
      sizes.set(f.sku, {
        id: f.id,
        product_id: f.product_id,
        kind: (f.regulated_as ?? null) as LotKind | null,
        isKit: Boolean(Number(f.is_kit)),
      });
  }
  const existing = new Set<string>();
  for (const ids of idChunks([...new Set([...sizes.values()].map((s) => s.id))])) {
    const lots = await db.selectFrom("lot").select(["variant_id", "number"]).where("variant_id", "in", ids).execute();
    for (const l of lots) existing.add(`${l.variant_id}|${l.number}`);
  }

  const today = indiaToday();
  const seen = new Map<string, number>();
  const receipts: { row: number; size: { id: string; product_id: string; kind: LotKind | null }; lot: LotReceipt }[] = [];
  for (const { row, sku, fields } of parsed) {
    const size = sizes.get(sku);
    if (!size) {
      errors.push({ row, column: "sku", refusal: refusal("lots.csv_unknown_sku", { sku: sku.slice(0, 40) }) });
      continue;
    }
    if (size.isKit) {
      errors.push({ row, column: "sku", refusal: refusal("lots.kit_size") });
      continue;
    }
    const checked = lotReceiptSchema(size.kind, today).safeParse(fields);
    if (!checked.success) {
      for (const [field, refused] of Object.entries(formRefusals(checked.error)))
        if (refused) errors.push({ row, column: columnOfField(field), refusal: refused });
      continue;
    }
    const key = `${size.id}|${checked.data.number}`;
    const first = seen.get(key);
    if (existing.has(key)) errors.push({ row, column: "lot", refusal: refusal("lots.number_taken", { number: checked.data.number }) });
    else if (first !== undefined)
      errors.push({ row, column: "lot", refusal: refusal("lots.csv_repeated", { number: checked.data.number, row: first }) });
    else {
      seen.set(key, row);
      receipts.push({ row, size, lot: checked.data });
    }
  }
  if (errors.length > 0) return { ok: false, status: 400, errors };
  try {
    await db.transaction().execute((trx) => insertLots(trx, engine, actor, receipts));
  } catch (error) {
    // Received by someone else between the check and the write: the whole file waits.
    if (error instanceof LotRefused || isLotNumberTaken(error)) {
      const refused = error instanceof LotRefused ? error.refusal : refusal("common.check_form");
      return { ok: false, status: 409, errors: [{ row: 0, column: "lot", refusal: refused }] };
    }
    throw error;
  }
  return { ok: true, received: receipts.length };
}
