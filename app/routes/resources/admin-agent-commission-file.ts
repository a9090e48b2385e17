import type { Route } from "./+types/admin-agent-commission-file";
import { requireAdminAction } from "~/platform/auth/guards.server";
import { indiaToday } from "~/platform/core/india-day";
import { isStatementMonth } from "~/features/commission/domain/commission";
import { agentStatement } from "~/features/commission/server/agent-statement.server";
import { statementFile, statementRefused } from "~/features/commission/web/statement-response.server";

/**
 * GET /admin/agent-commission/statement.csv?agent=…&month=2026-11 (and .pdf): one agent's statement
 * for the owner and accounts (403 for other roles), 400 for a bad month, 404 for no such agent.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminAction(request);
  const params = new URL(request.url).searchParams;
  const month = params.get("month")?.trim() || indiaToday().slice(0, 7);
  if (!isStatementMonth(month)) return statementRefused("That is not a month: use YYYY-MM from 2026-01, for example 2026-11.", 400);
  const statement = await agentStatement(params.get("agent") ?? "", month);
  if (!statement) return statementRefused("There is no such agent.", 404);
  return statementFile(statement, new URL(request.url).pathname.endsWith(".pdf") ? "pdf" : "csv");
}
