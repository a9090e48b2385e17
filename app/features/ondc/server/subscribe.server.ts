import { createPublicKey } from "node:crypto";
import { z } from "zod";
import { ONDC_DOMAIN } from "~/features/ondc/domain/beckn";
import type { OndcConfig } from "./ondc-config.server";

/**
 * Our subscribe call to ONDC's registry as a seller app (ONDC-Official/developer-docs, `registry/Onboarding
 * of Participants.md`, ops_no 2; docs/decisions/073-ondc-calls.md): our keys' public halves, our callback
 * and subscriber URLs, the cities we serve, and the business details the registry keeps. The registry
 * answers ACK only after it has called our `on_subscribe` with a challenge we decrypted, and it checks
 * our site verification page for the same request id (ONDC_REQUEST_ID).
 */

/** What the registry asks about the business, which the settings do not hold (a file given to the script). */
export const SubscriberDetailsSchema = z.object({
  legalEntityName: z.string().trim().min(1).max(200),
  businessAddress: z.string().trim().min(1).max(500),
  gstNo: z
    .string()
    .trim()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "must be a GSTIN"),
  panName: z.string().trim().min(1).max(200),
  panNo: z
    .string()
    .trim()
    .regex(/^[A-Z]{5}\d{4}[A-Z]$/, "must be a PAN"),
  /** DD/MM/YYYY, as the guide writes it. */
  dateOfIncorporation: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, "must be DD/MM/YYYY"),
  signatoryName: z.string().trim().min(1).max(200),
  signatoryAddress: z.string().trim().min(1).max(500),
  email: z.email(),
  mobile: z.string().regex(/^[6-9]\d{9}$/, "must be a 10-digit Indian mobile number"),
});
export type SubscriberDetails = z.infer<typeof SubscriberDetailsSchema>;

// RFC 8410's DER prefix before a raw ed25519 public key.
const ED25519_SPKI_PREFIX_LENGTH = 12;

/** Our public keys in the registry's forms: ed25519 raw in base64, X25519 SubjectPublicKeyInfo DER in base64. */
export function ourPublicKeys(config: Pick<OndcConfig, "signer" | "encryptionPrivateKey">) {
  const signing = createPublicKey(config.signer.privateKey).export({ format: "der", type: "spki" });
  const encryption = createPublicKey(config.encryptionPrivateKey).export({ format: "der", type: "spki" });
  return {
    signingPublicKey: signing.subarray(ED25519_SPKI_PREFIX_LENGTH).toString("base64"),
    encryptionPublicKey: encryption.toString("base64"),
  };
}

/**
 * A URL as the registry wants it: on ONDC a path under `https://<subscriber_id>`; a URL on another host
 * (only this machine's, for the local test network) whole.
 */
function registryUrlOf(url: string, subscriberId: string): string {
  const parsed = new URL(url);
  return parsed.hostname === subscriberId && parsed.protocol === "https:" ? parsed.pathname || "/" : url;
}

export function subscribeBody(config: OndcConfig, details: SubscriberDetails, now = new Date(), validDays = 365) {
  if (!config.requestId)
    throw new Error("ONDC_REQUEST_ID is required to subscribe: the registry matches it with our site verification page");
  const keys = ourPublicKeys(config);
  const cities = config.cities === "*" ? ["*"] : [...config.cities];
  const url = registryUrlOf(config.subscriberUrl, config.subscriberId);
  return {
    context: { operation: { ops_no: 2 } },
    message: {
      request_id: config.requestId,
      timestamp: now.toISOString(),
      entity: {
        gst: {
          legal_entity_name: details.legalEntityName,
          business_address: details.businessAddress,
          city_code: cities,
          gst_no: details.gstNo,
        },
        pan: { name_as_per_pan: details.panName, pan_no: details.panNo, date_of_incorporation: details.dateOfIncorporation },
        name_of_authorised_signatory: details.signatoryName,
        address_of_authorised_signatory: details.signatoryAddress,
        email_id: details.email,
        mobile_no: Number(details.mobile),
        country: "IND",
        subscriber_id: config.subscriberId,
        unique_key_id: config.signer.uniqueKeyId,
        callback_url: url,
        key_pair: {
          signing_public_key: keys.signingPublicKey,
          encryption_public_key: keys.encryptionPublicKey,
          valid_from: now.toISOString(),
          valid_until: new Date(now.getTime() + validDays * 86_400_000).toISOString(),
        },
      },
      network_participant: [{ subscriber_url: url, domain: ONDC_DOMAIN, type: "sellerApp", msn: false, city_code: cities }],
    },
  };
}

/** Posts our subscribe call to `<registry>/subscribe`; the registry's answer as it came. */
export async function subscribeToRegistry(
  config: OndcConfig,
  details: SubscriberDetails,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await (options.fetch ?? fetch)(`${config.registryUrl}/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(subscribeBody(config, details)),
    // The registry answers after its on_subscribe call to us: give it time.
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}
