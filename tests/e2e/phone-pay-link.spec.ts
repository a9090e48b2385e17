import { mkdtempSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defined } from "../../app/platform/defined";
import { test as base, expect, expectAccessible } from "./fixtures";
import { SECATEURS, waitForHydration } from "./helpers";
import { startPrivateStore } from "./private-store";
import { ADMIN, loginAsAdmin, unique } from "./admin-helpers";

/**
 * Issue 33's done-when (docs/decisions/063-phone-order-pay-link.md): a support agent takes a phone
 * order for a new farmer who pays by the SMS link. The farmer reads Hindi, opens the link from the
 * SMS with no account signed in, and pays by UPI through the local fake gateway, in a store of its
 * own that takes payments.
 */
const test = base.extend<object, { store: { url: string; smsDir: string } }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern, and requires one; empty says none.
    async ({}, use) => {
      const smsDir = mkdtempSync(join(tmpdir(), "angle-pay-link-sms-"));
      const store = await startPrivateStore("paylink", {
        FAKE_GATEWAY: "on",
        FAKE_GATEWAY_PORT: "0",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMS_DIR: smsDir,
      });
      await use({ url: store.url, smsDir });
      await store.stop();
      rmSync(smsDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

/** The SMS the store has written to `e164` so far (each one a .txt file). */
async function smsTo(dir: string, e164: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith(".txt")).sort();
  const texts = await Promise.all(names.map((n) => readFile(join(dir, n), "utf8")));
  return texts.filter((t) => t.startsWith(`To: ${e164}\n`));
}

const freshMobile = () => `7${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

test("a support agent sends a new Hindi-speaking farmer a payment link, and the farmer pays by UPI from the SMS", async ({
  page,
  browser,
  store,
}) => {
  test.slow(); // an owner, the agent and the farmer, in a store of its own
  await loginAsAdmin(page, store.url);
  await page.goto("/admin/staff");
  await waitForHydration(page);
  const tag = unique();
  const agentEmail = `meena.${tag}@example.com`;
  await page.getByLabel("Name").fill(`Meena Desk ${tag}`);
  await page.getByLabel("Email or mobile number").fill(agentEmail);
  await page.locator("#staff-new-role").selectOption("support");
  await page.getByRole("button", { name: "Add to the team" }).click();
  const note = page.getByText(`Temporary password for ${agentEmail}:`);
  await expect(note).toBeVisible();
  const temporary = defined(await note.locator("code").textContent(), "the temporary password");

  const deskContext = await browser.newContext({ baseURL: store.url });
  const desk = await deskContext.newPage();
  const signedIn = await desk.request.post("/admin/login", {
    form: { email: agentEmail, password: temporary },
    headers: { origin: store.url },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  // A temporary password is changed before the panel opens.
  await desk.goto("/account/set-password");
  await desk.getByLabel(/^New password/).fill("meena-own-pass-1");
  await desk.getByRole("button", { name: "Set password" }).click();
  await expect(desk.getByText("Your new password is set.")).toBeVisible();

  // Phone Orders: a new farmer, in Hindi, two packs of secateurs, paid by a link.
  await desk.goto("/admin/assisted-orders/new");
  await waitForHydration(desk);
  const digits = freshMobile();
  const e164 = `+91${digits}`;
  await desk.getByLabel("Mobile number").fill(digits);
  await desk.getByRole("button", { name: "Find", exact: true }).click();
  await desk.getByLabel("Name").fill("Sunita Patil");
  await desk.getByLabel("Language of their messages").selectOption("hi");
  await desk.getByLabel("Street / village").fill("Gat 12, Shirur");
  await desk.getByLabel("Town / district").fill("Pune");
  await desk.getByLabel("State").selectOption("Maharashtra");
  await desk.getByLabel("Pincode").fill("411001");
  await desk.getByRole("button", { name: "Add farmer and tell them by SMS" }).click();
  await expect(desk.getByRole("heading", { name: "Farmer: Sunita Patil" })).toBeVisible();
  await desk.getByLabel("Product name or SKU").fill(SECATEURS.name);
  await desk.getByRole("button", { name: "Search", exact: true }).click();
  const result = desk.getByTestId("assist-result").filter({ hasText: SECATEURS.name }).first();
  await result.getByLabel(/^Quantity of/).fill("2");
  await result.getByRole("button", { name: "Add", exact: true }).click();
  await expect(desk.getByTestId("assist-line")).toContainText(`${SECATEURS.name} × 2`);
  const total = defined(await desk.getByTestId("assist-total").textContent(), "the total");
  await desk.getByRole("radio", { name: "Send payment link (UPI)" }).check();
  await expectAccessible(desk);
  await desk.getByRole("button", { name: "Place order and send payment link" }).click();

  // The order waits for the link's payment; the desk can send the link again.
  await expect(desk).toHaveURL(/\/admin\/orders\/[a-z0-9]+$/);
  await expect(desk.getByTestId("admin-order-pay-link")).toContainText("Awaits payment by the SMS link until");
  await expect(desk.getByRole("button", { name: "Send the link again" })).toBeVisible();
  await deskContext.close();

  // The farmer's SMS, in Hindi: the amount and the link.
  let told = "";
  await expect
    .poll(
      async () => {
        told = (await smsTo(store.smsDir, e164)).find((t) => t.includes("UPI से भुगतान करें")) ?? "";
        return told;
      },
      { timeout: 20_000 },
    )
    .toContain(total.trim());
  const link = defined(/https?:\/\/\S+\/pay\?t=[A-Za-z0-9_-]+/.exec(told)?.[0], "the SMS's pay link");
  expect(link).toContain("/hi/orders/");

  // Opened on a phone with no account signed in: the order, in Hindi, and paying by UPI.
  const farmerContext = await browser.newContext({ baseURL: store.url });
  const farmer = await farmerContext.newPage();
  await farmer.goto(link);
  await expect(farmer.getByRole("heading", { level: 1, name: /^ऑर्डर #.+ का भुगतान करें$/ })).toBeVisible();
  await expect(farmer.getByTestId("order-total")).toHaveText(total.trim());
  await expect(farmer.getByRole("link", { name: "यह ऑर्डर आपने नहीं माँगा? इसे रद्द करें" })).toBeVisible();
  await expectAccessible(farmer);
  await waitForHydration(farmer);
  await farmer.getByRole("button", { name: /^UPI से ₹[\d,.]+ का भुगतान करें$/ }).click();
  await farmer
    .frameLocator('iframe[title="Payment"]')
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(farmer.getByTestId("pay-link-state")).toHaveText("इस ऑर्डर का भुगतान हो गया है। धन्यवाद! हम इसे आपको भेजेंगे।");
  await expect(farmer.getByRole("status").filter({ hasText: "धन्यवाद! आपका भुगतान मिल गया है।" })).toBeVisible();
  await expect(farmer.getByRole("button", { name: /का भुगतान करें$/ })).toHaveCount(0);
  await farmerContext.close();
});
