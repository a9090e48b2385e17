import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { smsDir } from "../../playwright.config";
import { defined } from "../../app/platform/defined";
import { expect, expectAccessible, test } from "./fixtures";
import { SECATEURS, waitForHydration } from "./helpers";
import { loginAsAdmin, unique } from "./admin-helpers";

/** The SMS the test server has written to `e164` so far (each one a .txt file), oldest first. */
async function smsTo(e164: string): Promise<string[]> {
  const names = (await readdir(smsDir).catch(() => [])).filter((n) => n.endsWith(".txt")).sort();
  const texts = await Promise.all(names.map((n) => readFile(join(smsDir, n), "utf8")));
  return texts.filter((t) => t.startsWith(`To: ${e164}\n`));
}

const freshMobile = () => `9${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

/*
 * Issue 33, phone orders (docs/decisions/062-assisted-orders.md): a support agent takes an order on the
 * phone for a new farmer who reads Hindi; the farmer's SMS are in Hindi.
 */
test("a support agent takes a phone order for a new Hindi-speaking farmer, who is told by SMS in Hindi", async ({ page, browser }) => {
  test.slow(); // two browser contexts, an owner and the agent
  // The owner puts a support agent on the team.
  await loginAsAdmin(page);
  await page.goto("/admin/staff");
  await waitForHydration(page);
  const tag = unique();
  const agentName = `Kavita Desk ${tag}`;
  const agentEmail = `kavita.${tag}@example.com`;
  await page.getByLabel("Name").fill(agentName);
  await page.getByLabel("Email or mobile number").fill(agentEmail);
  await page.locator("#staff-new-role").selectOption("support");
  await page.getByRole("button", { name: "Add to the team" }).click();
  const note = page.getByText(`Temporary password for ${agentEmail}:`);
  await expect(note).toBeVisible();
  const temporary = defined(await note.locator("code").textContent(), "the temporary password");

  // The agent signs in and sets a password of their own.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const desk = await context.newPage();
  const signedIn = await desk.request.post("/admin/login", {
    form: { email: agentEmail, password: temporary },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  await desk.goto("/account/set-password");
  await desk.getByLabel(/^New password/).fill("kavita-own-pass-1");
  await desk.getByRole("button", { name: "Set password" }).click();
  await expect(desk.getByText("Your new password is set.")).toBeVisible();

  // Phone Orders: the farmer's number has no account, so the agent adds them, in Hindi.
  await desk.goto("/admin/dashboard");
  await desk.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Phone Orders" }).click();
  await expect(desk.getByRole("heading", { level: 1, name: "Phone Orders" })).toBeVisible();
  await waitForHydration(desk);
  const digits = freshMobile();
  const e164 = `+91${digits}`;
  await desk.getByLabel("Mobile number").fill(`${digits.slice(0, 5)} ${digits.slice(5)}`);
  await desk.getByRole("button", { name: "Find", exact: true }).click();
  await expect(desk.getByRole("heading", { name: /No account on/ })).toBeVisible();
  await expectAccessible(desk);
  await desk.getByLabel("Name").fill("Ramesh Yadav");
  await desk.getByLabel("Language of their messages").selectOption("hi");
  await desk.getByLabel("Street / village").fill("Ward 4, Khed");
  await desk.getByLabel("Town / district").fill("Pune");
  await desk.getByLabel("State").selectOption("Maharashtra");
  await desk.getByLabel("Pincode").fill("411001");
  await desk.getByRole("button", { name: "Add farmer and tell them by SMS" }).click();
  await expect(desk.getByRole("heading", { name: "Farmer: Ramesh Yadav" })).toBeVisible();

  // The cart: found by name, two of them, priced as the storefront prices them.
  await desk.getByLabel("Product name or SKU").fill(SECATEURS.name);
  await desk.getByRole("button", { name: "Search", exact: true }).click();
  const result = desk.getByTestId("assist-result").filter({ hasText: SECATEURS.name }).first();
  await result.getByLabel(/^Quantity of/).fill("2");
  await result.getByRole("button", { name: "Add", exact: true }).click();
  await expect(desk.getByTestId("assist-line")).toContainText(`${SECATEURS.name} × 2`);
  await expect(desk.getByTestId("assist-total")).toContainText("₹");
  await expectAccessible(desk);
  await desk.getByRole("button", { name: "Place order (cash on delivery)" }).click();

  // The order's page says who placed it.
  await expect(desk).toHaveURL(/\/admin\/orders\/[a-z0-9]+$/);
  await expect(desk.getByTestId("admin-order-placed-by")).toHaveText(`Placed by ${agentName} (phone order)`);
  await context.close();

  // The farmer's SMS are in Hindi: the account made for them, and the order with its link to refuse it.
  await expect.poll(async () => (await smsTo(e164)).some((t) => t.includes("आपका खाता बनाया है")), { timeout: 20_000 }).toBe(true);
  let told = "";
  await expect
    .poll(
      async () => {
        told = (await smsTo(e164)).find((t) => t.includes("फ़ोन डेस्क")) ?? "";
        return told;
      },
      { timeout: 20_000 },
    )
    .toContain("/hi/orders/");

  // They did not ask for it after all: the link opens a Hindi page that cancels it.
  const link = defined(/https?:\/\/\S+\/not-mine\?t=[A-Za-z0-9_-]+/.exec(told)?.[0], "the SMS's link");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "आपके लिए रखा गया ऑर्डर रद्द करें" })).toBeVisible();
  await expectAccessible(page);
  await waitForHydration(page);
  await page.getByRole("button", { name: "यह ऑर्डर रद्द करें" }).click();
  await expect(page.getByText("ऑर्डर रद्द हो गया है। कुछ भी नहीं भेजा जाएगा।")).toBeVisible();
});
