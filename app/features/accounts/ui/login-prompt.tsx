import { Link, useLocation } from "react-router";
import { authDialogHref } from "./auth-dialog-link";
import { useT } from "~/platform/i18n/i18n";

export function LoginPrompt({ title, text }: { title: string; text: string }) {
  const t = useT();
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={authDialogHref(location, "login")}
          preventScrollReset
          className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t("ui_checkout_login")}
        </Link>
        <Link
          to={authDialogHref(location, "register")}
          preventScrollReset
          className="rounded-lg border border-stone-300 bg-white px-6 py-3 font-semibold text-stone-800"
        >
          {t("ui_checkout_register")}
        </Link>
      </div>
    </div>
  );
}
