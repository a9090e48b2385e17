import { readFileSync } from "node:fs";

/**
 * Checks ONDC messages (a JSON file: an array of `{ context, message }` bodies, as the test network's
 * buyer app logs them with `messages()`) against ONDC's own log validation utility
 * (ONDC-Official/log-validation-utility, run from its own clone; tests/ondc-network/README.md says how).
 * Its `POST /api/validate-schema` checks one message against the JSON schema ONDC keeps for its action;
 * AGR10 is checked with the retail 1.2 schemas, as the utility does for every retail domain but RET11.
 * Nothing of the utility is copied here: this only sends the messages and reports its answers.
 *
 * The schemas check URLs with ajv-formats' "url", which refuses loopback and private addresses, so every
 * message of a local run would fail on its bap_uri. Before sending, a URL on a loopback origin
 * (http://127.0.0.1:<port>, http://localhost:<port>) is given the origin it would have on ONDC:
 * https://<bap_id> in context.bap_uri, https://<bpp_id> everywhere else (the seller's links); the path stays.
 *
 *   npx tsx tools/ondc-validate-messages.ts <messages.json> [validator URL, default http://127.0.0.1:3000]
 */
export type Verdict = { action: string; messageId: string; ok: boolean; errors: unknown };

const LOOPBACK_ORIGIN = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/;

/** The message with loopback origins replaced by the participants' public ones (see above). */
export function withPublicOrigins(body: unknown): unknown {
  const context = (body as { context?: { bap_id?: unknown; bpp_id?: unknown } } | null)?.context;
  const buyer = typeof context?.bap_id === "string" ? `https://${context.bap_id}` : null;
  const seller = typeof context?.bpp_id === "string" ? `https://${context.bpp_id}` : null;
  const rewrite = (value: unknown, key: string): unknown => {
    if (typeof value === "string") {
      const origin = key === "bap_uri" ? buyer : seller;
      return origin && LOOPBACK_ORIGIN.test(value) ? value.replace(LOOPBACK_ORIGIN, origin) : value;
    }
    if (Array.isArray(value)) return value.map((item) => rewrite(item, key));
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, rewrite(item, name)]));
    }
    return value;
  };
  return rewrite(body, "");
}

export async function validateMessages(validatorUrl: string, messages: unknown[]): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  for (const body of messages) {
    const context = (body as { context?: { action?: unknown; message_id?: unknown } } | null)?.context;
    const answer = await fetch(`${validatorUrl.replace(/\/$/, "")}/api/validate-schema`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(withPublicOrigins(body)),
      signal: AbortSignal.timeout(30_000),
    });
    const result = (await answer.json().catch(() => ({ success: false, error: `answered ${answer.status} without JSON` }))) as {
      success?: unknown;
      error?: unknown;
    };
    verdicts.push({
      action: String(context?.action ?? "?"),
      messageId: String(context?.message_id ?? "?"),
      ok: answer.status === 200 && result.success === true,
      errors: result.error ?? null,
    });
  }
  return verdicts;
}

async function main() {
  const [file, validatorUrl = "http://127.0.0.1:3000"] = process.argv.slice(2);
  if (!file) {
    console.error("usage: npx tsx tools/ondc-validate-messages.ts <messages.json> [validator URL]");
    process.exit(2);
  }
  const messages: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(messages)) throw new Error(`${file} does not hold a JSON array of messages`);
  const verdicts = await validateMessages(validatorUrl, messages);
  for (const v of verdicts)
    console.log(`${v.ok ? "valid  " : "INVALID"} ${v.action} ${v.messageId}${v.ok ? "" : ` ${JSON.stringify(v.errors)}`}`);
  const invalid = verdicts.filter((v) => !v.ok).length;
  console.log(`${verdicts.length - invalid} of ${verdicts.length} messages valid against ONDC's schemas`);
  if (invalid > 0) process.exit(1);
}

if (import.meta.main) await main();
