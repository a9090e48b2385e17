/**
 * Where a listing stands: on sale (`live`), waiting for an admin (`pending`), refused, archived by its
 * owner, or off sale: "suspended", a live listing whose vendor is suspended (back to "live" on
 * reactivation); "unlicensed", an approved listing whose vendor has no verified, unexpired licence for
 * what it is regulated as (decision 019; back to "live" when the licence is verified); "paused", taken off
 * sale by its vendor for a while (back on sale when they resume it, without a new approval).
 */
export type ProductStatus = "live" | "pending" | "rejected" | "archived" | "suspended" | "unlicensed" | "paused";
