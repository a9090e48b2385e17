import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv";

describe("CSV writer", () => {
  it("quotes fields with commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvRow(["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere", ""])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\rhere",\r\n',
    );
  });

  it("writes numbers as they are and empty cells for null", () => {
    expect(csvRow([12, 0, null, undefined, Number.NaN])).toBe("12,0,,,\r\n");
  });

  it("keeps a cell that a spreadsheet would run as a formula as text", () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField("+91 98765 43210")).toBe("'+91 98765 43210");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("a=b")).toBe("a=b");
  });
});
