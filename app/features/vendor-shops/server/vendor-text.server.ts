import type { LicenceKind } from "~/features/vendor-shops/domain/licences";
import { m } from "../../../platform/i18n/i18n.server";

/* The vendor area's names for a licence kind, in the page's language. */

/** A licence's name as a heading, and inside a sentence. */
export const licenceName = (kind: LicenceKind) =>
  ({ seed: m.vendor_licence_seed, fertiliser: m.vendor_licence_fertiliser, pesticide: m.vendor_licence_pesticide })[kind]();
export const licenceNameInSentence = (kind: LicenceKind) =>
  ({
    seed: m.vendor_licence_in_sentence_seed,
    fertiliser: m.vendor_licence_in_sentence_fertiliser,
    pesticide: m.vendor_licence_in_sentence_pesticide,
  })[kind]();
/** What a product of a kind is sold as, inside a sentence ("seed"). */
export const regulatedName = (kind: LicenceKind) =>
  ({ seed: m.vendor_regulated_seed, fertiliser: m.vendor_regulated_fertiliser, pesticide: m.vendor_regulated_pesticide })[kind]();
