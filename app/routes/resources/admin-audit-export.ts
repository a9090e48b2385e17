import type { Route } from "./+types/admin-audit-export";
import { requireAdminAction } from "~/platform/auth/guards.server";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { readAuditFilters } from "~/features/audit/domain/audit-filters";
import { auditCsv } from "~/features/audit/server/list-audit.server";

/**
 * GET /admin/audit/export with the page's filters: the audit trail as a CSV download, newest first.
 * Owners only (403 for anyone else); a bad date is a 400 that says what is wrong.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminAction(request);
  const parsed = readAuditFilters(new URL(request.url).searchParams);
  if (!parsed.success) {
    return new Response(`${firstError(fieldErrors(parsed.error))}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  }
  return new Response(auditCsv(parsed.data), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="angle-audit-trail.csv"',
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
