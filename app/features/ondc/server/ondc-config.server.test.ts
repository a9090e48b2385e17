import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";
import { generateOndcKeys } from "./keys.server";
import { ONDC_REGISTRY_ENCRYPTION_KEYS } from "./on-subscribe.server";
import { parseOndcConfig, servesCity } from "./ondc-config.server";
import { createPublicKey } from "node:crypto";

const keys = generateOndcKeys();
const settings = {
  ONDC_SUBSCRIBER_ID: "angle.example.in",
  ONDC_SUBSCRIBER_URL: "https://angle.example.in/ondc",
  ONDC_UNIQUE_KEY_ID: "key-1",
  ONDC_SIGNING_PRIVATE_KEY: keys.signingPrivateKey,
  ONDC_ENCRYPTION_PRIVATE_KEY: keys.encryptionPrivateKey,
  ONDC_REGISTRY_URL: "https://preprod.registry.ondc.org/ondc",
  ONDC_REGISTRY_ENCRYPTION_KEY: "preprod",
  ONDC_CITIES: "std:080,std:011",
};

describe("the store's ONDC configuration", () => {
  it("is null when ONDC is not set", () => {
    expect(parseOndcConfig(parseEnv({}))).toBeNull();
  });

  it("reads our keys, the registry's published key and the cities", () => {
    const config = parseOndcConfig(parseEnv(settings));
    if (!config) throw new Error("not configured");
    expect(config).toMatchObject({
      subscriberId: "angle.example.in",
      subscriberUrl: "https://angle.example.in/ondc",
      cities: ["std:080", "std:011"],
    });
    expect(config.signer).toMatchObject({ subscriberId: "angle.example.in", uniqueKeyId: "key-1" });
    const registryKey = config.registryPublicKey.export({ format: "der", type: "spki" }).toString("base64");
    expect(registryKey).toBe(ONDC_REGISTRY_ENCRYPTION_KEYS.preprod);
    const prod = parseOndcConfig(parseEnv({ ...settings, ONDC_REGISTRY_ENCRYPTION_KEY: "prod" }));
    expect(prod?.registryPublicKey.export({ format: "der", type: "spki" }).toString("base64")).toBe(
      ONDC_REGISTRY_ENCRYPTION_KEYS.production,
    );
    expect(createPublicKey(config.encryptionPrivateKey).export({ format: "der", type: "spki" }).toString("base64")).toBe(
      keys.encryptionPublicKey,
    );
  });

  it("stops the start on a key that does not read, naming the setting and not the key", () => {
    const wrong = Buffer.alloc(40, 7).toString("base64");
    expect(() => parseOndcConfig(parseEnv({ ...settings, ONDC_SIGNING_PRIVATE_KEY: wrong }))).toThrow(
      /ONDC_SIGNING_PRIVATE_KEY: The signing private key must be 32 or 64 bytes/,
    );
    expect(() => parseOndcConfig(parseEnv({ ...settings, ONDC_ENCRYPTION_PRIVATE_KEY: wrong }))).toThrow(/ONDC_ENCRYPTION_PRIVATE_KEY/);
    expect(() => parseOndcConfig(parseEnv({ ...settings, ONDC_REGISTRY_ENCRYPTION_KEY: wrong }))).toThrow(/ONDC_REGISTRY_ENCRYPTION_KEY/);
    try {
      parseOndcConfig(parseEnv({ ...settings, ONDC_SIGNING_PRIVATE_KEY: wrong }));
    } catch (error) {
      expect(String(error)).not.toContain(wrong);
    }
  });

  it("answers searches for the cities it serves, or all with *", () => {
    expect(servesCity({ cities: ["std:080"] }, "std:080")).toBe(true);
    expect(servesCity({ cities: ["std:080"] }, "std:011")).toBe(false);
    expect(servesCity({ cities: ["std:080"] }, undefined)).toBe(false);
    expect(servesCity({ cities: ["std:080"] }, "*")).toBe(true);
    expect(servesCity({ cities: "*" }, "std:011")).toBe(true);
  });
});
