// Latency of the same pages on two running stores (e.g. 1,000 and 100,000 products), one request
// at a time, alternating between them, so that whatever else loads the machine weighs on both
// alike; prints each page's median and the ratio. Start the two servers first (bench/README.md).
//   npx tsx bench/compare.ts http://localhost:3631 http://localhost:3632 /crops/tomato "/crops/tomato?page=3"
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({ options: { rounds: { type: "string", default: "60" } }, allowPositionals: true });
const [small, large, ...paths] = positionals;
if (!small || !large || paths.length === 0) throw new Error("usage: compare.ts <base url A> <base url B> <path>…");
const rounds = Number(values.rounds);

async function time(url: string) {
  const started = performance.now();
  const response = await fetch(url);
  await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return performance.now() - started;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

for (const path of paths) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 5; i++) await Promise.all([time(small + path), time(large + path)]); // warm up
  for (let i = 0; i < rounds; i++) {
    // Each goes first half of the time.
    if (i % 2) {
      a.push(await time(small + path));
      b.push(await time(large + path));
    } else {
      b.push(await time(large + path));
      a.push(await time(small + path));
    }
  }
  const [ma, mb] = [median(a), median(b)];
  console.log(`${path.padEnd(45)} A ${ma.toFixed(1)} ms  B ${mb.toFixed(1)} ms  B/A ${(mb / ma).toFixed(2)}`);
}
