import { escapeHtml, type Locale, SAVED_PAGES_SLOT } from "./policy";

export type OfflineText = {
  title: string;
  detail: string;
  tryAgain: string;
  home: string;
  cart: string;
};

/**
 * The page the service worker shows for a page it has not kept, while offline: written at build
 * time per language (tools/service-worker.ts), styled by the build's own stylesheet, no script.
 * The worker fills SAVED_PAGES_SLOT with the pages it has kept.
 */
export function offlinePageHtml({
  locale,
  text,
  stylesheet,
  logo,
}: {
  locale: Locale;
  text: OfflineText;
  stylesheet: string;
  logo: string;
}): string {
  const home = locale === "hi" ? "/hi" : "/";
  // The store's leaf (public/favicon.svg), drawn in the page: nothing more to fetch.
  const leaf = logo.replace("<svg ", '<svg aria-hidden="true" class="h-16 w-16" ');
  return `<!DOCTYPE html>
<html lang="${locale === "hi" ? "hi-IN" : "en-IN"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#256322">
<title>${escapeHtml(text.title)} · Angle</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body class="min-h-screen">
<main class="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
${leaf}
<h1 class="mt-4 text-2xl font-bold text-stone-900">${escapeHtml(text.title)}</h1>
<p class="mt-2 text-stone-600">${escapeHtml(text.detail)}</p>
<div class="mt-6 flex flex-wrap justify-center gap-3">
<a href="" class="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">${escapeHtml(text.tryAgain)}</a>
<a href="${home}" class="rounded-lg border border-stone-300 bg-white px-5 py-2.5 font-semibold text-stone-800">${escapeHtml(text.home)}</a>
</div>
${SAVED_PAGES_SLOT}
<p class="mt-8 text-sm text-stone-600">${escapeHtml(text.cart)}</p>
</main>
</body>
</html>
`;
}
