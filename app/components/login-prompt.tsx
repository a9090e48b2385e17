import { Link, useLocation } from "react-router";
import { authDialogHref } from "./auth-dialog-link";

export function LoginPrompt({ title, text }: { title: string; text: string }) {
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <div className="mt-6 flex gap-3">
        <Link
          to={authDialogHref(location, "login")}
          preventScrollReset
          className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Login
        </Link>
        <Link
          to={authDialogHref(location, "register")}
          preventScrollReset
          className="rounded-lg border border-stone-300 bg-white px-6 py-3 font-semibold text-stone-800"
        >
          Register
        </Link>
      </div>
    </div>
  );
}
