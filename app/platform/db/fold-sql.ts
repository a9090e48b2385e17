import { DEVANAGARI_FOLDS } from "../i18n/devanagari";

/** The SQL of a folded text (foldDevanagari in the database). */
export function foldSql(postgres: boolean, expression: string): string {
  if (postgres) {
    // translate() deletes the characters that have no partner: the nukta sign, listed last.
    const kept = DEVANAGARI_FOLDS.filter(([, t]) => t !== "");
    const dropped = DEVANAGARI_FOLDS.filter(([, t]) => t === "");
    const from = [...kept, ...dropped].map(([f]) => f).join("");
    return `translate(${expression}, '${from}', '${kept.map(([, t]) => t).join("")}')`;
  }
  return DEVANAGARI_FOLDS.reduce((inner, [f, t]) => `replace(${inner}, '${f}', '${t}')`, expression);
}
