import { describe, expect, it } from "vitest";
import { generateOndcKeys, readSigningPrivateKey } from "~/features/ondc/server/keys.server";
import { signOndcRequest } from "~/features/ondc/server/sign-request.server";
import { verifyOndcSignature } from "~/features/ondc/server/verify-request.server";
import { generateParticipantKeys, signingPublicKeyFrom } from "./keys";
import { createAuthorizationHeader, verifyAuthorizationHeader } from "./signature";

/**
 * The store's signing (app/features/ondc) and the test network's (written apart, from ONDC's docs) check
 * each other: a seller call signed by one verifies with the other, both ways, and a byte changed in
 * the body fails on either side. Two implementations agreeing is what a real buyer app will see.
 */
const body = Buffer.from(JSON.stringify({ context: { domain: "ONDC:AGR10", action: "on_search" }, message: { catalog: {} } }));

describe("the store's signatures and the test network's agree", () => {
  it("the network verifies what the store signs, with the key the store would register", async () => {
    const keys = generateOndcKeys();
    const header = signOndcRequest(body, {
      subscriberId: "angle.example",
      uniqueKeyId: "k1",
      privateKey: readSigningPrivateKey(keys.signingPrivateKey),
    });
    const keyFor = async (subscriberId: string, uniqueKeyId: string) =>
      subscriberId === "angle.example" && uniqueKeyId === "k1" ? signingPublicKeyFrom(keys.signingPublicKey) : null;
    expect(await verifyAuthorizationHeader(header, body, keyFor)).toEqual({ ok: true, subscriberId: "angle.example", uniqueKeyId: "k1" });
    const tampered = Buffer.from(body.toString().replace("on_search", "on_select"));
    expect(await verifyAuthorizationHeader(header, tampered, keyFor)).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("the store verifies what the network's buyer app signs, looking its key up as the registry holds it", async () => {
    const buyer = generateParticipantKeys();
    const header = createAuthorizationHeader(
      { subscriberId: "buyer.test", uniqueKeyId: buyer.uniqueKeyId, privateKey: buyer.signingPrivateKey },
      body,
    );
    const lookupKey = async (subscriberId: string, uniqueKeyId: string) =>
      subscriberId === "buyer.test" && uniqueKeyId === buyer.uniqueKeyId
        ? { found: true as const, signingPublicKey: buyer.signingPublicKey }
        : { found: false as const, reason: "unknown-subscriber" as const };
    expect(await verifyOndcSignature({ header, body, lookupKey })).toEqual({
      ok: true,
      signer: { subscriberId: "buyer.test", uniqueKeyId: buyer.uniqueKeyId, buyerAppUrls: [], gateway: false },
    });
    expect(await verifyOndcSignature({ header, body: Buffer.concat([body, Buffer.from(" ")]), lookupKey })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
  });
});
