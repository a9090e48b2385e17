/**
 * Code 128 (ISO/IEC 15417), drawn by the packing slips and labels as plain rectangles: no barcode
 * library. A text of digits of even length (a pincode, an order's digits) is packed two digits to a
 * symbol in code set C; anything else of printable ASCII uses code set B.
 */

/** Bar and space widths in modules, bar first, of symbol values 0–106 (106: stop, with its closing bar). */
const PATTERNS = [
  "212222",
  "222122",
  "222221",
  "121223",
  "121322",
  "131222",
  "122213",
  "122312",
  "132212",
  "221213",
  "221312",
  "231212",
  "112232",
  "122132",
  "122231",
  "113222",
  "123122",
  "123221",
  "223211",
  "221132",
  "221231",
  "213212",
  "223112",
  "312131",
  "311222",
  "321122",
  "321221",
  "312212",
  "322112",
  "322211",
  "212123",
  "212321",
  "232121",
  "111323",
  "131123",
  "131321",
  "112313",
  "132113",
  "132311",
  "211313",
  "231113",
  "231311",
  "112133",
  "112331",
  "132131",
  "113123",
  "113321",
  "133121",
  "313121",
  "211331",
  "231131",
  "213113",
  "213311",
  "213131",
  "311123",
  "311321",
  "331121",
  "312113",
  "312311",
  "332111",
  "314111",
  "221411",
  "431111",
  "111224",
  "111422",
  "121124",
  "121421",
  "141122",
  "141221",
  "112214",
  "112412",
  "122114",
  "122411",
  "142112",
  "142211",
  "241211",
  "221114",
  "413111",
  "241112",
  "134111",
  "111242",
  "121142",
  "121241",
  "114212",
  "124112",
  "124211",
  "411212",
  "421112",
  "421211",
  "212141",
  "214121",
  "412121",
  "111143",
  "111341",
  "131141",
  "114113",
  "114311",
  "411113",
  "411311",
  "113141",
  "114131",
  "311141",
  "411131",
  "211412",
  "211214",
  "211232",
  "2331112",
] as const;

const START_B = 104;
const START_C = 105;
const STOP = 106;

/** The symbol values of a text: start, data, checksum (start + Σ position × value, mod 103), stop. */
export function code128Values(text: string): number[] {
  let data: number[];
  let start: number;
  if (/^(\d\d)+$/.test(text)) {
    start = START_C;
    data = text.match(/\d\d/g)?.map(Number) ?? [];
  } else {
    if (!/^[\x20-\x7e]+$/.test(text)) throw new RangeError(`Code 128 set B cannot encode ${JSON.stringify(text)}.`);
    start = START_B;
    data = [...text].map((c) => c.charCodeAt(0) - 32);
  }
  const checksum = data.reduce((sum, value, i) => sum + value * (i + 1), start) % 103;
  return [start, ...data, checksum, STOP];
}

/** The widths of a text's bars and spaces in modules, bar first (quiet zones not included). */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((value) => [...(PATTERNS[value] as string)].map(Number));
}
