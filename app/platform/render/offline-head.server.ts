import { Transform, type Writable } from "node:stream";
import { CART_COUNT_ATTRIBUTE, HYDRATE_NOW_ATTRIBUTE } from "~/platform/render/hydration";
import { EARLY_INTENT, SCRIPTS_IN } from "~/platform/render/scripts-after-paint.server";
import { OFFLINE_NOTICE_CLASS, OFFLINE_NOTICE_ID, SEEN_LIMIT } from "~/platform/offline/policy";

/** The session storage key of the pages a tab loaded before a service worker controlled it. */
const SEEN_KEY = "angle-seen-uncontrolled";

/**
 * Installable and offline (docs/decisions/029-offline.md): the web app manifest's link, and a tiny
 * inline script that registers the service worker once the page has loaded, and its own scripts
 * have arrived (SCRIPTS_IN: none of the worker's downloads competes with them), and shows (or takes
 * away) the offline notice when the worker says a page's data came from the phone's copy. Written
 * into the served HTML by entry.server, not drawn by React, so it adds no byte to the first-load
 * JavaScript (decision 007); React's hydration skips elements it did not draw in <head>. First, the
 * listener for the person's first intent and early taps (EARLY_INTENT, decision 044).
 */
export function offlineHead(nonce: string, { cart, cartPage = false, devanagari }: OfflineHeadOptions = {}): string {
  // The worker's part and the cart's count wait for the document to be parsed, each a task of its own
  // (they reach the browser for the worker's container and for storage, and held up the parse of the
  // page's head on a budget phone, issue 30); the worker's messages wait for the document anyway. In
  // one task they ran 6–42 ms of the host's time after the first paint: ×10–14 on a budget phone.
  const later = [offlineScript, cart ? cartCountScript(cart) : ""].filter(Boolean).map((part) => `setTimeout(()=>{${part}})`);
  const script = `${EARLY_INTENT}addEventListener("DOMContentLoaded",()=>{${later.join(";")}});${cart && cartPage ? cartFlagScript(cart) : ""}${devanagari ? devanagariScript(devanagari) : ""}`;
  return `<link rel="manifest" href="/manifest.webmanifest"><script nonce="${nonce}">${script}</script>`;
}

/**
 * A page loaded before any worker controlled it (a first visit's first seconds) came past it: when a
 * worker takes control, this page's address, the tab's earlier such pages (${SEEN_KEY}, session
 * storage) and the page data this document fetched are sent to it, which fetches and keeps the
 * catalogue's among them (sw.ts keepSeen). The page joins the tab's list only as it is left
 * (pagehide): session storage's first use is a synchronous trip to the browser, up to 17 ms of the
 * host's time, which at load was a long task on a budget phone (issue 30).
 */
const seenScript = `if(!s.controller){const k="${SEEN_KEY}",u=location.href.split("#")[0],g=()=>{try{return JSON.parse(sessionStorage.getItem(k)||"[]")}catch(e){return[]}},w=v=>{try{sessionStorage.setItem(k,JSON.stringify(v))}catch(e){}},l=()=>w(g().concat(u).slice(-${SEEN_LIMIT}));addEventListener("pagehide",l);s.addEventListener("controllerchange",()=>{removeEventListener("pagehide",l);const d=performance.getEntriesByType("resource").map(r=>r.name).filter(n=>/\\.data(\\?|$)/.test(n));s.controller&&s.controller.postMessage({angleSeen:g().concat(u,d)});w([])},{once:true})}`;

const offlineScript = `if("serviceWorker"in navigator){const s=navigator.serviceWorker;s.onmessage=e=>{const t=e.data&&e.data.angleOffline;if(t===undefined)return;let p=document.getElementById("${OFFLINE_NOTICE_ID}");if(!t){if(p)p.remove();return}if(!p){p=document.createElement("p");p.id="${OFFLINE_NOTICE_ID}";p.setAttribute("role","status");p.className="${OFFLINE_NOTICE_CLASS}";document.body.prepend(p)}p.textContent=t};${seenScript}const r=()=>Promise.resolve(${SCRIPTS_IN}).then(()=>s.register("/sw.js"));document.readyState==="complete"?r():addEventListener("load",r)}`;

/**
 * On the cart page only: marks <html> when the cart kept in this browser has lines, before the
 * first paint. The server cannot know the cart, so it draws the empty cart, which this mark hides
 * behind "Loading your cart…" until React draws the lines; an empty cart is then drawn once, at the
 * first paint, and stays (docs/decisions/028-first-paint.md). Lines need the page's scripts at once
 * (the cart page otherwise waits for the person's intent, decision 044).
 */
const cartFlagScript = ({ key, flag }: CartMark) =>
  `try{if(JSON.parse(localStorage.getItem(${JSON.stringify(key)})||"[]").length>0){const h=document.documentElement;h.setAttribute(${JSON.stringify(flag)},"");h.setAttribute("${HYDRATE_NOW_ATTRIBUTE}","")}}catch(e){}`;

/**
 * On every page: the number of items in the cart kept in this browser, for the header's badge before
 * the page hydrates (a catalogue page waits for the person's intent, decision 044): `--cart-n` on
 * <html>, drawn by CSS (site-header.tsx), which React never reads, so hydration finds its own markup.
 * Read once the document is parsed (offlineHead).
 *
 * On a page the server drew from the cart's cookie (checkout, the cart: `drawnFrom`, decision 046),
 * the same read compares the browser's cart with it, as cartCookieValue writes it: a cart the cookie
 * does not say (its write not yet done when the person tapped through, a cookie lost) has the scripts
 * run at once, and they draw the browser's cart, instead of the page showing another until touched.
 */
const cartCountScript = ({ key, drawnFrom }: CartMark) =>
  `try{const a=JSON.parse(localStorage.getItem(${JSON.stringify(key)})||"[]"),n=a.reduce((s,l)=>s+(Number(l.quantity)||0),0);if(n>0){const h=document.documentElement;h.setAttribute("${CART_COUNT_ATTRIBUTE}","");h.style.setProperty("--cart-n",JSON.stringify(n>99?"99+":String(n)))}${
    drawnFrom === undefined || !/^[a-z0-9~.|]*$/.test(drawnFrom)
      ? ""
      : `if(a.map(l=>(l.product.variantId?l.product.id+"~"+l.product.variantId:l.product.id)+"."+l.quantity).join("|")!==${JSON.stringify(drawnFrom)}){window.__angleWant=1;window.__angleHydrate?.()}`
  }}catch(e){}`;

/**
 * The names a device's own Noto Sans Devanagari goes by, per weight: the first sources of the
 * "Angle Devanagari" faces in app.css, in the same order (a test holds them equal).
 */
export const LOCAL_DEVANAGARI = {
  400: ['local("Noto Sans Devanagari")', 'local("NotoSansDevanagari-Regular")'],
  700: ['local("Noto Sans Devanagari Bold")', 'local("NotoSansDevanagari-Bold")'],
} as const;

/**
 * On a Hindi page: the Devanagari font files (`fonts.400`, `fonts.700`) are preloaded only for a weight
 * this device lacks. Nearly every Android phone has Noto Sans Devanagari, which app.css names first
 * (`local()`), so it never needs the files; a preload in the response's headers made it download
 * both (~70 KB) on its first Hindi page anyway. A device without the font (a desktop Linux, the
 * benchmark's host) still asks for them while the head is parsed, before the first layout: the bold
 * one found only by layout arrived after the first paint and its swap moved text (decision 028).
 * Each weight's local copy is looked for with FontFace (the same names as app.css).
 */
const devanagariScript = (fonts: DevanagariFiles) =>
  `if(self.FontFace)${JSON.stringify([
    [LOCAL_DEVANAGARI[400].join(","), fonts[400]],
    [LOCAL_DEVANAGARI[700].join(","), fonts[700]],
  ])}.forEach(([s,h])=>new FontFace("a",s).load().catch(()=>{const l=document.createElement("link");l.rel="preload";l.as="font";l.type="font/woff2";l.crossOrigin="";l.href=h;document.head.append(l)}))`;

/** The Devanagari font files' addresses, per weight (entry.server passes the built ones). */
export type DevanagariFiles = { 400: string; 700: string };
/**
 * The cart's storage key and the attribute that marks a cart with lines (the cart feature's, passed by
 * entry.server), and the cookie value the page's cart was drawn from, if it was.
 */
export type CartMark = { key: string; flag: string; drawnFrom?: string };
type OfflineHeadOptions = { cart?: CartMark; cartPage?: boolean; devanagari?: DevanagariFiles };

const HEAD_END = Buffer.from("</head>");

/** Passes an HTML stream through, with `markup` written just before its first </head>. */
export function insertBeforeHeadEnd(markup: string): Transform {
  let done = false;
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (done) return callback(null, chunk);
      const text = Buffer.concat([carry, Buffer.from(chunk)]);
      const at = text.indexOf(HEAD_END);
      if (at >= 0) {
        done = true;
        carry = Buffer.alloc(0);
        return callback(null, Buffer.concat([text.subarray(0, at), Buffer.from(markup), text.subarray(at)]));
      }
      // "</head>" may be split between two chunks: keep the end of this one for the next.
      const keep = Math.min(text.length, HEAD_END.length - 1);
      carry = Buffer.from(text.subarray(text.length - keep));
      callback(null, text.subarray(0, text.length - keep));
    },
    flush(callback) {
      callback(null, carry.length ? carry : undefined);
    },
  });
}

/** What React writes into `body`, with offlineHead(nonce) in its <head>: React pipes into the returned stream. */
export function withOfflineHead(body: Writable, nonce: string, options: OfflineHeadOptions = {}): Writable {
  const head = insertBeforeHeadEnd(offlineHead(nonce, options));
  head.pipe(body);
  return head;
}
