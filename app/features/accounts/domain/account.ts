import { z } from "zod";

import { FIELD_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./account-rules";
import { findIndianState } from "../../../platform/core/indian-states";
import { refusalCode, type RefusalCode } from "../../../platform/core/refusal";
import { isReservedEmail } from "../../../platform/core/reserved-email";

/*
 * Shared field schemas; each form composes its own schema from them, its keys in the order the
 * form shows its fields, so the first message (the form's summary) is the first wrong field. Their
 * messages are refusal codes (docs/decisions/033-errors-as-codes.md); a length's limit comes with
 * the issue.
 */

const text = (max: number, missing: RefusalCode, tooLong: RefusalCode) =>
  z.string().trim().min(1, refusalCode(missing)).max(max, refusalCode(tooLong));

export const NameSchema = text(FIELD_MAX.name, "account.name_missing", "account.name_too_long");

export const EmailSchema = z
  .string()
  .trim()
  .min(1, refusalCode("account.email_missing"))
  .max(FIELD_MAX.email, refusalCode("account.email_too_long"))
  .pipe(z.email(refusalCode("account.email_invalid")))
  .transform((e) => e.toLowerCase());

/** An address an account is given (registration, change of email, admin's Add user): one that can receive mail. */
export const OwnEmailSchema = EmailSchema.refine((e) => !isReservedEmail(e), refusalCode("account.email_not_mailable"));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, refusalCode("account.password_min"))
  .max(PASSWORD_MAX, refusalCode("account.password_max"))
  .refine((p) => p.trim().length > 0, refusalCode("account.password_spaces"));

/** Indian mobile: optional +91 / 0, then 10 digits starting 6–9; spaces and dashes allowed. */
export const PhoneSchema = z
  .string()
  .trim()
  .min(1, refusalCode("account.phone_missing"))
  .max(FIELD_MAX.phone, refusalCode("account.phone_invalid"))
  .transform((p) => p.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^(\+91|0)?[6-9]\d{9}$/, refusalCode("account.phone_invalid")))
  .transform((p) => `+91 ${p.slice(-10, -5)} ${p.slice(-5)}`);

export const StreetSchema = text(FIELD_MAX.street, "account.street_missing", "account.street_too_long");
export const CitySchema = text(FIELD_MAX.city, "account.city_missing", "account.city_too_long");

export const StateSchema = z
  .string(refusalCode("account.state_missing"))
  .trim()
  .refine((s) => findIndianState(s) !== undefined, refusalCode("account.state_missing"));

export const PincodeSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{5}$/, refusalCode("account.pincode_invalid"));

/** The address fields in the order every address form shows them. */
export const addressFields = {
  street: StreetSchema,
  city: CitySchema,
  state: StateSchema,
  pincode: PincodeSchema,
};
export const AddressSchema = z.object(addressFields);

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, refusalCode("account.password_missing")).max(PASSWORD_MAX, refusalCode("account.password_max")),
});

/** The customer's Login/Register dialog: name, email, password, phone, then the address. */
export const RegisterSchema = z.object({
  name: NameSchema,
  email: OwnEmailSchema,
  password: PasswordSchema,
  phone: PhoneSchema,
  ...addressFields,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** The admin's "Add user" form (the person gets a one-time password); the admin panel's own words are English. */
export const ADD_USER_REQUIRED = "Please fill in name and email.";
export const AdminAddUserSchema = z.object({
  name: z.string().trim().min(1, ADD_USER_REQUIRED).max(FIELD_MAX.name, `Name is too long (${FIELD_MAX.name} characters at most).`),
  email: z.string().trim().min(1, ADD_USER_REQUIRED).pipe(OwnEmailSchema),
});

/** "Change email" on the account page: the new address, confirmed by a link sent to it. */
export const ChangeEmailSchema = z.object({ newEmail: OwnEmailSchema });

/** "Forgot password?": the account's email. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });

/** A reset link's page: the new password (the token travels in a hidden field). */
export const ResetPasswordSchema = z.object({
  token: z.string().max(200).default(""),
  password: PasswordSchema,
});

/** The forced first password after an admin-issued one. */
export const SetPasswordSchema = z.object({ password: PasswordSchema });

/** The account page's "Change password": the current one, then the new one. */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, refusalCode("account.current_password_missing"))
    .max(PASSWORD_MAX, refusalCode("account.password_max")),
  password: PasswordSchema,
});

/** The account page's profile: name, phone and the default address (checkout starts from it). */
export const ProfileSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  ...addressFields,
});
export type ProfileInput = z.infer<typeof ProfileSchema>;
