import { foldDevanagari } from "../../../platform/i18n/devanagari";

/**
 * How a shopper's search text becomes what the catalogue looks for (issue 12): words, each of
 * which must be found (in any order), and for each word the forms that count as finding it
 * (singular and plural, spelling variants and other names from the synonyms table).
 */

/** More words than this are ignored: each word costs an index lookup. */
export const MAX_SEARCH_WORDS = 8;
/** A synonym may span this many words ("spray pump", "hand weeder"). */
export const MAX_PHRASE_WORDS = 3;

/** Quotes and sentence punctuation around a word; % _ - and the like stay, they may be in a name. */
const EDGE_PUNCTUATION = /^[\s"'“”‘’`,.;:!?()[\]{}।]+|[\s"'“”‘’`,.;:!?()[\]{}।]+$/gu;

/**
 * The search text's words, lower case, without surrounding quotes or punctuation (the danda । too);
 * Devanagari folded as the database folds a product's Hindi (devanagari.ts), so गेहूँ finds गेहूं.
 */
export function searchWords(q: string): string[] {
  const words = foldDevanagari(q)
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(EDGE_PUNCTUATION, ""))
    .filter((w) => w.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
  // Punctuation alone ("'", "..."): look for it as typed rather than for everything.
  const whole = foldDevanagari(q).toLowerCase().trim();
  return words.length > 0 ? words : whole ? [whole] : [];
}

/**
 * The singular of an English plural, by a small explicit rule: -ies → -y; -es after s, x, z, ch
 * or sh, or after a stem of 4+ letters ending in o ("tomatoes", not "hoes") → drop -es; otherwise
 * a final -s (not -ss, -us) is dropped. Words of three letters or fewer are left alone.
 * Searching is by substring, so the singular also finds the plural ("tomato" finds "Tomatoes").
 */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(s|x|z|ch|sh)es$/.test(word) || /[^\s]{3}oes$/u.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}

/** The plural a substring search would not find from the singular: -y → -ies ("berry", "berries"). */
function irregularPlural(word: string): string | null {
  return word.length > 3 && /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : null;
}

/** Pairs of words or phrases that mean the same, both ways. */
export type Synonyms = { term: string; variant: string }[];

/** One thing the shopper asked for: a word or a known phrase, and every text that counts as it. */
export type SearchTerm = { text: string; forms: string[] };

/** Every word or phrase whose synonyms a search needs to know: up to MAX_PHRASE_WORDS words in a row, and singulars. */
export function lookupKeys(words: string[]): string[] {
  const keys = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= MAX_PHRASE_WORDS && i + n <= words.length; n++) {
      const phrase = words.slice(i, i + n).join(" ");
      keys.add(phrase);
      keys.add(singular(phrase));
    }
  return [...keys];
}

/**
 * The search terms: consecutive words that form a known phrase count as one term; each term's
 * forms are itself, its singular (and -ies plural), and their synonyms, reduced to the shortest
 * (a text holding "fertilizers" holds "fertilizer", so the longer form adds nothing).
 */
export function searchTerms(words: string[], synonyms: Synonyms): SearchTerm[] {
  const others = new Map<string, Set<string>>();
  const link = (a: string, b: string) => others.set(a, (others.get(a) ?? new Set()).add(b));
  for (const { term, variant } of synonyms) {
    link(term, variant);
    link(variant, term);
  }
  const terms: SearchTerm[] = [];
  for (let i = 0; i < words.length; ) {
    let n = Math.min(MAX_PHRASE_WORDS, words.length - i);
    while (n > 1 && !others.has(words.slice(i, i + n).join(" ")) && !others.has(singular(words.slice(i, i + n).join(" ")))) n--;
    const text = words.slice(i, i + n).join(" ");
    terms.push({ text, forms: formsOf(text, others) });
    i += n;
  }
  return terms;
}

function formsOf(text: string, others: Map<string, Set<string>>): string[] {
  const forms = new Set<string>();
  for (const base of [text, singular(text)]) {
    forms.add(base);
    for (const other of others.get(base) ?? []) forms.add(singular(other));
  }
  for (const form of [...forms]) {
    const plural = irregularPlural(form);
    if (plural) forms.add(plural);
  }
  return shortest([...forms]);
}

/** Drops every form that contains another: whatever holds it holds the shorter one too. */
function shortest(forms: string[]): string[] {
  return forms.filter((f, i) => !forms.some((g, j) => j !== i && f.includes(g) && (f !== g || j < i)));
}

/** The trigrams of a text as pg_trgm takes them: per word, lower case, padded with two spaces before and one after. */
export function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = [..."  ", ...word, " "];
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3).join(""));
  }
  return grams;
}

/**
 * How much of the query's trigrams a name holds, 0–1 (pg_trgm's word_similarity, closely): a
 * misspelt word scores high against a long name that contains the right word.
 */
export function wordSimilarity(query: string, name: string): number {
  const wanted = trigrams(query);
  if (wanted.size === 0) return 0;
  const held = trigrams(name);
  let shared = 0;
  for (const gram of wanted) if (held.has(gram)) shared++;
  return shared / wanted.size;
}
