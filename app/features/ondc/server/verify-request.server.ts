import { verify } from "node:crypto";
import {
  checkSignatureWindow,
  CLOCK_SKEW_SECONDS,
  parseSignatureHeader,
  signingString,
  type HeaderRefusal,
  type WindowRefusal,
} from "../domain/signature-header";
import { OndcKeyError, readSigningPublicKey } from "./keys.server";
import { bodyDigest } from "./sign-request.server";

export type KeyLookupAnswer =
  | { found: true; signingPublicKey: string; buyerAppUrls?: string[]; gateway?: boolean }
  | { found: false; reason: "unknown-subscriber" | "registry-unavailable" };

/** The signing public key of (subscriber_id, unique_key_id): the registry client's `lookupKey`, or a test's. */
export type SigningKeyLookup = (subscriberId: string, uniqueKeyId: string) => Promise<KeyLookupAnswer>;

/**
 * Why a signature was refused, for the log; the caller answers 401 with ONDC's NACK whatever it is,
 * except `registry-unavailable`, which is ours and worth a retry by the sender.
 */
export type VerifyRefusal =
  | HeaderRefusal
  | WindowRefusal
  | "unknown-subscriber"
  | "registry-unavailable"
  | "bad-public-key"
  | "bad-signature"
  /** An `X-Gateway-Authorization` signed by a subscriber the registry does not list as a gateway (BG). */
  | "not-a-gateway";

/**
 * Who signed, as the registry lists them: with the `subscriber_url` of each of their buyer-app entries
 * (from the same lookup that gave the key), where a call's `bap_uri` must point, and whether they are
 * a gateway.
 */
export type Signer = { subscriberId: string; uniqueKeyId: string; buyerAppUrls: string[]; gateway: boolean };
export type VerifyResult = { ok: true; signer: Signer } | { ok: false; reason: VerifyRefusal };

/**
 * Verifies one signature header over the raw body as it arrived. Cheap refusals come first (the header,
 * the window), so a malformed or stale request never costs a registry lookup. The digest is recomputed
 * and signed-over, not compared: a body changed by one byte fails the ed25519 check, and nothing secret
 * is compared here.
 */
export async function verifyOndcSignature(input: {
  header: string | null | undefined;
  body: string | Uint8Array;
  lookupKey: SigningKeyLookup;
  now?: Date;
  skewSeconds?: number;
}): Promise<VerifyResult> {
  const parsed = parseSignatureHeader(input.header);
  if (!parsed.ok) return parsed;
  const { header } = parsed;
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const outside = checkSignatureWindow(header, nowSeconds, input.skewSeconds ?? CLOCK_SKEW_SECONDS);
  if (outside) return { ok: false, reason: outside };

  const answer = await input.lookupKey(header.subscriberId, header.uniqueKeyId);
  if (!answer.found) return { ok: false, reason: answer.reason };
  let publicKey: ReturnType<typeof readSigningPublicKey>;
  try {
    publicKey = readSigningPublicKey(answer.signingPublicKey);
  } catch (error) {
    if (error instanceof OndcKeyError) return { ok: false, reason: "bad-public-key" };
    throw error;
  }
  const signed = Buffer.from(signingString(header.created, header.expires, bodyDigest(input.body)));
  if (!verify(null, signed, publicKey, Buffer.from(header.signature, "base64"))) return { ok: false, reason: "bad-signature" };
  return {
    ok: true,
    signer: {
      subscriberId: header.subscriberId,
      uniqueKeyId: header.uniqueKeyId,
      buyerAppUrls: answer.buyerAppUrls ?? [],
      gateway: answer.gateway ?? false,
    },
  };
}

export type RequestVerifyResult =
  | { ok: true; sender: Signer; gateway: Signer | null }
  | { ok: false; header: "Authorization" | "X-Gateway-Authorization"; reason: VerifyRefusal };

/**
 * Verifies a request's `Authorization` and, when a gateway passed it on, its `X-Gateway-Authorization`
 * over the same body. `requireGateway` is for the calls that only come through a gateway (`search`).
 */
export async function verifyOndcRequest(input: {
  authorization: string | null | undefined;
  gatewayAuthorization: string | null | undefined;
  body: string | Uint8Array;
  lookupKey: SigningKeyLookup;
  requireGateway?: boolean;
  now?: Date;
}): Promise<RequestVerifyResult> {
  const sender = await verifyOndcSignature({ header: input.authorization, body: input.body, lookupKey: input.lookupKey, now: input.now });
  if (!sender.ok) return { ok: false, header: "Authorization", reason: sender.reason };
  const gatewayHeader = input.gatewayAuthorization;
  if (gatewayHeader === null || gatewayHeader === undefined || gatewayHeader.trim() === "") {
    return input.requireGateway
      ? { ok: false, header: "X-Gateway-Authorization", reason: "missing-header" }
      : { ok: true, sender: sender.signer, gateway: null };
  }
  const gateway = await verifyOndcSignature({ header: gatewayHeader, body: input.body, lookupKey: input.lookupKey, now: input.now });
  if (!gateway.ok) return { ok: false, header: "X-Gateway-Authorization", reason: gateway.reason };
  // A valid key is not enough: a buyer app signing the gateway's header itself would pass a search off as broadcast.
  if (!gateway.signer.gateway) return { ok: false, header: "X-Gateway-Authorization", reason: "not-a-gateway" };
  return { ok: true, sender: sender.signer, gateway: gateway.signer };
}
