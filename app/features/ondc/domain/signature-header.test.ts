import { describe, expect, it } from "vitest";
import { ACK, invalidSignatureNack, signatureChallenge } from "./nack";
import {
  checkSignatureWindow,
  formatSignatureHeader,
  parseSignatureHeader,
  type SignatureHeader,
  signingString,
  vlookupSigningString,
} from "./signature-header";

// ONDC's worked example (ONDC-Official/developer-docs, registry/signing-verification.md).
const SIGNATURE = "cjbhP0PFyrlSCNszJM1F/YmHDVAWsZqJUPzojnE/7TJU3fJ/rmIlgaUHEr5E0/2PIyf0tpSnWtT6cyNNlpmoAQ==";
const header: SignatureHeader = {
  subscriberId: "example-bap.com",
  uniqueKeyId: "bap1234",
  created: 1641287875,
  expires: 1641291475,
  signature: SIGNATURE,
};
const formatted = formatSignatureHeader(header);

describe("the signing string", () => {
  it("is created, expires and the digest on three lines, spaced as ONDC's example was signed", () => {
    expect(signingString(1641287875, 1641291475, "abc=")).toBe("(created): 1641287875\n(expires): 1641291475\ndigest: BLAKE-512=abc=");
  });

  it("of a vlookup is the search parameters joined by bars, in ONDC's order", () => {
    expect(
      vlookupSigningString({ country: "IND", domain: "ONDC:RET10", type: "sellerApp", city: "std:080", subscriberId: "ondc.org" }),
    ).toBe("IND|ONDC:RET10|sellerApp|std:080|ondc.org");
  });
});

describe("the signature header", () => {
  it("is written in ONDC's form", () => {
    expect(formatted).toBe(
      `Signature keyId="example-bap.com|bap1234|ed25519",algorithm="ed25519",created="1641287875",expires="1641291475",` +
        `headers="(created) (expires) digest",signature="${SIGNATURE}"`,
    );
  });

  it("reads back what it wrote, with or without the Signature scheme and with spaces after commas", () => {
    expect(parseSignatureHeader(formatted)).toEqual({ ok: true, header });
    expect(parseSignatureHeader(formatted.replace(/^Signature /, ""))).toEqual({ ok: true, header });
    expect(parseSignatureHeader(formatted.replaceAll(",", ", "))).toEqual({ ok: true, header });
    const subscriberWithPath = formatted.replace("example-bap.com|", "example.com/ondc/seller|");
    expect(parseSignatureHeader(subscriberWithPath)).toMatchObject({ ok: true, header: { subscriberId: "example.com/ondc/seller" } });
  });

  it("is missing when absent or blank", () => {
    for (const value of [null, undefined, "", "   "]) expect(parseSignatureHeader(value)).toEqual({ ok: false, reason: "missing-header" });
  });

  it("names another algorithm as unsupported, in the keyId or the parameter", () => {
    expect(parseSignatureHeader(formatted.replace('algorithm="ed25519"', 'algorithm="rsa-sha256"'))).toEqual({
      ok: false,
      reason: "unsupported-algorithm",
    });
    expect(parseSignatureHeader(formatted.replace("bap1234|ed25519", "bap1234|hmac"))).toEqual({
      ok: false,
      reason: "unsupported-algorithm",
    });
  });

  const malformed: Record<string, string> = {
    "another scheme": formatted.replace(/^Signature /, "Bearer "),
    "a parameter missing": formatted.replace(/,expires="[0-9]+"/, ""),
    "a parameter twice": `${formatted},created="1641287875"`,
    "an unknown parameter": `${formatted},nonce="1"`,
    "an unquoted value": formatted.replace('created="1641287875"', "created=1641287875"),
    "a keyId of two parts": formatted.replace("example-bap.com|bap1234|ed25519", "example-bap.com|ed25519"),
    "a keyId of four parts": formatted.replace("example-bap.com|bap1234|ed25519", "example-bap.com|bap1234|x|ed25519"),
    "an empty unique key id": formatted.replace("|bap1234|", "||"),
    "other signed headers": formatted.replace('headers="(created) (expires) digest"', 'headers="(created) digest"'),
    "the signed headers run together": formatted.replace('headers="(created) (expires) digest"', 'headers="(created)(expires)digest"'),
    "a created that is not seconds": formatted.replace('created="1641287875"', 'created="2022-01-04T09:17:55Z"'),
    "a negative expires": formatted.replace('expires="1641291475"', 'expires="-1"'),
    "expires before created": formatted.replace('expires="1641291475"', 'expires="1641287874"'),
    "a short signature": formatted.replace(SIGNATURE, "cjbhP0PFyrlSCNszJM1F"),
    "a signature that is not base64": formatted.replace(SIGNATURE, `${SIGNATURE.slice(0, 80)}!!!!!!==`),
    "a trailing comma": `${formatted},`,
    "an overlong header": `${formatted}${" ".repeat(2048)}`,
  };
  for (const [what, value] of Object.entries(malformed)) {
    it(`is malformed with ${what}`, () => {
      expect(parseSignatureHeader(value)).toEqual({ ok: false, reason: "malformed-header" });
    });
  }
});

describe("the signature's window", () => {
  it("holds from created to expires, a minute either side", () => {
    expect(checkSignatureWindow(header, header.created)).toBeNull();
    expect(checkSignatureWindow(header, header.expires)).toBeNull();
    expect(checkSignatureWindow(header, header.created - 60)).toBeNull();
    expect(checkSignatureWindow(header, header.expires + 60)).toBeNull();
  });

  it("is not yet open for a signature created in the future, and closed after it expires", () => {
    expect(checkSignatureWindow(header, header.created - 61)).toBe("not-yet-valid");
    expect(checkSignatureWindow(header, header.expires + 61)).toBe("expired");
    expect(checkSignatureWindow(header, header.expires + 1, 0)).toBe("expired");
  });
});

describe("the refusal", () => {
  it("answers a call taken with ONDC's ACK", () => {
    expect(ACK).toEqual({ message: { ack: { status: "ACK" } } });
  });

  it("is ONDC's NACK with the seller app's invalid-signature code, and a challenge naming what to sign", () => {
    expect(invalidSignatureNack()).toEqual({
      message: { ack: { status: "NACK" } },
      error: { type: "POLICY-ERROR", code: "30016", message: "Cannot verify signature for request" },
    });
    expect(signatureChallenge("angle.example.in")).toBe('Signature realm="angle.example.in",headers="(created) (expires) digest"');
  });
});
