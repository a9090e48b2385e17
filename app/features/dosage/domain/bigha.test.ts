import { describe, expect, test } from "vitest";
import { BIGHA_SIZES, bighaSize, chooseBigha, DEFAULT_BIGHA_STATE, isBighaState } from "./bigha";
import { parseArea } from "./dosage";
import { INDIAN_STATE_NAMES } from "../../../platform/core/indian-states";

describe("a State's bigha", () => {
  test("converts to acres and square metres from the sources' square feet", () => {
    expect(bighaSize("Rajasthan")).toEqual({ state: "Rajasthan", acres: 0.625, squareMetres: 2529.3 });
    expect(bighaSize("Himachal Pradesh")).toEqual({ state: "Himachal Pradesh", acres: 0.2, squareMetres: 809.4 });
    expect(bighaSize("Gujarat")).toEqual({ state: "Gujarat", acres: 0.4, squareMetres: 1618.7 });
    expect(bighaSize("West Bengal").squareMetres).toBe(1337.8);
    expect(bighaSize("Assam").acres).toBeCloseTo(0.3306, 4);
    expect(bighaSize("Madhya Pradesh").acres).toBeCloseTo(0.2755, 4);
    expect(bighaSize("Madhya Pradesh").squareMetres).toBe(1114.8);
  });

  test("every listed State is one of India's, and the default is the pakka bigha the calculator used before", () => {
    for (const { state } of BIGHA_SIZES) expect(INDIAN_STATE_NAMES).toContain(state);
    expect(bighaSize(DEFAULT_BIGHA_STATE).acres).toBe(0.625);
  });

  test("the choice: the form's, else the delivery State's, else the default", () => {
    expect(chooseBigha("Gujarat", "Madhya Pradesh")).toBe("Gujarat");
    expect(chooseBigha(null, "Madhya Pradesh")).toBe("Madhya Pradesh");
    expect(chooseBigha("Atlantis", "Madhya Pradesh")).toBe("Madhya Pradesh");
    expect(chooseBigha(undefined, "Kerala")).toBe(DEFAULT_BIGHA_STATE);
    expect(chooseBigha("", null)).toBe(DEFAULT_BIGHA_STATE);
    expect(isBighaState("West Bengal")).toBe(true);
    expect(isBighaState("west bengal")).toBe(false);
  });

  test("an area in bigha is the State's bigha times the count", () => {
    expect(parseArea("4", "bigha", "Rajasthan")).toEqual({ ok: true, acres: 2.5 });
    expect(parseArea("5", "bigha", "Himachal Pradesh")).toEqual({ ok: true, acres: 1 });
    const mp = parseArea("10", "bigha", "Madhya Pradesh");
    expect(mp.ok && mp.acres).toBeCloseTo(2.7548, 4);
    // Without a State, the default bigha.
    expect(parseArea("4", "bigha")).toEqual({ ok: true, acres: 2.5 });
    // Units other than bigha do not depend on the State.
    expect(parseArea("2", "acre", "Assam")).toEqual({ ok: true, acres: 2 });
  });
});
