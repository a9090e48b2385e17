/**
 * Low-stock and near-expiry alerts (docs/decisions/058-warehouse-work.md): pack sizes at or below
 * their reorder level, and lots on hand, not recalled, expiring within the store's warning days (or
 * already past their expiry, still on the shelf). An admin sees every seller's; a vendor their own.
 */
export type LowStockAlert = {
  productId: string;
  productName: string;
  label: string;
  sku: string;
  stock: number;
  reorderLevel: number;
  /** The seller's name: null for the store's own products. */
  seller: string | null;
};

export type ExpiryAlert = {
  productId: string;
  productName: string;
  label: string;
  lotNumber: string;
  /** YYYY-MM-DD. */
  expiresOn: string;
  quantity: number;
  seller: string | null;
};

export type StockAlerts = { withinDays: number; lowStock: LowStockAlert[]; expiring: ExpiryAlert[] };

export function alertCount(alerts: StockAlerts): number {
  return alerts.lowStock.length + alerts.expiring.length;
}
