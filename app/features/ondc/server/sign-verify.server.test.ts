import { createPublicKey, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSignatureHeader } from "../domain/signature-header";
import {
  generateOndcKeys,
  OndcKeyError,
  readEncryptionPrivateKey,
  readEncryptionPublicKey,
  readSigningPrivateKey,
  readSigningPublicKey,
} from "./keys.server";
import { bodyDigest, SIGNATURE_VALID_SECONDS, signOndcRequest, signVlookup } from "./sign-request.server";
import { type SigningKeyLookup, verifyOndcRequest, verifyOndcSignature } from "./verify-request.server";

// ONDC's worked example (ONDC-Official/developer-docs, registry/signing-verification.md): the body, the key
// pair, the digest and the signature it publishes.
const EXAMPLE_BODY =
  '{"context":{"domain":"nic2004:60212","country":"IND","city":"Kochi","action":"search","core_version":"0.9.1","bap_id":"bap.stayhalo.in","bap_uri":"https://8f9f-49-207-209-131.ngrok.io/protocol/","transaction_id":"e6d9f908-1d26-4ff3-a6d1-3af3d3721054","message_id":"a2fe6d52-9fe4-4d1a-9d0b-dccb8b48522d","timestamp":"2022-01-04T09:17:55.971Z","ttl":"P1M"},"message":{"intent":{"fulfillment":{"start":{"location":{"gps":"10.108768, 76.347517"}},"end":{"location":{"gps":"10.102997, 76.353480"}}}}}}';
const EXAMPLE_PUBLIC = "awGPjRK6i/Vg/lWr+0xObclVxlwZXvTjWYtlu6NeOHk=";
const EXAMPLE_PRIVATE = "lP3sHA+9gileOkXYJXh4Jg8tK0gEEMbf9yCPnFpbldhrAY+NErqL9WD+Vav7TE5tyVXGXBle9ONZi2W7o144eQ==";
const EXAMPLE_DIGEST = "b6lf6lRgOweajukcvcLsagQ2T60+85kRh/Rd2bdS+TG/5ALebOEgDJfyCrre/1+BMu5nA94o4DT3pTFXuUg7sw==";
const EXAMPLE_SIGNATURE = "cjbhP0PFyrlSCNszJM1F/YmHDVAWsZqJUPzojnE/7TJU3fJ/rmIlgaUHEr5E0/2PIyf0tpSnWtT6cyNNlpmoAQ==";
const EXAMPLE_CREATED = new Date(1641287875 * 1000);

const exampleSigner = { subscriberId: "example-bap.com", uniqueKeyId: "bap1234", privateKey: readSigningPrivateKey(EXAMPLE_PRIVATE) };
const lookupExample: SigningKeyLookup = async (subscriberId, uniqueKeyId) =>
  subscriberId === "example-bap.com" && uniqueKeyId === "bap1234"
    ? { found: true, signingPublicKey: EXAMPLE_PUBLIC }
    : { found: false, reason: "unknown-subscriber" };

describe("ONDC's worked example", () => {
  it("gives the published digest and signature", () => {
    expect(bodyDigest(EXAMPLE_BODY)).toBe(EXAMPLE_DIGEST);
    const header = signOndcRequest(EXAMPLE_BODY, exampleSigner, { now: EXAMPLE_CREATED });
    expect(parseSignatureHeader(header)).toEqual({
      ok: true,
      header: {
        subscriberId: "example-bap.com",
        uniqueKeyId: "bap1234",
        created: 1641287875,
        expires: 1641291475,
        signature: EXAMPLE_SIGNATURE,
      },
    });
  });

  it("verifies, inside its hour", async () => {
    const header = signOndcRequest(EXAMPLE_BODY, exampleSigner, { now: EXAMPLE_CREATED });
    const now = new Date((1641287875 + 1800) * 1000);
    expect(await verifyOndcSignature({ header, body: EXAMPLE_BODY, lookupKey: lookupExample, now })).toEqual({
      ok: true,
      signer: { subscriberId: "example-bap.com", uniqueKeyId: "bap1234", buyerAppUrls: [], gateway: false },
    });
  });
});

describe("verifying a signature", () => {
  const now = new Date("2026-11-30T12:00:00Z");
  const signed = signOndcRequest(EXAMPLE_BODY, exampleSigner, { now });

  it("refuses a body changed by one byte", async () => {
    const changed = EXAMPLE_BODY.replace('"ttl":"P1M"', '"ttl":"P1N"');
    expect(await verifyOndcSignature({ header: signed, body: changed, lookupKey: lookupExample, now })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    const bytes = Buffer.from(EXAMPLE_BODY);
    expect(await verifyOndcSignature({ header: signed, body: bytes, lookupKey: lookupExample, now })).toMatchObject({ ok: true });
    bytes[bytes.length - 1] = 0x20;
    expect(await verifyOndcSignature({ header: signed, body: bytes, lookupKey: lookupExample, now })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
  });

  it("refuses a signature made by another key under the same keyId", async () => {
    const other = generateOndcKeys();
    const forged = signOndcRequest(EXAMPLE_BODY, { ...exampleSigner, privateKey: readSigningPrivateKey(other.signingPrivateKey) }, { now });
    expect(await verifyOndcSignature({ header: forged, body: EXAMPLE_BODY, lookupKey: lookupExample, now })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
  });

  it("refuses an expired signature and one created in the future, without asking the registry", async () => {
    let lookups = 0;
    const counting: SigningKeyLookup = (subscriberId, uniqueKeyId) => {
      lookups += 1;
      return lookupExample(subscriberId, uniqueKeyId);
    };
    const later = new Date(now.getTime() + (SIGNATURE_VALID_SECONDS + 61) * 1000);
    expect(await verifyOndcSignature({ header: signed, body: EXAMPLE_BODY, lookupKey: counting, now: later })).toEqual({
      ok: false,
      reason: "expired",
    });
    const earlier = new Date(now.getTime() - 61 * 1000);
    expect(await verifyOndcSignature({ header: signed, body: EXAMPLE_BODY, lookupKey: counting, now: earlier })).toEqual({
      ok: false,
      reason: "not-yet-valid",
    });
    expect(
      await verifyOndcSignature({ header: signed, body: EXAMPLE_BODY, lookupKey: counting, now: earlier, skewSeconds: 120 }),
    ).toMatchObject({
      ok: true,
    });
    expect(lookups).toBe(1);
  });

  it("refuses a malformed header, another algorithm and a missing one before any lookup", async () => {
    const never: SigningKeyLookup = () => {
      throw new Error("no lookup for a header refused on its face");
    };
    const cases: [string | undefined, string][] = [
      [undefined, "missing-header"],
      [signed.replace('headers="(created) (expires) digest"', 'headers="digest"'), "malformed-header"],
      [signed.replace(/signature="[^"]+"/, 'signature="AAAA"'), "malformed-header"],
      [signed.replace('algorithm="ed25519"', 'algorithm="ecdsa"'), "unsupported-algorithm"],
    ];
    for (const [header, reason] of cases) {
      expect(await verifyOndcSignature({ header, body: EXAMPLE_BODY, lookupKey: never, now })).toEqual({ ok: false, reason });
    }
  });

  it("passes on the registry's answer for an unknown subscriber or a registry that is down", async () => {
    const other = signOndcRequest(EXAMPLE_BODY, { ...exampleSigner, subscriberId: "stranger.example.com" }, { now });
    expect(await verifyOndcSignature({ header: other, body: EXAMPLE_BODY, lookupKey: lookupExample, now })).toEqual({
      ok: false,
      reason: "unknown-subscriber",
    });
    const down: SigningKeyLookup = async () => ({ found: false, reason: "registry-unavailable" });
    expect(await verifyOndcSignature({ header: signed, body: EXAMPLE_BODY, lookupKey: down, now })).toEqual({
      ok: false,
      reason: "registry-unavailable",
    });
  });

  it("refuses a registry key that is not an ed25519 public key", async () => {
    const garbled: SigningKeyLookup = async () => ({ found: true, signingPublicKey: "bm90IGEga2V5" });
    expect(await verifyOndcSignature({ header: signed, body: EXAMPLE_BODY, lookupKey: garbled, now })).toEqual({
      ok: false,
      reason: "bad-public-key",
    });
  });
});

describe("verifying a request passed on by a gateway", () => {
  const now = new Date("2026-11-30T12:00:00Z");
  const gatewayKeys = generateOndcKeys();
  const gatewaySigner = {
    subscriberId: "gateway.example.org",
    uniqueKeyId: "g1",
    privateKey: readSigningPrivateKey(gatewayKeys.signingPrivateKey),
  };
  const lookup: SigningKeyLookup = async (subscriberId, uniqueKeyId) =>
    subscriberId === "gateway.example.org" && uniqueKeyId === "g1"
      ? { found: true, signingPublicKey: gatewayKeys.signingPublicKey, gateway: true }
      : lookupExample(subscriberId, uniqueKeyId);
  const authorization = signOndcRequest(EXAMPLE_BODY, exampleSigner, { now });
  const gatewayAuthorization = signOndcRequest(EXAMPLE_BODY, gatewaySigner, { now });

  it("checks both signatures and names both signers", async () => {
    expect(
      await verifyOndcRequest({ authorization, gatewayAuthorization, body: EXAMPLE_BODY, lookupKey: lookup, now, requireGateway: true }),
    ).toEqual({
      ok: true,
      sender: { subscriberId: "example-bap.com", uniqueKeyId: "bap1234", buyerAppUrls: [], gateway: false },
      gateway: { subscriberId: "gateway.example.org", uniqueKeyId: "g1", buyerAppUrls: [], gateway: true },
    });
  });

  it("refuses a gateway's header signed by a subscriber the registry does not list as a gateway", async () => {
    // The buyer app's own valid key on the gateway's header: a search passed off as the gateway's broadcast.
    const byTheBuyerApp = signOndcRequest(EXAMPLE_BODY, exampleSigner, { now });
    expect(
      await verifyOndcRequest({
        authorization,
        gatewayAuthorization: byTheBuyerApp,
        body: EXAMPLE_BODY,
        lookupKey: lookup,
        now,
        requireGateway: true,
      }),
    ).toEqual({ ok: false, header: "X-Gateway-Authorization", reason: "not-a-gateway" });
  });

  it("says which header failed", async () => {
    const badGateway = signOndcRequest(`${EXAMPLE_BODY} `, gatewaySigner, { now });
    expect(
      await verifyOndcRequest({ authorization, gatewayAuthorization: badGateway, body: EXAMPLE_BODY, lookupKey: lookup, now }),
    ).toEqual({
      ok: false,
      header: "X-Gateway-Authorization",
      reason: "bad-signature",
    });
    expect(await verifyOndcRequest({ authorization: undefined, gatewayAuthorization, body: EXAMPLE_BODY, lookupKey: lookup, now })).toEqual(
      {
        ok: false,
        header: "Authorization",
        reason: "missing-header",
      },
    );
  });

  it("takes a direct call without a gateway's header unless one is required", async () => {
    expect(
      await verifyOndcRequest({ authorization, gatewayAuthorization: null, body: EXAMPLE_BODY, lookupKey: lookup, now }),
    ).toMatchObject({
      ok: true,
      gateway: null,
    });
    expect(
      await verifyOndcRequest({
        authorization,
        gatewayAuthorization: "",
        body: EXAMPLE_BODY,
        lookupKey: lookup,
        now,
        requireGateway: true,
      }),
    ).toEqual({
      ok: false,
      header: "X-Gateway-Authorization",
      reason: "missing-header",
    });
  });
});

describe("keys", () => {
  it("are generated in the registry's formats and work together", () => {
    const keys = generateOndcKeys();
    expect(Buffer.from(keys.signingPublicKey, "base64")).toHaveLength(32);
    expect(Buffer.from(keys.signingPrivateKey, "base64")).toHaveLength(64);
    expect(keys.encryptionPublicKey).toMatch(/^MCowBQYDK2VuAyEA/);
    expect(keys.encryptionPrivateKey).toMatch(/^MC4CAQAwBQYDK2VuBCIEI/);
    const signed = signOndcRequest("{}", {
      subscriberId: "a.example",
      uniqueKeyId: "1",
      privateKey: readSigningPrivateKey(keys.signingPrivateKey),
    });
    const parsed = parseSignatureHeader(signed);
    expect(parsed.ok).toBe(true);
    expect(readEncryptionPublicKey(keys.encryptionPublicKey).asymmetricKeyType).toBe("x25519");
    expect(readEncryptionPrivateKey(keys.encryptionPrivateKey).asymmetricKeyType).toBe("x25519");
  });

  it("read a 32-byte seed as the same key as the 64-byte form", () => {
    const seedOnly = Buffer.from(EXAMPLE_PRIVATE, "base64").subarray(0, 32).toString("base64");
    const publicKey = createPublicKey(readSigningPrivateKey(seedOnly));
    expect(publicKey.export({ format: "der", type: "spki" }).subarray(12).toString("base64")).toBe(EXAMPLE_PUBLIC);
  });

  it("refuse what is not a key, naming which key", () => {
    expect(() => readSigningPrivateKey("not base64!")).toThrow(OndcKeyError);
    expect(() => readSigningPrivateKey(Buffer.alloc(48).toString("base64"))).toThrow(/32 or 64 bytes/);
    const mismatched = Buffer.concat([Buffer.from(EXAMPLE_PRIVATE, "base64").subarray(0, 32), Buffer.alloc(32)]).toString("base64");
    expect(() => readSigningPrivateKey(mismatched)).toThrow(/second half/);
    expect(() => readSigningPublicKey(Buffer.alloc(31).toString("base64"))).toThrow(/signing public key/);
    // A signing (ed25519) key handed in as an encryption key: the right length, the wrong curve.
    const ed25519Spki = createPublicKey(readSigningPrivateKey(EXAMPLE_PRIVATE)).export({ format: "der", type: "spki" }).toString("base64");
    expect(() => readEncryptionPublicKey(ed25519Spki)).toThrow(/X25519/);
    expect(() => readEncryptionPrivateKey(Buffer.alloc(40).toString("base64"))).toThrow(/X25519/);
  });
});

describe("the vlookup signature", () => {
  it("is the search parameters signed without a digest", () => {
    const search = { country: "IND", domain: "ONDC:RET10", type: "sellerApp", city: "std:080", subscriberId: "ondc.org" };
    const signature = signVlookup(search, exampleSigner.privateKey);
    const publicKey = readSigningPublicKey(EXAMPLE_PUBLIC);
    expect(verify(null, Buffer.from("IND|ONDC:RET10|sellerApp|std:080|ondc.org"), publicKey, Buffer.from(signature, "base64"))).toBe(true);
  });
});
