import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { ONDC_SETTING_NAMES, resetEnv } from "~/platform/env.server";
import { generateOndcKeys } from "~/features/ondc/server/keys.server";
import { waitForOndcCallbacks } from "~/features/ondc/server/callback.server";
import { ONDC_DOMAIN } from "~/features/ondc/domain/beckn";
import * as callRoute from "~/routes/resources/ondc-call";
import * as onSubscribeRoute from "~/routes/resources/ondc-on-subscribe";
import * as siteVerificationRoute from "~/routes/resources/ondc-site-verification";
import type { OndcTestNetwork } from "../ondc-network/network";

/**
 * The store as an ONDC seller app on a loopback port of the test's own process: its ONDC route modules
 * (the call routes, on_subscribe and the site verification page) called as React Router calls them,
 * with the ONDC settings pointing at a local test network (tests/ondc-network). Other tests' modules and
 * database are shared, so a test can drive the store's admin functions between the buyer's calls.
 */
type OndcSetting = (typeof ONDC_SETTING_NAMES)[number];

export type OndcStore = {
  subscriberId: string;
  /** bpp_uri: `<url>/ondc`. */
  uri: string;
  url: string;
  keys: ReturnType<typeof generateOndcKeys>;
  uniqueKeyId: string;
  settings: Record<OndcSetting, string>;
  /** Lists the store in the network's registry directly (a test of subscription subscribes instead). */
  admit(city?: string): void;
  /** Waits for the store's callbacks in flight, closes its port and puts the settings back. */
  stop(): Promise<void>;
};

async function route(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const args = (params: Record<string, string>) =>
    ({ request, url, params, context: new RouterContextProvider(), pattern: url.pathname }) as never;
  const post = request.method === "POST";
  let result: unknown;
  try {
    if (url.pathname === "/ondc-site-verification.html") result = await siteVerificationRoute.loader();
    else if (url.pathname === "/ondc/on_subscribe") result = post ? await onSubscribeRoute.action(args({})) : onSubscribeRoute.loader();
    else {
      const action = /^\/ondc\/([^/]+)$/.exec(url.pathname)?.[1];
      if (!action) return new Response("Not found", { status: 404 });
      result = post ? await callRoute.action(args({ action })) : callRoute.loader(args({ action }));
    }
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return result;
  return new Response(`not a Response: ${String(result)}`, { status: 500 });
}

function listen(base: () => string): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
      const body = Buffer.concat(chunks);
      const request = new Request(`${base()}${incoming.url ?? "/"}`, {
        method: incoming.method,
        headers,
        ...(incoming.method === "GET" || incoming.method === "HEAD" ? {} : { body }),
      });
      void route(request).then(async (response) => {
        const text = Buffer.from(await response.arrayBuffer());
        outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries())).end(text);
      });
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Starts the store's ONDC side against `network`, with fresh keys, serving `cities` (the network's unless told). */
export async function startOndcStore(
  network: OndcTestNetwork,
  options: { subscriberId?: string; cities?: string } = {},
): Promise<OndcStore> {
  let url = "";
  const server = await listen(() => url);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = generateOndcKeys();
  const uniqueKeyId = randomUUID();
  const subscriberId = options.subscriberId ?? "seller.ondc.test";
  const uri = `${url}/ondc`;
  const settings: Record<OndcSetting, string> = {
    ONDC_SUBSCRIBER_ID: subscriberId,
    ONDC_SUBSCRIBER_URL: uri,
    ONDC_UNIQUE_KEY_ID: uniqueKeyId,
    ONDC_SIGNING_PRIVATE_KEY: keys.signingPrivateKey,
    ONDC_ENCRYPTION_PRIVATE_KEY: keys.encryptionPrivateKey,
    ONDC_REGISTRY_URL: network.registry.url,
    ONDC_REGISTRY_ENCRYPTION_KEY: network.registry.encryptionPublicKey,
    ONDC_CITIES: options.cities ?? network.city,
    ONDC_REQUEST_ID: randomUUID(),
  };
  const before = Object.fromEntries(ONDC_SETTING_NAMES.map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  resetEnv();
  return {
    subscriberId,
    uri,
    url,
    keys,
    uniqueKeyId,
    settings,
    admit: (city = network.city) =>
      network.registry.admit({
        subscriber_id: subscriberId,
        subscriber_url: uri,
        type: "BPP",
        domain: ONDC_DOMAIN,
        city,
        signing_public_key: keys.signingPublicKey,
        encr_public_key: keys.encryptionPublicKey,
        ukId: uniqueKeyId,
      }),
    stop: async () => {
      await waitForOndcCallbacks();
      await new Promise((done) => server.close(() => done(undefined)));
      for (const name of ONDC_SETTING_NAMES) {
        if (before[name] === undefined) delete process.env[name];
        else process.env[name] = before[name];
      }
      resetEnv();
    },
  };
}
