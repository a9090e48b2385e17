/**
 * A kit part's line as an order's pages, emails and invoices name it (docs/decisions/055-kits.md): the
 * part's own name and size, then the kit it was sold in, in the reader's language when the kit has a
 * Hindi name: "DAP (50 kg) — 1 acre tomato kit". A line sold on its own keeps its name.
 */
export function withKitName(name: string, line: { kit_name?: string | null; kit_name_hi?: string | null }, locale: string) {
  if (!line.kit_name) return name;
  const kit = (locale === "hi" && line.kit_name_hi?.trim()) || line.kit_name;
  return `${name} — ${kit}`;
}
