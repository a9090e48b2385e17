import { Transform } from "node:stream";
import { defined } from "../defined";

/**
 * Pages paint before their JavaScript loads (docs/decisions/028-first-paint.md).
 *
 * React Router's <Scripts> draws a `<link rel="modulepreload">` for each script of the page, which
 * React moves to the top of the <head>, and at the end of the <body> an inline module script that
 * imports them. Chromium fetches modulepreloads at high priority as soon as it reads them: ~100 KB
 * of JavaScript then shares a slow network with the rest of the document and the page's first
 * images, and Lighthouse counts each high-priority script that finished before the first paint as
 * needed for it (a module's evaluation is not traced with its address, so nothing shows otherwise),
 * and each script that finished before the largest paint as needed for that.
 *
 * This rewrites the document as it streams: the preloads leave the head, the module script stays
 * where it is but inert (another `type`), and a small inline script after it adds the preloads and
 * runs the module script once the page has painted its first content and its likely largest image
 * (BOOT below). The first paint then needs the HTML, with its inlined stylesheet, and nothing else.
 * Hydration is unchanged: the script React Router renders in the browser matches the inert one
 * (React does not compare an inline script's type or text), and the preloads it renders match those
 * the boot script added.
 */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-paint";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module" async="">/;
const CLOSE = "</script>";

/**
 * Adds a modulepreload per script (the module script's imports then arrive in parallel, not in a
 * waterfall) and runs the module script it follows, once the page has shown its first content
 * (the browser's first-contentful-paint entry) and the images marked as likely the largest
 * (fetchpriority=high) have arrived, two frames later, so that they are on screen too. Never later
 * than 2 s after the document was read (an image that stalls does not hold hydration back), and at
 * once in a tab opened in the background, which paints nothing until shown.
 */
/**
 * A promise the boot script leaves on `window`, settled once the page's scripts have arrived (or
 * failed). The service worker is registered after it (offline-head.server.ts): its install fetches
 * the catalogue's scripts, which must not share a slow line with the page's own.
 */
export const SCRIPTS_IN = "window.__angleScriptsIn";
/**
 * …or once this long has passed since they were asked for, so that a script that never arrives
 * does not keep the worker out. A browser that does not know modulepreload (Safari before 17,
 * Firefox before 115) fires no load event on the links: there it counts as arrived at once.
 */
export const SCRIPTS_IN_TIMEOUT_MS = 10_000;

/** Without a paint by then (a machine too busy, a page that paints nothing), the scripts start anyway. */
export const BOOT_FALLBACK_MS = 2_000;
const BOOT = `(p=>{const d=document,c=d.currentScript;let n=0,r;${SCRIPTS_IN}=new Promise(f=>r=f);const go=()=>{if(n++)return;r(Promise.race([new Promise(f=>setTimeout(f,${SCRIPTS_IN_TIMEOUT_MS})),Promise.all(p.map(h=>new Promise(f=>{const l=d.createElement("link");l.rel="modulepreload";l.href=h;l.onload=l.onerror=f;d.head.append(l);l.relList.supports?.("modulepreload")||f()})))]));const s=d.createElement("script");s.type="module";s.nonce=c.nonce;s.textContent=c.previousElementSibling.textContent;d.head.append(s)};if(d.visibilityState==="hidden")return go();setTimeout(go,${BOOT_FALLBACK_MS});const f=new Promise(r=>PerformanceObserver.supportedEntryTypes?.includes("paint")?new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();r()}}).observe({type:"paint",buffered:!0}):r());Promise.all([f,...[...d.querySelectorAll("img[fetchpriority=high]")].map(i=>i.decode().catch(()=>{}))]).then(()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(go))))})`;

/** A value as JavaScript inside an inline <script>: nothing in it can close the element. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** The boot script for a module script with these attributes (its nonce) and these preloads. */
export function bootScript(attributes: string, preloads: string[]) {
  return `<script${attributes}>${BOOT}(${inlineJson(preloads)})</script>`;
}

/** A stream of the page's HTML in, the same page with its scripts started after the first paint out. */
export function scriptsAfterPaint() {
  const decoder = new TextDecoder();
  const preloads: string[] = [];
  let state: "head" | "body" | "done" = "head";
  let pending = "";

  /** What of `pending` can go out now; the rest waits for more of the document. */
  function take(final: boolean): string {
    let out = "";
    if (state === "head") {
      const end = pending.indexOf("</head>");
      if (end < 0 && !final) return "";
      const head = end < 0 ? pending : pending.slice(0, end);
      out += head.replace(PRELOAD, (_tag, href: string) => {
        if (!preloads.includes(href)) preloads.push(href);
        return "";
      });
      pending = end < 0 ? "" : pending.slice(end);
      state = "body";
    }
    if (state === "body") {
      const open = MODULE_SCRIPT.exec(pending);
      const close = open ? pending.indexOf(CLOSE, open.index) : -1;
      if (open && close >= 0) {
        const attributes = defined(open[1], "the module script's attributes");
        out += pending.slice(0, open.index);
        out += `<script${attributes} type="${DEFERRED_MODULE_TYPE}">`;
        out += pending.slice(open.index + open[0].length, close + CLOSE.length);
        out += bootScript(attributes, preloads);
        pending = pending.slice(close + CLOSE.length);
        state = "done";
      } else if (final) {
        // No module script after all (React Router drew something else): the preloads go back.
        out += pending + preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("");
        pending = "";
        return out;
      } else {
        // Everything before the last tag's start, or before the module script, can go.
        const keep = open ? open.index : pending.lastIndexOf("<");
        if (keep > 0) {
          out += pending.slice(0, keep);
          pending = pending.slice(keep);
        }
        return out;
      }
    }
    out += pending;
    pending = "";
    return out;
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      pending += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
      const out = take(false);
      callback(null, out || undefined);
    },
    flush(callback) {
      pending += decoder.decode();
      const out = take(true);
      callback(null, out || undefined);
    },
  });
}
