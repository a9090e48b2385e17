import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, useRouteLoaderData, data } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Stylesheet } from "./platform/render/inline-stylesheet";
import { markHydrated } from "./platform/render/hydration";
import { ScrollRestoration } from "./platform/render/scroll-restoration";
import { getToast } from "./platform/toast/toast.server";
import { ToastNotice } from "./ui/toast-notice";
import { setUploadBase } from "./ui/image-srcset";
import { uploadBaseMiddleware, uploadUrlBase } from "./platform/storage/storage.server";
import { UserMirror } from "./features/accounts/ui/user-mirror";
import { requestPolicy, requestState } from "./platform/request-policy.server";
import { requireOwnPassword } from "./features/accounts/server/password-policy.server";
import { storeDetails } from "./features/settings/server/store-details.server";
import { currentLocale, localeMiddleware, m } from "./platform/i18n/i18n.server";
import { DEFAULT_LOCALE, HINDI_PREFIX, htmlLang, type Locale } from "./platform/i18n/locale-core";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// Every request passes it first: maintenance mode and private caching (docs/decisions/009-request-policy.md).
// Then: someone holding an admin-issued password sets their own before anything else.
// The language comes first: everything after it, refusals included, speaks the page's language.
// Where pictures are served from is set before any page draws one (decision 067).
export const middleware: Route.MiddlewareFunction[] = [uploadBaseMiddleware, localeMiddleware, ...requestPolicy, requireOwnPassword];

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = requestState(context);
  const [store, user, { toast, headers }] = await Promise.all([storeDetails(context), state.user(), getToast(request)]);
  const locale = currentLocale();
  return data(
    {
      store,
      user,
      toast,
      requestId: request.headers.get("x-request-id") ?? null,
      locale,
      uploadBase: uploadUrlBase(),
      // The error page's words, in case a page fails (the layouts' strings may be missing then).
      errorText: {
        notFoundTitle: m.error_not_found_title(),
        notFoundDetail: m.error_not_found_detail(),
        genericTitle: m.error_generic_title(),
        genericDetail: m.error_generic_detail(),
        requestTitle: m.error_request_title({ status: "{status}" }),
        reference: m.error_reference({ id: "{id}" }),
        backToStore: m.error_back_to_store(),
      },
    },
    headers ? { headers } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const locale: Locale = root?.locale ?? DEFAULT_LOCALE;
  // In the browser, before any picture draws: the server's own value, so hydration matches.
  if (root) setUploadBase(root.uploadBase);
  return (
    <html lang={htmlLang(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#256322" />
        <Meta />
        <Stylesheet href={stylesheet} />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // After every part of the page has hydrated (the root's effect runs last).
  useEffect(markHydrated, []);
  return (
    <>
      <Outlet />
      <ToastNotice toast={loaderData.toast} />
      <UserMirror user={loaderData.user} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(markHydrated, []);
  const root = useRouteLoaderData<typeof loader>("root");
  const requestId = root?.requestId;
  // The request policy's 503 while the store is closed (app/platform/request-policy.server.ts).
  if (isRouteErrorResponse(error) && error.status === 503 && error.data?.maintenance === true) {
    return (
      <>
        <title>{typeof error.data.title === "string" ? error.data.title : "Angle · Back soon"}</title>
        {/* Our own page, rendered and escaped by React on the server (components/maintenance-page.server.tsx). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see above. */}
        <div dangerouslySetInnerHTML={{ __html: typeof error.data.html === "string" ? error.data.html : "" }} />
      </>
    );
  }
  // The words come with the root's data, in the page's language; without it (the root failed), English.
  const text = root?.errorText;
  let title = text?.genericTitle ?? "Something went wrong";
  let detail = text?.genericDetail ?? "We could not load this page. Please try again in a moment.";
  if (text && isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = text.notFoundTitle;
      detail = text.notFoundDetail;
    } else if (error.status < 500) {
      title = text.requestTitle.replace("{status}", String(error.status));
      detail = typeof error.data === "string" && error.data ? error.data : detail;
    }
  }
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <title>{`${title} · Angle`}</title>
      <p className="text-5xl" aria-hidden="true">
        🌱
      </p>
      <h1 className="mt-4 text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{detail}</p>
      {requestId ? (
        <p className="mt-2 text-xs text-stone-500">{(text?.reference ?? "Reference: {id}").replace("{id}", requestId)}</p>
      ) : null}
      <a
        href={root?.locale === "hi" ? HINDI_PREFIX : "/"}
        className="mt-6 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        {text?.backToStore ?? "Back to the store"}
      </a>
    </main>
  );
}
