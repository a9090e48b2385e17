import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, test } from "vitest";
import { bootScript, DEFERRED_DATA_TYPE, DEFERRED_MODULE_TYPE, type HydrateWhen, scriptsAfterPaint } from "./scripts-after-paint.server";

// React Router's markup as React 19 streams it: modulepreloads hoisted into the head, the module
// script at the end of the body, the hydration data after it.
const nonce = ' nonce="abc+/="';
const head =
  `<!DOCTYPE html><html lang="hi-IN"><head><meta charSet="utf-8"/><title>बीज · Angle</title>` +
  `<link rel="modulepreload" href="/assets/entry.client-A.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/root-B.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/entry.client-A.js"${nonce}/>` +
  `<style id="angle-css">a{color:red}</style></head>`;
const moduleCode = `;\nimport * as route0 from "/assets/root-B.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");`;
const body =
  `<body><main><h1>हिन्दी में बीज</h1><p>a &lt; b</p></main>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">${moduleCode}</script>` +
  `<!--$--><script${nonce}>window.__reactRouterContext.streamController.enqueue("[]");</script><!--/$--></body></html>`;
const page = head + body;

const expected =
  head.replace(/<link rel="modulepreload"[^>]*>/g, "") +
  body.replace(
    `<script${nonce} type="module" async="">${moduleCode}</script>`,
    `<script${nonce} type="${DEFERRED_MODULE_TYPE}">${moduleCode}</script>` +
      bootScript(nonce, ["/assets/entry.client-A.js", "/assets/root-B.js"]),
  );

async function rewrite(chunks: Uint8Array[], when: HydrateWhen = "load") {
  return text(Readable.from(chunks).pipe(scriptsAfterPaint(when)));
}

// On a page that hydrates on intent, React Router's data scripts wait too, inert.
const expectedOnIntent = expected
  .replace(
    bootScript(nonce, ["/assets/entry.client-A.js", "/assets/root-B.js"]),
    bootScript(nonce, ["/assets/entry.client-A.js", "/assets/root-B.js"], "intent"),
  )
  .replace(
    `<script${nonce}>window.__reactRouterContext.streamController`,
    `<script${nonce} type="${DEFERRED_DATA_TYPE}">window.__reactRouterContext.streamController`,
  )
  .replace(
    `<script${nonce}>window.__reactRouterContext = {};`,
    `<script${nonce} type="${DEFERRED_DATA_TYPE}">window.__reactRouterContext = {};`,
  );

describe("scriptsAfterPaint", () => {
  test("takes the preloads out of the head, makes the module script inert and starts it from a boot script", async () => {
    const out = await rewrite([new TextEncoder().encode(page)]);
    expect(out).toBe(expected);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toMatch(/<script[^>]* type="module"/);
    // The boot script carries the module script's nonce, and what it runs is the module script it follows.
    expect(out).toContain(`type="${DEFERRED_MODULE_TYPE}">${moduleCode}</script><script${nonce}>((p,i,q)=>`);
  });

  test("gives the same page whatever the chunks, even splitting a tag or a Devanagari letter", async () => {
    const bytes = new TextEncoder().encode(page);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await rewrite([bytes.slice(0, cut), bytes.slice(cut)])).toBe(expected);
    }
    const bytewise = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(await rewrite(bytewise)).toBe(expected);
  });

  test("on a page that hydrates on intent, makes the data scripts inert too, whatever the chunks", async () => {
    expect(expectedOnIntent).not.toBe(expected);
    expect(expectedOnIntent).toContain(`type="${DEFERRED_DATA_TYPE}">window.__reactRouterContext.streamController.enqueue`);
    // The handoff before the module script (it builds the stream the data scripts feed) waits too.
    expect(expectedOnIntent).toContain(`<script${nonce} type="${DEFERRED_DATA_TYPE}">window.__reactRouterContext = {};</script>`);
    expect(expectedOnIntent).not.toMatch(/<script(?![^>]*type=)[^>]*>window\.__reactRouterContext/);
    const bytes = new TextEncoder().encode(page);
    expect(await rewrite([bytes], "intent")).toBe(expectedOnIntent);
    for (let cut = 1; cut < bytes.length; cut += 5) {
      expect(await rewrite([bytes.slice(0, cut), bytes.slice(cut)], "intent")).toBe(expectedOnIntent);
    }
    expect(
      await rewrite(
        Array.from(bytes, (b) => Uint8Array.of(b)),
        "intent",
      ),
    ).toBe(expectedOnIntent);
  });

  test("keeps a page without React Router's module script as it was, preloads included", async () => {
    const plain = `${head}<body><p>Back soon</p></body></html>`;
    const out = await rewrite([new TextEncoder().encode(plain)]);
    expect(out).not.toContain(DEFERRED_MODULE_TYPE);
    expect(out).toContain('<link rel="modulepreload" href="/assets/entry.client-A.js"/>');
    expect(out).toContain('<link rel="modulepreload" href="/assets/root-B.js"/>');
  });

  test("leaves the scripts asked for on intent out of the preloads made after the first paint", async () => {
    const onIntent = new Set(["/assets/root-B.js"]);
    const out = await text(Readable.from([new TextEncoder().encode(page)]).pipe(scriptsAfterPaint("intent", onIntent)));
    expect(out).toContain(bootScript(nonce, ["/assets/entry.client-A.js", "/assets/root-B.js"], "intent", onIntent));
    expect(out).toContain(`(["/assets/entry.client-A.js"],1,["/assets/root-B.js"])</script>`);
  });

  test("writes the preload list so that nothing in it can end the inline script", () => {
    expect(bootScript("", ["/assets/a</script>.js"])).not.toContain("a</script>");
  });
});
