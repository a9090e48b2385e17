// The dosage calculator's planner (cheapestPacks, an exact bounded knapsack) on large fields: the
// median time of each case over many runs. The product page answers ?area=… with it.
//   npm run bench:dosage [-- --runs 200]
import { parseArgs } from "node:util";
import { cheapestPacks, type PackOption } from "../app/features/dosage/domain/dosage";

const { values } = parseArgs({ options: { runs: { type: "string", default: "200" } } });
const runs = Number(values.runs);
const pack = (id: string, quantity: number, unit: PackOption["unit"], pricePaise: number, stock: number): PackOption => ({
  id,
  quantity,
  unit,
  pricePaise,
  stock,
});
const fertiliser = [
  pack("g100", 100, "g", 4_500, 5_000),
  pack("g250", 250, "g", 10_500, 5_000),
  pack("kg1", 1, "kg", 39_900, 5_000),
  pack("kg5", 5, "kg", 189_900, 5_000),
  pack("kg25", 25, "kg", 940_000, 19),
];
const CASES: [string, () => unknown][] = [
  ["500 kg from five sizes (25 kg short of stock)", () => cheapestPacks({ kind: "mass", amount: 500_000 }, fertiliser)],
  [
    "1,000 acres × 50 kg",
    () =>
      cheapestPacks(
        { kind: "mass", amount: 50_000_000 },
        fertiliser.map((p) => ({ ...p, stock: 5_000 })),
        5_000,
      ),
  ],
  [
    "too large (1 g, 333 g and 25 kg packs for 5,000 kg)",
    () =>
      cheapestPacks({ kind: "mass", amount: 5_000_001 }, [
        pack("g1", 1, "g", 50, 999),
        pack("g333", 333, "g", 9_000, 999),
        pack("kg25", 25, "kg", 600_000, 999),
      ]),
  ],
];
for (const [name, run] of CASES) {
  for (let i = 0; i < 5; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  console.log(`dosage plan, ${name}: median ${median.toFixed(2)} ms, max ${(times.at(-1) ?? Number.NaN).toFixed(2)} ms over ${runs} runs`);
}
