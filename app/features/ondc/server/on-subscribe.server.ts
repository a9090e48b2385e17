import { createDecipheriv, diffieHellman, type KeyObject } from "node:crypto";
import { z } from "zod";

/**
 * The registry's `/on_subscribe` call (docs/decisions/071-ondc-seller-app.md, "Subscription"): it proves
 * we hold the encryption private key we registered. The registry encrypts a challenge with AES-256-ECB
 * under the X25519 shared secret of its key and ours, base64; we decrypt it and answer
 * `{ "answer": <the plain challenge> }`.
 */

/**
 * The registry's published encryption public keys (ONDC's onboarding guide in ONDC-Official/developer-docs,
 * `registry/Onboarding of Participants.md`), one per environment. Public values, not secrets.
 */
export const ONDC_REGISTRY_ENCRYPTION_KEYS = {
  preprod: "MCowBQYDK2VuAyEAa9Wbpvd9SsrpOZFcynyt/TO3x0Yrqyys4NUGIvyxX2Q=",
  production: "MCowBQYDK2VuAyEAhX7AySYGXHkpVl5c6q/V51rQVUp6w1QkEtNJhWcVtyo=",
} as const;

export const OnSubscribeBodySchema = z.object({
  subscriber_id: z.string().min(1).max(255),
  // A challenge is a short string; a few kilobytes of base64 is far more than any the registry sends.
  challenge: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});

export type OnSubscribeResult = { ok: true; answer: string } | { ok: false; reason: "undecryptable-challenge" };

/**
 * The answer to a challenge. A challenge that does not decrypt (another key, damaged bytes, bad padding)
 * is a refusal, for the route to answer 400: the registry then reports the subscription as failed.
 */
export function answerChallenge(
  challenge: string,
  keys: { encryptionPrivateKey: KeyObject; registryPublicKey: KeyObject },
): OnSubscribeResult {
  const sharedSecret = diffieHellman({ privateKey: keys.encryptionPrivateKey, publicKey: keys.registryPublicKey });
  const encrypted = Buffer.from(challenge, "base64");
  if (encrypted.length === 0 || encrypted.length % 16 !== 0) return { ok: false, reason: "undecryptable-challenge" };
  try {
    const decipher = createDecipheriv("aes-256-ecb", sharedSecret, null);
    const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    const answer = new TextDecoder("utf-8", { fatal: true }).decode(plain);
    return { ok: true, answer };
  } catch {
    return { ok: false, reason: "undecryptable-challenge" };
  }
}
