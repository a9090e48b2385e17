import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { delocalizePath } from "~/platform/i18n/locale-core";

/**
 * Markup the server rendered from our own components (`staticMarkup` in
 * app/platform/render/static-markup.server.ts: React-escaped, never a user's HTML), shown as it is: it costs
 * HTML instead of JavaScript. Its links are plain <a href>s that work without JavaScript; once the
 * page is hydrated a click on one within the store navigates in the page like a <Link>
 * (`data-discover` on them lets React Router learn their routes ahead, as it does for <Link>s).
 * A GET form in it (e.g. "Check delivery") likewise answers in the page, keeping the scroll.
 */
export function StaticHtml({ html, className }: { html: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const follow = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const href = link.getAttribute("href") ?? "";
      if (!href.startsWith("/") || href.startsWith("//") || link.target || link.hasAttribute("download")) return;
      event.preventDefault();
      // React Router adds the page's /hi itself (its basename): the link's own is taken off.
      void navigate(delocalizePath(href).path);
    };
    const submit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || event.defaultPrevented || form.method !== "get") return;
      const to = new URL(form.action);
      if (to.origin !== window.location.origin) return;
      event.preventDefault();
      const query = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
      void navigate(`${delocalizePath(to.pathname).path}?${query}`, { replace: true, preventScrollReset: true });
    };
    element.addEventListener("click", follow);
    element.addEventListener("submit", submit);
    return () => {
      element.removeEventListener("click", follow);
      element.removeEventListener("submit", submit);
    };
  }, [navigate]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own components' markup, rendered and escaped by React on the server.
  return <div ref={box} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
