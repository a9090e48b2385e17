import { generateKeyPairSync, randomUUID, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OndcInvalidCallbackError, OndcNackError, type OndcMessage, sellerOf, subscribeRequest } from "./buyer-app.ts";
import { decryptChallenge, sharedKey } from "./challenge.ts";
import { exampleCallback, exampleCallMessage } from "./examples.ts";
import { ack, type JsonServer, nack, parseObject, postJson, startJsonServer } from "./http.ts";
import { encryptionPublicKeyFrom, generateParticipantKeys, type ParticipantKeys } from "./keys.ts";
import { startOndcTestNetwork, type OndcTestNetwork } from "./network.ts";
import { createAuthorizationHeader, type VerifyResult } from "./signature.ts";

type SellerLog = { action: string; buyer: VerifyResult; gateway: VerifyResult | null; body: OndcMessage };

/**
 * A minimal seller app written here, apart from the network: it answers the registry's challenge, and
 * search, select and issue with a signed callback to the buyer's bap_uri (the valid examples of examples.ts, or one
 * `breakCallback` has broken). It records what each request's signatures came to, so the tests see what a
 * real seller would check.
 */
async function startFakeSeller(
  network: OndcTestNetwork,
  subscriberId: string,
  options: { answerChallengeWrongly?: boolean; breakCallback?: (callback: OndcMessage) => void } = {},
) {
  const keys = generateParticipantKeys();
  const log: SellerLog[] = [];
  const signer = { subscriberId, uniqueKeyId: keys.uniqueKeyId, privateKey: keys.signingPrivateKey };
  const callBack = async (request: OndcMessage, action: string) => {
    const callback = exampleCallback(action, request, { id: subscriberId, uri: url });
    options.breakCallback?.(callback);
    const text = JSON.stringify(callback);
    await postJson(`${request.context.bap_uri}/${action}`, text, { authorization: createAuthorizationHeader(signer, text) });
  };
  const server: JsonServer = await startJsonServer(async ({ path, headers, body }) => {
    if (path === "/ondc/on_subscribe") {
      const challenge = (parseObject(body) as { challenge: string }).challenge;
      const registryKey = encryptionPublicKeyFrom(network.registry.encryptionPublicKey);
      if (!registryKey) throw new Error("the registry's key is not X25519");
      const answer = decryptChallenge(challenge, sharedKey(keys.encryptionPrivateKey, registryKey));
      return { status: 200, body: { answer: options.answerChallengeWrongly ? `${answer}!` : answer } };
    }
    const request = parseObject(body) as OndcMessage;
    const buyer = await network.registryClient.verify(headers, body);
    const gateway = headers["x-gateway-authorization"]
      ? await network.registryClient.verify(headers, body, "x-gateway-authorization")
      : null;
    log.push({ action: path, buyer, gateway, body: request });
    if (!buyer.ok) return { status: 401, body: nack("10001", "signature") };
    if (path === "/ondc/search") {
      setImmediate(() => void callBack(request, "on_search"));
      return { status: 200, body: ack() };
    }
    if (path === "/ondc/select" || path === "/ondc/issue") {
      setImmediate(() => void callBack(request, `on_${path.slice("/ondc/".length)}`));
      return { status: 200, body: ack() };
    }
    return { status: 404, body: nack("10000", "not here") };
  });
  const url = `${server.url}/ondc`;
  const subscribed = await postJson(
    `${network.registry.url}/subscribe`,
    JSON.stringify(subscribeRequest(subscriberId, keys, url, { type: "sellerApp", domain: network.domain, cities: [network.city] })),
  );
  return { url, keys, log, subscribed, close: server.close };
}

type FakeSeller = Awaited<ReturnType<typeof startFakeSeller>>;

let network: OndcTestNetwork;
let seller: FakeSeller;

beforeAll(async () => {
  network = await startOndcTestNetwork();
  seller = await startFakeSeller(network, "seller.ondc.test");
});

afterAll(async () => {
  await seller?.close();
  await network?.stop();
});

/** A search body from the buyer's context, signed by `keys` under `subscriberId` at the given times. */
function signedSearch(subscriberId: string, keys: ParticipantKeys, times: { created?: number; expires?: number } = {}) {
  const body = JSON.stringify({ context: { ...network.buyer.context("search", {}), bap_id: subscriberId }, message: { intent: {} } });
  const signer = { subscriberId, uniqueKeyId: keys.uniqueKeyId, privateKey: keys.signingPrivateKey };
  return { body, authorization: createAuthorizationHeader(signer, body, times) };
}

describe("subscription", () => {
  it("lists a seller once it answers the registry's encrypted challenge, with the lookup's fields", async () => {
    expect(seller.subscribed).toEqual({ status: 200, body: ack() });
    const entries = await network.registryClient.lookup({ subscriber_id: "seller.ondc.test" });
    expect(entries).toEqual([
      expect.objectContaining({
        subscriber_id: "seller.ondc.test",
        subscriber_url: seller.url,
        type: "BPP",
        domain: "ONDC:AGR10",
        city: "std:080",
        country: "IND",
        signing_public_key: seller.keys.signingPublicKey,
        encr_public_key: seller.keys.encryptionPublicKey,
        ukId: seller.keys.uniqueKeyId,
        status: "SUBSCRIBED",
      }),
    ]);
    expect(await network.registryClient.lookup({ subscriber_id: "buyer.ondc.test" })).toEqual([
      expect.objectContaining({ type: "BAP", subscriber_url: network.buyer.uri }),
    ]);
  });

  it("refuses a subscriber whose answer does not match, and does not list it", async () => {
    const wrong = await startFakeSeller(network, "wrong.ondc.test", { answerChallengeWrongly: true });
    try {
      expect(wrong.subscribed.status).toBe(400);
      expect(wrong.subscribed.body).toMatchObject({ message: { ack: { status: "NACK" } } });
      expect(await network.registryClient.lookup({ subscriber_id: "wrong.ondc.test" })).toEqual([]);
    } finally {
      await wrong.close();
    }
  });

  it("answers vlookup only for a correctly signed search, and v2.0/lookup only with a valid Authorization", async () => {
    const parameters = { country: "IND", domain: "ONDC:AGR10", type: "sellerApp", city: "std:080", subscriber_id: "seller.ondc.test" };
    const signed = (key = network.buyer.keys.signingPrivateKey) =>
      sign(null, Buffer.from(Object.values(parameters).join("|")), key).toString("base64");
    const vlookup = (signature: string) =>
      postJson(
        `${network.registry.url}/vlookup`,
        JSON.stringify({
          sender_subscriber_id: "buyer.ondc.test",
          request_id: randomUUID(),
          timestamp: new Date().toISOString(),
          signature,
          search_parameters: parameters,
        }),
      );
    const found = await vlookup(signed());
    expect(found.status).toBe(200);
    expect(found.body).toEqual([expect.objectContaining({ subscriber_id: "seller.ondc.test", type: "BPP" })]);
    expect((await vlookup(signed(generateKeyPairSync("ed25519").privateKey))).status).toBe(401);

    const filter = JSON.stringify({ country: "IND", domain: "ONDC:AGR10" });
    const buyerSigner = {
      subscriberId: "buyer.ondc.test",
      uniqueKeyId: network.buyer.keys.uniqueKeyId,
      privateKey: network.buyer.keys.signingPrivateKey,
    };
    const v2 = await postJson(`${network.registry.url}/v2.0/lookup`, filter, {
      authorization: createAuthorizationHeader(buyerSigner, filter),
    });
    expect(v2.status).toBe(200);
    expect((v2.body as { subscriber_id: string }[]).map((e) => e.subscriber_id).sort()).toEqual([
      "buyer.ondc.test",
      "gateway.ondc.test",
      "seller.ondc.test",
    ]);
    expect((await postJson(`${network.registry.url}/v2.0/lookup`, filter)).status).toBe(401);
  });
});

describe("search through the gateway", () => {
  it("reaches the seller with both signatures verifying, and the seller's on_search reaches the buyer verified", async () => {
    const result = await network.buyer.search({ item: { descriptor: { name: "urea" } }, fulfillment: { type: "Delivery" } });
    await network.gateway.idle();
    const searches = seller.log.filter((entry) => entry.action === "/ondc/search" && entry.body.context.message_id === result.messageId);
    expect(searches).toHaveLength(1);
    expect(searches[0]?.buyer).toMatchObject({ ok: true, subscriberId: "buyer.ondc.test" });
    expect(searches[0]?.gateway).toMatchObject({ ok: true, subscriberId: "gateway.ondc.test" });
    expect(network.gateway.deliveries).toContainEqual(expect.objectContaining({ bppId: "seller.ondc.test", status: 200 }));
    expect(result.catalogues).toHaveLength(1);
    const catalogue = result.catalogues[0] as OndcMessage;
    expect(catalogue.context).toMatchObject({ action: "on_search", bpp_id: "seller.ondc.test", transaction_id: result.transactionId });
    expect(network.buyer.received).toContainEqual(expect.objectContaining({ action: "on_search", status: 200, verified: true }));
  });

  it("pairs a journey step with its callback: select gets on_select", async () => {
    const { transactionId, catalogues } = await network.buyer.search({});
    const quote = await network.buyer.select(sellerOf(catalogues[0] as OndcMessage), transactionId, exampleCallMessage("select"));
    expect(quote.context).toMatchObject({
      action: "on_select",
      transaction_id: transactionId,
      core_version: "1.2.0",
      domain: "ONDC:AGR10",
    });
    expect(quote.message).toMatchObject({
      order: { items: [{ id: "seed-ir64-10kg" }, { id: "neem-oil-1l" }], quote: { price: { value: "2160.50" } } },
    });
    const logged = network.buyer.messages().filter((m) => m.context.transaction_id === transactionId);
    expect(logged.map((m) => m.context.action)).toEqual(["search", "on_search", "select", "on_select"]);
  });
});

describe("grievances (IGM)", () => {
  it("issue is sent and answered in IGM's core version 1.0.0, and its on_issue is held to IGM's schema", async () => {
    const transactionId = randomUUID();
    const issue = { id: "6f0c3c5e-2f1a-4b8e-9a51-0d6c2f7b9e11", category: "ITEM", sub_category: "ITM04" };
    const answer = await network.buyer.issue({ id: "seller.ondc.test", uri: seller.url }, transactionId, { issue });
    expect(answer.context).toMatchObject({ action: "on_issue", core_version: "1.0.0", transaction_id: transactionId });
    expect(network.buyer.sent.find((s) => s.body.context.transaction_id === transactionId)?.body.context.core_version).toBe("1.0.0");
  });
});

describe("what the network refuses or remembers", () => {
  it("the gateway relays search only: other calls are not its business", async () => {
    const body = JSON.stringify({ context: network.buyer.context("select", {}), message: {} });
    const signer = {
      subscriberId: "buyer.ondc.test",
      uniqueKeyId: network.buyer.keys.uniqueKeyId,
      privateKey: network.buyer.keys.signingPrivateKey,
    };
    const answer = await postJson(`${network.gateway.url}/select`, body, { authorization: createAuthorizationHeader(signer, body) });
    expect(answer.status).toBe(404);
  });

  it("a journey step the seller NACKs throws OndcNackError with the seller's answer", async () => {
    const sellerAddress = { id: "seller.ondc.test", uri: seller.url };
    const refused = network.buyer.init(sellerAddress, randomUUID(), { order: {} });
    await expect(refused).rejects.toBeInstanceOf(OndcNackError);
    await expect(refused).rejects.toMatchObject({ action: "init", answer: { status: 404 } });
  });

  it("a key once looked up is kept: a second message from the same seller asks the registry nothing", async () => {
    await network.buyer.search({});
    const before = network.registry.lookups;
    await network.buyer.search({});
    await network.gateway.idle();
    // The gateway looks the sellers up for each search (one lookup); the three signatures are all cached.
    expect(network.registry.lookups - before).toBe(1);
  });
});

describe("bad signatures get 401 and change nothing", () => {
  const now = () => Math.floor(Date.now() / 1000);

  it("at the gateway: forged, expired, unknown subscriber, none, and a signer who is not the bap_id", async () => {
    const before = network.gateway.deliveries.length;
    const forged = signedSearch("buyer.ondc.test", { ...network.buyer.keys, signingPrivateKey: generateKeyPairSync("ed25519").privateKey });
    const expired = signedSearch("buyer.ondc.test", network.buyer.keys, { created: now() - 7200, expires: now() - 3600 });
    const unknown = signedSearch("stranger.ondc.test", generateParticipantKeys());
    const unsigned = signedSearch("buyer.ondc.test", network.buyer.keys);
    for (const { body, authorization } of [forged, expired, unknown]) {
      const answer = await postJson(`${network.gateway.url}/search`, body, { authorization });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ message: { ack: { status: "NACK" } }, error: { code: "10001" } });
    }
    expect((await postJson(`${network.gateway.url}/search`, unsigned.body)).status).toBe(401);
    // The seller signs a search naming the buyer as bap_id: its own signature, but not the sender's.
    const impostor = signedSearch("buyer.ondc.test", seller.keys);
    const asSeller = createAuthorizationHeader(
      { subscriberId: "seller.ondc.test", uniqueKeyId: seller.keys.uniqueKeyId, privateKey: seller.keys.signingPrivateKey },
      impostor.body,
    );
    expect((await postJson(`${network.gateway.url}/search`, impostor.body, { authorization: asSeller })).status).toBe(401);
    // And a good one still passes, so the 401s above are the signatures' doing.
    expect((await postJson(`${network.gateway.url}/search`, unsigned.body, { authorization: unsigned.authorization })).status).toBe(200);
    await network.gateway.idle();
    expect(network.gateway.deliveries.length).toBe(before + 1);
  });

  it("at the buyer app: a forged, expired or unknown on_search is NACKed and never collected", async () => {
    // A second catalogue for a search the buyer sent (the fake seller answers it too, with its own body).
    const transactionId = randomUUID();
    const search = await network.buyer.send("search", null, transactionId, exampleCallMessage("search"));
    const call = network.buyer.context("search", { transactionId, messageId: search.messageId });
    const body = JSON.stringify(exampleCallback("on_search", call, { id: "seller.ondc.test", uri: seller.url }));
    const as = (subscriberId: string, keys: ParticipantKeys, times = {}) =>
      createAuthorizationHeader({ subscriberId, uniqueKeyId: keys.uniqueKeyId, privateKey: keys.signingPrivateKey }, body, times);
    const forgedKeys = { ...seller.keys, signingPrivateKey: generateKeyPairSync("ed25519").privateKey };
    const headers = [
      as("seller.ondc.test", forgedKeys),
      as("seller.ondc.test", seller.keys, { created: now() - 7200, expires: now() - 3600 }),
      as("stranger.ondc.test", generateParticipantKeys()),
    ];
    for (const authorization of headers) {
      const answer = await postJson(`${network.buyer.uri}/on_search`, body, { authorization });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ message: { ack: { status: "NACK" } }, error: { code: "20001" } });
    }
    const notAwaited = () => network.buyer.received.filter((r) => JSON.stringify(r.body) === body);
    expect(notAwaited().map((r) => [r.status, r.verified])).toEqual([
      [401, false],
      [401, false],
      [401, false],
    ]);
    // The seller's own signature on the same body is accepted and collected: the refusals were the signatures'.
    const good = await postJson(`${network.buyer.uri}/on_search`, body, { authorization: as("seller.ondc.test", seller.keys) });
    expect(good.status).toBe(200);
    expect(notAwaited().map((r) => [r.status, r.verified])).toEqual([
      [401, false],
      [401, false],
      [401, false],
      [200, true],
    ]);
  });
});

describe("callbacks held to ONDC's schemas", () => {
  const breakQuote = (callback: OndcMessage) => {
    if (callback.context.action !== "on_select") return;
    (callback.message as { order: { quote: { price: { value: string } } } }).order.quote.price.value = "2160.505";
  };
  const signAs = (subscriberId: string, keys: ParticipantKeys, body: string) =>
    createAuthorizationHeader({ subscriberId, uniqueKeyId: keys.uniqueKeyId, privateKey: keys.signingPrivateKey }, body);

  it("the journey so far brought no invalid callback", () => {
    // Only catalogues answering the searches the gateway test posted itself, which the buyer app never sent.
    for (const found of network.buyer.invalid()) {
      expect([found.action, found.issues.map((issue) => issue.path)]).toEqual(["on_search", ["context.message_id"]]);
    }
  });

  it("a signed but invalid on_select is NACKed with 20006, recorded with its issues, and fails the step", async () => {
    const broken = await startFakeSeller(network, "broken.ondc.test", { breakCallback: breakQuote });
    try {
      const { transactionId, catalogues } = await network.buyer.search({}, { expect: 2 });
      const catalogue = catalogues.find((c) => c.context.bpp_id === "broken.ondc.test") as OndcMessage;
      const step = network.buyer.select(sellerOf(catalogue), transactionId, exampleCallMessage("select"));
      await expect(step).rejects.toBeInstanceOf(OndcInvalidCallbackError);
      await expect(step).rejects.toMatchObject({ action: "on_select", issues: [{ path: "message.order.quote.price.value" }] });
      expect(network.buyer.invalid().filter((found) => found.action === "on_select")).toEqual([
        expect.objectContaining({ action: "on_select", issues: [expect.objectContaining({ path: "message.order.quote.price.value" })] }),
      ]);
      expect(network.buyer.received).toContainEqual(
        expect.objectContaining({ action: "on_select", status: 400, verified: true, issues: expect.any(Array) }),
      );
      expect(network.buyer.messages().filter((m) => m.context.action === "on_select" && m.context.bpp_id === "broken.ondc.test")).toEqual(
        [],
      );

      // The answer the seller got: ONDC's buyer-side code for a response that breaks the API contract.
      const select = network.buyer.sent.find((s) => s.action === "select" && s.body.context.transaction_id === transactionId) as {
        body: OndcMessage;
      };
      const callback = exampleCallback("on_select", select.body, { id: "broken.ondc.test", uri: broken.url });
      breakQuote(callback);
      const text = JSON.stringify(callback);
      const answer = await postJson(`${network.buyer.uri}/on_select`, text, {
        authorization: signAs("broken.ondc.test", broken.keys, text),
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { message: { ack: { status: "NACK" } }, error: { type: "JSON-SCHEMA-ERROR", code: "20006" } },
      });
    } finally {
      await broken.close();
    }
  });

  it("a valid callback that answers no call the buyer sent is NACKed as out of sequence (20008)", async () => {
    const context = network.buyer.context("select", { seller: { id: "seller.ondc.test", uri: seller.url } });
    const text = JSON.stringify(exampleCallback("on_select", context, { id: "seller.ondc.test", uri: seller.url }));
    const answer = await postJson(`${network.buyer.uri}/on_select`, text, { authorization: signAs("seller.ondc.test", seller.keys, text) });
    expect(answer).toMatchObject({ status: 400, body: { error: { type: "CONTEXT-ERROR", code: "20008" } } });
  });

  it('with schemas: "record" an invalid callback is ACKed and only listed', async () => {
    const recording = await startOndcTestNetwork({ schemas: "record" });
    const broken = await startFakeSeller(recording, "broken.ondc.test", { breakCallback: breakQuote });
    try {
      const { transactionId, catalogues } = await recording.buyer.search({});
      const quote = await recording.buyer.select(sellerOf(catalogues[0] as OndcMessage), transactionId, exampleCallMessage("select"));
      expect(quote.context.action).toBe("on_select");
      expect(recording.buyer.invalid()).toEqual([expect.objectContaining({ action: "on_select" })]);
    } finally {
      await broken.close();
      await recording.stop();
    }
  });
});
