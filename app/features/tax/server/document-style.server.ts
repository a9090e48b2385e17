/** Names, sizes and colours shared by the parts of a tax document's PDF. */
export const FONT = { regular: "NotoSans", bold: "NotoSans-Bold" } as const;

/** Body text; nothing is smaller than 8.5 pt, so a phone shows the page legibly at its width. */
export const BODY_SIZE = 9;
export const TABLE_SIZE = 8.5;
export const SMALL_SIZE = 8.5;

export const INK = {
  text: "#1a1a1a",
  muted: "#555555",
  rule: "#9a9a9a",
  hairline: "#d4d4d4",
  headerFill: "#e8efe4",
} as const;
