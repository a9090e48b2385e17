import type { AgentStatement } from "../server/agent-statement.server";
import { statementCsv, statementFileName, statementPdf } from "../server/statement-files.server";

/** A statement as a download: never cached, never sniffed as something else. */
export async function statementFile(statement: AgentStatement, kind: "csv" | "pdf"): Promise<Response> {
  const body = kind === "pdf" ? new Uint8Array(await statementPdf(statement)) : statementCsv(statement);
  return new Response(body, {
    headers: {
      "Content-Type": kind === "pdf" ? "application/pdf" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${statementFileName(statement, kind)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A refused download: what is wrong, as plain text. */
export function statementRefused(message: string, status: number): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" },
  });
}
