import { buildWorld } from "../fuzz/fuzz-world";
import { test } from "./fixtures";
import { startFuzzStore } from "./fuzz-store";
import { xssJourney } from "./fuzz-xss";

/*
 * Hostile markup stored through every form that keeps text someone else will see, then every page
 * that shows it opened in the browser with its Content-Security-Policy off (fuzz-xss.ts): nothing
 * runs, the text shows literally. On a store of its own (fuzz-store.ts), whose database the journey
 * reads. The request-only fuzzing (hostile forms, query strings, bodies and methods) needs no
 * browser: tests/fuzz/fuzz-suite.ts and the tests/integration/fuzz-*.test.ts files.
 */
test("hostile text stored anywhere renders as text on every page that shows it", async ({ browser }) => {
  test.setTimeout(120_000);
  const store = await startFuzzStore();
  try {
    const { world, sessions } = await buildWorld(store, `${Date.now().toString(36)}b`);
    await xssJourney({ store, world, sessions }, browser);
  } finally {
    await store.stop();
  }
});
