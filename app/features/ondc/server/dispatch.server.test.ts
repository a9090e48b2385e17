import { describe, expect, it } from "vitest";
import type { BecknContext } from "~/features/ondc/domain/beckn";
import { checkContext, isRegisteredBapUri } from "./dispatch.server";

const us = { subscriberId: "angle.example.in", subscriberUrl: "https://angle.example.in/ondc", cities: ["std:080"] };
const context = (change: Partial<BecknContext> = {}): BecknContext => ({
  domain: "ONDC:AGR10",
  country: "IND",
  city: "std:080",
  action: "select",
  core_version: "1.2.0",
  bap_id: "buyer.example",
  bap_uri: "https://buyer.example/ondc",
  bpp_id: "angle.example.in",
  bpp_uri: "https://angle.example.in/ondc",
  transaction_id: "t-1",
  message_id: "m-1",
  timestamp: new Date().toISOString(),
  ttl: "PT30S",
  ...change,
});

describe("a call's context", () => {
  it("is taken when it is for this call, our domain, us, and a buyer app reached over https", () => {
    expect(checkContext("select", context(), us)).toBeNull();
    expect(checkContext("search", context({ action: "search", bpp_id: undefined, bpp_uri: undefined }), us)).toBeNull();
    expect(checkContext("issue", context({ action: "issue", core_version: "1.0.0" }), us)).toBeNull();
  });

  it("is refused, with the reason, when any of them is not", () => {
    expect(checkContext("select", context({ action: "init" }), us)).toBe("context.action is init, not select");
    expect(checkContext("select", context({ domain: "ONDC:RET10" }), us)).toBe("context.domain ONDC:RET10 is not ours");
    expect(checkContext("select", context({ bpp_id: "else.example" }), us)).toBe("context.bpp_id else.example is not ours");
    expect(checkContext("select", context({ bpp_id: undefined }), us)).toBe("context.bpp_id is missing");
    expect(checkContext("search", context({ action: "search", city: "std:011" }), us)).toBe("context.city std:011 is not served");
    expect(checkContext("search", context({ action: "search", city: undefined }), us)).toBe("context.city (none) is not served");
  });

  it("sends callbacks over http only when the store itself is on this machine", () => {
    const http = context({ bap_uri: "http://169.254.169.254/latest" });
    expect(checkContext("select", http, us)).toBe("context.bap_uri is not https");
    expect(checkContext("select", http, { ...us, subscriberUrl: "http://127.0.0.1:3000/ondc" })).toBeNull();
  });
});

describe("a call's bap_uri", () => {
  const registered = ["https://buyer.example/ondc"];

  it("is the buyer app's registered URL, a trailing slash on either side aside", () => {
    expect(isRegisteredBapUri("https://buyer.example/ondc", registered)).toBe(true);
    expect(isRegisteredBapUri("https://buyer.example/ondc/", registered)).toBe(true);
    expect(isRegisteredBapUri("https://buyer.example/ondc", ["https://buyer.example/ondc/"])).toBe(true);
  });

  it("is refused anywhere else, or when the registry lists no buyer-app URL", () => {
    expect(isRegisteredBapUri("https://buyer.example/ondc//", registered)).toBe(false);
    expect(isRegisteredBapUri("https://buyer.example/ondc/other", registered)).toBe(false);
    expect(isRegisteredBapUri("https://buyer.example", registered)).toBe(false);
    expect(isRegisteredBapUri("https://attacker.example/ondc", registered)).toBe(false);
    expect(isRegisteredBapUri("https://buyer.example/ondc", [])).toBe(false);
  });
});
