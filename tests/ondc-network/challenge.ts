import { createCipheriv, createDecipheriv, diffieHellman, type KeyObject } from "node:crypto";

/**
 * The `on_subscribe` challenge (developer-docs, registry/"Onboarding of Participants.md", steps 6 and 11):
 * the registry and the subscriber each make the same 32-byte key by X25519 from their own encryption
 * private key and the other's public key; the registry sends a random string encrypted with it and the
 * subscriber answers with the plain string. The cipher is AES-256 in ECB mode with PKCS#7 padding, the
 * text in base64, as ONDC's reference on_subscribe utility does (reference-implementations,
 * utilities/on_subscibe-service, which that page links). ECB is ONDC's choice, not a recommendation: the
 * challenge is one random block-aligned string, never reused.
 */
export function sharedKey(ownPrivateKey: KeyObject, otherPublicKey: KeyObject) {
  return diffieHellman({ privateKey: ownPrivateKey, publicKey: otherPublicKey });
}

export function encryptChallenge(plain: string, key: Buffer) {
  const cipher = createCipheriv("aes-256-ecb", key, null);
  return Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("base64");
}

/** The plain challenge, or null when the text does not decrypt with this key. */
export function decryptChallenge(encrypted: string, key: Buffer): string | null {
  try {
    const decipher = createDecipheriv("aes-256-ecb", key, null);
    return Buffer.concat([decipher.update(Buffer.from(encrypted, "base64")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
