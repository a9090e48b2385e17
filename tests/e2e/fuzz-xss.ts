import { addDays, indiaToday } from "../../app/platform/core/india-day";
import { encodeCursor } from "../../app/platform/core/pagination";
import { defined } from "../../app/platform/defined";
import { expect, type Browser } from "@playwright/test";
import { waitForHydration } from "./fixtures";
import type { Client } from "../fuzz/client";
import type { FuzzStore } from "../fuzz/store-reader";
import { gstinFor, type Role, type World } from "../fuzz/fuzz-targets";
import { addProduct, placeOrder, registerCustomer, registerVendor, type Sessions } from "../fuzz/fuzz-world";

/** Markup that runs if a page ever renders stored text as HTML; `tag` tells the fields apart. */
const payload = (tag: string) => `<img src=x onerror=window.__xss=1><script>window.__xss=1</script>${tag}`;
/** The same for fields of at most 60 characters. */
const short = (tag: string) => `<img src=x onerror=window.__xss=1>${tag}`;

/** A page, who opens it, the markers it must show literally, and a payment method to pick first. */
type Page = { role: Role; path: string; shows: string[]; choose?: string };

/**
 * Stores hostile markup through every form that keeps text someone else will see (product and
 * listing, registration and vendor profile, order address, order note, rejection reason, contact
 * message, added user, site title and tagline, payment method, product review), then opens every page that shows
 * it as the role that sees it, with the page's Content-Security-Policy switched off so that an
 * injected handler would really run: nothing runs, nothing is injected, the text shows literally.
 */
export async function xssJourney({ store, world, sessions }: { store: FuzzStore; world: World; sessions: Sessions }, browser: Browser) {
  const tag = `${world.tag}x`;
  const t = (name: string) => `${name}${tag}`; // a field's marker, unique to this run
  const hostile = (name: string) => payload(t(name)); // a payload carrying the field's marker
  const { admin, anon } = sessions.as;
  const post = async (request: Client, path: string, form: Record<string, string>, status = [200, 302]) => {
    const response = await request.post(path, { form, maxRedirects: 0 });
    expect(status, `${path} ${JSON.stringify(form).slice(0, 200)}: ${(await response.text()).slice(0, 300)}`).toContain(response.status());
  };

  // The store's own words.
  await post(admin, "/admin/settings", { siteTitle: short(t("T")), siteTagline: hostile("TG"), adminEmail: "" }, [303]);
  const methodKey = `xss_${tag}`.replace(/[^A-Za-z0-9_]/g, "_");
  await post(
    admin,
    "/admin/payment-settings",
    { intent: "add", name: short(t("W")), key: methodKey, type: "offline", enabled: "on", instructions: hostile("PI") },
    [303],
  );
  await post(
    admin,
    "/admin/payment-settings",
    {
      intent: "save",
      method: "bankTransfer",
      enabled: "on",
      instructions: hostile("BI"),
      accountName: hostile("BA"),
      accountNumber: "123456789",
      bankName: hostile("BN"),
      ifscCode: "SBIN0001234",
    },
    [303],
  );
  const adminProduct = await addProduct(store, admin, "/admin/products/new", hostile("AP"), { description: hostile("APD") });
  await post(admin, "/admin/users", { intent: "add", name: short(t("AU")), email: `fz.xss.user.${tag}@example.com` }, [200]);
  await post(anon, "/contact", { name: short(t("MN")), email: "eve@example.com", subject: hostile("MS"), message: hostile("MM") }, [303]);

  // A vendor with a hostile profile and listings: one approved, one rejected with a hostile reason, one waiting.
  const vendor = await sessions.fresh("anon");
  await registerVendor(store, vendor, {
    businessName: `Plain ${tag}`,
    email: `fz.xss.vendor.${tag}@example.com`,
    gstNumber: gstinFor(`${tag}-xss`),
    street: hostile("VS"),
    city: short(t("VC")),
    state: "Maharashtra", // chosen from a list: no text of its own
  });
  await post(
    vendor,
    "/vendor-login/profile",
    {
      businessName: hostile("VB"),
      phone: "91234 56789",
      gstNumber: gstinFor(`${tag}-xss`),
      street: hostile("VS"),
      city: short(t("VC")),
      state: "Maharashtra", // chosen from a list: no text of its own
      pincode: "422010",
    },
    [303],
  );
  // Their fertiliser registration (a hostile issuing authority), verified, so a fertilizers listing can be approved.
  await post(
    vendor,
    "/vendor-login/profile",
    {
      intent: "licence",
      kind: "fertiliser",
      number: `MH/FCO/${tag}`.slice(0, 40),
      expiresOn: addDays(indiaToday(), 365),
      authority: hostile("LA"),
      // A fertiliser registration names the States it is valid in (docs/decisions/057-territory.md).
      states: "Maharashtra",
    },
    [303],
  );
  const [vendorRow] = await store.query('select id from "user" where email = ?', [`fz.xss.vendor.${tag}@example.com`]);
  await post(
    admin,
    "/admin/vendors",
    { intent: "verify-licence", vendorId: String(defined(vendorRow, "the vendor's row").id), kind: "fertiliser", version: "1" },
    [303],
  );
  const approved = await addProduct(store, vendor, "/vendor-login/products/new", hostile("VP"), { description: hostile("VPD") });
  const rejected = await addProduct(store, vendor, "/vendor-login/products/new", hostile("VR"), { description: hostile("VRD") });
  const waiting = await addProduct(store, vendor, "/vendor-login/products/new", hostile("VQ"), { description: hostile("VQD") });
  await post(admin, "/admin/vendors", { intent: "approve", id: approved.id, version: approved.version }, [303]);
  await post(admin, "/admin/vendors", { intent: "reject", id: rejected.id, version: rejected.version, reason: hostile("RR") }, [303]);

  // A customer with a hostile name and address orders both products to a hostile address; the admin adds a hostile note.
  const customer = await sessions.fresh("anon");
  await registerCustomer(store, customer, {
    name: short(t("CN")),
    email: `fz.xss.customer.${tag}@example.com`,
    street: hostile("CS"),
    city: short(t("CC")),
    state: "Maharashtra",
  });
  const orderId = await placeOrder(
    customer,
    [
      { productId: adminProduct.id, quantity: 1 },
      { productId: approved.id, quantity: 1 },
    ],
    { street: hostile("OS"), city: short(t("OC")), state: "Maharashtra", paymentMethod: methodKey },
  );
  await post(admin, `/admin/orders/${orderId}`, { status: "confirmed", note: hostile("ON") }, [303]);
  // Delivered, so the customer reviews what they received, in hostile words.
  // Shipped with a hostile courier and tracking number (issue 15): the customer, the admin and the vendor see them.
  await post(admin, `/admin/orders/${orderId}`, { intent: "ship", courier: short(t("SC")), tracking: hostile("TR") }, [303]);
  await post(admin, `/admin/orders/${orderId}`, { status: "delivered" }, [303]);
  await post(customer, `/orders/review/${adminProduct.id}`, { rating: "4", body: hostile("RB") }, [303]);

  const [queued] = await store.query("select updated_at from product where id = ?", [waiting.id]);
  // Just before the listing in the queue's order (updated_at, id): the same time and an id below every id.
  const queueCursorAt = encodeCursor([String(defined(queued, "the waiting listing").updated_at), ""]);
  const pages: Page[] = [
    { role: "anon", path: "/", shows: ["T", "TG"] },
    { role: "anon", path: "/about", shows: ["T", "TG"] },
    { role: "anon", path: `/products/${adminProduct.id}`, shows: ["T", "AP", "APD", "RB"] },
    { role: "anon", path: "/vendor-login", shows: [] },
    { role: "customer", path: "/products", shows: ["AP", "VP"] },
    { role: "customer", path: `/products?q=${encodeURIComponent(`AP${tag}`)}`, shows: ["AP"] },
    { role: "customer", path: `/products/${approved.id}`, shows: ["VP", "VPD"] },
    { role: "customer", path: "/cart", shows: ["AP", "VP"] },
    { role: "customer", path: "/checkout", shows: ["AP", "W", "CS", "CC"] },
    { role: "customer", path: "/checkout", shows: ["W", "PI"], choose: short(t("W")) },
    { role: "customer", path: "/checkout", shows: ["BA", "BN", "BI"], choose: "Bank Transfer" },
    { role: "customer", path: `/order-confirmation/${orderId}`, shows: ["AP", "VP", "OS", "OC", "SC", "TR"] },
    { role: "customer", path: "/orders", shows: ["CN", "SC", "TR"] },
    { role: "customer", path: `/orders/review/${adminProduct.id}`, shows: ["AP", "RB"] },
    { role: "admin", path: "/admin/dashboard", shows: ["CN"] },
    { role: "admin", path: "/admin/products", shows: ["AP", "VP", "VB"] },
    { role: "admin", path: `/admin/products/${adminProduct.id}`, shows: ["AP", "APD"] },
    { role: "admin", path: `/admin/products/${waiting.id}`, shows: ["VQ", "VQD"] },
    { role: "admin", path: "/admin/users", shows: ["CN", "AU"] },
    { role: "admin", path: "/admin/orders", shows: ["CN"] },
    { role: "admin", path: `/admin/orders/${orderId}`, shows: ["CN", "AP", "VP", "OS", "OC", "ON", "SC", "TR"] },
    { role: "admin", path: "/admin/vendors", shows: ["VB", "LA"] },
    // The queue pages oldest first and other fuzz groups may have filled it: open the page that starts at this listing.
    { role: "admin", path: `/admin/vendors?queueCursor=${queueCursorAt}&queueDir=next`, shows: ["VQ", "VQD"] },
    { role: "admin", path: "/admin/messages", shows: ["MN", "MS", "MM"] },
    { role: "admin", path: "/admin/reviews", shows: ["AP", "RB"] },
    { role: "admin", path: "/admin/settings", shows: ["T", "TG"] },
    { role: "admin", path: "/admin/payment-settings", shows: ["W", "PI", "BA", "BN", "BI"] },
    { role: "vendor", path: "/vendor-login", shows: ["VB"] },
    { role: "vendor", path: "/vendor-login/products", shows: ["VP", "VR", "VQ", "RR"] },
    { role: "vendor", path: `/vendor-login/products/${rejected.id}`, shows: ["VR", "VRD"] },
    { role: "vendor", path: "/vendor-login/orders", shows: ["VP", "CN", "OS", "SC", "TR"] },
    { role: "vendor", path: "/vendor-login/analytics", shows: [] },
    { role: "vendor", path: "/vendor-login/profile", shows: ["VB", "VS", "VC", "LA"] },
  ];

  // A browser holding a client's cookies is signed in as it.
  const signedInAs = (client: Client) => ({
    cookies: client.cookies().map((c) => ({
      ...c,
      domain: new URL(store.url).hostname,
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax" as const,
    })),
    origins: [],
  });
  const contexts = {
    anon: await browser.newContext({ baseURL: store.url, bypassCSP: true }),
    customer: await browser.newContext({ baseURL: store.url, bypassCSP: true, storageState: signedInAs(customer) }),
    vendor: await browser.newContext({ baseURL: store.url, bypassCSP: true, storageState: signedInAs(vendor) }),
    admin: await browser.newContext({ baseURL: store.url, bypassCSP: true, storageState: signedInAs(admin) }),
  };
  const problems: string[] = [];
  try {
    // The customer's browser holds a cart of the two products (as a visit to them would leave it).
    const cartPage = await contexts.customer.newPage();
    await cartPage.goto("/about");
    const line = (p: { id: string }, name: string) => ({
      product: { id: p.id, name, pricePaise: 25_000, image: "/images/products/placeholder.svg", category: "fertilizers", stock: 40 },
      quantity: 1,
    });
    await cartPage.evaluate(
      (v) => localStorage.setItem("angle-cart", v),
      JSON.stringify([line(adminProduct, hostile("AP")), line(approved, hostile("VP"))]),
    );

    // The check is real: with the policy off, an injected handler does run in these browsers.
    await cartPage.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<img src=x onerror="window.__canary=1">'));
    await expect.poll(() => cartPage.evaluate(() => (window as unknown as { __canary?: number }).__canary)).toBe(1);
    await cartPage.close();

    const visit = async ({ role, path, shows, choose }: Page) => {
      const page = await contexts[role].newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      const response = await page.goto(path);
      const where = `${path} as ${role}${choose ? ` (${choose} chosen)` : ""}`;
      if (!response || response.status() >= 400) problems.push(`${where}: ${response?.status()}`);
      const html = (await response?.text()) ?? "";
      await waitForHydration(page);
      if (choose) await page.getByRole("radio", { name: choose, exact: true }).check();
      const read = () =>
        page.evaluate(() => {
          const w = window as unknown as { __xss?: unknown };
          const values = [...document.querySelectorAll("input, textarea")].map((e) => (e as HTMLInputElement).value);
          return {
            ran: w.__xss !== undefined,
            injected: [...document.querySelectorAll('img[src="x"], [onerror], [onmouseover]')].map((e) => e.outerHTML.slice(0, 120)),
            scripts: [...document.scripts].filter((s) => /^\s*window\.__xss/.test(s.textContent ?? "")).length,
            text: [document.title, document.body.textContent ?? "", ...values].join("\n"),
          };
        });
      const missing = (text: string) => shows.filter((name) => !text.includes(hostile(name)) && !text.includes(short(t(name))));
      // The cart and checkout draw their lines from the browser's storage after hydration: wait for them.
      let found = await read();
      await expect
        .poll(
          async () => {
            found = await read();
            return missing(found.text);
          },
          { timeout: 10_000 },
        )
        .toEqual([])
        .catch(() => {});
      if (found.ran) problems.push(`${where}: the stored script ran`);
      if (found.injected.length) problems.push(`${where}: markup injected: ${found.injected.join(" ")}`);
      if (found.scripts) problems.push(`${where}: a stored <script> is in the page`);
      for (const raw of ["<img src=x onerror", "<script>window.__xss"])
        if (html.includes(raw)) problems.push(`${where}: the HTML holds ${raw} unescaped`);
      for (const name of missing(found.text)) problems.push(`${where}: ${name} is not shown literally`);
      if (errors.length) problems.push(`${where}: page errors ${errors.join("; ")}`);
      await page.close();
    };
    // Each role's pages in turn, the roles side by side.
    await Promise.all(
      (["anon", "customer", "admin", "vendor"] as const).map(async (role) => {
        for (const p of pages.filter((x) => x.role === role)) await visit(p);
      }),
    );
  } finally {
    await Promise.all(Object.values(contexts).map((c) => c.close()));
  }
  expect(problems).toEqual([]);
}
