import { z } from "zod";

import { FIELD_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./account-rules";
import { findIndianState } from "../../../platform/core/indian-states";
import { EMAIL_NOT_MAILABLE, isReservedEmail } from "../../../platform/core/reserved-email";

/*
 * Shared field schemas; each form composes its own schema from them, its keys in the order the
 * form shows its fields, so the first message (the form's summary) is the first wrong field.
 */

const text = (label: string, max: number, missing = `Please enter your ${label}.`) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .max(max, `${label.charAt(0).toUpperCase()}${label.slice(1)} is too long (${max} characters at most).`);

export const NameSchema = text("full name", FIELD_MAX.name);

export const EmailSchema = z
  .string()
  .trim()
  .min(1, "Please enter your email.")
  .max(FIELD_MAX.email, `Email is too long (${FIELD_MAX.email} characters at most).`)
  .pipe(z.email("Please enter a valid email address."))
  .transform((e) => e.toLowerCase());

/** An address an account is given (registration, change of email, admin's Add user): one that can receive mail. */
export const OwnEmailSchema = EmailSchema.refine((e) => !isReservedEmail(e), EMAIL_NOT_MAILABLE);

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
  .refine((p) => p.trim().length > 0, "Password cannot be only spaces.");

/** Indian mobile: optional +91 / 0, then 10 digits starting 6–9; spaces and dashes allowed. */
export const PhoneSchema = z
  .string()
  .trim()
  .min(1, "Please enter your phone number.")
  .max(FIELD_MAX.phone, "Enter a 10-digit Indian mobile number, e.g. +91 98765 43210.")
  .transform((p) => p.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^(\+91|0)?[6-9]\d{9}$/, "Enter a 10-digit Indian mobile number, e.g. +91 98765 43210."))
  .transform((p) => `+91 ${p.slice(-10, -5)} ${p.slice(-5)}`);

export const StreetSchema = text("street address", FIELD_MAX.street);
export const CitySchema = text("city", FIELD_MAX.city);

export const StateSchema = z
  .string("Please choose your State or Union Territory.")
  .trim()
  .refine((s) => findIndianState(s) !== undefined, "Please choose your State or Union Territory.");

export const PincodeSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{5}$/, "Pincode must be 6 digits and cannot start with 0.");

/** The address fields in the order every address form shows them. */
export const addressFields = {
  street: StreetSchema,
  city: CitySchema,
  state: StateSchema,
  pincode: PincodeSchema,
};
export const AddressSchema = z.object(addressFields);
export type Address = z.infer<typeof AddressSchema>;

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, "Please enter your password.").max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
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

/** The admin's "Add user" form (the person gets a one-time password). */
export const ADD_USER_REQUIRED = "Please fill in name and email.";
export const AdminAddUserSchema = z.object({
  name: text("name", FIELD_MAX.name, ADD_USER_REQUIRED),
  email: z.string().trim().min(1, ADD_USER_REQUIRED).pipe(OwnEmailSchema),
});
export type AdminAddUserInput = z.infer<typeof AdminAddUserSchema>;

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
    .min(1, "Please enter your current password.")
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
  password: PasswordSchema,
});

/** The account page's profile: name, phone and the default address (checkout starts from it). */
export const ProfileSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  ...addressFields,
});
export type ProfileInput = z.infer<typeof ProfileSchema>;
