// npm run admin:create -- --email admin@example.in --password 'a long secret' [--name "Store Admin"] [--promote]
import { parseArgs } from "node:util";
import { closeDatabase } from "../app/platform/db/db.server";
import { prepareDatabase } from "../app/prepare.server";
import { OwnEmailSchema, PasswordSchema } from "../app/features/accounts/domain/account";
import { firstError } from "../app/platform/core/form-errors";
import { adminFormErrors } from "../app/platform/i18n/render-refusal.server";
import { ensureAdmin } from "../app/features/accounts/server/ensure-admin.server";
import { UserRefused } from "../app/features/accounts/server/create-user.server";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, promote: { type: "boolean" } },
});
if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
  console.error("Usage: npm run admin:create -- --email you@example.in --password '…' [--name 'Your Name'] [--promote]");
  process.exit(2);
}
const email = OwnEmailSchema.safeParse(values.email);
if (!email.success) {
  console.error(firstError(adminFormErrors(email.error)));
  process.exit(2);
}
const password = PasswordSchema.safeParse(values.password ?? "");
if (!password.success) {
  console.error(firstError(adminFormErrors(password.error)));
  process.exit(2);
}
await prepareDatabase();
try {
  const result = await ensureAdmin(email.data, password.data, values.name ?? "Store Admin", {
    promote: values.promote,
    // An issued password: the admin sets their own at first sign-in, within 72 hours.
    temporary: true,
  });
  console.log(result.created ? `Created admin ${result.email}` : `Promoted ${result.email} to admin; every session it had has ended.`);
  console.log("The password is temporary: it must be replaced at the first sign-in, within 72 hours.");
} catch (error) {
  if (!(error instanceof UserRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
