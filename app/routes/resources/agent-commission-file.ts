import type { Route } from "./+types/agent-commission-file";
import { m } from "~/platform/i18n/i18n.server";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { refusal } from "~/platform/core/refusal";
import { indiaToday } from "~/platform/core/india-day";
import { isStatementMonth } from "~/features/commission/domain/commission";
import { agentStatement } from "~/features/commission/server/agent-statement.server";
import { checkApprovedAgent } from "~/features/commission/web/agent-guard.server";
import { statementFile, statementRefused } from "~/features/commission/web/statement-response.server";

/**
 * GET /agent/commission.csv?month=2026-11 and /agent/commission.pdf: the signed-in agent's own
 * statement (401 signed out, 403 for anyone but an approved agent, 400 for a month that is not one).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const check = await checkApprovedAgent(request);
  if (!check.ok)
    return statementRefused(check.status === 401 ? m.commission_login() : renderRefusal(refusal("commission.not_agent")), check.status);
  const month = new URL(request.url).searchParams.get("month")?.trim() || indiaToday().slice(0, 7);
  if (!isStatementMonth(month)) return statementRefused(renderRefusal(refusal("commission.month")), 400);
  const statement = await agentStatement(check.agentId, month);
  if (!statement) return statementRefused("No such agent.", 404);
  return statementFile(statement, new URL(request.url).pathname.endsWith(".pdf") ? "pdf" : "csv");
}
