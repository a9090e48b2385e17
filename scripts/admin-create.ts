// npm run admin:create -- --email admin@example.in --password 'a long secret' [--name "Store Admin"]
import { parseArgs } from "node:util";
import { closeDatabase } from "../app/db/db.server";
import { prepareDatabase } from "../app/db/prepare.server";
import { ensureAdmin } from "../app/services/users/ensure-admin.server";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});
if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
  console.error("Usage: npm run admin:create -- --email you@example.in --password '…' [--name 'Your Name']");
  process.exit(2);
}
if (!values.password || values.password.length < 8) {
  console.error("The password must be at least 8 characters.");
  process.exit(2);
}
await prepareDatabase();
const result = await ensureAdmin(values.email, values.password, values.name ?? "Store Admin");
console.log(`${result.created ? "Created" : "Updated"} admin ${result.email}`);
await closeDatabase();
