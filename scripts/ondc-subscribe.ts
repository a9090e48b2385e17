// npm run ondc:subscribe -- --details business.json
// Subscribes the store to ONDC's registry as a seller app (docs/decisions/073-ondc-calls.md). Run it with the
// store's own ONDC_* settings while the store is up at ONDC_SUBSCRIBER_URL: the registry calls its
// on_subscribe with a challenge, and reads ondc-site-verification.html, before it answers.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ondcConfig } from "../app/features/ondc/server/ondc-config.server";
import { SubscriberDetailsSchema, subscribeToRegistry } from "../app/features/ondc/server/subscribe.server";

const { values } = parseArgs({ options: { details: { type: "string" } } });
if (!values.details) {
  console.error(
    "Usage: npm run ondc:subscribe -- --details business.json\n" +
      "business.json: legalEntityName, businessAddress, gstNo, panName, panNo, dateOfIncorporation (DD/MM/YYYY),\n" +
      "signatoryName, signatoryAddress, email, mobile",
  );
  process.exit(2);
}
let config: ReturnType<typeof ondcConfig>;
try {
  config = ondcConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (!config) {
  console.error("ONDC is not configured: set the ONDC_* settings (README, Configuration) first.");
  process.exit(2);
}
const details = SubscriberDetailsSchema.safeParse(JSON.parse(readFileSync(values.details, "utf8")));
if (!details.success) {
  console.error(details.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
  process.exit(2);
}
try {
  const answer = await subscribeToRegistry(config, details.data);
  console.log(JSON.stringify(answer, null, 2));
  const ack = (answer.body as { message?: { ack?: { status?: string } } } | null)?.message?.ack?.status;
  process.exit(answer.status === 200 && ack === "ACK" ? 0 : 1);
} catch (error) {
  console.error(`The registry could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
