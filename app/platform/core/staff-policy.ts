/**
 * Who on the store's team may do what in the admin panel (issue 33, docs/decisions/060-staff-roles.md).
 * One table of roles and permissions, one table of the panel's addresses and the permission each
 * asks for (reading, and writing by the form's intent), and one function every admin loader and
 * action passes through (guards.server.ts). An address the table does not know is the owner's alone.
 */

export const STAFF_ROLES = ["owner", "catalogue", "orders", "accounts", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  catalogue: "Catalogue",
  orders: "Orders",
  accounts: "Accounts",
  support: "Support",
};

export const STAFF_ROLE_DUTIES: Record<StaffRole, string> = {
  owner: "Everything, including staff, settings and payment settings.",
  catalogue: "Products, kits, lots, listings approval, vendors' licences, reviews, search synonyms, offers and price lists.",
  orders: "Orders, shipping, cancellations and return decisions; customers' details; phone orders; field agents.",
  accounts: "GST report, refunds, payment records and payouts; reads orders and customers.",
  support: "Reads customers and orders, answers messages, takes phone orders; no settings.",
};

/**
 * The most a member of staff may take off an order's goods, as a percentage of their value after the
 * offers and before GST (docs/decisions/064-draft-orders.md). Checked when a draft's discount is set and
 * again, for the role of whoever places it, when the order is placed.
 */
export const DISCOUNT_LIMIT_PERCENT: Record<StaffRole, number> = {
  owner: 100,
  catalogue: 0,
  orders: 10,
  accounts: 0,
  support: 5,
};

/** The most a role may take off goods worth `goodsPaise`: its percentage, rounded down to the paisa. */
export function discountLimitPaise(role: StaffRole, goodsPaise: number): number {
  return Math.floor((Math.max(0, goodsPaise) * DISCOUNT_LIMIT_PERCENT[role]) / 100);
}

/** What the panel's pages and actions ask for. */
export type Permission =
  | "panel"
  | "catalogue"
  | "orders.read"
  | "orders"
  | "money"
  | "customers.read"
  | "messages"
  /** Placing orders for a farmer by phone (docs/decisions/062-assisted-orders.md). */
  | "assist"
  /** Deciding on field agents, their areas, limits and farmers (docs/decisions/065-field-agents.md). */
  | "agents"
  | "users"
  | "settings"
  | "staff";

const GRANTS: Record<StaffRole, readonly Permission[]> = {
  owner: [
    "panel",
    "catalogue",
    "orders.read",
    "orders",
    "money",
    "customers.read",
    "messages",
    "assist",
    "agents",
    "users",
    "settings",
    "staff",
  ],
  catalogue: ["panel", "catalogue"],
  orders: ["panel", "orders.read", "orders", "customers.read", "assist", "agents"],
  accounts: ["panel", "orders.read", "money", "customers.read"],
  support: ["panel", "orders.read", "customers.read", "messages", "assist"],
};

/** Whether a member of staff of this role may do what the permission covers. */
export function may(role: StaffRole, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/** A page's rule: what reading it asks, and what each form intent posted to it asks (`*`: any other). */
type Rule = { read: Permission; write: Permission | Readonly<Record<string, Permission>> };

/**
 * The panel's addresses (their first segment after /admin, then the rest), each with its rule.
 * Longer patterns first where they share a start; `:id` is one segment.
 */
const RULES: readonly (readonly [string, Rule])[] = [
  ["/admin", { read: "panel", write: "staff" }],
  ["/admin/dashboard", { read: "panel", write: "staff" }],
  ["/admin/products", { read: "catalogue", write: "catalogue" }],
  ["/admin/products/new", { read: "catalogue", write: "catalogue" }],
  ["/admin/products/import", { read: "catalogue", write: "catalogue" }],
  ["/admin/products/export", { read: "catalogue", write: "catalogue" }],
  ["/admin/products/:id", { read: "catalogue", write: "catalogue" }],
  ["/admin/kits", { read: "catalogue", write: "catalogue" }],
  ["/admin/lots", { read: "catalogue", write: "catalogue" }],
  ["/admin/lots/import", { read: "catalogue", write: "catalogue" }],
  ["/admin/lots/:id", { read: "catalogue", write: "catalogue" }],
  ["/admin/lots/:id/report", { read: "catalogue", write: "catalogue" }],
  ["/admin/search-synonyms", { read: "catalogue", write: "catalogue" }],
  ["/admin/reviews", { read: "catalogue", write: "catalogue" }],
  ["/admin/offers", { read: "catalogue", write: "catalogue" }],
  ["/admin/offers/new", { read: "catalogue", write: "catalogue" }],
  ["/admin/offers/:id", { read: "catalogue", write: "catalogue" }],
  ["/admin/customer-groups", { read: "catalogue", write: "catalogue" }],
  ["/admin/customer-groups/:id", { read: "catalogue", write: "catalogue" }],
  ["/admin/price-lists", { read: "catalogue", write: "catalogue" }],
  ["/admin/price-lists/new", { read: "catalogue", write: "catalogue" }],
  ["/admin/price-lists/:id", { read: "catalogue", write: "catalogue" }],
  // Vendors: their listings' approval and their licences.
  ["/admin/vendors", { read: "catalogue", write: "catalogue" }],
  ["/admin/orders", { read: "orders.read", write: "orders" }],
  ["/admin/orders/export", { read: "orders.read", write: "orders" }],
  [
    "/admin/orders/:id",
    {
      read: "orders.read",
      // Money moves by the accounts' hand; the goods by the order desk's.
      // Sending a phone order's pay link again is the phone desk's (docs/decisions/063-phone-order-pay-link.md).
      write: {
        "retry-refund": "money",
        "stray-refund": "money",
        "stray-settle": "money",
        "mark-paid": "money",
        "resend-pay-link": "assist",
        "*": "orders",
      },
    },
  ],
  // Orders placed for a farmer by phone (docs/decisions/062-assisted-orders.md).
  ["/admin/assisted-orders", { read: "assist", write: "assist" }],
  ["/admin/assisted-orders/new", { read: "assist", write: "assist" }],
  // Field agents (docs/decisions/065-field-agents.md): whoever reads customers reads them.
  ["/admin/agents", { read: "customers.read", write: "agents" }],
  // Field agents' commission (docs/decisions/066-agent-commission.md): the accounts read it, owners set the rates.
  ["/admin/agent-commission", { read: "money", write: "settings" }],
  ["/admin/agent-commission/statement.csv", { read: "money", write: "settings" }],
  ["/admin/agent-commission/statement.pdf", { read: "money", write: "settings" }],
  // Draft orders (docs/decisions/064-draft-orders.md): kept and placed by the phone desk.
  ["/admin/draft-orders", { read: "assist", write: "assist" }],
  ["/admin/draft-orders/:id", { read: "assist", write: "assist" }],
  ["/admin/returns", { read: "orders.read", write: "orders" }],
  ["/admin/packing-slips", { read: "orders.read", write: "orders" }],
  ["/admin/stock-alerts", { read: "catalogue", write: "catalogue" }],
  ["/admin/gst", { read: "money", write: "money" }],
  ["/admin/gst/export", { read: "money", write: "money" }],
  ["/admin/users", { read: "customers.read", write: "users" }],
  ["/admin/messages", { read: "messages", write: "messages" }],
  ["/admin/outbox", { read: "settings", write: "settings" }],
  // ONDC (docs/decisions/076-ondc-admin.md): the store's identity on the network, its switch, the protocol
  // log and the grievances: the owner's, as the settings are.
  ["/admin/ondc", { read: "settings", write: "settings" }],
  ["/admin/ondc/messages/:id", { read: "settings", write: "settings" }],
  ["/admin/delivery", { read: "settings", write: "settings" }],
  ["/admin/payment-settings", { read: "settings", write: "settings" }],
  ["/admin/settings", { read: "settings", write: "settings" }],
  ["/admin/staff", { read: "staff", write: "staff" }],
  ["/admin/audit", { read: "staff", write: "staff" }],
  ["/admin/audit/export", { read: "staff", write: "staff" }],
];

const OWNER_ONLY: Rule = { read: "staff", write: "staff" };

function matches(pattern: string, path: string): boolean {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return false;
  return want.every((part, i) => part === got[i] || (part === ":id" && (got[i] ?? "") !== ""));
}

/** Whether the table names this address (else it is the owner's alone). */
export function isKnownAddress(pathname: string): boolean {
  return ruleFor(pathname) !== OWNER_ONLY;
}

/** The rule of an admin address: the first exact pattern, else the first with `:id`, else the owner's alone. */
export function ruleFor(pathname: string): Rule {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const exact = RULES.find(([pattern]) => pattern === path);
  if (exact) return exact[1];
  return RULES.find(([pattern]) => matches(pattern, path))?.[1] ?? OWNER_ONLY;
}

/** What a request to an admin address asks for: reading it (GET, HEAD) or posting a form's intent to it. */
export function permissionFor(pathname: string, method: string, intent?: string | null): Permission {
  const rule = ruleFor(pathname);
  if (method === "GET" || method === "HEAD") return rule.read;
  if (typeof rule.write === "string") return rule.write;
  return rule.write[intent ?? ""] ?? rule.write["*"] ?? "staff";
}

/**
 * The role an admin account acts with: its staff role; none (null) is Owner, as the admins made before
 * roles and by `admin:create`; anything else the least of the roles, never more.
 */
export function staffRoleOf(value: unknown): StaffRole {
  if (value === null || value === undefined) return "owner";
  return isStaffRole(value) ? value : "support";
}
