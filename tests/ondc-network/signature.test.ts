import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptChallenge, encryptChallenge, sharedKey } from "./challenge.ts";
import { encryptionPublicKeyFrom, generateParticipantKeys, signingPrivateKeyFrom, signingPublicKeyFrom } from "./keys.ts";
import { blake512Digest, createAuthorizationHeader, parseAuthorizationHeader, verifyAuthorizationHeader } from "./signature.ts";

// The worked example of developer-docs, registry/signing-verification.md (ONDC-Official, commit d6f8eb9):
// its request body, its key pair, and the digest and signature it prints for created 1641287875, expires 1641291475.
const EXAMPLE_BODY =
  '{"context":{"domain":"nic2004:60212","country":"IND","city":"Kochi","action":"search","core_version":"0.9.1","bap_id":"bap.stayhalo.in","bap_uri":"https://8f9f-49-207-209-131.ngrok.io/protocol/","transaction_id":"e6d9f908-1d26-4ff3-a6d1-3af3d3721054","message_id":"a2fe6d52-9fe4-4d1a-9d0b-dccb8b48522d","timestamp":"2022-01-04T09:17:55.971Z","ttl":"P1M"},"message":{"intent":{"fulfillment":{"start":{"location":{"gps":"10.108768, 76.347517"}},"end":{"location":{"gps":"10.102997, 76.353480"}}}}}}';
const EXAMPLE_PUBLIC_KEY = "awGPjRK6i/Vg/lWr+0xObclVxlwZXvTjWYtlu6NeOHk=";
const EXAMPLE_PRIVATE_KEY = "lP3sHA+9gileOkXYJXh4Jg8tK0gEEMbf9yCPnFpbldhrAY+NErqL9WD+Vav7TE5tyVXGXBle9ONZi2W7o144eQ==";
const EXAMPLE_DIGEST = "b6lf6lRgOweajukcvcLsagQ2T60+85kRh/Rd2bdS+TG/5ALebOEgDJfyCrre/1+BMu5nA94o4DT3pTFXuUg7sw==";
const EXAMPLE_SIGNATURE = "cjbhP0PFyrlSCNszJM1F/YmHDVAWsZqJUPzojnE/7TJU3fJ/rmIlgaUHEr5E0/2PIyf0tpSnWtT6cyNNlpmoAQ==";
const CREATED = 1641287875;
const EXPIRES = 1641291475;

const exampleSigner = { subscriberId: "example-bap.com", uniqueKeyId: "bap1234", privateKey: signingPrivateKeyFrom(EXAMPLE_PRIVATE_KEY) };
const exampleKey = async (subscriberId: string, uniqueKeyId: string) =>
  subscriberId === "example-bap.com" && uniqueKeyId === "bap1234" ? signingPublicKeyFrom(EXAMPLE_PUBLIC_KEY) : null;
const body = Buffer.from(EXAMPLE_BODY);
const during = CREATED + 60;

describe("ONDC's signature, against the worked example of its signing page", () => {
  it("makes the example's digest and signature", () => {
    expect(blake512Digest(EXAMPLE_BODY)).toBe(EXAMPLE_DIGEST);
    const header = createAuthorizationHeader(exampleSigner, EXAMPLE_BODY, { created: CREATED, expires: EXPIRES });
    expect(header).toBe(
      `Signature keyId="example-bap.com|bap1234|ed25519",algorithm="ed25519",created="${CREATED}",expires="${EXPIRES}",` +
        `headers="(created) (expires) digest",signature="${EXAMPLE_SIGNATURE}"`,
    );
  });

  it("verifies the example's header inside its window, with or without spaces after the commas", async () => {
    const header = createAuthorizationHeader(exampleSigner, EXAMPLE_BODY, { created: CREATED, expires: EXPIRES });
    expect(await verifyAuthorizationHeader(header, body, exampleKey, during)).toEqual({
      ok: true,
      subscriberId: "example-bap.com",
      uniqueKeyId: "bap1234",
    });
    expect(await verifyAuthorizationHeader(header.replaceAll('",', '", '), body, exampleKey, during)).toMatchObject({ ok: true });
  });

  it("refuses a changed body, a late or early header, an unknown key, another key, and malformed headers", async () => {
    const header = createAuthorizationHeader(exampleSigner, EXAMPLE_BODY, { created: CREATED, expires: EXPIRES });
    const check = (value: string | undefined, at = during, payload = body) => verifyAuthorizationHeader(value, payload, exampleKey, at);
    expect(await check(header, during, Buffer.from(EXAMPLE_BODY.replace("Kochi", "Delhi")))).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    expect(await check(header, EXPIRES + 1)).toEqual({ ok: false, reason: "expired" });
    expect(await check(header, CREATED - 60)).toEqual({ ok: false, reason: "not-yet-valid" });
    const stranger = { ...exampleSigner, subscriberId: "stranger.example" };
    expect(await check(createAuthorizationHeader(stranger, EXAMPLE_BODY, { created: CREATED, expires: EXPIRES }))).toEqual({
      ok: false,
      reason: "unknown-key",
    });
    const forger = { ...exampleSigner, privateKey: generateKeyPairSync("ed25519").privateKey };
    expect(await check(createAuthorizationHeader(forger, EXAMPLE_BODY, { created: CREATED, expires: EXPIRES }))).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    expect(await check(undefined)).toEqual({ ok: false, reason: "missing" });
    expect(await check(header.replace("Signature ", "Bearer "))).toEqual({ ok: false, reason: "malformed" });
    expect(await check(header.replace('|ed25519"', '|rsa"'))).toEqual({ ok: false, reason: "malformed" });
    expect(await check(header.replace(`created="${CREATED}"`, 'created="soon"'))).toEqual({ ok: false, reason: "malformed" });
    expect(parseAuthorizationHeader(header)).toMatchObject({
      subscriberId: "example-bap.com",
      uniqueKeyId: "bap1234",
      algorithm: "ed25519",
    });
  });

  it("gives keys in the registry's forms: raw ed25519 and DER X25519 in base64", () => {
    const keys = generateParticipantKeys();
    expect(Buffer.from(keys.signingPublicKey, "base64")).toHaveLength(32);
    expect(keys.encryptionPublicKey.startsWith("MCowBQYDK2VuAyEA")).toBe(true);
    expect(signingPublicKeyFrom(keys.signingPublicKey)?.asymmetricKeyType).toBe("ed25519");
    expect(encryptionPublicKeyFrom(keys.encryptionPublicKey)?.asymmetricKeyType).toBe("x25519");
    expect(encryptionPublicKeyFrom(keys.signingPublicKey)).toBeNull();
  });
});

describe("the on_subscribe challenge", () => {
  it("decrypts with the key both sides make, and not with another", () => {
    const registry = generateParticipantKeys();
    const subscriber = generateParticipantKeys();
    const registrySide = sharedKey(registry.encryptionPrivateKey, encryptionPublicKeyFrom(subscriber.encryptionPublicKey) ?? fail());
    const subscriberSide = sharedKey(subscriber.encryptionPrivateKey, encryptionPublicKeyFrom(registry.encryptionPublicKey) ?? fail());
    const encrypted = encryptChallenge("a random challenge", registrySide);
    expect(decryptChallenge(encrypted, subscriberSide)).toBe("a random challenge");
    const stranger = generateParticipantKeys();
    const wrong = sharedKey(stranger.encryptionPrivateKey, encryptionPublicKeyFrom(registry.encryptionPublicKey) ?? fail());
    expect(decryptChallenge(encrypted, wrong)).not.toBe("a random challenge");
  });
});

function fail(): never {
  throw new Error("not a key");
}
