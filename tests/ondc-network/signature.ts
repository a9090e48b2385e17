import { createHash, type KeyObject, sign, verify } from "node:crypto";

/**
 * ONDC's request signature, written from its public description (developer-docs,
 * registry/signing-verification.md and protocol-network-extension/"Auth Header - signing and
 * verification.md"), apart from the seller's own code so that each checks the other:
 * - the digest is BLAKE2b-512 of the body's exact bytes, in base64;
 * - the signing string is three lines: `(created): <unix s>`, `(expires): <unix s>`,
 *   `digest: BLAKE-512=<digest>`, signed with the sender's ed25519 key;
 * - the header is `Signature keyId="<subscriber_id>|<unique_key_id>|ed25519",algorithm="ed25519",
 *   created="…",expires="…",headers="(created) (expires) digest",signature="<base64>"`, sent as
 *   `Authorization` by the sender and as `X-Gateway-Authorization` by a gateway passing a request on.
 * The worked example in that page (its body, key, digest and signature) is a test in signature.test.ts.
 */
export function blake512Digest(body: string | Buffer) {
  return createHash("blake2b512").update(body).digest("base64");
}

export function signingString(created: number, expires: number, digest: string) {
  return `(created): ${created}\n(expires): ${expires}\ndigest: BLAKE-512=${digest}`;
}

export type Signer = { subscriberId: string; uniqueKeyId: string; privateKey: KeyObject };

/** How long a signature stays valid when the caller does not say: ONDC's examples use an hour. */
const DEFAULT_LIFETIME_SECONDS = 3600;

export function createAuthorizationHeader(signer: Signer, body: string | Buffer, times: { created?: number; expires?: number } = {}) {
  const created = times.created ?? Math.floor(Date.now() / 1000);
  const expires = times.expires ?? created + DEFAULT_LIFETIME_SECONDS;
  const signature = sign(null, Buffer.from(signingString(created, expires, blake512Digest(body))), signer.privateKey).toString("base64");
  return (
    `Signature keyId="${signer.subscriberId}|${signer.uniqueKeyId}|ed25519",algorithm="ed25519",` +
    `created="${created}",expires="${expires}",headers="(created) (expires) digest",signature="${signature}"`
  );
}

export type SignatureParameters = {
  subscriberId: string;
  uniqueKeyId: string;
  algorithm: string;
  created: number;
  expires: number;
  signature: string;
};

/** The header's parameters, or null when it is not a `Signature` header with all of them. */
export function parseAuthorizationHeader(header: string | undefined): SignatureParameters | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (!trimmed.startsWith("Signature ")) return null;
  const parameters = new Map<string, string>();
  for (const match of trimmed.slice("Signature ".length).matchAll(/([A-Za-z]+)="([^"]*)"/g)) {
    if (match[1] !== undefined && match[2] !== undefined) parameters.set(match[1], match[2]);
  }
  const keyId = parameters.get("keyId")?.split("|");
  const algorithm = parameters.get("algorithm");
  const created = Number(parameters.get("created"));
  const expires = Number(parameters.get("expires"));
  const signature = parameters.get("signature");
  if (keyId?.length !== 3 || !algorithm || !signature) return null;
  if (!Number.isSafeInteger(created) || !Number.isSafeInteger(expires)) return null;
  const [subscriberId = "", uniqueKeyId = "", keyAlgorithm] = keyId;
  // The page asks for a refusal when the keyId's algorithm and the algorithm parameter differ.
  if (!subscriberId || !uniqueKeyId || keyAlgorithm !== algorithm) return null;
  return { subscriberId, uniqueKeyId, algorithm, created, expires, signature };
}

export type VerifyFailure = "missing" | "malformed" | "algorithm" | "not-yet-valid" | "expired" | "unknown-key" | "bad-signature";
export type VerifyResult = { ok: true; subscriberId: string; uniqueKeyId: string } | { ok: false; reason: VerifyFailure };

/** Seconds a `created` may lie ahead of this clock (two machines' clocks never agree exactly). */
const CLOCK_SKEW_SECONDS = 5;

/**
 * Checks a header against the raw body: well formed, ed25519, inside its created–expires window, signed by
 * the key the registry holds for its keyId (`keyFor`, null when the registry knows none).
 */
export async function verifyAuthorizationHeader(
  header: string | undefined,
  body: Buffer,
  keyFor: (subscriberId: string, uniqueKeyId: string) => Promise<KeyObject | null>,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<VerifyResult> {
  if (!header) return { ok: false, reason: "missing" };
  const parameters = parseAuthorizationHeader(header);
  if (!parameters) return { ok: false, reason: "malformed" };
  if (parameters.algorithm !== "ed25519") return { ok: false, reason: "algorithm" };
  if (parameters.created > nowSeconds + CLOCK_SKEW_SECONDS || parameters.created > parameters.expires) {
    return { ok: false, reason: "not-yet-valid" };
  }
  if (parameters.expires < nowSeconds) return { ok: false, reason: "expired" };
  const key = await keyFor(parameters.subscriberId, parameters.uniqueKeyId);
  if (!key) return { ok: false, reason: "unknown-key" };
  const signed = Buffer.from(signingString(parameters.created, parameters.expires, blake512Digest(body)));
  const signature = Buffer.from(parameters.signature, "base64");
  if (signature.length !== 64 || !verify(null, signed, key, signature)) return { ok: false, reason: "bad-signature" };
  return { ok: true, subscriberId: parameters.subscriberId, uniqueKeyId: parameters.uniqueKeyId };
}
