import { z } from "zod";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createPublicKey, generateKeyPairSync, randomUUID, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { ONDC_SETTING_NAMES, resetEnv } from "~/platform/env.server";
import { readEncryptionPrivateKey } from "~/features/ondc/server/keys.server";
import { ONDC_CALLS } from "~/features/ondc/server/calls/index.server";
import type { OndcCallHandler } from "~/features/ondc/server/calls/call";
import { pushCallback, sendCallback, waitForOndcCallbacks } from "~/features/ondc/server/callback.server";
import { listOndcMessages, ONDC_LOG_BODY_MAX, recordOndcMessage } from "~/features/ondc/server/message-log.server";
import { ondcConfig } from "~/features/ondc/server/ondc-config.server";
import { saveOndcSwitch } from "~/features/ondc/server/ondc-switch.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { subscribeToRegistry } from "~/features/ondc/server/subscribe.server";
import { ONDC_DOMAIN, type BecknContext } from "~/features/ondc/domain/beckn";
import { startOndcTestNetwork, type OndcTestNetwork } from "../ondc-network/network";
import { startOndcStore, type OndcStore } from "../helpers/ondc-store";
import type { OndcContext } from "../ondc-network/buyer-app";
import { createAuthorizationHeader, type Signer } from "../ondc-network/signature";
import { generateParticipantKeys } from "../ondc-network/keys";
import { encryptChallenge, sharedKey } from "../ondc-network/challenge";
import { postJson } from "../ondc-network/http";

/**
 * The store's ONDC endpoints (docs/decisions/073-ondc-calls.md) against the local test network
 * (tests/ondc-network): its registry, gateway and buyer app call the store's route modules, served on a
 * loopback port in this process, and the store calls them back, each side signing and verifying.
 */

const SELLER_ID = "seller.ondc.test";

let network: OndcTestNetwork;
let store: OndcStore;
let storeUrl = "";
let sellerUri = "";
let buyerSigner: Signer;
const handlersBefore = { ...ONDC_CALLS };

/** Sets the ONDC settings to `values` (those not given unset), as a deployment's environment would. */
function configure(values: Partial<OndcStore["settings"]>) {
  for (const name of ONDC_SETTING_NAMES) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
  resetEnv();
}

const seller = () => ({ id: SELLER_ID, uri: sellerUri });

/** A buyer app's call body, addressed to the store, with the context changed as given. */
function callBody(action: string, change: Partial<OndcContext> = {}, message: Record<string, unknown> = { order: { id: "o-1" } }) {
  const context = { ...network.buyer.context(action, { transactionId: randomUUID(), seller: seller() }), ...change };
  return { context, message };
}

async function send(action: string, body: unknown, headers: (text: string) => Record<string, string>) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return postJson(`${sellerUri}/${action}`, text, headers(text));
}

const signedBy = (signer: Signer, times?: { created?: number; expires?: number }) => (text: string) => ({
  authorization: createAuthorizationHeader(signer, text, times),
});

/** What the store logged of one transaction, oldest first. */
async function logOf(transactionId: string) {
  const page = await listOndcMessages({ transactionId });
  return page.rows.reverse();
}

const callbacksOf = (transactionId: string) =>
  network.buyer.received.filter((c) => (c.body as { context?: { transaction_id?: string } }).context?.transaction_id === transactionId);

const nackCode = (body: unknown) => (body as { error?: { code?: string } }).error?.code;

beforeAll(async () => {
  // The stand-in handlers answer in shapes of their own: the transport is what is tested here, so the buyer app
  // records callbacks that fit no ONDC schema instead of refusing them (the journey test holds the real ones to them).
  network = await startOndcTestNetwork({ schemas: "record" });
  store = await startOndcStore(network, { subscriberId: SELLER_ID, cities: "std:080,std:011" });
  storeUrl = store.url;
  sellerUri = store.uri;
  store.admit("std:080");
  buyerSigner = {
    subscriberId: network.buyer.subscriberId,
    uniqueKeyId: network.buyer.keys.uniqueKeyId,
    privateKey: network.buyer.keys.signingPrivateKey,
  };
  await saveOndcSwitch({ enabled: true });
  // Stand-ins for the calls' own handlers (built and tested apart): what matters here is the way to them and back.
  ONDC_CALLS.search = {
    message: ONDC_CALLS.search.message,
    handle: async () => [{ message: { catalog: { "bpp/descriptor": { name: "Angle" }, "bpp/providers": [] } } }],
  } satisfies OndcCallHandler;
  ONDC_CALLS.select = {
    message: z.unknown(),
    handle: async ({ message }) => [{ message: { order: { echoed: message } } }],
  } satisfies OndcCallHandler;
  ONDC_CALLS.init = {
    message: z.unknown(),
    handle: async () => {
      throw new Error("database secret detail");
    },
  } satisfies OndcCallHandler;
});

afterAll(async () => {
  Object.assign(ONDC_CALLS, handlersBefore);
  await store?.stop();
  await network?.stop();
});

describe("a buyer app's calls", () => {
  it("takes a search through the gateway with ACK, and the buyer app receives our on_search signed and verified", async () => {
    const { transactionId, messageId, catalogues } = await network.buyer.search({ item: { descriptor: { name: "urea" } } });
    expect(catalogues).toHaveLength(1);
    const [catalogue] = catalogues;
    expect(catalogue?.context).toMatchObject({
      action: "on_search",
      bpp_id: SELLER_ID,
      bpp_uri: sellerUri,
      bap_id: network.buyer.subscriberId,
      transaction_id: transactionId,
      message_id: messageId,
      domain: ONDC_DOMAIN,
      city: "std:080",
      core_version: "1.2.0",
      ttl: "PT30S",
    });
    expect(catalogue?.message).toEqual({ catalog: { "bpp/descriptor": { name: "Angle" }, "bpp/providers": [] } });
    expect(network.gateway.deliveries.find((d) => d.bppId === SELLER_ID)?.status).toBe(200);
    await waitForOndcCallbacks();
    expect(callbacksOf(transactionId).map((c) => [c.action, c.status, c.verified])).toEqual([["on_search", 200, true]]);
    const logged = await logOf(transactionId);
    expect(logged.map((m) => [m.direction, m.action, m.signature, m.httpStatus, m.ack, m.counterparty])).toEqual([
      ["in", "search", "verified", 200, "ACK", network.buyer.subscriberId],
      ["out", "on_search", "signed", 200, "ACK", network.buyer.subscriberId],
    ]);
  });

  it("answers a select directly with ACK and its on_select after, under the same ids", async () => {
    const transactionId = randomUUID();
    const answer = await network.buyer.select(seller(), transactionId, { order: { items: [{ id: "i-1" }] } });
    expect(answer.context).toMatchObject({ action: "on_select", transaction_id: transactionId, bpp_id: SELLER_ID });
    expect(answer.message).toEqual({ order: { echoed: { order: { items: [{ id: "i-1" }] } } } });
  });

  it("answers a handler that fails with an on_ error that does not tell why", async () => {
    const transactionId = randomUUID();
    const answer = await network.buyer.init(seller(), transactionId, { order: {} });
    expect(answer.error).toEqual({ type: "DOMAIN-ERROR", code: "40000", message: "Business Error" });
    expect(JSON.stringify(answer)).not.toContain("secret");
  });

  it("answers a replayed message id with ACK again and runs it once: one callback", async () => {
    const body = callBody("select");
    const first = await send("select", body, signedBy(buyerSigner));
    const again = await send("select", body, signedBy(buyerSigner));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect([first.body, again.body]).toEqual([{ message: { ack: { status: "ACK" } } }, { message: { ack: { status: "ACK" } } }]);
    await network.buyer.waitFor((c) => c.context.message_id === body.context.message_id);
    await waitForOndcCallbacks();
    expect(callbacksOf(body.context.transaction_id).map((c) => c.action)).toEqual(["on_select"]);
    // The callback may go before or after the replay comes: the rows, in any order.
    const logged = await logOf(body.context.transaction_id);
    expect(logged.map((m) => [m.direction, m.ack, m.reason ?? ""]).sort()).toEqual([
      ["in", "ACK", ""],
      ["in", "ACK", "replay: taken before, not run again"],
      ["out", "ACK", ""],
    ]);
  });
});

describe("signatures the store refuses: 401, logged, nothing run, no callback", () => {
  const stranger = generateParticipantKeys();
  const impostorKeys = generateParticipantKeys();

  const refusals: [string, () => (text: string) => Record<string, string>, RegExp][] = [
    ["unsigned", () => () => ({}), /Authorization: missing-header/],
    [
      "forged (another key under the buyer's keyId)",
      () => signedBy({ ...buyerSigner, privateKey: generateKeyPairSync("ed25519").privateKey }),
      /Authorization: bad-signature/,
    ],
    [
      "expired",
      () => {
        const now = Math.floor(Date.now() / 1000);
        return signedBy(buyerSigner, { created: now - 7200, expires: now - 3600 });
      },
      /Authorization: expired/,
    ],
    [
      "unknown subscriber",
      () => signedBy({ subscriberId: "stranger.ondc.test", uniqueKeyId: stranger.uniqueKeyId, privateKey: stranger.signingPrivateKey }),
      /Authorization: unknown-subscriber/,
    ],
    [
      "impostor (a listed participant signing for the buyer app)",
      () =>
        signedBy({ subscriberId: "impostor.ondc.test", uniqueKeyId: impostorKeys.uniqueKeyId, privateKey: impostorKeys.signingPrivateKey }),
      /signed by impostor\.ondc\.test, not the bap_id/,
    ],
  ];

  beforeAll(() => {
    network.registry.admit({
      subscriber_id: "impostor.ondc.test",
      subscriber_url: "http://127.0.0.1:9/ondc",
      type: "BAP",
      domain: ONDC_DOMAIN,
      city: "std:080",
      signing_public_key: impostorKeys.signingPublicKey,
      encr_public_key: impostorKeys.encryptionPublicKey,
      ukId: impostorKeys.uniqueKeyId,
    });
  });

  for (const [name, headers, reason] of refusals) {
    it(name, async () => {
      const body = callBody("select");
      const answer = await send("select", body, headers());
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        message: { ack: { status: "NACK" } },
        error: { type: "POLICY-ERROR", code: "30016", message: "Cannot verify signature for request" },
      });
      await waitForOndcCallbacks();
      expect(callbacksOf(body.context.transaction_id)).toEqual([]);
      const logged = await logOf(body.context.transaction_id);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ direction: "in", action: "select", signature: "refused", httpStatus: 401, ack: "NACK" });
      expect(logged[0]?.reason).toMatch(reason);
    });
  }

  it("refuses a search that did not come through a gateway, and says which signature it wants", async () => {
    const body = { context: network.buyer.context("search", { transactionId: randomUUID() }), message: { intent: {} } };
    const text = JSON.stringify(body);
    const response = await fetch(`${sellerUri}/search`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: createAuthorizationHeader(buyerSigner, text) },
      body: text,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(`Signature realm="${SELLER_ID}",headers="(created) (expires) digest"`);
    const [logged] = await logOf(body.context.transaction_id);
    expect(logged?.reason).toBe("X-Gateway-Authorization: missing-header");
  });
});

describe("a bap_uri that is not the buyer app's registered URL: NACK, no callback anywhere", () => {
  // Another address, which must never hear from the store: it records whatever reaches it.
  const elsewhere: string[] = [];
  let elsewhereUri = "";
  const elsewhereServer = createServer((incoming, outgoing) => {
    elsewhere.push(incoming.url ?? "");
    outgoing.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ message: { ack: { status: "ACK" } } }));
  });

  beforeAll(async () => {
    await new Promise<void>((done) => elsewhereServer.listen(0, "127.0.0.1", done));
    elsewhereUri = `http://127.0.0.1:${(elsewhereServer.address() as AddressInfo).port}/ondc`;
  });
  afterAll(async () => {
    await new Promise((done) => elsewhereServer.close(() => done(undefined)));
  });

  const contextNack = {
    message: { ack: { status: "NACK" } },
    error: { type: "CONTEXT-ERROR", code: "30000", message: "Invalid request error" },
  };

  it("a select signed by the buyer app with its bap_uri pointing elsewhere: 400, 30000, logged", async () => {
    const body = callBody("select", { bap_uri: elsewhereUri });
    const answer = await send("select", body, signedBy(buyerSigner));
    expect(answer).toEqual({ status: 400, body: contextNack });
    await waitForOndcCallbacks();
    expect(callbacksOf(body.context.transaction_id)).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect((await logOf(body.context.transaction_id)).map((m) => [m.direction, m.signature, m.httpStatus, m.ack, m.reason])).toEqual([
      ["in", "verified", 400, "NACK", `context.bap_uri is not the subscriber_url the registry lists for ${network.buyer.subscriberId}`],
    ]);
  });

  it("takes the registered URL with or without a trailing slash", async () => {
    const body = callBody("select", { bap_uri: `${network.buyer.uri}/` });
    const answer = await send("select", body, signedBy(buyerSigner));
    expect(answer).toEqual({ status: 200, body: { message: { ack: { status: "ACK" } } } });
    await network.buyer.waitFor((c) => c.context.message_id === body.context.message_id);
    // Another path on the buyer app's own host is not its registered URL either.
    const other = callBody("select", { bap_uri: `${network.buyer.uri}/elsewhere` });
    expect(await send("select", other, signedBy(buyerSigner))).toEqual({ status: 400, body: contextNack });
  });

  it("a search through the gateway is checked against the buyer app's entry, not the gateway's", async () => {
    for (const bapUri of [elsewhereUri, network.gateway.url]) {
      const body = {
        context: { ...network.buyer.context("search", { transactionId: randomUUID() }), bap_uri: bapUri },
        message: { intent: {} },
      };
      const text = JSON.stringify(body);
      const accepted = await postJson(`${network.gateway.url}/search`, text, {
        authorization: createAuthorizationHeader(buyerSigner, text),
      });
      expect(accepted.status).toBe(200);
      await network.gateway.idle();
      const delivered = network.gateway.deliveries.filter((d) => d.bppId === SELLER_ID).at(-1);
      expect([delivered?.status, delivered?.answer]).toEqual([400, contextNack]);
      await waitForOndcCallbacks();
      expect(callbacksOf(body.context.transaction_id)).toEqual([]);
      const logged = await logOf(body.context.transaction_id);
      expect(logged.map((m) => [m.action, m.signature, m.ack, m.reason])).toEqual([
        ["search", "verified", "NACK", `context.bap_uri is not the subscriber_url the registry lists for ${network.buyer.subscriberId}`],
      ]);
    }
    expect(elsewhere).toEqual([]);
  });
});

describe("an address whose calls keep failing their signature: 429, no lookup", () => {
  const LIMIT = 30;
  const from = (address: string, headers: (text: string) => Record<string, string>) => (text: string) => ({
    ...headers(text),
    "x-angle-client-ip": address,
  });
  /** Signed under a key id nobody registered: each costs a registry lookup, unless refused before. */
  const unknownKey = () => {
    const keys = generateParticipantKeys();
    return signedBy({ subscriberId: "stranger.ondc.test", uniqueKeyId: keys.uniqueKeyId, privateKey: keys.signingPrivateKey });
  };

  it(`after ${LIMIT} refused in a minute, the next is 429 with a NACK and asks the registry nothing`, async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < LIMIT; i++) {
      const answer = await send("select", callBody("select"), from(address, unknownKey()));
      expect(answer.status, `call ${i + 1}`).toBe(401);
    }
    const lookups = network.registry.lookups;
    const body = callBody("select");
    const text = JSON.stringify(body);
    const response = await fetch(`${sellerUri}/select`, {
      method: "POST",
      headers: { "content-type": "application/json", ...from(address, unknownKey())(text) },
      body: text,
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      message: { ack: { status: "NACK" } },
      error: { type: "POLICY-ERROR", code: "30016", message: "Cannot verify signature for request" },
    });
    expect(network.registry.lookups).toBe(lookups);
    // Refused unread: nothing logged, and the address's good call waits too.
    expect(await logOf(body.context.transaction_id)).toEqual([]);
    expect((await send("select", callBody("select"), from(address, signedBy(buyerSigner)))).status).toBe(429);
    // Another address is not held back by this one.
    expect((await send("select", callBody("select"), from("203.0.113.9", signedBy(buyerSigner)))).status).toBe(200);
    await waitForOndcCallbacks();
  });

  it("a good call never counts, nor one refused for anything but its signature", async () => {
    const address = "192.0.2.77";
    for (let i = 0; i < LIMIT; i++) {
      const good = i % 2 === 0 ? callBody("select") : callBody("select", { domain: "ONDC:RET10" });
      const answer = await send("select", good, from(address, signedBy(buyerSigner)));
      expect(answer.status, `call ${i + 1}`).toBe(i % 2 === 0 ? 200 : 400);
    }
    await waitForOndcCallbacks();
    expect((await send("select", callBody("select"), from(address, unknownKey()))).status).toBe(401);
    expect((await send("select", callBody("select"), from(address, signedBy(buyerSigner)))).status).toBe(200);
    await waitForOndcCallbacks();
  });
});

describe("calls the store cannot take: NACK", () => {
  it("a stale timestamp: 30022", async () => {
    const body = callBody("select", { timestamp: new Date(Date.now() - 10 * 60_000).toISOString() });
    const answer = await send("select", body, signedBy(buyerSigner));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: { ack: { status: "NACK" } },
      error: { type: "CONTEXT-ERROR", code: "30022", message: "Stale Request" },
    });
    await waitForOndcCallbacks();
    expect(callbacksOf(body.context.transaction_id)).toEqual([]);
  });

  it("ONDC switched off by the admin: 30017", async () => {
    await saveOndcSwitch({ enabled: false });
    try {
      const body = callBody("select");
      const answer = await send("select", body, signedBy(buyerSigner));
      expect([answer.status, nackCode(answer.body)]).toEqual([400, "30017"]);
      await waitForOndcCallbacks();
      expect(callbacksOf(body.context.transaction_id)).toEqual([]);
      expect((await logOf(body.context.transaction_id)).map((m) => [m.signature, m.ack, m.reason])).toEqual([
        ["verified", "NACK", "ONDC is switched off"],
      ]);
    } finally {
      await saveOndcSwitch({ enabled: true });
    }
  });

  it("the store closed for maintenance: 30017 in the protocol's terms", async () => {
    await saveSetting("general", { siteTitle: "Angle", siteTagline: "Grow with us", adminEmail: "", maintenanceMode: true });
    try {
      const body = callBody("select");
      const answer = await send("select", body, signedBy(buyerSigner));
      expect([answer.status, nackCode(answer.body)]).toEqual([400, "30017"]);
      expect((await logOf(body.context.transaction_id)).map((m) => m.reason)).toEqual(["the store is closed for maintenance"]);
    } finally {
      await saveSetting("general", { siteTitle: "Angle", siteTagline: "Grow with us", adminEmail: "", maintenanceMode: false });
    }
  });

  it("a body that is not JSON, or not a Beckn call: 400, 30000", async () => {
    const bad = await send("select", "{not json", signedBy(buyerSigner));
    expect([bad.status, nackCode(bad.body)]).toEqual([400, "30000"]);
    const noContext = await send("select", { message: {} }, signedBy(buyerSigner));
    expect([noContext.status, nackCode(noContext.body)]).toEqual([400, "30000"]);
  });

  it("a context that is not for this call or not for us: 400, 30000", async () => {
    const cases: Partial<OndcContext>[] = [
      { action: "init" },
      { domain: "ONDC:RET10" },
      { bpp_id: "someone-else.ondc.test" },
      { ttl: "soon" },
    ];
    for (const change of cases) {
      const answer = await send("select", callBody("select", change), signedBy(buyerSigner));
      expect([answer.status, nackCode(answer.body)], JSON.stringify(change)).toEqual([400, "30000"]);
    }
  });

  it("a body over 1 MB: 413", async () => {
    const answer = await send("select", callBody("select", {}, { padding: "x".repeat(1024 * 1024) }), signedBy(buyerSigner));
    expect([answer.status, nackCode(answer.body)]).toEqual([413, "30000"]);
  });

  it("GET on a call: 405; an address that is no call: 404", async () => {
    expect((await fetch(`${sellerUri}/select`)).status).toBe(405);
    expect((await fetch(`${sellerUri}/on_subscribe`)).status).toBe(405);
    expect((await fetch(`${sellerUri}/refund`, { method: "POST", body: "{}" })).status).toBe(404);
    expect((await fetch(`${sellerUri}/on_search`, { method: "POST", body: "{}" })).status).toBe(404);
  });
});

describe("callbacks", () => {
  it("retries a buyer app that fails (network, 5xx) three times in all, not one that refuses (4xx)", async () => {
    const statuses = [503, 502, 200];
    let calls = 0;
    const flaky = createServer((_incoming, outgoing) => {
      const status = statuses[calls++] ?? 200;
      outgoing.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ message: { ack: { status: "ACK" } } }));
    });
    await new Promise<void>((done) => flaky.listen(0, "127.0.0.1", done));
    const flakyUri = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/bap/`;
    try {
      const context = { ...network.buyer.context("status", { transactionId: randomUUID(), seller: seller() }), bap_uri: flakyUri };
      const outcome = await sendCallback(context as BecknContext, "status", { message: { order: {} } }, { retryDelaysMs: [10, 10] });
      expect(outcome).toEqual({ status: 200, ack: "ACK", tries: 3 });
      expect((await logOf(context.transaction_id)).map((m) => m.httpStatus)).toEqual([503, 502, 200]);

      statuses.splice(0, statuses.length, 400, 200);
      calls = 0;
      const refused = await pushCallback(
        { bapId: network.buyer.subscriberId, bapUri: flakyUri, transactionId: randomUUID() },
        "status",
        { message: {} },
        { retryDelaysMs: [10, 10] },
      );
      expect(refused).toMatchObject({ status: 400, tries: 1 });
    } finally {
      await new Promise((done) => flaky.close(() => done(undefined)));
    }
  });

  it("pushes an unsolicited on_status with a new message id, signed, to the buyer app", async () => {
    const transactionId = randomUUID();
    const outcome = await pushCallback(
      { bapId: network.buyer.subscriberId, bapUri: network.buyer.uri, transactionId, city: "std:080" },
      "status",
      {
        message: { order: { id: "o-9", state: "Completed" } },
      },
    );
    expect(outcome).toEqual({ status: 200, ack: "ACK", tries: 1 });
    const received = await network.buyer.waitFor((c) => c.context.transaction_id === transactionId);
    expect(received.context).toMatchObject({ action: "on_status", bpp_id: SELLER_ID, bpp_uri: sellerUri, city: "std:080" });
    expect(received.context.message_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("joining the registry", () => {
  it("subscribes through the registry's challenge to our on_subscribe (npm run ondc:subscribe)", async () => {
    const config = ondcConfig();
    if (!config) throw new Error("not configured");
    const before = await getDb()
      .selectFrom("ondc_message")
      .select("id")
      .where("action", "=", "on_subscribe")
      .where("http_status", "=", 200)
      .execute();
    const answer = await subscribeToRegistry(config, {
      legalEntityName: "Angle Agri Inputs Pvt Ltd",
      businessAddress: "1 MG Road, Bengaluru 560001",
      gstNo: "29AAACA1234A1Z5",
      panName: "Angle Agri Inputs Pvt Ltd",
      panNo: "AAACA1234A",
      dateOfIncorporation: "01/04/2020",
      signatoryName: "A. Signatory",
      signatoryAddress: "1 MG Road, Bengaluru 560001",
      email: "ondc@angle.example.in",
      mobile: "9876543210",
    });
    expect(answer).toEqual({ status: 200, body: { message: { ack: { status: "ACK" } } } });
    const after = await getDb()
      .selectFrom("ondc_message")
      .select("id")
      .where("action", "=", "on_subscribe")
      .where("http_status", "=", 200)
      .execute();
    expect(after.length).toBe(before.length + 1);
    const listed = network.registry.entries.filter((e) => e.subscriber_id === SELLER_ID && e.city === "std:011");
    expect(listed.map((e) => [e.type, e.subscriber_url, e.ukId])).toEqual([["BPP", sellerUri, store.uniqueKeyId]]);
  });

  it("refuses a challenge that is not for our key (401) and a body that is no challenge (400)", async () => {
    const otherKey = generateKeyPairSync("x25519");
    const registryKey = createPublicKey({ key: Buffer.from(network.registry.encryptionPublicKey, "base64"), format: "der", type: "spki" });
    const challenge = encryptChallenge("not-for-you", sharedKey(otherKey.privateKey, registryKey));
    const wrong = await postJson(`${sellerUri}/on_subscribe`, JSON.stringify({ subscriber_id: SELLER_ID, challenge }));
    expect(wrong.status).toBe(401);
    const ours = encryptChallenge("for-us", sharedKey(readEncryptionPrivateKey(store.keys.encryptionPrivateKey), registryKey));
    const right = await postJson(`${sellerUri}/on_subscribe`, JSON.stringify({ subscriber_id: SELLER_ID, challenge: ours }));
    expect(right).toEqual({ status: 200, body: { answer: "for-us" } });
    expect((await postJson(`${sellerUri}/on_subscribe`, "{}")).status).toBe(400);
    expect((await postJson(`${sellerUri}/on_subscribe`, JSON.stringify({ subscriber_id: "else.test", challenge: ours }))).status).toBe(400);
  });

  it("serves ondc-site-verification.html with ONDC_REQUEST_ID signed by our key", async () => {
    const response = await fetch(`${storeUrl}/ondc-site-verification.html`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const signature = /<meta name="ondc-site-verification" content="([A-Za-z0-9+/=]+)" \/>/.exec(html)?.[1];
    const publicKey = createPublicKey({
      key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(store.keys.signingPublicKey, "base64")]),
      format: "der",
      type: "spki",
    });
    expect(signature && verify(null, Buffer.from(store.settings.ONDC_REQUEST_ID), publicKey, Buffer.from(signature, "base64"))).toBe(true);
  });
});

describe("the protocol's log", () => {
  it("lists newest first, 50 a page, filtered; cuts a body at 64 KB and says so", async () => {
    const transactionId = randomUUID();
    const start = Date.parse("2026-11-30T10:00:00.000Z");
    for (let i = 0; i < 55; i++) {
      await recordOndcMessage({
        direction: i % 2 === 0 ? "in" : "out",
        action: i % 2 === 0 ? "status" : "on_status",
        transactionId,
        signature: i % 2 === 0 ? "verified" : "signed",
        httpStatus: 200,
        ack: "ACK",
        body: i === 54 ? "x".repeat(ONDC_LOG_BODY_MAX + 10) : `{"n":${i}}`,
        at: new Date(start + i * 1000).toISOString(),
      });
    }
    const first = await listOndcMessages({ transactionId });
    expect(first.total).toBe(55);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.body).toMatch(
      new RegExp(`^x{${ONDC_LOG_BODY_MAX}}…\\[cut at ${ONDC_LOG_BODY_MAX} of ${ONDC_LOG_BODY_MAX + 10} characters\\]$`),
    );
    expect(first.rows[1]?.body).toBe('{"n":53}');
    const second = await listOndcMessages({ transactionId, page: { cursor: first.nextCursor, direction: "next" } });
    expect(second.rows.map((r) => r.body)).toEqual(['{"n":4}', '{"n":3}', '{"n":2}', '{"n":1}', '{"n":0}']);
    const out = await listOndcMessages({ transactionId, direction: "out", action: "on_status", signature: "signed" });
    expect(out.total).toBe(27);
    expect((await listOndcMessages({ transactionId, direction: "in", signature: "signed" })).total).toBe(0);
  });
});

describe("a store not on ONDC", () => {
  it("answers 404 at every ONDC address", async () => {
    configure({});
    try {
      expect(ondcConfig()).toBeNull();
      expect((await fetch(`${storeUrl}/ondc-site-verification.html`)).status).toBe(404);
      expect((await fetch(`${sellerUri}/select`)).status).toBe(404);
      expect((await send("select", callBody("select"), signedBy(buyerSigner))).status).toBe(404);
      expect((await postJson(`${sellerUri}/on_subscribe`, "{}")).status).toBe(404);
    } finally {
      configure(store.settings);
    }
  });
});
