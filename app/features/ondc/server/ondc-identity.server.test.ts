import { describe, expect, it } from "vitest";
import { generateOndcKeys } from "./keys.server";
import { readOndcIdentity } from "./ondc-identity.server";

/** The admin page's view of the store's ONDC identity: public keys derived from the private ones, which never show. */
describe("readOndcIdentity", () => {
  const keys = generateOndcKeys();
  const env = {
    ONDC_SUBSCRIBER_ID: "angle.example.in",
    ONDC_SUBSCRIBER_URL: "https://angle.example.in/ondc",
    ONDC_UNIQUE_KEY_ID: "key-1",
    ONDC_SIGNING_PRIVATE_KEY: keys.signingPrivateKey,
    ONDC_ENCRYPTION_PRIVATE_KEY: keys.encryptionPrivateKey,
  };

  it("derives both public keys, in the registry's formats, and shows no private key", () => {
    const identity = readOndcIdentity(env);
    expect(identity).toEqual({
      configured: true,
      subscriberId: "angle.example.in",
      subscriberUrl: "https://angle.example.in/ondc",
      uniqueKeyId: "key-1",
      signingPublicKey: keys.signingPublicKey,
      encryptionPublicKey: keys.encryptionPublicKey,
      keyProblem: null,
    });
    const shown = JSON.stringify(identity);
    expect(shown).not.toContain(keys.signingPrivateKey.slice(0, 40));
    expect(shown).not.toContain(keys.encryptionPrivateKey);
  });

  it("reads a 32-byte signing seed as well as libsodium's 64 bytes", () => {
    const seed = Buffer.from(keys.signingPrivateKey, "base64").subarray(0, 32).toString("base64");
    expect(readOndcIdentity({ ...env, ONDC_SIGNING_PRIVATE_KEY: seed }).signingPublicKey).toBe(keys.signingPublicKey);
  });

  it("names a bad key without echoing it, and is not configured", () => {
    const bad = "not a key at all!";
    const identity = readOndcIdentity({ ...env, ONDC_SIGNING_PRIVATE_KEY: bad });
    expect(identity.configured).toBe(false);
    expect(identity.keyProblem).toBe("The signing private key is not base64");
    expect(identity.signingPublicKey).toBeNull();
    expect(JSON.stringify(identity)).not.toContain(bad);
  });

  it("is not configured without the settings", () => {
    expect(readOndcIdentity({})).toMatchObject({ configured: false, subscriberId: null, signingPublicKey: null, keyProblem: null });
  });
});
