import { describe, expect, it } from "vitest";
import type { BecknContext } from "./beckn";
import { callbackContext, callbackUrl, contextFreshness, freshForSeconds, parseIsoDuration } from "./context";

describe("a call's ttl", () => {
  it("reads ISO 8601 durations in seconds", () => {
    expect(parseIsoDuration("PT30S")).toBe(30);
    expect(parseIsoDuration("PT1H30M")).toBe(5400);
    expect(parseIsoDuration("P1D")).toBe(86_400);
    expect(parseIsoDuration("P1W")).toBe(604_800);
    expect(parseIsoDuration("PT0.5S")).toBe(0.5);
    expect(parseIsoDuration("P1DT2H")).toBe(93_600);
  });

  it("refuses what is not a duration, and years and months (no fixed length)", () => {
    for (const bad of ["", "P", "PT", "30", "30S", "PT30", "P1Y", "P1M", "PT-5S", "pt30s", "PT30S junk", "P1DT"]) {
      expect(parseIsoDuration(bad), bad).toBeNull();
    }
  });

  it("keeps a call fresh for its ttl, at least 30 seconds and at most a day", () => {
    expect(freshForSeconds(undefined)).toBe(30);
    expect(freshForSeconds("PT5S")).toBe(30);
    expect(freshForSeconds("PT2M")).toBe(120);
    expect(freshForSeconds("P30D")).toBe(86_400);
    expect(freshForSeconds("soon")).toBeNull();
  });

  it("calls a timestamp stale past its ttl and a minute's skew, and early more than a minute ahead", () => {
    const now = new Date("2026-11-30T10:00:00.000Z");
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
    expect(contextFreshness({ timestamp: at(-89), ttl: "PT30S" }, now)).toBe("fresh");
    expect(contextFreshness({ timestamp: at(-91), ttl: "PT30S" }, now)).toBe("stale");
    expect(contextFreshness({ timestamp: at(-91), ttl: "PT1M" }, now)).toBe("fresh");
    expect(contextFreshness({ timestamp: at(-91) }, now)).toBe("stale");
    expect(contextFreshness({ timestamp: at(59), ttl: "PT30S" }, now)).toBe("fresh");
    expect(contextFreshness({ timestamp: at(61), ttl: "PT30S" }, now)).toBe("future");
    expect(contextFreshness({ timestamp: at(0), ttl: "thirty" }, now)).toBe("bad-ttl");
  });
});

describe("our callback's context", () => {
  const call: BecknContext = {
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
    timestamp: "2026-11-30T09:59:58.000Z",
    ttl: "PT30S",
    extra: "not echoed",
  };
  const us = { subscriberId: "angle.example.in", subscriberUrl: "https://angle.example.in/ondc" };

  it("keeps the call's ids, domain, place, version and ttl, with our ids, the on_ action and a fresh timestamp", () => {
    const now = new Date("2026-11-30T10:00:00.000Z");
    expect(callbackContext({ ...call, bpp_id: "someone.else", bpp_uri: "https://else.example" }, "select", us, now)).toEqual({
      domain: "ONDC:AGR10",
      country: "IND",
      city: "std:080",
      action: "on_select",
      core_version: "1.2.0",
      bap_id: "buyer.example",
      bap_uri: "https://buyer.example/ondc",
      bpp_id: "angle.example.in",
      bpp_uri: "https://angle.example.in/ondc",
      transaction_id: "t-1",
      message_id: "m-1",
      timestamp: "2026-11-30T10:00:00.000Z",
      ttl: "PT30S",
    });
  });

  it("gives a call without a ttl ONDC's usual one, and leaves out what the call left out", () => {
    const { ttl: _ttl, country: _country, city: _city, core_version: _version, ...bare } = call;
    const context = callbackContext(bare as BecknContext, "search", us, new Date());
    expect(context.ttl).toBe("PT30S");
    expect(context.action).toBe("on_search");
    expect(context).not.toHaveProperty("country");
    expect(context).not.toHaveProperty("city");
    expect(context).not.toHaveProperty("core_version");
  });

  it("goes to on_<action> under bap_uri, with or without a path or a trailing slash", () => {
    expect(callbackUrl("https://buyer.example/ondc", "on_search")).toBe("https://buyer.example/ondc/on_search");
    expect(callbackUrl("https://buyer.example/ondc/", "on_search")).toBe("https://buyer.example/ondc/on_search");
    expect(callbackUrl("https://buyer.example", "on_select")).toBe("https://buyer.example/on_select");
    expect(callbackUrl("https://buyer.example/", "on_select")).toBe("https://buyer.example/on_select");
    expect(callbackUrl("http://127.0.0.1:4321/a/b?x=1", "on_status")).toBe("http://127.0.0.1:4321/a/b/on_status?x=1");
  });
});
