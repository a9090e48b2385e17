import type { KeyObject } from "node:crypto";
import { ONDC_DOMAIN } from "~/features/ondc/domain/beckn";
import { type Env, getEnv } from "~/platform/env.server";
import { OndcKeyError, readEncryptionPrivateKey, readEncryptionPublicKey, readSigningPrivateKey } from "./keys.server";
import { ONDC_REGISTRY_ENCRYPTION_KEYS } from "./on-subscribe.server";
import { createRegistryClient, type RegistryClient } from "./registry-client.server";
import type { OndcSigner } from "./sign-request.server";

/**
 * The store as an ONDC participant (docs/decisions/073-ondc-calls.md): who we are, our keys, the
 * registry. Null when the ONDC_* settings are unset: then every ONDC route is a 404.
 */
export type OndcConfig = {
  subscriberId: string;
  /** Our bpp_uri, without a trailing slash: buyer apps call `<subscriberUrl>/<action>`. */
  subscriberUrl: string;
  signer: OndcSigner;
  encryptionPrivateKey: KeyObject;
  /** The registry's X25519 public key, for its on_subscribe challenge. */
  registryPublicKey: KeyObject;
  /** The registry's base; lookups go to `<registryUrl>/v2.0/lookup`, subscriptions to `<registryUrl>/subscribe`. */
  registryUrl: string;
  /** One per process: its key cache is what spares the registry a lookup per call. */
  registry: RegistryClient;
  /** The cities (`std:NNN`) our catalogue answers searches for, or every one. */
  cities: "*" | readonly string[];
  requestId: string | null;
};

/**
 * The lookup we use: `/v2.0/lookup`, signed with our key. The test network's registry (like ONDC's,
 * decision 071) also serves the older open `/lookup`, but ONDC's onboarding guide marks the signed one as
 * the current one, and signing costs us nothing.
 */
export const REGISTRY_LOOKUP_PATH = "/v2.0/lookup";

/** A key that does not read stops the start with the setting's name, never the key's value. */
function readKey<T>(setting: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof OndcKeyError) throw new Error(`Invalid configuration:\n  ${setting}: ${error.message}`);
    throw error;
  }
}

export function parseOndcConfig(env: Env): OndcConfig | null {
  const {
    ONDC_SUBSCRIBER_ID: subscriberId,
    ONDC_SUBSCRIBER_URL: subscriberUrl,
    ONDC_UNIQUE_KEY_ID: uniqueKeyId,
    ONDC_SIGNING_PRIVATE_KEY: signingKey,
    ONDC_ENCRYPTION_PRIVATE_KEY: encryptionKey,
    ONDC_REGISTRY_URL: registryUrl,
    ONDC_REGISTRY_ENCRYPTION_KEY: registryKey,
    ONDC_CITIES: cities,
  } = env;
  // env.server.ts refuses a start with some of them set and not all.
  if (!subscriberId || !subscriberUrl || !uniqueKeyId || !signingKey || !encryptionKey || !registryUrl || !registryKey || !cities) {
    return null;
  }
  const signer: OndcSigner = {
    subscriberId,
    uniqueKeyId,
    privateKey: readKey("ONDC_SIGNING_PRIVATE_KEY", () => readSigningPrivateKey(signingKey)),
  };
  const registryPublicKeyText =
    registryKey === "preprod"
      ? ONDC_REGISTRY_ENCRYPTION_KEYS.preprod
      : registryKey === "prod"
        ? ONDC_REGISTRY_ENCRYPTION_KEYS.production
        : registryKey;
  return {
    subscriberId,
    subscriberUrl,
    signer,
    encryptionPrivateKey: readKey("ONDC_ENCRYPTION_PRIVATE_KEY", () => readEncryptionPrivateKey(encryptionKey)),
    registryPublicKey: readKey("ONDC_REGISTRY_ENCRYPTION_KEY", () => readEncryptionPublicKey(registryPublicKeyText)),
    registryUrl,
    registry: createRegistryClient({
      lookupUrl: `${registryUrl}${REGISTRY_LOOKUP_PATH}`,
      signer,
      search: { country: "IND", domain: ONDC_DOMAIN },
    }),
    cities: cities === "*" ? "*" : cities.split(",").map((city) => city.trim()),
    requestId: env.ONDC_REQUEST_ID ?? null,
  };
}

let cached: { env: Env; config: OndcConfig | null } | undefined;

/**
 * The configuration, read once per environment: a test that changes the settings (and resets the
 * environment) gets a new one, with a new registry client; a running store keeps one per process.
 */
export function ondcConfig(): OndcConfig | null {
  const env = getEnv();
  if (cached?.env !== env) cached = { env, config: parseOndcConfig(env) };
  return cached.config;
}

/** Whether a search for this city (`std:080`, or `*` for anywhere) is ours to answer. */
export function servesCity(config: Pick<OndcConfig, "cities">, city: string | undefined): boolean {
  if (config.cities === "*" || city === "*") return true;
  return city !== undefined && config.cities.includes(city);
}
