import { test } from "vitest";
import { expectConsistent, LONG, oddBodies, oddHeaders, setUpFuzzStore, wrongMethods } from "../fuzz/fuzz-suite";
import { GET_AREAS, type GetArea } from "../fuzz/fuzz-targets";

/*
 * Odd bodies at every action, wrong methods at every page and resource route, forged session cookies
 * and odd headers: never a 5xx, and the store stays whole. How the fuzzing works, and why it is split
 * into files: tests/fuzz/fuzz-suite.ts.
 */

const fuzz = setUpFuzzStore();

for (const group of ["store", "admin", "vendor"] as const) {
  test(`odd bodies at every ${group} action never get a 5xx`, LONG, async () => {
    const failures: string[] = [];
    await oddBodies(fuzz(), group, failures);
    await expectConsistent(fuzz().store, failures);
  });
}

for (const area of Object.keys(GET_AREAS) as GetArea[]) {
  test(`wrong methods at every ${area} page and resource route never get a 5xx`, LONG, async () => {
    const failures: string[] = [];
    await wrongMethods(fuzz(), area, failures);
    await expectConsistent(fuzz().store, failures);
  });
}

test("a forged session cookie or odd headers are a visitor with no session, never a 5xx", LONG, async () => {
  const failures: string[] = [];
  await oddHeaders(fuzz(), failures);
  await expectConsistent(fuzz().store, failures);
});
