import { Transform } from "node:stream";
import { defined } from "../defined";
import { HYDRATE_NOW_ATTRIBUTE, HYDRATED_ATTRIBUTE, NEEDS_SCRIPTS_ATTRIBUTE } from "./hydration";

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
/** How React Router's data scripts (the loader data for hydration) begin. */
const DATA_CODE = "window.__reactRouterContext.streamController.";
/**
 * React Router's handoff (its context, and the stream the data scripts feed), before the module
 * script: on an "intent" page it waits with them (it builds streams, a cost paid at the first paint).
 */
const HANDOFF = /<script( nonce="[^"]*")?>window\.__reactRouterContext = /g;

/**
 * Adds a modulepreload per script (the module script's imports then arrive in parallel, not in a
 * waterfall) and runs the module script it follows, once the page has shown its first content
 * (the browser's first-contentful-paint entry) and the images marked as likely the largest
 * (fetchpriority=high) have arrived, two frames later, so that they are on screen too. Never later
 * than 2 s after the document was read (an image that stalls does not hold hydration back), and at
 * once in a tab opened in the background, which paints nothing until shown. Each preload is added in
 * a task of its own: starting a fetch is a trip to the browser, and five in one task came to 9–16 ms
 * of the host's time in Lighthouse's traces, a long task on a budget phone (decision 045).
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

/**
 * What a page does with its scripts once they are fetched (docs/decisions/044-hydrate-on-intent.md):
 * "load" runs them at once (pages whose content needs the browser: the cart with lines, checkout,
 * accounts, the admin and vendor areas); "intent" runs them when the person first reaches for
 * something that needs them — a key, a focus, a click or mouse press outside a link (EARLY_INTENT) —
 * and until then a click on a button that needs JavaScript is held, marked busy, and clicked again
 * once the page has hydrated. Links, GET forms and scrolling work as the HTML does. `data-hydrate-now` on <html> (set by a head script, e.g. the cart page's with lines) makes an
 * "intent" page load its scripts at once.
 */
export type HydrateWhen = "load" | "intent";

/** The inert type of React Router's data scripts on an "intent" page, run just before the module script. */
export const DEFERRED_DATA_TYPE = "text/x-data-after-paint";

const INTENT_EVENTS = JSON.stringify(["keydown", "focusin", "click", "pointerdown"]);

/**
 * In the <head> of every page (offline-head.server.ts writes it), so that it listens before anything
 * is drawn: the person's first intent (a key, a focus, a click or mouse press outside a link) asks
 * for the page's scripts (window.__angleHydrate, once the boot script has defined it; until then
 * __angleWant tells the boot script to start at once); a click on a button that needs JavaScript
 * before the page has hydrated is held, the button marked busy, and clicked again by
 * window.__angleHydrated, which the root calls once React has hydrated (hydration.ts). A form whose
 * answer only its scripts can show (NEEDS_SCRIPTS_ATTRIBUTE: a fetcher's, sent to a resource that
 * answers data) is held the same way when sent before then, and sent again once hydrated.
 */
export const EARLY_INTENT = `(()=>{const w=window,h=document.documentElement,q=[],E=${INTENT_EVENTS},ask=()=>{w.__angleWant=1;w.__angleHydrate?.()},want=e=>{if(e.type==="pointerdown"&&e.pointerType!=="mouse")return;const t=e.target;if(t instanceof Element&&t.closest("a[href]"))return;for(const o of E)removeEventListener(o,want,!0);ask()};for(const o of E)addEventListener(o,want,{capture:!0,passive:!0});addEventListener("click",e=>{if(h.hasAttribute("${HYDRATED_ATTRIBUTE}"))return;const b=e.target instanceof Element&&e.target.closest("button[type=button]");if(!b||b.disabled)return;e.preventDefault();e.stopImmediatePropagation();b.setAttribute("aria-busy","true");q.includes(b)||q.push(b);ask()},!0);addEventListener("submit",e=>{const f=e.target;if(h.hasAttribute("${HYDRATED_ATTRIBUTE}")||!(f instanceof HTMLFormElement)||!f.hasAttribute("${NEEDS_SCRIPTS_ATTRIBUTE}"))return;e.preventDefault();q.includes(f)||q.push(f);ask()},!0);w.__angleHydrated=()=>{for(const b of q.splice(0)){if(b instanceof HTMLFormElement){b.requestSubmit();continue}b.removeAttribute("aria-busy");b.click()}}})();`;

const BOOT = `((p,i,q)=>{const d=document,w=window,h=d.documentElement,c=d.currentScript;let n=0,m=0,r;${SCRIPTS_IN}=new Promise(f=>r=f);const pre=(u,f)=>{const l=d.createElement("link");l.rel="modulepreload";l.href=u;l.onload=l.onerror=f;d.head.append(l);l.relList.supports?.("modulepreload")||f()},get=()=>{if(n++)return;r(Promise.race([new Promise(f=>setTimeout(f,${SCRIPTS_IN_TIMEOUT_MS})),Promise.all(p.map(u=>new Promise(f=>setTimeout(()=>pre(u,f)))))]))},run=t=>{const s=d.createElement("script");s.type=t;s.nonce=c.nonce;return s},act=()=>{for(const x of d.querySelectorAll('script[type="${DEFERRED_DATA_TYPE}"]')){const s=run("text/javascript");s.text=x.text;x.after(s)}const s=run("module");s.textContent=c.previousElementSibling.textContent;d.head.append(s)},go=()=>{get();if(m++)return;for(const u of q)pre(u,()=>{});d.readyState==="loading"?d.addEventListener("DOMContentLoaded",act):act()},start=()=>i&&!h.hasAttribute("${HYDRATE_NOW_ATTRIBUTE}")&&!w.__angleWant?get():go();w.__angleHydrate=go;if(w.__angleWant)go();if(d.visibilityState==="hidden")return start();setTimeout(start,${BOOT_FALLBACK_MS});const f=new Promise(r=>PerformanceObserver.supportedEntryTypes?.includes("paint")?new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();r()}}).observe({type:"paint",buffered:!0}):r());Promise.all([f,...[...d.querySelectorAll("img[fetchpriority=high]")].map(g=>g.decode().catch(()=>{}))]).then(()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(start))))})`;

/** A value as JavaScript inside an inline <script>: nothing in it can close the element. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/**
 * The boot script for a module script with these attributes (its nonce) and these preloads; those in
 * `onIntent` are asked for only when the scripts are to run (checkout's own modules: the page works
 * without them, decision 046).
 */
export function bootScript(attributes: string, preloads: string[], when: HydrateWhen = "load", onIntent: ReadonlySet<string> = new Set()) {
  const now = preloads.filter((href) => !onIntent.has(href));
  const later = preloads.filter((href) => onIntent.has(href));
  return `<script${attributes}>${BOOT}(${inlineJson(now)},${when === "intent" ? 1 : 0},${inlineJson(later)})</script>`;
}

/**
 * A stream of the page's HTML in, the same page with its scripts started after the first paint out;
 * the scripts in `onIntent` are fetched only when they are to run (bootScript).
 */
export function scriptsAfterPaint(when: HydrateWhen = "load", onIntent: ReadonlySet<string> = new Set()) {
  const decoder = new TextDecoder();
  const preloads: string[] = [];
  let state: "head" | "body" | "done" = "head";
  let pending = "";
  /** On an "intent" page, React Router's data scripts (the module script's attributes, then DATA_CODE) become inert. */
  let dataScript = "";

  /** Body markup before the module script, with React Router's handoff made inert on an "intent" page. */
  const inert = (markup: string) =>
    when === "intent"
      ? markup.replace(HANDOFF, (_tag, nonce = "") => `<script${nonce} type="${DEFERRED_DATA_TYPE}">window.__reactRouterContext = `)
      : markup;

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
        out += inert(pending.slice(0, open.index));
        out += `<script${attributes} type="${DEFERRED_MODULE_TYPE}">`;
        out += pending.slice(open.index + open[0].length, close + CLOSE.length);
        out += bootScript(attributes, preloads, when, onIntent);
        pending = pending.slice(close + CLOSE.length);
        state = "done";
        if (when === "intent") dataScript = `<script${attributes}>${DATA_CODE}`;
      } else if (final) {
        // No module script after all (React Router drew something else): the preloads go back.
        out += pending + preloads.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("");
        pending = "";
        return out;
      } else {
        // Everything before the last tag's start, or before the module script, can go.
        const keep = open ? open.index : pending.lastIndexOf("<");
        if (keep > 0) {
          out += inert(pending.slice(0, keep));
          pending = pending.slice(keep);
        }
        return out;
      }
    }
    if (dataScript) {
      pending = pending.replaceAll(dataScript, (tag) => tag.replace(">", ` type="${DEFERRED_DATA_TYPE}">`));
      // The start of a data script may be cut off at the end of this chunk: it waits for the next.
      const cut = final ? -1 : pending.lastIndexOf("<");
      if (cut >= 0 && dataScript.startsWith(pending.slice(cut, cut + dataScript.length)) && pending.length - cut < dataScript.length) {
        out += pending.slice(0, cut);
        pending = pending.slice(cut);
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
