import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "~/platform/log.server";
import { generateOndcKeys, readSigningPrivateKey } from "./keys.server";
import { createRegistryClient } from "./registry-client.server";
import { verifyOndcSignature } from "./verify-request.server";

/** A registry in the test's own process: it records each lookup and answers as the test says. */
type Lookup = { body: Record<string, unknown>; authorization: string | undefined; raw: string };
let lookups: Lookup[] = [];
let answer: (lookup: Lookup, response: ServerResponse) => void = (_lookup, response) => json(response, 200, []);
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const raw = Buffer.concat(chunks).toString("utf8");
    const lookup = { body: JSON.parse(raw) as Record<string, unknown>, authorization: request.headers.authorization, raw };
    lookups.push(lookup);
    answer(lookup, response);
  });
});
let lookupUrl = "";

// Each answer closes its connection, so no test inherits a kept-alive socket another test cut off.
function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json", connection: "close" });
  response.end(JSON.stringify(body));
}

const START = new Date("2026-11-30T12:00:00Z");
let clock = START.getTime();
const now = () => new Date(clock);
const advanceSeconds = (seconds: number) => {
  clock += seconds * 1000;
};

const seller = generateOndcKeys();
function entry(overrides: Record<string, unknown> = {}) {
  return {
    subscriber_id: "buyer.example.com",
    ukId: "k1",
    signing_public_key: seller.signingPublicKey,
    encr_public_key: seller.encryptionPublicKey,
    status: "SUBSCRIBED",
    valid_from: "2026-01-01T00:00:00.000Z",
    valid_until: "2027-11-30T12:00:00.000Z",
    ...overrides,
  };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  lookupUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2.0/lookup`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  lookups = [];
  clock = START.getTime();
  answer = (_lookup, response) => json(response, 200, [entry()]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the registry client", () => {
  it("asks by subscriber and unique key id and answers the signing and encryption keys", async () => {
    const client = createRegistryClient({ lookupUrl, now, search: { country: "IND", domain: "ONDC:RET10" } });
    expect(await client.lookupKey("buyer.example.com", "k1")).toEqual({
      found: true,
      signingPublicKey: seller.signingPublicKey,
      encryptionPublicKey: seller.encryptionPublicKey,
      validUntil: new Date("2027-11-30T12:00:00.000Z"),
      buyerAppUrls: [],
      gateway: false,
    });
    expect(lookups.map((lookup) => lookup.body)).toEqual([
      { country: "IND", domain: "ONDC:RET10", subscriber_id: "buyer.example.com", ukId: "k1" },
    ]);
    expect(lookups[0]?.authorization).toBeUndefined();
  });

  it("answers the subscriber_url of the key's buyer-app entries, a path resolved under its subscriber id", async () => {
    answer = (_lookup, response) =>
      json(response, 200, [
        entry({ type: "BPP", subscriber_url: "https://buyer.example.com/seller" }),
        entry({ type: "BAP", subscriber_url: "https://buyer.example.com/ondc", city: "std:080" }),
        entry({ type: "BAP", subscriber_url: "https://buyer.example.com/ondc", city: "std:011" }),
        entry({ type: "BAP", subscriber_url: "/v2", city: "std:022" }),
        entry({ type: "BAP", subscriber_url: "https://old.example.com/ondc", valid_until: "2026-11-01T00:00:00.000Z" }),
      ]);
    const client = createRegistryClient({ lookupUrl, now });
    expect(await client.lookupKey("buyer.example.com", "k1")).toMatchObject({
      found: true,
      buyerAppUrls: ["https://buyer.example.com/ondc", "https://buyer.example.com/v2"],
      gateway: false,
    });
  });

  it("says whether the key is listed as a gateway's (type BG)", async () => {
    answer = (_lookup, response) =>
      json(response, 200, [entry({ subscriber_id: "gateway.example.org", type: "BG", subscriber_url: "https://gateway.example.org/" })]);
    expect(await createRegistryClient({ lookupUrl, now }).lookupKey("gateway.example.org", "k1")).toMatchObject({
      found: true,
      buyerAppUrls: [],
      gateway: true,
    });
  });

  it("signs its lookup when given our keys, verifiably over the exact body sent", async () => {
    const ours = generateOndcKeys();
    const signer = { subscriberId: "angle.example.in", uniqueKeyId: "a1", privateKey: readSigningPrivateKey(ours.signingPrivateKey) };
    const client = createRegistryClient({ lookupUrl, now, signer });
    await client.lookupKey("buyer.example.com", "k1");
    const sent = lookups[0];
    const verified = await verifyOndcSignature({
      header: sent?.authorization,
      body: sent?.raw ?? "",
      now: START,
      lookupKey: async () => ({ found: true, signingPublicKey: ours.signingPublicKey }),
    });
    expect(verified).toEqual({
      ok: true,
      signer: { subscriberId: "angle.example.in", uniqueKeyId: "a1", buyerAppUrls: [], gateway: false },
    });
  });

  it("keeps a found key until the cap, then asks again", async () => {
    const client = createRegistryClient({ lookupUrl, now, maxCacheSeconds: 3600 });
    await client.lookupKey("buyer.example.com", "k1");
    advanceSeconds(3599);
    await client.lookupKey("buyer.example.com", "k1");
    expect(lookups).toHaveLength(1);
    advanceSeconds(2);
    await client.lookupKey("buyer.example.com", "k1");
    expect(lookups).toHaveLength(2);
  });

  it("keeps a key no longer than its entry's valid_until", async () => {
    answer = (_lookup, response) => json(response, 200, [entry({ valid_until: "2026-11-30T12:10:00.000Z" })]);
    const client = createRegistryClient({ lookupUrl, now, maxCacheSeconds: 3600 });
    expect(await client.lookupKey("buyer.example.com", "k1")).toMatchObject({ found: true });
    advanceSeconds(599);
    await client.lookupKey("buyer.example.com", "k1");
    expect(lookups).toHaveLength(1);
    advanceSeconds(2);
    // The registry still holds only the lapsed entry: the key is no longer good.
    expect(await client.lookupKey("buyer.example.com", "k1")).toEqual({ found: false, reason: "unknown-subscriber" });
    expect(lookups).toHaveLength(2);
  });

  it("takes only the entry of that key id, subscribed and within its validity", async () => {
    const client = () => createRegistryClient({ lookupUrl, now });
    const refusedEntries = [
      entry({ ukId: "k2" }),
      entry({ subscriber_id: "other.example.com" }),
      entry({ status: "INITIATED" }),
      entry({ valid_from: "2026-12-01T00:00:00.000Z" }),
      entry({ valid_until: "2026-11-30T11:59:59.000Z" }),
      { subscriber_id: "buyer.example.com", ukId: "k1" },
    ];
    for (const refused of refusedEntries) {
      answer = (_lookup, response) => json(response, 200, [refused]);
      expect(await client().lookupKey("buyer.example.com", "k1")).toEqual({ found: false, reason: "unknown-subscriber" });
    }
    answer = (_lookup, response) => json(response, 200, [entry({ ukId: "k2" }), entry({ ukId: undefined, unique_key_id: "k1" })]);
    expect(await client().lookupKey("buyer.example.com", "k1")).toMatchObject({ found: true, signingPublicKey: seller.signingPublicKey });
  });

  it("remembers an unknown subscriber for a minute, then asks again", async () => {
    answer = (_lookup, response) => json(response, 200, []);
    const client = createRegistryClient({ lookupUrl, now, negativeCacheSeconds: 60 });
    expect(await client.lookupKey("stranger.example.com", "x")).toEqual({ found: false, reason: "unknown-subscriber" });
    advanceSeconds(59);
    expect(await client.lookupKey("stranger.example.com", "x")).toEqual({ found: false, reason: "unknown-subscriber" });
    expect(lookups).toHaveLength(1);
    advanceSeconds(2);
    await client.lookupKey("stranger.example.com", "x");
    expect(lookups).toHaveLength(2);
  });

  it("takes the registry's 404 as an unknown subscriber", async () => {
    answer = (_lookup, response) => json(response, 404, { message: { ack: { status: "NACK" } } });
    const client = createRegistryClient({ lookupUrl, now });
    expect(await client.lookupKey("stranger.example.com", "x")).toEqual({ found: false, reason: "unknown-subscriber" });
  });

  it("does not remember a registry that fails or answers nonsense, and logs it", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const client = createRegistryClient({ lookupUrl, now });
    answer = (_lookup, response) => json(response, 500, { error: "down" });
    expect(await client.lookupKey("buyer.example.com", "k1")).toEqual({ found: false, reason: "registry-unavailable" });
    answer = (_lookup, response) => {
      response.writeHead(200, { "content-type": "application/json", connection: "close" });
      response.end("{not json");
    };
    expect(await client.lookupKey("buyer.example.com", "k1")).toEqual({ found: false, reason: "registry-unavailable" });
    answer = (_lookup, response) => json(response, 200, [entry()]);
    expect(await client.lookupKey("buyer.example.com", "k1")).toMatchObject({ found: true });
    expect(lookups).toHaveLength(3);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("gives up on a registry that does not answer in time", async () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    answer = () => {
      // Never answers; the client's timeout ends the wait.
    };
    const client = createRegistryClient({ lookupUrl, now, timeoutMs: 200 });
    expect(await client.lookupKey("buyer.example.com", "k1")).toEqual({ found: false, reason: "registry-unavailable" });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ subscriberId: "buyer.example.com" }), "ONDC registry lookup failed");
    server.closeAllConnections();
  });

  it("gives up on a registry that cannot be reached", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const client = createRegistryClient({ lookupUrl: "http://127.0.0.1:1/lookup", now });
    expect(await client.lookupKey("buyer.example.com", "k1")).toEqual({ found: false, reason: "registry-unavailable" });
  });

  it("sends one lookup for calls that ask for the same key at once", async () => {
    const client = createRegistryClient({ lookupUrl, now });
    const answers = await Promise.all([1, 2, 3].map(() => client.lookupKey("buyer.example.com", "k1")));
    expect(answers.every((a) => a.found)).toBe(true);
    expect(lookups).toHaveLength(1);
  });

  it("holds at most maxEntries keys, dropping the oldest", async () => {
    answer = (lookup, response) => json(response, 200, [entry({ subscriber_id: lookup.body.subscriber_id })]);
    const client = createRegistryClient({ lookupUrl, now, maxEntries: 2 });
    for (const subscriber of ["a.example", "b.example", "c.example"]) await client.lookupKey(subscriber, "k1");
    await client.lookupKey("c.example", "k1");
    await client.lookupKey("b.example", "k1");
    expect(lookups).toHaveLength(3);
    await client.lookupKey("a.example", "k1");
    expect(lookups).toHaveLength(4);
  });
});
