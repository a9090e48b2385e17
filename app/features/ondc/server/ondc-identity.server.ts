import { createPublicKey } from "node:crypto";
import { getEnv } from "~/platform/env.server";
import type { OndcIdentity } from "../domain/identity";
import { readEncryptionPrivateKey, readSigningPrivateKey } from "./keys.server";

const setting = (env: Record<string, unknown>, name: string): string | null => {
  const value = env[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
};

/** The public halves of the two private keys, in the registry's formats: raw ed25519 and X25519 DER, base64. */
export function publicKeysOf(signingPrivateKey: string, encryptionPrivateKey: string) {
  const signing = createPublicKey(readSigningPrivateKey(signingPrivateKey)).export({ format: "der", type: "spki" });
  const encryption = createPublicKey(readEncryptionPrivateKey(encryptionPrivateKey)).export({ format: "der", type: "spki" });
  // The last 32 bytes of an ed25519 SubjectPublicKeyInfo are the raw key the registry holds.
  return { signingPublicKey: signing.subarray(signing.length - 32).toString("base64"), encryptionPublicKey: encryption.toString("base64") };
}

/**
 * The store's identity on ONDC as the admin page shows it and the grievance replies sign it: the
 * subscriber id, the callback URL (bpp_uri), the unique key id, and the two public keys, derived
 * from the private keys in the settings. A private key never leaves this module.
 *
 * The settings are ONDC_* environment values (docs/ondc.md). They are read from the validated
 * environment by name, so this works whether or not the settings' own module (ondcConfig) is there.
 */
export function readOndcIdentity(env: Record<string, unknown> = getEnv() as unknown as Record<string, unknown>): OndcIdentity {
  const subscriberId = setting(env, "ONDC_SUBSCRIBER_ID");
  const signing = setting(env, "ONDC_SIGNING_PRIVATE_KEY");
  const encryption = setting(env, "ONDC_ENCRYPTION_PRIVATE_KEY");
  let keys: ReturnType<typeof publicKeysOf> | null = null;
  let keyProblem: string | null = null;
  if (signing && encryption) {
    try {
      keys = publicKeysOf(signing, encryption);
    } catch (error) {
      // OndcKeyError names the key and never echoes it.
      keyProblem = error instanceof Error && error.name === "OndcKeyError" ? error.message : "A private key could not be read.";
    }
  }
  return {
    configured: subscriberId !== null && keys !== null,
    subscriberId,
    subscriberUrl: setting(env, "ONDC_SUBSCRIBER_URL"),
    uniqueKeyId: setting(env, "ONDC_UNIQUE_KEY_ID"),
    signingPublicKey: keys?.signingPublicKey ?? null,
    encryptionPublicKey: keys?.encryptionPublicKey ?? null,
    keyProblem,
  };
}
