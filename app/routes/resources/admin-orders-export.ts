import type { Route } from "./+types/admin-orders-export";
import { requireAdminAction } from "~/platform/auth/guards.server";
import { fieldErrors, firstError } from "~/platform/core/form-errors";
import { OrderExportSchema } from "~/features/orders/domain/order-export";
import { exportOrdersCsv } from "~/features/orders/server/export-orders.server";

/**
 * GET /admin/orders/export?from=YYYY-MM-DD&to=YYYY-MM-DD: the orders placed on those India days as
 * a CSV download, one row per order. Admins only (403 for anyone else); a bad range is a 400 that
 * says what is wrong.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminAction(request);
  const params = new URL(request.url).searchParams;
  const parsed = OrderExportSchema.safeParse({ from: params.get("from") ?? "", to: params.get("to") ?? "" });
  if (!parsed.success) {
    return new Response(`${firstError(fieldErrors(parsed.error))}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  }
  const { from, to } = parsed.data;
  return new Response(exportOrdersCsv(parsed.data), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="angle-orders-${from}-to-${to}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
