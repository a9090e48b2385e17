import { formatDate } from "~/platform/core/dates";
import { parseLongDay } from "~/platform/core/india-day";
import type { Locale } from "~/platform/i18n/locale";
import { currentLocale, m } from "../../../platform/i18n/i18n.server";

/**
 * Refusals in the page's language (docs/decisions/026-hindi.md), one way for every area. The
 * domain, the services and Better Auth keep saying the specification's English word for word (the
 * tests assert it); an action passes what it shows through its area's catalogue. The catalogue
 * finds the message whose English is that sentence, reads its {inputs} back from the sentence, and
 * says it again in the page's language. An English page gets every sentence back unchanged, and a
 * sentence no message knows stays English.
 */

/** A compiled message (`m.some_key`), whatever inputs it takes. */
export type Message = (inputs: never, options?: { locale?: Locale }) => string;
type Inputs = Record<string, string | number>;
type Render = (inputs: Inputs, options: { locale: Locale }) => string;

export type RefusalSource =
  /** Every message whose key starts so ("checkout_refusal_"), matched by its English. */
  | `${string}_`
  /** One message, matched by its English, its {inputs} read back from the sentence. */
  | Message
  /**
   * A sentence that is not the message's own English: a domain constant, so that the two cannot
   * drift apart, or a library's words ("Invalid OTP").
   */
  | { english: string; message: Message; inputs?: Inputs }
  /** Any sentence starting so (Zod's "Invalid input: …"). */
  | { startsWith: string; message: Message };

/**
 * An input that the English sentence itself says in English ("10 minutes", "31 March 2026"), said
 * again in the page's language. `example` is one such English value (the tests use it).
 */
export type InputForm = { localize: (english: string, locale: Locale) => string; example: string };

/** One sentence a catalogue knows: exactly, as a pattern with {inputs}, or by how it starts. */
export type CatalogEntry = {
  key: string;
  kind: "exact" | "pattern" | "prefix";
  /** The sentence, the pattern ("Only {stock} of {name} left…") or the start. */
  english: string;
  names: string[];
  /** A known sentence's own inputs (none read back). */
  inputs: Inputs;
  render: Render;
  regex: RegExp | null;
};

export type RefusalCatalog = {
  /** `english` in `locale` (by default the request's); English, and any sentence it does not know, as it is. */
  say: (english: string, locale?: Locale) => string;
  /** Each field's message in `locale`. */
  fields: <T extends Record<string, string | undefined>>(fields: T, locale?: Locale) => T;
  /** Every sentence it knows, area's first, and how it reads each input back. */
  entries: () => readonly CatalogEntry[];
  forms: Readonly<Record<string, InputForm>>;
};

const messages = m as unknown as Record<string, unknown>;
const keyOf = new Map<unknown, string>(Object.entries(messages).map(([key, message]) => [message, key]));
const placeholders = new Proxy({}, { get: (_target, name) => (typeof name === "string" ? `{${name}}` : undefined) }) as Inputs;
const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
const literalLength = (pattern: string) => pattern.replace(/\{\w+\}/g, "").length;

function entriesOf(sources: readonly RefusalSource[]): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  const add = (message: unknown, english?: string, inputs: Inputs = {}) => {
    const render = message as Render;
    const key = keyOf.get(message) ?? "(not a compiled message)";
    const sentence = english ?? render(placeholders, { locale: "en" });
    const names = english === undefined ? [...sentence.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "") : [];
    if (names.length === 0) {
      out.push({ key, kind: "exact", english: sentence, names, inputs, render, regex: null });
      return;
    }
    const source = escapeRegExp(sentence).replace(/\{(\w+)\}/g, "(.+?)");
    out.push({ key, kind: "pattern", english: sentence, names, inputs, render, regex: new RegExp(`^${source}$`, "s") });
  };
  for (const source of sources) {
    if (typeof source === "string") {
      for (const [key, message] of Object.entries(messages)) if (key.startsWith(source) && typeof message === "function") add(message);
    } else if (typeof source === "function") add(source);
    else if ("startsWith" in source) {
      const key = keyOf.get(source.message) ?? "(not a compiled message)";
      out.push({ key, kind: "prefix", english: source.startsWith, names: [], inputs: {}, render: source.message as Render, regex: null });
    } else add(source.message, source.english, source.inputs);
  }
  return out;
}

function catalog(sources: readonly RefusalSource[], forms: Record<string, InputForm>): RefusalCatalog {
  let compiled: { all: CatalogEntry[]; exact: Map<string, CatalogEntry>; patterns: CatalogEntry[]; prefixes: CatalogEntry[] } | null = null;
  const compile = () => {
    if (compiled) return compiled;
    const all = entriesOf(sources);
    const exact = new Map<string, CatalogEntry>();
    for (const entry of all) if (entry.kind === "exact" && !exact.has(entry.english)) exact.set(entry.english, entry);
    // Of two patterns that both read a sentence, the one with more fixed words is the one it was made from.
    const patterns = all.filter((e) => e.kind === "pattern").sort((a, b) => literalLength(b.english) - literalLength(a.english));
    compiled = { all, exact, patterns, prefixes: all.filter((e) => e.kind === "prefix") };
    return compiled;
  };

  const say = (english: string, locale: Locale = currentLocale()): string => {
    if (locale === "en" || !english) return english;
    const { exact, patterns, prefixes } = compile();
    const known = exact.get(english);
    if (known) return known.render(known.inputs, { locale });
    for (const pattern of patterns) {
      const found = pattern.regex?.exec(english);
      if (!found) continue;
      const inputs: Inputs = {};
      pattern.names.forEach((name, i) => {
        const value = found[i + 1] ?? "";
        inputs[name] = forms[name]?.localize(value, locale) ?? value;
      });
      return pattern.render(inputs, { locale });
    }
    const start = prefixes.find((p) => english.startsWith(p.english));
    return start ? start.render({}, { locale }) : english;
  };

  const fields = <T extends Record<string, string | undefined>>(values: T, locale: Locale = currentLocale()): T => {
    if (locale === "en") return values;
    return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === undefined ? v : say(v, locale)])) as T;
  };

  return { say, fields, entries: () => compile().all, forms };
}

/** "45 seconds", "1 minute", "10 minutes" (waitInWords, the rate limit's wait). */
const waits = catalog(["common_wait_"], {});

/** The inputs every catalogue reads in English and says again in the page's language. */
const FORMS: Record<string, InputForm> = {
  /** A day in the store's long format, "31 March 2026" (formatIsoDay). */
  date: {
    example: "31 March 2026",
    localize: (english, locale) => {
      const day = parseLongDay(english);
      return day ? formatDate(`${day}T12:00:00+05:30`, locale) : english;
    },
  },
  wait: { example: "10 minutes", localize: (english, locale) => waits.say(english, locale) },
};

/** The refusals every area shares: the rate limits and a form the page does not know. */
const COMMON: RefusalSource = "common_refusal_";

/**
 * A catalogue of an area's refusals: its `sources` first, then the common ones. `inputs` adds the
 * area's own input forms to the shared ones (a date, a wait).
 */
export function refusalCatalog(sources: readonly RefusalSource[], options: { inputs?: Record<string, InputForm> } = {}) {
  return catalog([...sources, COMMON], { ...FORMS, ...options.inputs });
}

/** The shared refusals alone, for a page whose own messages are chosen otherwise (the contact form). */
export const commonRefusals = refusalCatalog([]);
