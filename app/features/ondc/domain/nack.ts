import { ONDC_SIGNED_HEADERS } from "./signature-header";

/**
 * ONDC's answer to a call it will not take: `NACK` with an error. A seller app's code for a signature it
 * cannot verify is 30016 (ONDC's error codes, docs/decisions/071-ondc-seller-app.md); the reason we
 * refused stays in our log, never in the answer.
 */
export const SELLER_INVALID_SIGNATURE = "30016";

export type OndcNack = {
  message: { ack: { status: "NACK" } };
  error: { type: "POLICY-ERROR"; code: string; message: string };
};

export const ACK = { message: { ack: { status: "ACK" } } } as const;

export function invalidSignatureNack(): OndcNack {
  return {
    message: { ack: { status: "NACK" } },
    error: { type: "POLICY-ERROR", code: SELLER_INVALID_SIGNATURE, message: "Cannot verify signature for request" },
  };
}

/** The `WWW-Authenticate` value of a 401: which signature we expect, in the header's own terms. */
export function signatureChallenge(ownSubscriberId: string): string {
  return `Signature realm="${ownSubscriberId}",headers="${ONDC_SIGNED_HEADERS}"`;
}
