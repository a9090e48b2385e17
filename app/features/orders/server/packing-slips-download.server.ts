import { type Refusal, refusal } from "~/platform/core/refusal";
import { renderRefusal } from "~/platform/i18n/render-refusal.server";
import { PackingSlipQuerySchema } from "~/features/orders/domain/packing-slips";
import { OrderExportSchema } from "~/features/orders/domain/order-export";
import { formatOrderId } from "~/platform/core/order-id";
import { type Packer, packingSlipOf, packingSlipsOfDay } from "./packing-slips.server";
import { renderPackingSlipsPdf } from "./render-packing-slips.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

function refused(said: Refusal, status: 400 | 404): Response {
  return new Response(`${renderRefusal(said)}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE } });
}

/**
 * A packing slips or labels download for an admin or a vendor, from the address's query (`kind`, and
 * `order` or `day`): the PDF, or a 400 / 404 saying why not in the page's language. A vendor gets
 * only orders holding their lines, and only those lines; another's order reads as not found.
 */
export async function packingSlipsDownload(packer: Packer, params: URLSearchParams): Promise<Response> {
  const parsed = PackingSlipQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return refused(refusal("orders.slip_day"), 400);
  const query = parsed.data;
  let slips: Awaited<ReturnType<typeof packingSlipsOfDay>>;
  let name: string;
  if ("order" in query) {
    const slip = await packingSlipOf(query.order, packer);
    if (!slip) return refused(refusal("orders.order_gone"), 404);
    slips = [slip];
    name = formatOrderId(slip.orderId);
  } else {
    const range = OrderExportSchema.safeParse({ from: query.day, to: query.day });
    if (!range.success) return refused(refusal("orders.slip_day"), 400);
    slips = await packingSlipsOfDay(range.data, packer);
    if (slips.length === 0) return refused(refusal("orders.slips_none", { date: query.day }), 404);
    name = query.day;
  }
  const pdf = await renderPackingSlipsPdf(slips, query.kind);
  const file = `${query.kind === "slip" ? "packing-slips" : "shipping-labels"}-${name}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${file}"`, ...PRIVATE },
  });
}
