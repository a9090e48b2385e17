import { createCipheriv, createPublicKey, diffieHellman, type KeyObject } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateOndcKeys, readEncryptionPrivateKey, readEncryptionPublicKey } from "./keys.server";
import { answerChallenge, ONDC_REGISTRY_ENCRYPTION_KEYS, OnSubscribeBodySchema } from "./on-subscribe.server";

// ONDC's encryption example (ONDC-Official/developer-docs, registry/encryption_and_decryption.md): two
// participants' X25519 keys, in the formats the registry uses. Here the second plays the registry.
const OURS = {
  privateKey: "MC4CAQEwBQYDK2VuBCIEIMCU0uKQ36pRs4d9Jm0aUD9Pn6qq+747AY2Kv4UhE/94",
  publicKey: "MCowBQYDK2VuAyEAmb/MUSKXvtgsPJuEQUM/imlDJ7oe9uPL/m4ta9e8Z1o=",
};
const REGISTRY = {
  privateKey: "MC4CAQEwBQYDK2VuBCIEICDWXCT+/VoLE8TJ5nYbtGv5vI+sqXBtdYgrBMjD73Vz",
  publicKey: "MCowBQYDK2VuAyEA2qqMXULrFHhJCJEI38WnTtwojAtf9cZ3BsUid5Goah4=",
};

/** What the registry does: AES-256-ECB, PKCS#7 padding, under the shared secret of its key and ours; base64. */
function encryptAsRegistry(challenge: string, registryPrivate: KeyObject, subscriberPublic: KeyObject): string {
  const secret = diffieHellman({ privateKey: registryPrivate, publicKey: subscriberPublic });
  const cipher = createCipheriv("aes-256-ecb", secret, null);
  return Buffer.concat([cipher.update(challenge, "utf8"), cipher.final()]).toString("base64");
}

const ourKeys = {
  encryptionPrivateKey: readEncryptionPrivateKey(OURS.privateKey),
  registryPublicKey: readEncryptionPublicKey(REGISTRY.publicKey),
};

describe("the on_subscribe challenge", () => {
  it("uses ONDC's example keys as one consistent pair each", () => {
    const derived = createPublicKey(ourKeys.encryptionPrivateKey).export({ format: "der", type: "spki" }).toString("base64");
    expect(derived).toBe(OURS.publicKey);
  });

  it("decrypts to what the registry encrypted, and the answer is that text", () => {
    const challenge = encryptAsRegistry(
      "5d2a6c1b-challenge-ondc-preprod",
      readEncryptionPrivateKey(REGISTRY.privateKey),
      readEncryptionPublicKey(OURS.publicKey),
    );
    expect(OnSubscribeBodySchema.parse({ subscriber_id: "angle.example.in", challenge })).toEqual({
      subscriber_id: "angle.example.in",
      challenge,
    });
    expect(answerChallenge(challenge, ourKeys)).toEqual({ ok: true, answer: "5d2a6c1b-challenge-ondc-preprod" });
  });

  it("round-trips with freshly generated keys, as after npm run ondc:keys", () => {
    const ours = generateOndcKeys();
    const registry = generateOndcKeys();
    const challenge = encryptAsRegistry(
      "a challenge of more than one AES block, to cross block boundaries",
      readEncryptionPrivateKey(registry.encryptionPrivateKey),
      readEncryptionPublicKey(ours.encryptionPublicKey),
    );
    const keys = {
      encryptionPrivateKey: readEncryptionPrivateKey(ours.encryptionPrivateKey),
      registryPublicKey: readEncryptionPublicKey(registry.encryptionPublicKey),
    };
    expect(answerChallenge(challenge, keys)).toEqual({
      ok: true,
      answer: "a challenge of more than one AES block, to cross block boundaries",
    });
  });

  it("refuses a challenge encrypted for another key, a damaged one and one that is not whole blocks", () => {
    // Encrypted for the registry's own key, a fixed third party, so the refusal is the same every run.
    const forSomeoneElse = encryptAsRegistry(
      "not for us",
      readEncryptionPrivateKey(REGISTRY.privateKey),
      readEncryptionPublicKey(REGISTRY.publicKey),
    );
    expect(answerChallenge(forSomeoneElse, ourKeys)).toEqual({ ok: false, reason: "undecryptable-challenge" });

    const good = Buffer.from(
      encryptAsRegistry("ours", readEncryptionPrivateKey(REGISTRY.privateKey), readEncryptionPublicKey(OURS.publicKey)),
      "base64",
    );
    good[good.length - 1] = (good[good.length - 1] ?? 0) ^ 0xff;
    expect(answerChallenge(good.toString("base64"), ourKeys)).toEqual({ ok: false, reason: "undecryptable-challenge" });
    expect(answerChallenge("AAAA", ourKeys)).toEqual({ ok: false, reason: "undecryptable-challenge" });
  });

  it("refuses a body without a base64 challenge", () => {
    expect(OnSubscribeBodySchema.safeParse({ subscriber_id: "angle.example.in" }).success).toBe(false);
    expect(OnSubscribeBodySchema.safeParse({ subscriber_id: "angle.example.in", challenge: "not base64!" }).success).toBe(false);
    expect(OnSubscribeBodySchema.safeParse({ subscriber_id: "angle.example.in", challenge: "A".repeat(5000) }).success).toBe(false);
  });

  it("knows the registry's published keys as X25519 public keys", () => {
    for (const key of Object.values(ONDC_REGISTRY_ENCRYPTION_KEYS)) expect(readEncryptionPublicKey(key).asymmetricKeyType).toBe("x25519");
  });
});
