import type { LicenceKind, LicenceStatus } from "~/features/vendor-shops/domain/licences";
import type { UiKey, UiMessages, useT } from "~/platform/i18n/i18n";

type Translate = ReturnType<typeof useT>;

/** A vendor page's <title>, from the strings its layout sent (meta runs in the browser too). */
export function vendorTitle(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[], key: UiKey) {
  const layout = matches.find((match) => match?.id === "routes/vendor-login/layout")?.loaderData as { ui?: UiMessages } | undefined;
  return [{ title: layout?.ui?.[key] ?? "Angle Vendor" }];
}

/** A licence's name as a heading ("Seed dealer licence"). */
export const licenceLabel = (t: Translate, kind: LicenceKind) => t(`ui_vendor_licence_${kind}`);
/** The same inside a sentence ("seed dealer licence"). */
export const licenceInSentenceLabel = (t: Translate, kind: LicenceKind) => t(`ui_vendor_licence_in_sentence_${kind}`);
/** What a product of the kind is sold as, inside a sentence ("seed"). */
export const regulatedLabel = (t: Translate, kind: LicenceKind) => t(`ui_vendor_regulated_${kind}`);
export const licenceStatusLabel = (t: Translate, status: LicenceStatus) => t(`ui_vendor_licence_status_${status}`);

/** What a vendor is told about a listing that needs a licence it lacks (domain/licences.ts' vendorLicenceNote, in words). */
export function licenceNote(t: Translate, kind: LicenceKind, status: LicenceStatus) {
  if (status === "verified") return null;
  return t(`ui_vendor_licence_note_${status}`, { what: licenceInSentenceLabel(t, kind) });
}
