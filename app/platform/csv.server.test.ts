import { describe, expect, it } from "vitest";
import { csvRow, csvRows, CsvUnreadable, readCsv } from "./csv.server";
import { guardFormula, unguardFormula } from "~/platform/core/csv";

describe("CSV writer", () => {
  it("quotes fields with commas, quotes and line breaks (a lone LF or CR too), doubling the quotes", () => {
    expect(csvRow(["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere", ""])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\rhere",\r\n',
    );
  });

  it("writes numbers as they are and empty cells for null", () => {
    expect(csvRow([12, 0, null, undefined, Number.NaN])).toBe("12,0,,,\r\n");
  });

  it("keeps a cell that a spreadsheet would run as a formula as text", () => {
    expect(csvRow(['=HYPERLINK("http://evil","x")'])).toBe(`"'=HYPERLINK(""http://evil"",""x"")"\r\n`);
    expect(csvRow(["+91 98765 43210"])).toBe("'+91 98765 43210\r\n");
    expect(csvRow(["-2+3"])).toBe("'-2+3\r\n");
    expect(csvRow(["@SUM(A1)"])).toBe("'@SUM(A1)\r\n");
    expect(csvRow(["\t=1"])).toBe("'\t=1\r\n");
    expect(csvRow(["a=b"])).toBe("a=b\r\n");
    expect(csvRow([-5])).toBe("-5\r\n");
  });
});

describe("CSV reader", () => {
  it("reads back what the writer wrote, cell for cell, once the formula guard is taken off", () => {
    const rows = [
      ["plain", "a,b", 'say "hi"', "two\nlines", "x\r\ny", "", "=1+1", "'=already", "''@x", "ज़मीन ₹"],
      ["", "", "", "", "", "", "", "", "", ""],
    ];
    const back = readCsv(csvRows(rows), 100).map((r) => r.map(unguardFormula));
    expect(back).toEqual(rows);
  });

  it("keeps blank lines as records, so record i is the spreadsheet's row i + 1", () => {
    expect(readCsv("a,b\r\n\r\n1,2\r\n", 100)).toEqual([["a", "b"], [""], ["1", "2"]]);
  });

  it("takes a stray quote inside an unquoted cell as text, and refuses an unclosed quote", () => {
    expect(readCsv('12" pipe,b\n', 10)).toEqual([['12" pipe', "b"]]);
    expect(() => readCsv('a,b\n1,"never closed\n', 10)).toThrow(CsvUnreadable);
  });

  it("stops at the record limit", () => {
    expect(readCsv("a\n".repeat(50), 10)).toHaveLength(10);
  });
});

it("guards and unguards formulas so that any text round-trips", () => {
  for (const text of ["=x", "'=x", "''=x", "'", "'a", "-", "@", "\t", "a", "", "+1"]) {
    expect(unguardFormula(guardFormula(text)), JSON.stringify(text)).toBe(text);
  }
});
