/** Client-safe account rules (no schema library), shared by the forms' inputs and the schemas. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The longest text each field takes; the inputs carry the same `maxLength`. */
export const FIELD_MAX = {
  name: 80,
  email: 254,
  phone: 20,
  street: 200,
  city: 60,
  businessName: 120,
  subject: 150,
  message: 5000,
} as const;

/** What a suspended account is told at every sign-in door, with the store's support contact. */
export function accountSuspendedMessage(support: { email: string; phone: string }) {
  return `This account has been suspended, so it cannot sign in. If you think this is a mistake, please contact Angle support at ${support.email} or ${support.phone}.`;
}
