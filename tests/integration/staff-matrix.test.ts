import { beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app";
import { checkoutInput, createCustomer, createLot, createOffer, createProduct } from "../factories";
import { getDb } from "~/platform/db/db.server";
import { newId } from "~/platform/ids";
import { isKnownAddress, may, permissionFor, STAFF_ROLES, type StaffRole } from "~/platform/core/staff-policy";
import { placeOrder } from "~/features/orders/server/place-order.server";
import { loadProductionBuild, ORIGIN, type ProductionApp, registerCustomer, send } from "../helpers/production-app";

/**
 * Staff roles (issue 33, docs/decisions/060-staff-roles.md): every address of the admin panel, read and
 * posted to, as a member of staff of every role, on the production build. Each is answered 403 exactly
 * when the role's permissions (staff-policy.ts) do not cover it; the addresses come from the build's
 * own routes, so a page added without a rule is found here (it is then the owner's alone).
 */
let app: ProductionApp;
let build: ServerBuild;
const cookies = new Map<StaffRole, string>();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const loaded = await loadProductionBuild();
  build = loaded.build;
  app = createApp({ build, clientDir: loaded.clientDir, https: false, origin: ORIGIN });
  for (const role of STAFF_ROLES) {
    const member = await registerCustomer(app, `Matrix ${role}`, `matrix-${role}`);
    await getDb().updateTable("user").set({ role: "admin", staff_role: role }).where("email", "=", member.email).execute();
    cookies.set(role, member.cookie);
  }
  const product = await createProduct({ stock: 50 });
  const customer = await createCustomer();
  const placed = await placeOrder(customer, checkoutInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "cod" }));
  const offer = await createOffer();
  const group = newId();
  await getDb()
    .insertInto("customer_group")
    .values({
      id: group,
      name: "Matrix FPO",
      name_hi: null,
      name_key: `matrix fpo ${group}`,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();
  ids.products = product.id;
  ids.orders = placed.orderId;
  ids.offers = offer.id;
  ids["customer-groups"] = group;
  ids["price-lists"] = newId();
  ids.lots = (await createLot(product.id)).id;
});

/** Every admin address the build serves, with its ids filled in: the panel's pages and its downloads (`posts`: those with an action). */
function adminAddresses(options: { posts?: boolean } = {}): string[] {
  const routes = Object.values(build.routes).flatMap((route) => (route ? [route] : []));
  const pathOf = (route: (typeof routes)[number]): string => {
    const parent = route.parentId ? build.routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const before = parent && parent.id !== "root" ? pathOf(parent) : "";
    return [before, own].filter(Boolean).join("/");
  };
  return routes
    .map((route) => ({ route, path: pathOf(route) }))
    .filter(({ path }) => path === "admin" || path.startsWith("admin/"))
    .filter(({ path }) => path !== "admin/login" && !path.endsWith("*"))
    .filter(({ route }) => !options.posts || typeof route.module.action === "function")
    .map(({ path }) => `/${path.replace(/([a-z-]+)\/:[A-Za-z]+/g, (_, name: string) => `${name}/${ids[name] ?? "none"}`)}`);
}

describe("staff roles: every admin address as every role", () => {
  it("names every address of the panel in the policy", () => {
    const addresses = adminAddresses();
    expect(addresses.length).toBeGreaterThan(30);
    expect(addresses.filter((path) => !isKnownAddress(path) && path !== "/admin/staff")).toEqual([]);
  });

  it("reads a page exactly when the role's permissions cover it", async () => {
    const wrong: string[] = [];
    for (const path of adminAddresses()) {
      for (const role of STAFF_ROLES) {
        const reply = await send(app, path, { cookie: cookies.get(role) });
        const allowed = may(role, permissionFor(path, "GET"));
        if (allowed ? reply.status === 403 || reply.status >= 500 : reply.status !== 403)
          wrong.push(`${role} GET ${path}: ${reply.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("posts a form exactly when the role's permissions cover its intent", async () => {
    const wrong: string[] = [];
    const intents = ["matrix-probe", "mark-paid", "retry-refund", "stray-refund", "ship", "add", "delete"];
    for (const path of adminAddresses({ posts: true })) {
      for (const role of STAFF_ROLES) {
        for (const intent of intents) {
          const reply = await send(app, path, { cookie: cookies.get(role), form: { intent } });
          const allowed = may(role, permissionFor(path, "POST", intent));
          if (allowed ? reply.status === 403 || reply.status >= 500 : reply.status !== 403)
            wrong.push(`${role} POST ${path} (${intent}): ${reply.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);

  it("shows each role only the sidebar links it may open", async () => {
    const support = await send(app, "/admin/orders", { cookie: cookies.get("support") });
    expect(support.text).toContain('href="/admin/messages"');
    expect(support.text).not.toContain('href="/admin/settings"');
    expect(support.text).not.toContain('href="/admin/products"');
    const catalogue = await send(app, "/admin/products", { cookie: cookies.get("catalogue") });
    expect(catalogue.text).toContain('href="/admin/kits"');
    expect(catalogue.text).not.toContain('href="/admin/orders"');
  });
});
