import { expect, test } from "vitest";
import { hostileQueries, LONG, setUpFuzzStore } from "../fuzz/fuzz-suite";
import { GET_AREAS, type GetArea } from "../fuzz/fuzz-targets";

/*
 * Hostile query strings on every page and resource route never get a 5xx. How the fuzzing works,
 * and why it is split into files: tests/fuzz/fuzz-suite.ts.
 */

const fuzz = setUpFuzzStore();

for (const area of Object.keys(GET_AREAS) as GetArea[]) {
  test(`hostile query strings on every ${area} page and resource route never get a 5xx`, LONG, async () => {
    const failures: string[] = [];
    await hostileQueries(fuzz(), area, failures);
    expect(failures).toEqual([]);
  });
}

test("hostile query strings at React Router's own endpoints never get a 5xx", LONG, async () => {
  const { sessions } = fuzz();
  const failures: string[] = [];
  // React Router's own endpoints: lazy route discovery and single-fetch.
  for (const url of [
    "/__manifest?p=%2Fproducts&p=%00&version=x",
    `/__manifest?p=${"%2Fa".repeat(2000)}`,
    "/__manifest?version=",
    "/products.data?_routes=routes%2Fstore%2Fproducts,nope",
    "/products.data?_routes=__proto__",
    "/admin/users.data?_routes=root",
    "/.data",
    "/%2e%2e/%2e%2e/etc/passwd",
  ]) {
    const response = await sessions.as.customer.get(url, { maxRedirects: 0 });
    if (response.status() >= 500) failures.push(`GET ${url.slice(0, 200)} → ${response.status()}`);
  }
  expect(failures).toEqual([]);
});
