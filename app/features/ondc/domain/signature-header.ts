/**
 * ONDC's signature header, as text: the string a network participant signs, the `Authorization` (or the
 * gateway's `X-Gateway-Authorization`) value that carries the signature, and the strict reading of one
 * (docs/decisions/071-ondc-seller-app.md, "Signing"). Pure: the digest and the ed25519 work are
 * server/'s, with node:crypto.
 */

/** The only algorithm ONDC signs with; the keyId's third part and the `algorithm` parameter both name it. */
export const ONDC_ALGORITHM = "ed25519";
/** What is signed, in this order: the only list ONDC uses. */
export const ONDC_SIGNED_HEADERS = "(created) (expires) digest";
/**
 * How far another participant's clock may be from ours, in seconds. ONDC names no allowance; a minute
 * covers servers kept by NTP, while a signature stays valid for its whole window (an hour is usual).
 */
export const CLOCK_SKEW_SECONDS = 60;

export type SignatureHeader = {
  subscriberId: string;
  uniqueKeyId: string;
  /** Unix seconds. */
  created: number;
  /** Unix seconds. */
  expires: number;
  /** The ed25519 signature, base64. */
  signature: string;
};

export type HeaderRefusal = "missing-header" | "malformed-header" | "unsupported-algorithm";

/**
 * The text that is signed: three lines, `(created)`, `(expires)` and the body's BLAKE2b-512 digest in
 * base64. The spacing is the one ONDC's worked example's signature was made over.
 */
export function signingString(created: number, expires: number, digestBase64: string): string {
  return `(created): ${created}\n(expires): ${expires}\ndigest: BLAKE-512=${digestBase64}`;
}

/** The header's value, with the `Signature` scheme as ONDC's reference utilities send it. */
export function formatSignatureHeader(header: SignatureHeader): string {
  const keyId = `${header.subscriberId}|${header.uniqueKeyId}|${ONDC_ALGORITHM}`;
  return (
    `Signature keyId="${keyId}",algorithm="${ONDC_ALGORITHM}",created="${header.created}",` +
    `expires="${header.expires}",headers="${ONDC_SIGNED_HEADERS}",signature="${header.signature}"`
  );
}

const PARAMETER = /^\s*([a-zA-Z]+)="([^"]*)"\s*$/;
const REQUIRED = ["keyId", "algorithm", "created", "expires", "headers", "signature"] as const;
const UNIX_SECONDS = /^[0-9]{1,12}$/;
// An ed25519 signature is 64 bytes: 88 base64 characters, the last two padding.
const SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;
// Subscriber ids are domain names with an optional path; unique key ids are the participant's own labels.
// Neither may hold the separator, a quote or white space.
const KEY_ID_PART = /^[^|"\s]{1,255}$/;

/**
 * Reads a signature header strictly: the six parameters exactly once each and nothing else, quoted,
 * comma-separated; `keyId` as `subscriber|unique key|ed25519`; both times whole Unix seconds with
 * created before expires; the signed headers exactly ONDC's list; a signature of 64 bytes. The
 * `Signature ` scheme is optional, because ONDC's own worked example leaves it out.
 */
export function parseSignatureHeader(
  value: string | null | undefined,
): { ok: true; header: SignatureHeader } | { ok: false; reason: HeaderRefusal } {
  if (value === null || value === undefined || value.trim() === "") return { ok: false, reason: "missing-header" };
  if (value.length > 2048) return { ok: false, reason: "malformed-header" };
  const parametersText = value.trim().replace(/^Signature\s+/, "");
  const parameters = new Map<string, string>();
  // No value may hold a comma (none of the six can), so splitting on commas is exact.
  for (const part of parametersText.split(",")) {
    const match = PARAMETER.exec(part);
    if (!match?.[1] || match[2] === undefined) return { ok: false, reason: "malformed-header" };
    if (parameters.has(match[1])) return { ok: false, reason: "malformed-header" };
    parameters.set(match[1], match[2]);
  }
  if (parameters.size !== REQUIRED.length || REQUIRED.some((name) => !parameters.has(name))) {
    return { ok: false, reason: "malformed-header" };
  }
  const get = (name: (typeof REQUIRED)[number]) => parameters.get(name) ?? "";

  const keyId = get("keyId").split("|");
  if (keyId.length !== 3 || !keyId.every((part) => KEY_ID_PART.test(part))) return { ok: false, reason: "malformed-header" };
  const [subscriberId = "", uniqueKeyId = "", keyAlgorithm = ""] = keyId;
  if (keyAlgorithm !== ONDC_ALGORITHM || get("algorithm") !== ONDC_ALGORITHM) return { ok: false, reason: "unsupported-algorithm" };

  if (get("headers").trim().split(/\s+/).join(" ") !== ONDC_SIGNED_HEADERS) return { ok: false, reason: "malformed-header" };
  if (!UNIX_SECONDS.test(get("created")) || !UNIX_SECONDS.test(get("expires"))) return { ok: false, reason: "malformed-header" };
  const created = Number(get("created"));
  const expires = Number(get("expires"));
  if (created >= expires) return { ok: false, reason: "malformed-header" };
  if (!SIGNATURE.test(get("signature"))) return { ok: false, reason: "malformed-header" };

  return { ok: true, header: { subscriberId, uniqueKeyId, created, expires, signature: get("signature") } };
}

export type WindowRefusal = "not-yet-valid" | "expired";

/** Whether a signature's window holds `now` (Unix seconds), allowing CLOCK_SKEW_SECONDS either side. */
export function checkSignatureWindow(
  header: Pick<SignatureHeader, "created" | "expires">,
  nowSeconds: number,
  skewSeconds = CLOCK_SKEW_SECONDS,
): WindowRefusal | null {
  if (header.created > nowSeconds + skewSeconds) return "not-yet-valid";
  if (header.expires < nowSeconds - skewSeconds) return "expired";
  return null;
}

/**
 * What the registry's `/vlookup` asks the sender to sign: the search parameters joined by `|`, in
 * ONDC's order (country, domain, type, city, subscriber_id).
 */
export function vlookupSigningString(search: {
  country: string;
  domain: string;
  type: string;
  city: string;
  subscriberId: string;
}): string {
  return [search.country, search.domain, search.type, search.city, search.subscriberId].join("|");
}
