import { Form } from "react-router";
import ChevronDown from "lucide-react/icons/chevron-down";
import LogOut from "lucide-react/icons/log-out";
import User from "lucide-react/icons/user";

/** The signed-in user's name with Logout (spec §2); a <details> menu works without JavaScript. */
export function UserMenu({ name }: { name: string }) {
  return (
    <details className="relative">
      <summary className="flex h-10 cursor-pointer items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100">
        <User className="h-5 w-5" aria-hidden="true" />
        <span className="max-w-28 truncate">{name}</span>
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </summary>
      <div className="absolute right-0 top-12 z-40 w-44 rounded-xl border border-stone-200 bg-white p-1 shadow-lg">
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-stone-800 hover:bg-stone-100"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
          </button>
        </Form>
      </div>
    </details>
  );
}
