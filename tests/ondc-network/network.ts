import { type BuyerApp, startBuyerApp } from "./buyer-app.ts";
import { type Gateway, startGateway } from "./gateway.ts";
import { isAck } from "./http.ts";
import { generateParticipantKeys } from "./keys.ts";
import { type Registry, startRegistry } from "./registry.ts";
import { createRegistryClient, type RegistryClient } from "./registry-client.ts";

export type OndcTestNetwork = {
  registry: Registry;
  gateway: Gateway;
  buyer: BuyerApp;
  /** A participant's view of the registry (lookups, cached keys, signature checks), for a test's fake seller. */
  registryClient: RegistryClient;
  domain: string;
  city: string;
  /** Closes the buyer app, the gateway (after the searches it is passing on) and the registry. */
  stop(): Promise<void>;
};

/**
 * Core version of ONDC's AGR10 contract: the examples of ONDC-Official/ONDC-AGR-Specifications (branch
 * draft-agri_input) carry "1.2.0", the retail 1.2 API the agri domain is built on.
 */
const AGR10_CORE_VERSION = "1.2.0";

/**
 * A whole local ONDC network on loopback ports the system picks: a registry, a gateway the registry lists
 * as ONDC lists its own (no subscribe call: ONDC runs it), and a buyer app that subscribes through the
 * registry's challenge like any participant. Domain ONDC:AGR10 and city std:080 (Bengaluru) unless told.
 * Sellers join by subscribing (ops_no 2, see subscribeRequest) or through `registry.admit`. The buyer app holds
 * every callback to ONDC's schemas (schemas.ts): `schemas: "enforce"` (the default) NACKs one that breaks them,
 * "record" only lists it in `buyer.invalid()`.
 */
export async function startOndcTestNetwork(
  options: { domain?: string; city?: string; schemas?: "enforce" | "record" } = {},
): Promise<OndcTestNetwork> {
  const domain = options.domain ?? "ONDC:AGR10";
  const city = options.city ?? "std:080";
  const registry = await startRegistry();
  const registryClient = createRegistryClient(registry.url);
  const gatewayKeys = generateParticipantKeys();
  const gateway = await startGateway({ subscriberId: "gateway.ondc.test", keys: gatewayKeys, registry: registryClient });
  registry.admit({
    subscriber_id: gateway.subscriberId,
    subscriber_url: gateway.url,
    type: "BG",
    domain,
    city: "*",
    signing_public_key: gatewayKeys.signingPublicKey,
    encr_public_key: gatewayKeys.encryptionPublicKey,
    ukId: gatewayKeys.uniqueKeyId,
  });
  const buyer = await startBuyerApp({
    subscriberId: "buyer.ondc.test",
    keys: generateParticipantKeys(),
    registry: registryClient,
    registryEncryptionKey: registry.encryptionPublicKey,
    gatewayUrl: gateway.url,
    domain,
    city,
    coreVersion: AGR10_CORE_VERSION,
    schemas: options.schemas ?? "enforce",
  });
  const stop = async () => {
    await buyer.close();
    await gateway.close();
    await registry.close();
  };
  const subscribed = await buyer.subscribe(registry.url, [city]);
  if (subscribed.status !== 200 || !isAck(subscribed.body)) {
    await stop();
    throw new Error(`the buyer app's subscription failed: ${JSON.stringify(subscribed.body)}`);
  }
  return { registry, gateway, buyer, registryClient, domain, city, stop };
}
