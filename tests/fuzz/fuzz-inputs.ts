import fc from "fast-check";
import sharp from "sharp";
import type { Answer, Client } from "./client";

/** One field of a form: text, or a file part (multipart only). */
export type FileValue = { name: string; mimeType: string; buffer: Buffer };
export type FieldValue = string | FileValue;
export type Pairs = [string, FieldValue][];

const HUGE = "x".repeat(200_000);

/** Text that has broken parsers, queries and templates before. */
export const NASTY = [
  "",
  " ",
  "' or 1=1 --",
  "'; drop table product; --",
  '" onmouseover="window.__xss=1',
  "<script>window.__xss=1</script>",
  "<img src=x onerror=window.__xss=1>",
  "javascript:window.__xss=1",
  `{{7*7}}\${7*7}`, // template syntax, taken literally
  "%_\\",
  "%",
  "\\",
  "\u0000x",
  "a\r\nSet-Cookie: x=1",
  "\u202egnp.exe",
  "\ufeff",
  "😀🧑‍🌾",
  "ज़मीन खेती",
  "-1",
  "-0",
  "0",
  "0.5",
  "1.005",
  "2.999",
  "-250",
  "1e309",
  "1e3",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  " 5 ",
  "99999999999999999999",
  "9007199254740993",
  "[]",
  "{}",
  "null",
  "undefined",
  "true",
  "on",
  "__proto__",
  "constructor",
  "toString",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "admin",
  "vendor",
  "cancelled",
  "approve",
  "delete",
  HUGE,
];

/** Hostile text: metacharacters, numbers that are not quite numbers, any Unicode, huge strings. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: "binary" }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20, unit: "grapheme" }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.string({ minLength: 3000, maxLength: 6000 }) },
);

/** A JSON cart the checkout has to refuse or take exactly: wrong ids, negative, fractional, huge quantities. */
export function hostileItems(productIds: string[]): fc.Arbitrary<string> {
  const quantity = fc.oneof(
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(0.5, -0.5, 1.5, 1e9, -1e9, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER, 100, 101),
    fc.constantFrom("1", "-1", "1.5", "", null, true, [], {}, "1e2"),
  );
  const line = fc.record({ productId: fc.oneof(fc.constantFrom(...productIds), hostileText), quantity }, { requiredKeys: [] });
  return fc.oneof(
    fc.array(line, { maxLength: 4 }).map((a) => JSON.stringify(a)),
    fc.array(fc.constant({ productId: productIds[0], quantity: 1 }), { minLength: 51, maxLength: 60 }).map((a) => JSON.stringify(a)),
    fc.constantFrom("[", "{}", "null", "1", '"a"', '[{"productId":{"$gt":""},"quantity":1}]', '[{"__proto__":{"quantity":1}}]', "[null]"),
    hostileText,
  );
}

let png: Buffer | undefined;
/** A small, real PNG (made once). */
export async function realPng() {
  png ??= await sharp({ create: { width: 40, height: 40, channels: 3, background: "#7a3" } })
    .png()
    .toBuffer();
  return png;
}

/** File parts an upload field (or a text field) might get. */
export function hostileFile(pngBuffer: Buffer): fc.Arbitrary<FileValue> {
  return fc.constantFrom<FileValue>(
    { name: "leaf.png", mimeType: "image/png", buffer: pngBuffer },
    { name: "../../../etc/leaf.png", mimeType: "image/png", buffer: pngBuffer },
    { name: `${"é".repeat(300)}.png`, mimeType: "image/png", buffer: pngBuffer },
    {
      name: "x.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>window.__xss=1</script></svg>'),
    },
    { name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) },
    { name: "text.png", mimeType: "image/png", buffer: Buffer.from("this is not a picture") },
    { name: "cut.png", mimeType: "image/png", buffer: pngBuffer.subarray(0, 30) },
    { name: "run.exe", mimeType: "application/octet-stream", buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0xff, 0xfe]) },
    { name: "leaf.png", mimeType: "text/html", buffer: Buffer.from("<script>window.__xss=1</script>") },
  );
}

export type Encoding = "urlencoded" | "multipart";

/**
 * A form to throw at an action: mostly its valid form with some fields replaced by hostile values,
 * dropped, doubled or joined by strangers (so the request gets past the first check), sometimes
 * only random fields. `valid` is the sample's valid form; `special` adds hostile values for
 * particular fields (a cart, a status).
 */
export function hostileForm(
  fields: string[],
  extraFields: string[],
  special: Record<string, fc.Arbitrary<FieldValue>>,
  files: fc.Arbitrary<FileValue>,
): fc.Arbitrary<{
  edits: { kind: "replace" | "drop" | "double"; field: string; value: FieldValue }[];
  encoding: Encoding;
  randomOnly: boolean;
}> {
  const all = [...new Set([...fields, ...extraFields])];
  const valueFor = (field: string): fc.Arbitrary<FieldValue> =>
    fc.oneof(
      { weight: 6, arbitrary: (Object.hasOwn(special, field) ? special[field] : undefined) ?? hostileText },
      { weight: 2, arbitrary: hostileText },
      { weight: 1, arbitrary: files },
    );
  const edit = fc.constantFrom(...all).chain((field) =>
    fc.record({
      kind: fc.constantFrom<"replace" | "drop" | "double">("replace", "replace", "replace", "drop", "double"),
      field: fc.constant(field),
      value: valueFor(field),
    }),
  );
  return fc.record({
    edits: fc.array(edit, { minLength: 0, maxLength: 4 }),
    encoding: fc.constantFrom<Encoding>("urlencoded", "multipart"),
    randomOnly: fc.integer({ min: 0, max: 3 }).map((n) => n === 0), // a quarter: only random fields
  });
}

/** Applies a sample's edits to a valid form. */
export function applyEdits(
  valid: Record<string, FieldValue>,
  edits: { kind: string; field: string; value: FieldValue }[],
  randomOnly: boolean,
): Pairs {
  let pairs: Pairs = randomOnly ? [] : Object.entries(valid);
  for (const e of edits) {
    if (e.kind === "drop") pairs = pairs.filter(([k]) => k !== e.field);
    else if (e.kind === "double") pairs.push([e.field, e.value]);
    else pairs = [...pairs.filter(([k]) => k !== e.field), [e.field, e.value]];
  }
  return pairs;
}

/** Sends a form as the browser would: urlencoded (files dropped to their names) or multipart. */
export function postForm(request: Client, path: string, pairs: Pairs, encoding: Encoding, method = "POST"): Promise<Answer> {
  if (encoding === "multipart") {
    const form = new FormData();
    for (const [k, v] of pairs) {
      if (typeof v === "string") form.append(k, v);
      else form.append(k, new File([new Uint8Array(v.buffer)], v.name, { type: v.mimeType }));
    }
    return request.fetch(path, { method, multipart: form, maxRedirects: 0 });
  }
  const body = new URLSearchParams(pairs.map(([k, v]) => [k, typeof v === "string" ? v : v.name])).toString();
  return request.fetch(path, { method, data: body, headers: { "content-type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
}

/** What a failure message shows of an input: short, but enough to replay it. */
export function showInput(pairs: Pairs) {
  const show = (v: FieldValue) =>
    typeof v === "string"
      ? v.length > 80
        ? `${JSON.stringify(v.slice(0, 60))}…(${v.length} chars)`
        : JSON.stringify(v)
      : `file(${v.name.slice(0, 40)}, ${v.mimeType}, ${v.buffer.length} B)`;
  return pairs.map(([k, v]) => `${JSON.stringify(k.slice(0, 40))}=${show(v)}`).join(" ");
}

/** Non-form bodies every action must refuse politely. */
export const ODD_BODIES: { label: string; headers: Record<string, string>; data?: string | Buffer }[] = [
  {
    label: "json object",
    headers: { "content-type": "application/json" },
    data: JSON.stringify({ intent: "delete", id: "x", name: "<script>window.__xss=1</script>", quantity: -1 }),
  },
  { label: "json array", headers: { "content-type": "application/json" }, data: "[1,2,3]" },
  { label: "broken json", headers: { "content-type": "application/json" }, data: '{"a":' },
  { label: "text/plain", headers: { "content-type": "text/plain" }, data: "intent=delete&id=x" },
  { label: "empty, no type", headers: {} },
  { label: "empty urlencoded", headers: { "content-type": "application/x-www-form-urlencoded" }, data: "" },
  { label: "bad percent escapes", headers: { "content-type": "application/x-www-form-urlencoded" }, data: "name=%zz%E0%A4&%ff=1&=&&&a" },
  {
    label: "raw invalid utf-8",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    data: Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe, 0xc0, 0x80, 0x26, 0x80, 0x3d, 0x31]),
  },
  { label: "unknown charset", headers: { "content-type": "application/x-www-form-urlencoded; charset=x-klingon" }, data: "name=a" },
  {
    label: "multipart without boundary",
    headers: { "content-type": "multipart/form-data" },
    data: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  },
  {
    label: "multipart, wrong boundary",
    headers: { "content-type": "multipart/form-data; boundary=zzz" },
    data: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  },
  {
    label: "multipart, cut short",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    data: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nhal',
  },
  {
    label: "multipart, no disposition",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    data: "--x\r\nContent-Type: text/plain\r\n\r\n1\r\n--x--\r\n",
  },
  {
    label: "multipart, hostile part names",
    headers: { "content-type": "multipart/form-data; boundary=x" },
    data: '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n1\r\n--x\r\nContent-Disposition: form-data; name="image"; filename="../../a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--x--\r\n',
  },
  {
    label: "xml",
    headers: { "content-type": "application/xml" },
    data: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>',
  },
  // Refused unread, a body this size once cost the next request on the connection (server/app.ts).
  {
    label: "1 MB, refused unread",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: `name=${"a".repeat(1024 * 1024)}`,
  },
  { label: "7 MB", headers: { "content-type": "application/x-www-form-urlencoded" }, data: `name=${"a".repeat(7 * 1024 * 1024)}` },
];

/** Hostile query strings: repeated, empty, encoded-wrong and oversized parameters. */
export function hostileQuery(params: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    hostileText.filter((s) => s.length < 10_000),
    fc.constantFrom("%zz", "%E0%A4", "%00", "%", "+", "&", "=", "#", "a%26b%3Dc"),
  );
  const encoded = (v: string, raw: boolean) => (raw && /^%|[+&=#]$/.test(v) ? v : encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, "?")));
  return fc
    .array(fc.tuple(fc.constantFrom(...params, "_data", "_routes", "index", "__proto__"), value, fc.boolean()), {
      minLength: 1,
      maxLength: 5,
    })
    .map((entries) => entries.map(([k, v, raw]) => `${encodeURIComponent(k)}=${encoded(v, raw)}`).join("&"));
}
