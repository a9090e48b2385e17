import { data, Form } from "react-router";
import type { Route } from "./+types/search-synonyms";
import { requireAdminAction, requireAdminPage } from "~/platform/auth/guards.server";
import { FormError } from "~/ui/form-error";
import { SynonymsActionSchema } from "~/features/accounts/domain/admin-forms";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { readFields } from "~/platform/http/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { addSynonym, deleteSynonym, listSynonyms } from "~/features/catalog/server/search-synonyms.server";

export const meta: Route.MetaFunction = () => [{ title: "Search Synonyms · Angle Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  return { synonyms: await listSynonyms() };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminAction(request);
  const parsed = SynonymsActionSchema.safeParse(await readFields(request));
  if (!parsed.success) return data({ error: firstError(fieldErrors(parsed.error)) }, { status: 400 });
  if (parsed.data.intent === "add") {
    const { term, variant } = parsed.data;
    if (!(await addSynonym(term, variant))) return data({ error: `“${term}” and “${variant}” are already synonyms.` }, { status: 409 });
    return redirectWithToast("/admin/search-synonyms", { description: `A search for “${term}” now finds “${variant}”, and back.` });
  }
  if (!(await deleteSynonym(parsed.data.id))) return data({ error: "That pair no longer exists." }, { status: 404 });
  return redirectWithToast("/admin/search-synonyms", { description: "Synonym removed." });
}

const input = "h-10 w-full rounded-lg border border-stone-300 px-3 focus:border-brand-600 focus:outline-none";

export default function AdminSearchSynonyms({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-stone-900">Search Synonyms</h1>
      <p className="mt-1 text-sm text-stone-600">
        Words a search treats as the same, both ways: spellings (fertiliser, fertilizer) and local names (bhindi, okra). Plurals need no
        entry.
      </p>
      <FormError message={actionData?.error} />
      <Form
        method="post"
        className="mt-4 grid gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-200 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="add" />
        <div>
          <label htmlFor="synonym-term" className="mb-1 block text-sm font-medium text-stone-700">
            Word or phrase
          </label>
          <input id="synonym-term" name="term" required maxLength={60} className={input} />
        </div>
        <div>
          <label htmlFor="synonym-variant" className="mb-1 block text-sm font-medium text-stone-700">
            Means the same as
          </label>
          <input id="synonym-variant" name="variant" required maxLength={60} className={input} />
        </div>
        <button type="submit" className="h-10 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
          Add pair
        </button>
      </Form>
      <p className="mt-4 text-sm text-stone-600">{loaderData.synonyms.length.toLocaleString("en-IN")} pairs</p>
      <ul className="mt-2 divide-y divide-stone-200 rounded-xl bg-white ring-1 ring-stone-200">
        {loaderData.synonyms.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-3 px-4 py-2 [overflow-wrap:anywhere]">
            <span>
              {s.term} <span className="text-stone-500">↔</span> {s.variant}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={s.id} />
              <button
                type="submit"
                aria-label={`Delete ${s.term} ↔ ${s.variant}`}
                className="rounded-md border border-stone-300 px-3 py-1 text-sm font-semibold"
              >
                Delete
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
