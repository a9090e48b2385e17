import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

/** Every test fails on an unexpected console error or uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" && !/Failed to load resource: the server responded with a status of (4\d\d)/.test(m.text()))
          errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The WCAG 2.2 AA rule set (axe-core 4.14 tags): target size, focus visibility and the rest. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core against WCAG 2.2 AA on the page as it is: its serious and critical violations, each as
 * "rule: the first three elements". Only violations are gathered (`resultTypes`: axe still runs every
 * rule of the tags, but lists one node of each pass instead of all ~500), and in the page itself
 * (legacy mode: our pages have no iframes) rather than in a new page @axe-core/playwright opens to
 * finish each run: the same violations, in a quarter to a half of the time (0.3–0.7 s a page instead
 * of 1.1–2.4 s, measured on /products, /hi/cart and /about with an unlabelled button, an image
 * without alt text and low-contrast text added, each found by both). `options` replaces what
 * `withTags` sets, so it comes first.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_22_AA)
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/** axe-core against WCAG 2.2 AA: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  // Colours mid-transition (a toast fading in, or out as its time runs out while axe reads the page)
  // are not what anyone reads: check the settled page, with motion reduced, which Sonner's toasts
  // honour by showing and hiding without a fade.
  await page.emulateMedia({ reducedMotion: "reduce" });
  let bad: string[];
  try {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    bad = await seriousViolations(page);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
  expect(bad, `axe on ${new URL(page.url()).pathname} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/**
 * Waits until React has hydrated, so clicks reach their handlers. A catalogue page waits for the
 * person's first intent (decision 044): this is one, as a key press or a tap on the page would be,
 * made once the page has painted (a person acts on what is drawn; the scripts are not asked for
 * before the first paint, decision 028).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    if (performance.getEntriesByName("first-contentful-paint").length > 0)
      (window as unknown as { __angleHydrate?: () => void }).__angleHydrate?.();
    return document.documentElement.hasAttribute("data-hydrated") && document.readyState === "complete";
  });
}
