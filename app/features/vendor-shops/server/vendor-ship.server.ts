import { data } from "react-router";
import { firstError } from "~/platform/core/form-errors";
import { VendorShipFormSchema } from "~/features/orders/domain/shipments";
import { redirectWithToast, samePage } from "~/platform/toast/toast.server";
import { ShipmentRefused, shipOrder } from "~/features/orders/server/ship-order.server";
import { m } from "~/platform/i18n/i18n.server";
import { formErrors, renderRefusal } from "~/platform/i18n/render-refusal.server";

/**
 * /vendor-login/orders' action (issue 15): a vendor ships their own lines of one order. The service
 * checks the order has their lines (another vendor's order is "not found") and ships only theirs.
 */
export async function vendorShipAction(vendorId: string, form: Record<string, string>, requestUrl: string | URL) {
  const orderId = (form.orderId ?? "").slice(0, 64);
  const values = { courier: form.courier ?? "", tracking: form.tracking ?? "" };
  const parsed = VendorShipFormSchema.safeParse(form);
  if (!parsed.success) {
    const fields = formErrors(parsed.error);
    const { courier, tracking } = fields;
    return data({ orderId, refusal: firstError(fields), fields: { courier, tracking }, values }, { status: 400 });
  }
  try {
    await shipOrder({ role: "vendor", id: vendorId }, parsed.data);
    // Back to the same page of orders (the request's own path may be the .data one a script fetch uses).
    const url = new URL(requestUrl);
    url.pathname = "/vendor-login/orders";
    url.searchParams.delete("_routes");
    return redirectWithToast(samePage(url), {
      description: m.vendor_shipped_toast(),
    });
  } catch (error) {
    if (error instanceof ShipmentRefused)
      return data({ orderId, refusal: renderRefusal(error.refusal), fields: {}, values }, { status: error.status });
    throw error;
  }
}
