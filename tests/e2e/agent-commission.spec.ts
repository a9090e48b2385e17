import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { ADMIN, loginAsAdmin } from "./admin-helpers";
import { test as base, expect, expectAccessible, waitForHydration } from "./fixtures";
import { loginAs } from "./helpers";
import { startPrivateStore } from "./private-store";
import { toasts } from "./toast-helpers";

/*
 * Field agents' commission (issue 33, docs/decisions/066-agent-commission.md): the owner sets the rates
 * per category in the panel (a rate over 100 % is refused and said), and an approved agent reads their
 * statement in Hindi on a phone, with its PDF. A store of this file's own: it writes an agent's row.
 */
type Database = { sqlitePath: string } | { postgresUrl: string };
type Store = { url: string; database: Database };
const test = base.extend<object, { store: Store }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const store = await startPrivateStore("commission", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await use({ url: store.url, database: store.database as Database });
      await store.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

/** Makes the account with this email an approved field agent (the agents' own pages approve them elsewhere). */
async function approveAgent(database: Database, email: string) {
  const text = `insert into agent (user_id, name, mobile, village, pincode, status, created_at)
    select id, 'Suresh Patil', '+919812345678', 'Khed', '411001', 'approved', $2 from "user" where email = $1`;
  const params = [email, new Date().toISOString()];
  if ("sqlitePath" in database) {
    const db = new DatabaseSync(database.sqlitePath, { timeout: 5000 });
    try {
      db.prepare(text.replace(/\$(\d)/g, "?$1")).run(...params);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.postgresUrl });
  await client.connect();
  try {
    await client.query(text, params);
  } finally {
    await client.end();
  }
}

test("the owner sets the commission rates; an approved agent reads their statement in Hindi on a phone", async ({
  page,
  browser,
  store,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page, store.url);
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Agent Commission", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agent Commission" })).toBeVisible();
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByLabel("Seeds & Saplings (%)").fill("101");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(page.getByText("Seeds & Saplings: A commission cannot be more than 100%.")).toBeVisible();
  await page.getByLabel("Seeds & Saplings (%)").fill("2.5");
  await page.getByLabel("Fertilizers (%)").fill("3.75");
  await page.getByRole("button", { name: "Save rates" }).click();
  await expect(toasts(page)).toContainText("Commission rates saved.");
  await page.reload();
  await expect(page.getByLabel("Seeds & Saplings (%)")).toHaveValue("2.5");
  await expect(page.getByLabel("Fertilizers (%)")).toHaveValue("3.75");

  const phone = await (await browser.newContext({ baseURL: store.url, viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
  const agent = await loginAs(phone, {}, store.url);
  // Signed in, not (yet) an agent: told so in Hindi.
  await phone.goto("/hi/agent/commission");
  await expect(phone.getByRole("alert")).toContainText("स्वीकृत फ़ील्ड एजेंटों");
  await approveAgent(store.database, agent.email);
  await phone.goto("/hi/agent/commission");
  await expect(phone.getByRole("heading", { level: 1, name: "मेरा कमीशन" })).toBeVisible();
  await expect(phone.getByText("इस महीने कोई कमीशन नहीं कमाया गया।")).toBeVisible();
  await expectAccessible(phone);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  const pdf = await phone.request.get(await phone.getByRole("link", { name: "PDF डाउनलोड करें" }).getAttribute("href").then(String));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
});
