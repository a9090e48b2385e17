import { WRONG_DOOR } from "~/platform/auth/doors";
import { SMS_NEEDS_MOBILE } from "~/features/accounts/domain/mobile-forms";
import { CODE_INVALID, MOBILE_INVALID } from "~/features/accounts/domain/mobile";
import { AUTH_UNEXPECTED, PROFILE_LOAD_FAILED } from "~/platform/i18n/messages";
import { EMAIL_NOT_MAILABLE } from "~/platform/core/reserved-email";
import { SAME_EMAIL, VERIFY_BEFORE_EMAIL_CHANGE } from "~/features/accounts/server/change-email.server";
import { WRONG_CURRENT_PASSWORD } from "~/features/accounts/server/change-password.server";
import { CONFIRM_PASSWORD_WRONG, VERIFY_BEFORE_PHONE } from "~/features/accounts/server/email-verification.server";
import { CODE_REFUSED, MOBILE_NUMBER_HELD, MOBILE_SIGN_UP_FAILED } from "~/features/accounts/server/mobile-sign-in.server";
import { REGISTRATION_SENT } from "~/features/accounts/server/register-customer.server";
import { TEMPORARY_PASSWORD_EXPIRED } from "~/features/accounts/server/sign-in.server";
import { m } from "../../../platform/i18n/i18n.server";
import { type RefusalSource, refusalCatalog } from "../../storefront/server/localize-refusal.server";

/*
 * The account area's refusals and notices in the page's language (localize-refusal.server.ts). The
 * domain schemas, the services and Better Auth keep their English words (the specification's,
 * which the tests assert). Where the English is a constant, the entry names the constant, so the
 * two cannot drift apart; the forms' words are matched by the messages' own English.
 */
export const ACCOUNT_REFUSALS: readonly RefusalSource[] = [
  // The services' refusals and notices.
  { english: AUTH_UNEXPECTED, message: m.account_unexpected },
  { english: PROFILE_LOAD_FAILED, message: m.account_profile_load_failed },
  { english: REGISTRATION_SENT, message: m.account_registration_sent },
  { english: WRONG_DOOR.store, message: m.account_wrong_door_store },
  { english: TEMPORARY_PASSWORD_EXPIRED, message: m.account_temporary_password_expired },
  { english: CODE_REFUSED, message: m.account_code_refused },
  { english: MOBILE_NUMBER_HELD, message: m.account_mobile_number_held },
  { english: MOBILE_SIGN_UP_FAILED, message: m.account_mobile_sign_up_failed },
  { english: SAME_EMAIL, message: m.account_same_email },
  { english: WRONG_CURRENT_PASSWORD, message: m.account_wrong_current_password },
  { english: MOBILE_INVALID, message: m.account_mobile_invalid },
  { english: CODE_INVALID, message: m.account_code_invalid },
  { english: SMS_NEEDS_MOBILE, message: m.account_sms_needs_mobile },
  { english: VERIFY_BEFORE_PHONE, message: m.account_verify_before_phone },
  { english: VERIFY_BEFORE_EMAIL_CHANGE, message: m.account_verify_before_email_change },
  { english: CONFIRM_PASSWORD_WRONG, message: m.account_confirm_password_wrong },
  m.account_suspended,
  // Better Auth's own words (its error codes' messages).
  m.account_invalid_email_or_password,
  m.account_email_not_verified,
  { english: "User already exists.", message: m.account_user_exists },
  m.account_user_exists,
  m.account_password_too_short,
  m.account_password_too_long,
  m.account_invalid_token,
  m.account_token_expired,
  { english: "Invalid OTP", message: m.account_code_refused },
  m.account_otp_expired,
  m.account_otp_too_many,
  // The forms' validation (app/features/accounts/domain/account.ts, app/features/accounts/domain/mobile-forms.ts, app/platform/core/form-errors.ts).
  m.account_check_form,
  m.account_email_missing,
  m.account_email_too_long,
  m.account_email_invalid,
  { english: EMAIL_NOT_MAILABLE, message: m.account_email_not_mailable },
  m.account_password_min,
  m.account_password_max,
  m.account_password_spaces,
  m.account_password_missing,
  m.account_current_password_missing,
  m.account_phone_missing,
  m.account_phone_invalid,
  m.account_name_missing,
  m.account_name_too_long,
  m.account_street_missing,
  m.account_street_too_long,
  m.account_city_missing,
  m.account_city_too_long,
  m.account_state_missing,
  m.account_pincode_invalid,
  m.account_mobile_missing,
  // Zod's own words for a field the form did not send at all (a hand-made request).
  { startsWith: "Invalid input", message: m.account_check_form },
];

export const accountRefusals = refusalCatalog(ACCOUNT_REFUSALS);

/** An account refusal or notice in the request's language; English (and anything unknown) comes back as it is. */
export const localizeAccountMessage = (message: string) => accountRefusals.say(message);

/** Each field's message in the request's language. */
export const localizeFieldErrors = <T extends Record<string, string | undefined>>(fields: T): T => accountRefusals.fields(fields);
