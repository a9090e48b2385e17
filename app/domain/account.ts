import { z } from "zod";

import { PASSWORD_MAX, PASSWORD_MIN } from "./account-rules";

export const EmailSchema = z
  .string()
  .trim()
  .min(1, "Please enter your email.")
  .max(254, "Email is too long.")
  .pipe(z.email("Please enter a valid email address."))
  .transform((e) => e.toLowerCase());

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/** Indian mobile: optional +91 / 0, then 10 digits starting 6–9; spaces and dashes allowed. */
export const PhoneSchema = z
  .string()
  .trim()
  .min(1, "Please enter your phone number.")
  .transform((p) => p.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^(\+91|0)?[6-9]\d{9}$/, "Enter a 10-digit Indian mobile number, e.g. +91 98765 43210."))
  .transform((p) => `+91 ${p.slice(-10, -5)} ${p.slice(-5)}`);

export const PincodeSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{5}$/, "Pincode must be 6 digits and cannot start with 0.");

const required = (label: string, max = 120) =>
  z
    .string()
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(max, `${label.charAt(0).toUpperCase()}${label.slice(1)} is too long.`);

export const AddressSchema = z.object({
  street: required("street address", 200),
  city: required("city", 80),
  state: required("state", 80),
  pincode: PincodeSchema,
});
export type Address = z.infer<typeof AddressSchema>;

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, "Please enter your password.").max(PASSWORD_MAX),
});

export const RegisterSchema = AddressSchema.extend({
  name: required("full name", 100),
  email: EmailSchema,
  password: PasswordSchema,
  phone: PhoneSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;
