import { randomBytes } from "node:crypto";
import { type CheckoutSession, formatPaise, type LineItem, type RazorpayOrder } from "./state.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

// JSON inside <script>: "<" escaped so no value can close the element.
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f3f4f6; color: #111827; }
main { max-width: 26rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 4px #0002; }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
.badge { display: inline-block; margin-left: 0.5rem; padding: 0 0.5rem; border-radius: 1rem; background: #fef3c7; color: #78350f; font-size: 0.8rem; vertical-align: middle; }
.amount { font-size: 1.75rem; font-weight: 700; margin: 0.5rem 0 1rem; }
fieldset { border: 1px solid #d1d5db; border-radius: 0.5rem; margin: 0 0 1rem; }
label { display: block; margin: 0.25rem 0; }
input[type="text"] { box-sizing: border-box; width: 100%; padding: 0.5rem; border: 1px solid #6b7280; border-radius: 0.375rem; font: inherit; }
button { display: block; width: 100%; margin-top: 0.75rem; padding: 0.75rem; border: 0; border-radius: 0.375rem; font: inherit; font-weight: 600; cursor: pointer; background: #1d4ed8; color: #fff; }
button.secondary { background: #fff; color: #b91c1c; border: 1px solid #b91c1c; }
:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
[role="alert"] { padding: 0.75rem; border-radius: 0.375rem; background: #fee2e2; color: #7f1d1d; }
ul { padding-left: 1.25rem; }
`;

export type PageOptions = {
  status: number;
  /** Where this page's forms may post (besides the gateway itself). */
  formTargets?: string[];
  /** The store origin allowed to frame the page; none by default. */
  frameAncestor?: string | null;
};

type PageContent = { title: string; main: string; script?: string };

/** A complete response: its own nonce-based Content-Security-Policy allows nothing from anywhere else. */
export function htmlPage(build: (nonce: string) => PageContent, options: PageOptions) {
  const nonce = randomBytes(16).toString("base64");
  const { title, main, script } = build(nonce);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${main}</main>${script ? `<script nonce="${nonce}">${script}</script>` : ""}</body></html>`;
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    `form-action 'self' ${(options.formTargets ?? []).join(" ")}`.trim(),
    `frame-ancestors ${options.frameAncestor ?? "'none'"}`,
    "base-uri 'none'",
  ].join("; ");
  return new Response(html, {
    status: options.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": csp, "Cache-Control": "no-store" },
  });
}

const heading = (merchantName: string) => `<h1>${escapeHtml(merchantName)} <span class="badge">Test mode</span></h1>`;
const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
const alert = (message: string | null) => (message ? `<div role="alert">${escapeHtml(message)}</div>` : "");

export function errorPage(title: string, message: string, status: number) {
  return htmlPage(() => ({ title, main: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` }), { status });
}

export type Embed = { parentOrigin: string; message: unknown };

export type RazorpayPayPageInput = {
  merchantName: string;
  order: RazorpayOrder;
  description: string | null;
  method: "upi" | "card";
  vpa: string;
  error: string | null;
  /** Carried through the form unchanged: order_id, key_id, callback_url, embedded, parent_origin, prefill. */
  fields: Record<string, string>;
  /** Embedded mode: the store page that frames this one, and a result to post to it (null: none yet). */
  embed: Embed | null;
};

// Escape pressed inside the frame never reaches the store's page: pass it on so the checkout script can close.
const forwardEscape = (parentOrigin: string) =>
  `document.addEventListener("keydown", function (e) { if (e.key === "Escape") window.parent.postMessage({ type: "fake-razorpay:escape" }, ${scriptJson(parentOrigin)}); });`;

const postToParent = ({ parentOrigin, message }: Embed) =>
  message === null ? "" : `window.parent.postMessage(${scriptJson(message)}, ${scriptJson(parentOrigin)});`;

export function razorpayPayPage(input: RazorpayPayPageInput, status = 200) {
  const amount = formatPaise(input.order.amount);
  const checked = (method: string) => (input.method === method ? " checked" : "");
  const { embed } = input;
  return htmlPage(
    () => ({
      title: `Pay ${amount} · ${input.merchantName} (test mode)`,
      main: `${heading(input.merchantName)}
<p class="amount">${amount}</p>
${input.description ? `<p>${escapeHtml(input.description)}</p>` : ""}
${alert(input.error)}
<form method="post" action="/razorpay/pay">${hidden(input.fields)}
<fieldset><legend>Pay by</legend>
<label><input type="radio" name="method" value="upi"${checked("upi")}> UPI</label>
<label><input type="radio" name="method" value="card"${checked("card")}> Card</label>
</fieldset>
<label for="vpa">UPI ID</label>
<input type="text" id="vpa" name="vpa" value="${escapeHtml(input.vpa)}" autocomplete="off" spellcheck="false">
<button type="submit" name="outcome" value="success">Pay ${amount}</button>
<button type="submit" name="outcome" value="failure" class="secondary">Fail payment</button>
</form>`,
      script: embed ? forwardEscape(embed.parentOrigin) + postToParent(embed) : undefined,
    }),
    { status, frameAncestor: embed?.parentOrigin ?? null },
  );
}

/** Embedded mode, after a successful payment: tell the checkout script in the store's page. */
export function razorpayEmbeddedDone(merchantName: string, embed: Embed) {
  return htmlPage(
    () => ({ title: "Payment successful", main: `${heading(merchantName)}<p>Payment successful.</p>`, script: postToParent(embed) }),
    { status: 200, frameAncestor: embed.parentOrigin },
  );
}

/** Redirect mode: POST the result to the store's callback_url, as Razorpay does; the button is for browsers without JavaScript. */
export function autoSubmitPage(merchantName: string, action: string, fields: Record<string, string>) {
  return htmlPage(
    () => ({
      title: "Returning to the store",
      main: `${heading(merchantName)}<p>Returning you to the store…</p>
<form id="return" method="post" action="${escapeHtml(action)}">${hidden(fields)}<button type="submit">Continue to the store</button></form>`,
      script: `document.getElementById("return").submit();`,
    }),
    { status: 200, formTargets: [new URL(action).origin] },
  );
}

export type StripePayPageInput = {
  merchantName: string;
  session: CheckoutSession;
  lineItems: LineItem[];
  declined: boolean;
};

export function stripePayPage({ merchantName, session, lineItems, declined }: StripePayPageInput) {
  const amount = formatPaise(session.amount_total);
  const items = lineItems
    .map((item) => `<li>${escapeHtml(item.name)} × ${item.quantity}: ${formatPaise(item.unitAmount * item.quantity)}</li>`)
    .join("");
  const targets = [new URL(session.success_url).origin];
  return htmlPage(
    () => ({
      title: `Pay ${amount} · ${merchantName} (test mode)`,
      main: `${heading(merchantName)}
<p class="amount">${amount}</p>
<ul>${items}</ul>
${session.customer_email ? `<p>${escapeHtml(session.customer_email)}</p>` : ""}
${alert(declined ? "Your card was declined." : null)}
<form method="post" action="/stripe/pay/${escapeHtml(session.id)}">
<label for="card">Card number</label>
<input type="text" id="card" name="card" value="4242 4242 4242 4242" inputmode="numeric" autocomplete="cc-number">
<button type="submit" name="outcome" value="success">Pay ${amount}</button>
<button type="submit" name="outcome" value="failure" class="secondary">Decline card</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back to store</a></p>` : ""}`,
    }),
    { status: declined ? 402 : 200, formTargets: targets },
  );
}

/**
 * The text of /razorpay/checkout.js: `window.Razorpay` as Standard Checkout has it (new, on, open, close).
 * Plain ES2017 for any browser; the modal is styled through CSSOM so the store's CSP need not allow inline styles.
 */
export function checkoutScript(gatewayOrigin: string) {
  return `(function () {
  "use strict";
  var GATEWAY = ${scriptJson(gatewayOrigin)};
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error("No key passed");
    if (!options.order_id) throw new Error("No order_id passed");
    this.options = options;
    this.listeners = {};
    this.modal = null;
  }
  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
    return this;
  };
  Razorpay.prototype.payUrl = function (extra) {
    var o = this.options, prefill = o.prefill || {};
    var params = new URLSearchParams({ order_id: o.order_id, key_id: o.key });
    if (o.callback_url) params.set("callback_url", o.callback_url);
    if (o.description) params.set("description", o.description);
    ["name", "email", "contact"].forEach(function (k) { if (prefill[k]) params.set("prefill[" + k + "]", String(prefill[k])); });
    Object.keys(extra || {}).forEach(function (k) { params.set(k, extra[k]); });
    return GATEWAY + "/razorpay/pay?" + params.toString();
  };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options;
    if (o.callback_url && o.redirect === true) {
      window.top.location.href = this.payUrl();
      return;
    }
    if (this.modal) return;
    var previousFocus = document.activeElement;
    var overlay = document.createElement("div");
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", "Razorpay checkout (test mode)");
    Object.assign(overlay.style, { position: "fixed", inset: "0", zIndex: "2147483647", background: "rgba(0,0,0,0.6)",
      display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center" });
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close";
    Object.assign(close.style, { alignSelf: "flex-end", margin: "0.5rem 1rem", padding: "0.5rem 1rem", font: "inherit",
      background: "#fff", color: "#111", border: "0", borderRadius: "0.375rem", cursor: "pointer" });
    var frame = document.createElement("iframe");
    frame.title = "Payment";
    frame.src = this.payUrl({ embedded: "1", parent_origin: window.location.origin });
    Object.assign(frame.style, { width: "min(30rem, 100vw)", height: "min(40rem, 85vh)", border: "0", borderRadius: "0.75rem", background: "#fff" });
    overlay.appendChild(close);
    overlay.appendChild(frame);
    function onMessage(event) {
      if (event.origin !== GATEWAY || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.type === "fake-razorpay:escape") return dismiss();
      if (data.type !== "fake-razorpay:result") return;
      if (data.status === "success") {
        teardown();
        if (typeof o.handler === "function") o.handler(data.response);
      } else {
        (self.listeners["payment.failed"] || []).forEach(function (fn) { fn(data.response); });
      }
    }
    function onKey(event) { if (event.key === "Escape") dismiss(); }
    function teardown() {
      window.removeEventListener("message", onMessage);
      document.removeEventListener("keydown", onKey);
      overlay.remove();
      self.modal = null;
      if (previousFocus && previousFocus.focus) previousFocus.focus();
    }
    function dismiss() {
      teardown();
      if (o.modal && typeof o.modal.ondismiss === "function") o.modal.ondismiss();
    }
    close.addEventListener("click", dismiss);
    window.addEventListener("message", onMessage);
    document.addEventListener("keydown", onKey);
    document.body.appendChild(overlay);
    this.modal = { dismiss: dismiss };
    close.focus();
  };
  Razorpay.prototype.close = function () { if (this.modal) this.modal.dismiss(); };
  window.Razorpay = Razorpay;
})();
`;
}
