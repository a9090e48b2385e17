import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";

/**
 * ONDC's key formats (docs/decisions/071-ondc-seller-app.md, "Keys"), read into node:crypto keys.
 *
 * Signing keys are ed25519 as raw bytes in base64: the public key 32 bytes; the private key either the
 * 32-byte seed or the 64 bytes libsodium keeps (seed then public key), which is what ONDC's worked
 * example and its reference utilities hand out. Encryption keys are X25519: the public key in ASN.1 DER
 * (SubjectPublicKeyInfo) in base64, as the registry publishes it; the private key in PKCS#8 DER as the
 * reference utilities write it, or the raw 32 bytes ONDC's key-format page describes.
 */

// The fixed DER prefixes before a 32-byte key: RFC 8410's encodings of Ed25519 (1.3.101.112) and
// X25519 (1.3.101.110) keys, so raw keys go through node:crypto without a library.
const ED25519_PKCS8 = Buffer.from("302e020100300506032b657004220420", "hex");
const ED25519_SPKI = Buffer.from("302a300506032b6570032100", "hex");
const X25519_PKCS8 = Buffer.from("302e020100300506032b656e04220420", "hex");
const X25519_SPKI = Buffer.from("302a300506032b656e032100", "hex");

export class OndcKeyError extends Error {
  override name = "OndcKeyError";
}

function decodeBase64(value: string, what: string): Buffer {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || trimmed.length % 4 !== 0) throw new OndcKeyError(`${what} is not base64`);
  return Buffer.from(trimmed, "base64");
}

function rawPublicKey(key: KeyObject, prefix: Buffer): Buffer {
  return key.export({ format: "der", type: "spki" }).subarray(prefix.length);
}

/** A signing private key from its base64 seed (32 bytes) or seed and public key (64 bytes, checked to match). */
export function readSigningPrivateKey(base64: string): KeyObject {
  const bytes = decodeBase64(base64, "The signing private key");
  if (bytes.length !== 32 && bytes.length !== 64) throw new OndcKeyError("The signing private key must be 32 or 64 bytes");
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8, bytes.subarray(0, 32)]), format: "der", type: "pkcs8" });
  if (bytes.length === 64 && !rawPublicKey(createPublicKey(key), ED25519_SPKI).equals(bytes.subarray(32))) {
    throw new OndcKeyError("The signing private key's second half is not its public key");
  }
  return key;
}

/** A signing public key as the registry gives it: 32 raw bytes in base64. */
export function readSigningPublicKey(base64: string): KeyObject {
  const bytes = decodeBase64(base64, "The signing public key");
  if (bytes.length !== 32) throw new OndcKeyError("The signing public key must be 32 bytes");
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI, bytes]), format: "der", type: "spki" });
}

/** An encryption private key: PKCS#8 DER (48 bytes) or raw (32 bytes), base64. */
export function readEncryptionPrivateKey(base64: string): KeyObject {
  const bytes = decodeBase64(base64, "The encryption private key");
  if (bytes.length === 32) return createPrivateKey({ key: Buffer.concat([X25519_PKCS8, bytes]), format: "der", type: "pkcs8" });
  if (bytes.length === 48) {
    // Not a prefix match: ONDC's own example keys say version 1 where node:crypto writes 0.
    let key: KeyObject | null = null;
    try {
      key = createPrivateKey({ key: bytes, format: "der", type: "pkcs8" });
    } catch {
      // Not DER at all: refused below with the rest.
    }
    if (key?.asymmetricKeyType === "x25519") return key;
  }
  throw new OndcKeyError("The encryption private key must be an X25519 key: PKCS#8 DER or 32 raw bytes");
}

/** An encryption public key: SubjectPublicKeyInfo DER (44 bytes, the registry's form) or raw (32 bytes), base64. */
export function readEncryptionPublicKey(base64: string): KeyObject {
  const bytes = decodeBase64(base64, "The encryption public key");
  if (bytes.length === 32) return createPublicKey({ key: Buffer.concat([X25519_SPKI, bytes]), format: "der", type: "spki" });
  if (bytes.length === 44 && bytes.subarray(0, X25519_SPKI.length).equals(X25519_SPKI)) {
    return createPublicKey({ key: bytes, format: "der", type: "spki" });
  }
  throw new OndcKeyError("The encryption public key must be an X25519 key: SubjectPublicKeyInfo DER or 32 raw bytes");
}

export type OndcKeySet = {
  /** Registered with the registry (`signing_public_key`). */
  signingPublicKey: string;
  /** Secret: 64 bytes, seed then public key, as ONDC's utilities write it. */
  signingPrivateKey: string;
  /** Registered with the registry (`encryption_public_key`), DER. */
  encryptionPublicKey: string;
  /** Secret: PKCS#8 DER. */
  encryptionPrivateKey: string;
};

/** New signing and encryption key pairs, in the registry's formats (`npm run ondc:keys`). */
export function generateOndcKeys(): OndcKeySet {
  const signing = generateKeyPairSync("ed25519");
  const encryption = generateKeyPairSync("x25519");
  const signingPublic = rawPublicKey(signing.publicKey, ED25519_SPKI);
  const seed = signing.privateKey.export({ format: "der", type: "pkcs8" }).subarray(ED25519_PKCS8.length);
  return {
    signingPublicKey: signingPublic.toString("base64"),
    signingPrivateKey: Buffer.concat([seed, signingPublic]).toString("base64"),
    encryptionPublicKey: encryption.publicKey.export({ format: "der", type: "spki" }).toString("base64"),
    encryptionPrivateKey: encryption.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
  };
}
