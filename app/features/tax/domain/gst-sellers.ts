import { STORE_SELLER } from "./tax-documents";

/** A seller whose GST report can be opened: "store" or a vendor's user id, with the name shown and the file name's part. */
export type GstSeller = { id: string; name: string; slug: string };

export const STORE_GST_SELLER: GstSeller = { id: STORE_SELLER, name: "Store", slug: "store" };

export function vendorGstSeller(userId: string, businessName: string): GstSeller {
  const slug = businessName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return { id: userId, name: businessName, slug: slug || "vendor" };
}

/** "gst-report-2026-11-store.csv". */
export function gstReportFileName(month: string, seller: GstSeller): string {
  return `gst-report-${month}-${seller.slug}.csv`;
}
