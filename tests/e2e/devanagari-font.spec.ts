import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { phoneFontConfig } from "../../tools/phone-fonts";
import { baseURL } from "../../playwright.config";
import { defined } from "../../app/platform/defined";
import { expect, test } from "./fixtures";

/*
 * A Hindi page's Devanagari font (app.css, offline-head.server.ts): a device with its own Noto Sans
 * Devanagari (every Android phone) uses it and downloads no font file; a device without it (this
 * host) asks for both weights while the head is parsed, before the first layout, and draws with them.
 */

/** The font files the page fetched, and the status of the page's Devanagari faces once it has loaded. */
async function fontsOf(page: Page) {
  await page.goto("/hi/products");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => ({
    files: performance
      .getEntriesByType("resource")
      .filter((r) => r.name.endsWith(".woff2"))
      .map((r) => ({ name: new URL(r.name).pathname, by: (r as PerformanceResourceTiming).initiatorType })),
    faces: [...document.fonts].filter((f) => f.family.includes("Angle Devanagari")).map((f) => `${f.weight} ${f.status}`),
    headingFont: getComputedStyle(document.querySelector("h1") as Element).fontFamily,
  }));
}

test("a device without Noto Sans Devanagari preloads both weights from the head and draws with them", async ({ page }) => {
  const { files, faces } = await fontsOf(page);
  expect(files.map((f) => f.name).sort()).toEqual([
    expect.stringMatching(/^\/assets\/noto-sans-devanagari-400-[\w-]+\.woff2$/),
    expect.stringMatching(/^\/assets\/noto-sans-devanagari-700-[\w-]+\.woff2$/),
  ]);
  // Asked for by the head script's preloads, not found late by layout.
  for (const f of files) expect(f.by, f.name).toBe("link");
  expect(faces).toContain("400 loaded");
  // An English page never asks for them (a browser of its own: nothing kept from the Hindi page).
  const english = await defined(page.context().browser(), "the test's browser").newContext({ baseURL });
  try {
    const fresh = await english.newPage();
    await fresh.goto("/products");
    await expect(fresh.getByRole("heading", { level: 1 })).toBeVisible();
    await fresh.evaluate(() => document.fonts.ready);
    expect(await fresh.evaluate(() => performance.getEntriesByType("resource").filter((r) => r.name.endsWith(".woff2")).length)).toBe(0);
  } finally {
    await english.close();
  }
});

test("a phone with its own Noto Sans Devanagari downloads no font file and draws Hindi with its own", async () => {
  const dir = mkdtempSync(join(tmpdir(), "angle-phone-fonts-"));
  const { FONTCONFIG_FILE } = phoneFontConfig(dir);
  const browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    env: { ...process.env, FONTCONFIG_FILE },
  });
  try {
    const page = await browser.newPage({ baseURL });
    const { files, faces, headingFont } = await fontsOf(page);
    expect(files).toEqual([]);
    expect(faces).toContain("400 loaded");
    expect(faces).toContain("700 loaded");
    expect(headingFont).toContain("Angle Devanagari");
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
