import { z } from "zod";
import type { CategoryKey } from "../../catalog/domain/categories";
import { addDays, formatIsoDay, indiaToday, isIsoDay } from "../../../platform/core/india-day";
import { INDIAN_STATES } from "../../../platform/core/indian-states";
import { refusalCode } from "../../../platform/core/refusal";
import { isTerritorial, type TerritorySettings } from "./territory";

/**
 * Sellers of regulated farm inputs (issue 13, docs/decisions/019-licensed-sellers.md). Seeds need a
 * seed dealer licence (Seeds (Control) Order, 1983), fertilisers an FCO dealer registration
 * (Fertiliser (Control) Order, 1985), pesticides an insecticide selling licence (Insecticides Act,
 * 1968 and Insecticides Rules, 1971). A product is "regulated as" one of these kinds, or none.
 */
export const LICENCE_KINDS = ["seed", "fertiliser", "pesticide"] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

export function isLicenceKind(value: unknown): value is LicenceKind {
  return typeof value === "string" && (LICENCE_KINDS as readonly string[]).includes(value);
}

/** The licence each kind needs, as a heading. */
export const LICENCE_LABELS: Record<LicenceKind, string> = {
  seed: "Seed dealer licence",
  fertiliser: "FCO fertiliser dealer registration",
  pesticide: "Insecticide selling licence",
};

/** The same, inside a sentence. */
export const licenceInSentence = (kind: LicenceKind) =>
  kind === "fertiliser" ? "FCO fertiliser dealer registration" : LICENCE_LABELS[kind].toLowerCase();

/** The law that asks for it. */
export const LICENCE_LAWS: Record<LicenceKind, string> = {
  seed: "Seeds (Control) Order, 1983",
  fertiliser: "Fertiliser (Control) Order, 1985",
  pesticide: "Insecticides Act, 1968 and Insecticides Rules, 1971",
};

/**
 * What a product of a category is regulated as. Seeds and saplings are seed (planting material is
 * what the Seeds (Control) Order covers; we treat saplings alike), equipment and tools nothing, and
 * the fertilizers category holds pesticides too (neem oil, insecticides), so there the form's
 * choice counts: fertiliser unless it says pesticide.
 */
export function regulatedAsFor(category: CategoryKey, chosen?: unknown): LicenceKind | null {
  if (category === "seeds") return "seed";
  if (category === "fertilizers") return chosen === "pesticide" ? "pesticide" : "fertiliser";
  return null;
}

/** The choices the fertilizers category offers. */
export const FERTILIZER_CATEGORY_KINDS = ["fertiliser", "pesticide"] as const satisfies readonly LicenceKind[];

export const LICENCE_NUMBER_MAX = 40;
export const LICENCE_AUTHORITY_MAX = 120;
/** How far ahead an expiry date may be: licences run for a few years, never decades. */
export const LICENCE_MAX_YEARS = 20;

const LICENCE_NUMBER_REQUIRED = refusalCode("vendor.licence_number_required");
const LICENCE_EXPIRY_REQUIRED = refusalCode("vendor.licence_expiry_required");

/** A licence number as stored: spaces collapsed, upper case (so "ab/12" and "AB/12 " are one number). */
export const normaliseLicenceNumber = (text: string) => text.trim().replace(/\s+/g, " ").toUpperCase();

const stateNames = INDIAN_STATES.map((s) => s.name);

/**
 * The vendor's licence form for one kind. `today` is India's date: an expiry before it is refused
 * (a licence is valid through its expiry day). `states` are the States where it is valid (ticked
 * boxes), required where they limit delivery (docs/decisions/057-territory.md): always for a
 * fertiliser licence, for the others when the store's setting says so.
 */
export function licenceFormSchema(
  today: string = indiaToday(),
  settings: Pick<TerritorySettings, "licenceStatesForSeedsAndPesticides"> = { licenceStatesForSeedsAndPesticides: false },
) {
  return LicenceFieldsSchema(today).superRefine((licence, ctx) => {
    if (licence.states.length === 0 && isTerritorial(licence.kind, settings))
      ctx.addIssue({ code: "custom", path: ["states"], message: refusalCode("vendor.licence_states_required") });
  });
}

const LicenceFieldsSchema = (today: string) =>
  z.object({
    kind: z.enum(LICENCE_KINDS, refusalCode("common.form_missing")),
    number: z
      .string(LICENCE_NUMBER_REQUIRED)
      .transform(normaliseLicenceNumber)
      .pipe(
        z
          .string()
          .min(1, { message: LICENCE_NUMBER_REQUIRED, abort: true })
          .regex(/^(?=.*\d)[A-Z0-9/.\- ]{4,40}$/, refusalCode("vendor.licence_number_invalid")),
      ),
    expiresOn: z
      .string(LICENCE_EXPIRY_REQUIRED)
      .trim()
      .min(1, { message: LICENCE_EXPIRY_REQUIRED, abort: true })
      .refine(isIsoDay, { message: refusalCode("vendor.licence_expiry_invalid"), abort: true })
      .superRefine((day, ctx) => {
        if (day < today) ctx.addIssue({ code: "custom", message: refusalCode("vendor.licence_expired"), params: { date: day } });
        else if (day > addDays(today, LICENCE_MAX_YEARS * 366))
          ctx.addIssue({ code: "custom", message: refusalCode("vendor.licence_expiry_too_far"), params: { years: LICENCE_MAX_YEARS } });
      }),
    authority: z
      .string()
      .trim()
      .max(LICENCE_AUTHORITY_MAX, refusalCode("vendor.licence_authority_too_long"))
      .transform((s) => (s === "" ? null : s.replace(/\s+/g, " ")))
      .prefault(""),
    state: z
      .string()
      .trim()
      .refine((s) => s === "" || stateNames.includes(s), refusalCode("vendor.licence_state"))
      .transform((s) => (s === "" ? null : s))
      .prefault(""),
    states: z
      .preprocess((v) => (v === undefined ? [] : [v].flat()), z.array(z.string()))
      .refine((chosen) => chosen.every((s) => stateNames.includes(s)), refusalCode("vendor.licence_states_unknown"))
      .transform((chosen) => stateNames.filter((s) => chosen.includes(s))),
  });
export type LicenceInput = z.output<ReturnType<typeof licenceFormSchema>>;

/** A licence as stored. */
export type Licence = {
  kind: LicenceKind;
  number: string;
  expiresOn: string;
  authority: string | null;
  state: string | null;
  /** Where it is valid; none entered: []. */
  states: string[];
  verifiedAt: string | null;
  /** Bumped by every change the vendor makes: an admin verifies the licence as they saw it. */
  version: number;
};

export type LicenceStatus = "missing" | "awaiting" | "verified" | "expired";

export const LICENCE_STATUS_LABELS: Record<LicenceStatus, string> = {
  missing: "Not provided",
  awaiting: "Awaiting verification",
  verified: "Verified",
  expired: "Expired",
};

/** A licence's standing on `today` (India's date): expired after its expiry day, whether verified or not. */
export function licenceStatus(licence: Pick<Licence, "expiresOn" | "verifiedAt"> | null | undefined, today: string): LicenceStatus {
  if (!licence) return "missing";
  if (licence.expiresOn < today) return "expired";
  return licence.verifiedAt ? "verified" : "awaiting";
}

/**
 * Why an admin cannot approve a vendor's listing of `kind` yet, or null when the licence allows it.
 * The admin's approval queue shows it, and a forced approval is refused with it.
 */
export function approvalBlockedReason(
  kind: LicenceKind,
  licence: Pick<Licence, "expiresOn" | "verifiedAt"> | null | undefined,
  today: string,
): string | null {
  const what = licenceInSentence(kind);
  switch (licenceStatus(licence, today)) {
    case "verified":
      return null;
    case "missing":
      return `Verify the vendor's ${what} before approving this listing. The vendor has not entered one yet.`;
    case "awaiting":
      return `Verify the vendor's ${what} before approving this listing.`;
    case "expired":
      return `The vendor's ${what} expired on ${formatIsoDay(licence?.expiresOn ?? today)}. Approve this listing once the vendor has entered the renewed licence and you have verified it.`;
  }
}
