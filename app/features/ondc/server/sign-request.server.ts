import { createHash, sign, type KeyObject } from "node:crypto";
import { formatSignatureHeader, signingString, vlookupSigningString } from "../domain/signature-header";

/**
 * How long a signature we make stays valid, in seconds: ONDC's worked example and reference utilities
 * use an hour, long enough for a gateway to pass a search on.
 */
export const SIGNATURE_VALID_SECONDS = 3600;

export type OndcSigner = {
  subscriberId: string;
  uniqueKeyId: string;
  privateKey: KeyObject;
};

/** The body's BLAKE2b-512 digest in base64: over the exact bytes sent, never a re-serialised object. */
export function bodyDigest(body: string | Uint8Array): string {
  return createHash("blake2b512").update(body).digest("base64");
}

/**
 * The `Authorization` value for a request or callback we send with this exact body. A gateway signs the
 * same way with its own keys for `X-Gateway-Authorization`, so this makes that header too.
 */
export function signOndcRequest(
  body: string | Uint8Array,
  signer: OndcSigner,
  options: { now?: Date; validForSeconds?: number } = {},
): string {
  const created = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const expires = created + (options.validForSeconds ?? SIGNATURE_VALID_SECONDS);
  const signature = sign(null, Buffer.from(signingString(created, expires, bodyDigest(body))), signer.privateKey).toString("base64");
  return formatSignatureHeader({ subscriberId: signer.subscriberId, uniqueKeyId: signer.uniqueKeyId, created, expires, signature });
}

/** The `signature` of a registry `/vlookup` request: the search parameters, signed as they are (no digest). */
export function signVlookup(
  search: { country: string; domain: string; type: string; city: string; subscriberId: string },
  privateKey: KeyObject,
): string {
  return sign(null, Buffer.from(vlookupSigningString(search)), privateKey).toString("base64");
}
