import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomUUID } from "node:crypto";

/**
 * One network participant's keys, made fresh for each run (nothing here is a secret worth keeping).
 * ONDC's registry holds the public halves in the forms its key-format page gives (developer-docs,
 * registry/key-format-generation.md): the ed25519 signing key as its raw 32 bytes in base64, the X25519
 * encryption key as its ASN.1 DER (SubjectPublicKeyInfo) in base64, which starts "MCowBQYDK2VuAyEA".
 */
export type ParticipantKeys = {
  uniqueKeyId: string;
  signingPublicKey: string;
  signingPrivateKey: KeyObject;
  encryptionPublicKey: string;
  encryptionPrivateKey: KeyObject;
};

// A SubjectPublicKeyInfo for an ed25519 key is this 12-byte prefix and the raw key (RFC 8410).
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
// A PKCS#8 private key for ed25519 is this 16-byte prefix and the 32-byte seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export function generateParticipantKeys(): ParticipantKeys {
  const signing = generateKeyPairSync("ed25519");
  const encryption = generateKeyPairSync("x25519");
  return {
    uniqueKeyId: randomUUID(),
    signingPublicKey: rawSigningPublicKey(signing.publicKey),
    signingPrivateKey: signing.privateKey,
    encryptionPublicKey: encryption.publicKey.export({ format: "der", type: "spki" }).toString("base64"),
    encryptionPrivateKey: encryption.privateKey,
  };
}

function rawSigningPublicKey(key: KeyObject) {
  return key.export({ format: "der", type: "spki" }).subarray(ED25519_SPKI_PREFIX.length).toString("base64");
}

/** The key object for a registry's base64 raw ed25519 public key, or null when it is not one. */
export function signingPublicKeyFrom(base64: string): KeyObject | null {
  const raw = Buffer.from(base64, "base64");
  if (raw.length !== 32) return null;
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: "der", type: "spki" });
}

/**
 * A signing key from the base64 private key libsodium prints (64 bytes: seed then public key) or a bare
 * 32-byte seed: the form ONDC's worked example gives its key in, used by the test of that example.
 */
export function signingPrivateKeyFrom(base64: string): KeyObject {
  const raw = Buffer.from(base64, "base64");
  if (raw.length !== 32 && raw.length !== 64) throw new Error("an ed25519 private key is 32 or 64 bytes");
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, raw.subarray(0, 32)]), format: "der", type: "pkcs8" });
}

/** The key object for a registry's base64 DER X25519 public key, or null when it is not one. */
export function encryptionPublicKeyFrom(base64: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: Buffer.from(base64, "base64"), format: "der", type: "spki" });
    return key.asymmetricKeyType === "x25519" ? key : null;
  } catch {
    return null;
  }
}
