import { WRONG_DOOR } from "~/platform/auth/doors";
import { GST_RATES } from "~/features/tax/domain/gst";
import { GST_RATE_ERROR, HSN_ERROR } from "~/features/tax/domain/gst-forms";
import { type LicenceKind, REGULATED_AS_INVALID } from "~/features/vendor-shops/domain/licences";
import {
  GALLERY_FULL,
  MAX_GALLERY,
  NO_SIZES,
  PRICE_ABOVE_MRP,
  PRODUCT_FORM_INVALID,
  SKU_REPEATED,
  SKU_TAKEN,
} from "~/features/catalog/domain/product-form";
import { IMAGE_TOO_LARGE } from "~/features/catalog/domain/product-image";
import { VERIFY_BEFORE_LISTING } from "~/features/accounts/server/email-verification.server";
import { PRODUCT_CHANGED } from "~/features/catalog/server/save-product.server";
import {
  IMAGE_EMPTY,
  IMAGE_TYPE_REFUSED,
  IMAGE_UNPROCESSABLE,
  IMAGE_UNREADABLE,
} from "~/features/catalog/server/store-product-image.server";
import { ACCOUNT_REFUSALS } from "../../accounts/server/account-messages.server";
import { m } from "../../../platform/i18n/i18n.server";
import { type RefusalSource, refusalCatalog } from "../../storefront/server/localize-refusal.server";

/**
 * The product form's sentences that the domain names: the catalogue says the constant, so that the
 * two cannot drift apart. The form's other sentences are matched by their vendor_form_err_…
 * message's English.
 */
const PRODUCT_FORM_REFUSALS: RefusalSource[] = [
  { english: PRODUCT_FORM_INVALID, message: m.vendor_form_err_invalid },
  { english: PRICE_ABOVE_MRP, message: m.vendor_form_err_price_above_mrp },
  { english: SKU_TAKEN, message: m.vendor_form_err_sku_taken },
  { english: SKU_REPEATED, message: m.vendor_form_err_sku_repeated },
  { english: NO_SIZES, message: m.vendor_form_err_no_sizes },
  { english: GALLERY_FULL, message: m.vendor_form_err_gallery_full, inputs: { max: MAX_GALLERY } },
  { english: REGULATED_AS_INVALID, message: m.vendor_form_err_regulated_as },
  { english: HSN_ERROR, message: m.vendor_form_err_hsn },
  { english: GST_RATE_ERROR, message: m.vendor_form_err_gst_rate, inputs: { rates: GST_RATES.join(", ") } },
  { english: IMAGE_TOO_LARGE, message: m.vendor_form_err_image_too_large },
  { english: IMAGE_EMPTY, message: m.vendor_form_err_image_empty },
  { english: IMAGE_UNREADABLE, message: m.vendor_form_err_image_unreadable },
  { english: IMAGE_TYPE_REFUSED, message: m.vendor_form_err_image_type },
  { english: IMAGE_UNPROCESSABLE, message: m.vendor_form_err_image_unprocessable },
  { english: PRODUCT_CHANGED, message: m.vendor_form_err_product_changed },
  { english: VERIFY_BEFORE_LISTING, message: m.vendor_err_verify_before_listing },
];

/**
 * The vendor area's refusals in the page's language (localize-refusal.server.ts): every
 * vendor_err_… message and every vendor_form_err_… one (the product form's), whose English is the
 * domain's sentence word for word (vendor-text.server.test.ts checks the domain's), a few notices,
 * and then the account area's refusals, which the vendor's sign-in and registration forms share.
 */
export const vendorRefusals = refusalCatalog([
  ...PRODUCT_FORM_REFUSALS,
  "vendor_err_",
  "vendor_form_err_",
  { english: WRONG_DOOR.vendor, message: m.vendor_err_wrong_door },
  m.vendor_registration_sent,
  m.vendor_auth_error,
  m.vendor_import_choose_file,
  ...ACCOUNT_REFUSALS,
]);

/** `text` (an English refusal) in the request's language. */
export const vendorText = (text: string) => vendorRefusals.say(text);

/** Each field's refusal in the request's language. */
export const vendorFieldTexts = <T extends Record<string, string | undefined>>(fields: T): T => vendorRefusals.fields(fields);

/** A form's refusal, its message and each field's, in the request's language. */
export const vendorReply = <T extends { error: string; fields: Record<string, string> }>(reply: T): T => ({
  ...reply,
  error: vendorText(reply.error),
  fields: vendorFieldTexts(reply.fields),
});

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
