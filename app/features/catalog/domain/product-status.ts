/**
 * Where a listing stands: on sale (`live`), waiting for an admin (`pending`), refused, archived by its
 * owner, off sale with its suspended vendor, or off sale for want of a valid licence (decision 019).
 */
export type ProductStatus = "live" | "pending" | "rejected" | "archived" | "suspended" | "unlicensed";
