import { describe, expect, it } from "vitest";
import {
  AREA_CONVERSION_NOTES,
  bighaNote,
  AREA_UNITS,
  amountNeeded,
  cheapestPacks,
  formatBaseAmount,
  formatPackSize,
  MAX_PLAN_CELLS,
  type PackOption,
  type PackPlan,
  type PackUnit,
  parseArea,
  toBase,
} from "./dosage";
import { english } from "../../../platform/i18n/render-refusal.server";

const pack = (id: string, quantity: number, unit: PackUnit, pricePaise: number, stock = 100): PackOption => ({
  id,
  quantity,
  unit,
  pricePaise,
  stock,
});

function plan(result: ReturnType<typeof cheapestPacks>): PackPlan {
  if ("none" in result) throw new Error(`expected a plan, got ${result.none}`);
  return result;
}

describe("units", () => {
  it("converts pack sizes to grams, millilitres and pieces", () => {
    expect(toBase(2, "kg")).toEqual({ kind: "mass", amount: 2000 });
    expect(toBase(250, "g")).toEqual({ kind: "mass", amount: 250 });
    expect(toBase(1.5, "l")).toEqual({ kind: "volume", amount: 1500 });
    expect(toBase(100, "ml")).toEqual({ kind: "volume", amount: 100 });
    expect(toBase(3, "piece")).toEqual({ kind: "count", amount: 3 });
  });

  it("formats amounts for people, with Indian grouping", () => {
    expect(formatBaseAmount({ kind: "mass", amount: 2500 })).toBe("2.5 kg");
    expect(formatBaseAmount({ kind: "mass", amount: 750 })).toBe("750 g");
    expect(formatBaseAmount({ kind: "mass", amount: 1000 })).toBe("1 kg");
    expect(formatBaseAmount({ kind: "mass", amount: 4942 })).toBe("4.942 kg");
    expect(formatBaseAmount({ kind: "mass", amount: 1_250_000_000 })).toBe("12,50,000 kg");
    expect(formatBaseAmount({ kind: "volume", amount: 1500 })).toBe("1.5 L");
    expect(formatBaseAmount({ kind: "volume", amount: 999 })).toBe("999 ml");
    expect(formatBaseAmount({ kind: "count", amount: 3 })).toBe("3 pieces");
    expect(formatBaseAmount({ kind: "count", amount: 1 })).toBe("1 piece");
    expect(formatBaseAmount({ kind: "count", amount: 150_000 })).toBe("1,50,000 pieces");
    expect(formatPackSize(500, "g")).toBe("500 g");
    expect(formatPackSize(1, "l")).toBe("1 L");
    expect(formatPackSize(10, "piece")).toBe("10 pieces");
  });
});

describe("area", () => {
  it("states its conversions as constants and as text", () => {
    const acresPer = Object.fromEntries(AREA_UNITS.map((u) => [u.value, u.acresPerUnit]));
    expect(acresPer).toEqual({ acre: 1, guntha: 1 / 40, bigha: 0.625, hectare: 2.471 });
    expect(AREA_CONVERSION_NOTES.join(" ")).toContain("1 acre = 40 guntha");
    expect(bighaNote("Rajasthan")).toBe("Bigha sizes differ by State; here 1 bigha = 2,529.3 m² (0.625 acre), Rajasthan's");
    expect(bighaNote("Madhya Pradesh")).toBe("Bigha sizes differ by State; here 1 bigha = 1,114.8 m² (0.275 acre), Madhya Pradesh's");
  });

  it("converts typed areas to acres", () => {
    expect(parseArea("2", "acre")).toEqual({ ok: true, acres: 2 });
    expect(parseArea(" 2.5 ", "acre")).toEqual({ ok: true, acres: 2.5 });
    expect(parseArea(".5", "acre")).toEqual({ ok: true, acres: 0.5 });
    expect(parseArea("1,000", "acre")).toEqual({ ok: true, acres: 1000 });
    expect(parseArea("20", "guntha")).toEqual({ ok: true, acres: 0.5 });
    expect(parseArea("4", "bigha")).toEqual({ ok: true, acres: 2.5 });
    expect(parseArea("2", "hectare")).toEqual({ ok: true, acres: 4.942 });
    expect(parseArea("40,000", "guntha")).toEqual({ ok: true, acres: 1000 });
  });

  it("refuses bad areas with a clear message", () => {
    const message = (value: string, unit = "acre") => {
      const result = parseArea(value, unit);
      return result.ok ? null : english(result.refusal);
    };
    expect(message("")).toBe("Enter the area of your field.");
    expect(message("   ")).toBe("Enter the area of your field.");
    for (const junk of ["abc", "2 acres", "1e3", "1.2.3", "Infinity", "NaN", "0x10", "+2"]) {
      expect(message(junk)).toBe("Enter the area as a number, like 2 or 2.5.");
    }
    expect(message("0")).toBe("Enter an area greater than 0.");
    expect(message("0.000")).toBe("Enter an area greater than 0.");
    expect(message("-2")).toBe("Enter an area greater than 0.");
    expect(message("1000.01")).toBe("Enter an area up to 1,000 acres.");
    expect(message("40001", "guntha")).toBe("Enter an area up to 1,000 acres (40,000 guntha).");
    expect(message("405", "hectare")).toBe("Enter an area up to 1,000 acres (404.69 hectares).");
    expect(message("2", "sq ft")).toBe("Choose a unit: acre, guntha, bigha or hectare.");
    expect(message("2", "")).toBe("Choose a unit: acre, guntha, bigha or hectare.");
  });
});

describe("amount needed", () => {
  it("multiplies the dosage by the area and rounds up to a whole unit", () => {
    expect(amountNeeded({ amount: 2, unit: "kg" }, 2)).toEqual({ kind: "mass", amount: 4000 });
    expect(amountNeeded({ amount: 2, unit: "kg" }, 4.942)).toEqual({ kind: "mass", amount: 9884 });
    expect(amountNeeded({ amount: 250, unit: "ml" }, 1 / 3)).toEqual({ kind: "volume", amount: 84 });
    expect(amountNeeded({ amount: 1.1, unit: "l" }, 3)).toEqual({ kind: "volume", amount: 3300 }); // 3300.0000000000005 in floats
    expect(amountNeeded({ amount: 400, unit: "piece" }, 0.025)).toEqual({ kind: "count", amount: 10 });
  });
});

describe("cheapest packs", () => {
  it("beats greedy-by-largest when smaller packs are better value", () => {
    // 1 kg needed: greedy takes the 1 kg pack (₹300); two 500 g packs cost ₹250.
    const result = plan(cheapestPacks({ kind: "mass", amount: 1000 }, [pack("kg1", 1, "kg", 30_000), pack("g500", 500, "g", 12_500)]));
    expect(result).toEqual({ lines: [{ id: "g500", count: 2 }], totalPaise: 25_000, coveredAmount: 1000 });
  });

  it("beats greedy-by-largest when a leftover forces an extra big pack", () => {
    // 6 L needed from 5 L (₹500) and 3 L (₹320): greedy buys 5 L + 5 L = ₹1,000; 3 L + 3 L = ₹640.
    const result = plan(cheapestPacks({ kind: "volume", amount: 6000 }, [pack("l5", 5, "l", 50_000), pack("l3", 3, "l", 32_000)]));
    expect(result.lines).toEqual([{ id: "l3", count: 2 }]);
    expect(result.totalPaise).toBe(64_000);
    expect(result.coveredAmount).toBe(6000);
  });

  it("beats greedy-by-best-value too", () => {
    // 1.1 kg: the 1 kg pack is the best value per gram, but 1 kg + 100 g (₹260 + ₹60) loses to 3 × 400 g (₹300).
    const result = plan(
      cheapestPacks({ kind: "mass", amount: 1100 }, [
        pack("kg1", 1, "kg", 26_000),
        pack("g400", 400, "g", 10_000),
        pack("g100", 100, "g", 6_000),
      ]),
    );
    expect(result).toEqual({ lines: [{ id: "g400", count: 3 }], totalPaise: 30_000, coveredAmount: 1200 });
  });

  it("on equal price prefers fewer packs, then less excess", () => {
    const fewer = plan(cheapestPacks({ kind: "mass", amount: 1000 }, [pack("g500", 500, "g", 10_000), pack("kg1", 1, "kg", 20_000)]));
    expect(fewer.lines).toEqual([{ id: "kg1", count: 1 }]);
    const lessExcess = plan(cheapestPacks({ kind: "mass", amount: 900 }, [pack("kg1", 1, "kg", 20_000), pack("g900", 900, "g", 20_000)]));
    expect(lessExcess).toEqual({ lines: [{ id: "g900", count: 1 }], totalPaise: 20_000, coveredAmount: 900 });
  });

  it("never takes more of a pack than its stock or the per-pack limit", () => {
    const stockLimited = plan(
      cheapestPacks({ kind: "mass", amount: 5000 }, [pack("kg1", 1, "kg", 20_000, 3), pack("g500", 500, "g", 15_000, 50)]),
    );
    expect(stockLimited.lines).toEqual([
      { id: "kg1", count: 3 },
      { id: "g500", count: 4 },
    ]);
    expect(stockLimited.totalPaise).toBe(3 * 20_000 + 4 * 15_000);
    // 7 kg: seven 1 kg packs would be cheapest, but at most 2 of a pack may be taken.
    const capped = plan(cheapestPacks({ kind: "mass", amount: 7000 }, [pack("kg1", 1, "kg", 20_000), pack("kg5", 5, "kg", 200_000)], 2));
    expect(capped.lines).toEqual([
      { id: "kg1", count: 2 },
      { id: "kg5", count: 1 },
    ]);
    expect(capped.totalPaise).toBe(240_000);
  });

  it("explains when no plan is possible", () => {
    const needed = { kind: "mass" as const, amount: 3000 };
    expect(cheapestPacks(needed, [pack("ml", 500, "ml", 100), pack("pc", 1, "piece", 100)])).toEqual({ none: "no-compatible-packs" });
    expect(cheapestPacks(needed, [pack("kg1", 1, "kg", 100, 0)])).toEqual({ none: "no-compatible-packs" });
    expect(cheapestPacks(needed, [])).toEqual({ none: "no-compatible-packs" });
    expect(cheapestPacks(needed, [pack("kg1", 1, "kg", 100, 2)])).toEqual({ none: "not-enough-stock" });
    expect(cheapestPacks(needed, [pack("kg1", 1, "kg", 100, 5)], 2)).toEqual({ none: "not-enough-stock" });
  });

  it("mixes g and kg packs of one product, and L and ml", () => {
    const result = plan(
      cheapestPacks({ kind: "volume", amount: 1250 }, [
        pack("l1", 1, "l", 40_000),
        pack("ml250", 250, "ml", 11_000),
        pack("kg", 1, "kg", 1),
      ]),
    );
    expect(result).toEqual({
      lines: [
        { id: "l1", count: 1 },
        { id: "ml250", count: 1 },
      ],
      totalPaise: 51_000,
      coveredAmount: 1250,
    });
  });

  it("keeps paise exact over large totals", () => {
    const result = plan(cheapestPacks({ kind: "mass", amount: 999 * 25_000 }, [pack("kg25", 25, "kg", 123_457, 999)]));
    expect(result.totalPaise).toBe(999 * 123_457);
    expect(Number.isInteger(result.totalPaise)).toBe(true);
  });

  // How long plans take is measured by bench/dosage.ts (npm run bench), not here.
  it("plans 500 kg from five pack sizes, the best-value sack capped by its stock", () => {
    const packs = [
      pack("g100", 100, "g", 4_500, 5_000),
      pack("g250", 250, "g", 10_500, 5_000),
      pack("kg1", 1, "kg", 39_900, 5_000),
      pack("kg5", 5, "kg", 189_900, 5_000),
      pack("kg25", 25, "kg", 940_000, 19),
    ];
    const result = plan(cheapestPacks({ kind: "mass", amount: 500_000 }, packs));
    expect(result.coveredAmount).toBeGreaterThanOrEqual(500_000);
    // 25 kg is the best value per gram but only 19 are in stock; 5 kg is next: 475 kg + 25 kg, exactly.
    expect(result.lines).toEqual([
      { id: "kg5", count: 5 },
      { id: "kg25", count: 19 },
    ]);
    expect(result.totalPaise).toBe(19 * 940_000 + 5 * 189_900);
  });

  it("plans 1,000 acres at 50 kg an acre by committing the best-value sacks first", () => {
    const packs = [
      pack("g100", 100, "g", 4_500, 5_000),
      pack("g250", 250, "g", 10_500, 5_000),
      pack("kg1", 1, "kg", 39_900, 5_000),
      pack("kg5", 5, "kg", 189_900, 5_000),
      pack("kg25", 25, "kg", 900_000, 5_000),
    ];
    const result = plan(cheapestPacks({ kind: "mass", amount: 50_000_000 }, packs, 5_000));
    expect(result).toEqual({ lines: [{ id: "kg25", count: 2_000 }], totalPaise: 2_000 * 900_000, coveredAmount: 50_000_000 });
  });

  it("answers too-large instead of building a huge table", () => {
    // A 1 g pack beside 333 g and 25 kg packs makes the unit 1 g: 5,000 kg would need a 150 M-cell table.
    const packs = [pack("g1", 1, "g", 50, 999), pack("g333", 333, "g", 9_000, 999), pack("kg25", 25, "kg", 600_000, 999)];
    expect(cheapestPacks({ kind: "mass", amount: 5_000_001 }, packs)).toEqual({ none: "too-large" });
    // The same packs plan a smaller field fine.
    const small = plan(cheapestPacks({ kind: "mass", amount: 50_001 }, packs));
    expect(small).toEqual({
      lines: [
        { id: "g1", count: 1 },
        { id: "kg25", count: 2 },
      ],
      totalPaise: 50 + 2 * 600_000,
      coveredAmount: 50_001,
    });
    expect(MAX_PLAN_CELLS).toBe(20_000_000);
  });
});

describe("cheapest packs against brute force", () => {
  // A small deterministic PRNG so a failure can be replayed.
  function random(seed: number) {
    let state = seed >>> 0;
    return () => {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      return state / 2 ** 32;
    };
  }

  type Spec = { size: number; price: number; cap: number };
  type Best = { cost: number; count: number; covered: number };

  /** Every count vector within the caps; the best by (price, packs, excess), or null when none covers. */
  function bruteForce(needed: number, specs: Spec[]): Best | null {
    let best: Best | null = null;
    const visit = (i: number, cost: number, count: number, covered: number) => {
      const spec = specs[i];
      if (!spec) {
        if (covered < needed) return;
        const better =
          !best ||
          cost < best.cost ||
          (cost === best.cost && count < best.count) ||
          (cost === best.cost && count === best.count && covered < best.covered);
        if (better) best = { cost, count, covered };
        return;
      }
      for (let c = 0; c <= spec.cap; c++) visit(i + 1, cost + c * spec.price, count + c, covered + c * spec.size);
    };
    visit(0, 0, 0, 0);
    return best;
  }

  it("matches an exhaustive search on 600 random small cases", () => {
    const next = random(20_240_611);
    const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
    let solved = 0;
    let unsolvable = 0;
    for (let round = 0; round < 600; round++) {
      const n = int(1, 4);
      const maxPerPack = int(1, 20);
      const specs = Array.from({ length: n }, () => {
        const size = 50 * int(1, 12); // 50 g … 600 g
        const price = Math.round(size * (0.6 + next())) + int(0, 300);
        return { size, price, stock: int(0, 14 - 2 * n) };
      });
      const needed = int(1, 80) * 25 + int(0, 3);
      const packs = specs.map((spec, i) => pack(`p${i}`, spec.size, "g", spec.price, spec.stock));
      const result = cheapestPacks({ kind: "mass", amount: needed }, packs, maxPerPack);
      const bySpec = new Map(specs.map((spec, i) => [`p${i}`, { ...spec, cap: Math.min(spec.stock, maxPerPack) }]));
      const best = bruteForce(needed, [...bySpec.values()]);
      if (!best) {
        unsolvable++;
        expect(result).toHaveProperty("none");
        continue;
      }
      solved++;
      const found = plan(result);
      // The plan is real: within caps, priced right, covering the need …
      let cost = 0;
      let count = 0;
      let covered = 0;
      for (const line of found.lines) {
        const spec = bySpec.get(line.id);
        if (!spec) throw new Error(`unknown pack ${line.id}`);
        expect(line.count).toBeGreaterThan(0);
        expect(line.count).toBeLessThanOrEqual(spec.cap);
        cost += line.count * spec.price;
        count += line.count;
        covered += line.count * spec.size;
      }
      expect(found.totalPaise).toBe(cost);
      expect(found.coveredAmount).toBe(covered);
      // … and as good as the best by (price, packs, excess).
      expect({ cost, count, covered }).toEqual(best);
    }
    expect(solved).toBeGreaterThan(300);
    expect(unsolvable).toBeGreaterThan(20);
  });

  it("matches an exhaustive search where the target dwarfs the pack sizes (the reduction step)", () => {
    const next = random(7);
    const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
    let solved = 0;
    for (let round = 0; round < 300; round++) {
      const specs = [0, 1, 2].map(() => {
        const size = int(1, 6);
        return { size, price: size * int(5, 9) + int(0, 4), cap: int(0, 30) };
      });
      const needed = int(20, 90);
      const packs = specs.map((spec, i) => pack(`p${i}`, spec.size, "piece", spec.price, spec.cap));
      const result = cheapestPacks({ kind: "count", amount: needed }, packs);
      const best = bruteForce(needed, specs);
      if (!best) {
        expect(result).toHaveProperty("none");
        continue;
      }
      solved++;
      const found = plan(result);
      const count = found.lines.reduce((sum, l) => sum + l.count, 0);
      expect({ cost: found.totalPaise, count, covered: found.coveredAmount }).toEqual(best);
    }
    expect(solved).toBeGreaterThan(150);
  });
});
