import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { smsDir } from "../../playwright.config";
import { expect, expectAccessible, test } from "./fixtures";
import { authDialog, SECATEURS, waitForHydration } from "./helpers";
import { loginAsAdmin, unique } from "./admin-helpers";

/** The SMS the test server has written to `e164` so far (each one a .txt file), oldest first. */
async function smsTo(e164: string): Promise<string[]> {
  const names = (await readdir(smsDir).catch(() => [])).filter((n) => n.endsWith(".txt")).sort();
  const texts = await Promise.all(names.map((n) => readFile(join(smsDir, n), "utf8")));
  return texts.filter((t) => t.startsWith(`To: ${e164}\n`));
}

const freshMobile = () => `9${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

/*
 * Field agents (docs/decisions/065-field-agents.md): a person signs in by mobile number and an SMS
 * code, asks to be an agent in Hindi, an owner approves, and the agent adds a farmer and places an
 * order for them in Hindi; the farmer is told by SMS in Hindi.
 */
test("a field agent signs in by mobile, is approved, and orders for a farmer in Hindi", async ({ page, browser }) => {
  test.slow(); // an agent and an owner, two contexts
  const digits = freshMobile();
  const e164 = `+91${digits}`;
  await page.goto("/agent/register");
  await expect(page).toHaveURL(/\/agent\/register\?auth=login$/);
  await waitForHydration(page);
  const dialog = authDialog(page);
  await dialog.getByRole("button", { name: "Use mobile number instead" }).click();
  await dialog.getByLabel("Mobile number").fill(digits);
  await dialog.getByRole("button", { name: "Send code" }).click();
  let code = "";
  await expect
    .poll(
      async () => {
        code = /\b(\d{6}) is your/.exec((await smsTo(e164)).at(-1) ?? "")?.[1] ?? "";
        return code;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  await dialog.getByLabel("6-digit code").fill(code);
  await dialog.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(dialog).toBeHidden();

  // The request, in Hindi.
  const name = `सुनीता ${unique()}`;
  await page.goto("/hi/agent/register");
  await expect(page.getByRole("heading", { level: 1, name: "फ़ील्ड एजेंट बनें" })).toBeVisible();
  await page.getByLabel("आपका नाम").fill(name);
  await page.getByLabel("गाँव या कस्बा").fill("खेड़");
  await page.getByLabel("पिनकोड").fill("411001");
  await expectAccessible(page);
  await page.getByRole("button", { name: "अनुरोध भेजें" }).click();
  await expect(page).toHaveURL(/\/hi\/agent$/);
  await expect(page.getByTestId("agent-status")).toHaveText("फ़ील्ड एजेंट बनने का आपका अनुरोध स्टोर की मंज़ूरी का इंतज़ार कर रहा है।");

  // An owner approves it.
  const owner = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const admin = await owner.newPage();
  await loginAsAdmin(admin);
  await admin.goto("/admin/agents?status=pending");
  await expect(admin.getByRole("heading", { level: 1, name: "Field Agents" })).toBeVisible();
  await waitForHydration(admin);
  await admin.getByRole("button", { name: `Approve ${name}`, exact: true }).click();
  await expect(admin.getByText("Agent approved.")).toBeVisible();
  await owner.close();

  // The agent adds a farmer of their village, who reads Hindi.
  await page.goto("/hi/agent/farmers");
  await expect(page.getByRole("heading", { level: 1, name: "मेरे किसान" })).toBeVisible();
  const farmerDigits = freshMobile();
  await page.getByLabel("किसान का नाम").fill("रमेश यादव");
  await page.getByLabel("किसान का मोबाइल नंबर").fill(farmerDigits);
  await page.getByLabel("उनके संदेशों की भाषा").selectOption("hi");
  await page.getByLabel("गाँव / गली").fill("वार्ड 4, खेड़");
  await page.getByLabel("कस्बा / ज़िला").fill("पुणे");
  await page.getByLabel(/^राज्य/).selectOption("Maharashtra");
  await page.getByLabel(/^पिनकोड/).fill("411001");
  await page.getByRole("button", { name: "किसान जोड़ें" }).click();
  await page.getByRole("link", { name: "रमेश यादव के लिए ऑर्डर करें" }).click();

  // The order: found by name, two of them, at the farmer's price; cash on delivery.
  await expect(page.getByRole("heading", { level: 1, name: "रमेश यादव के लिए ऑर्डर" })).toBeVisible();
  await page.getByLabel("उत्पाद का नाम या SKU").fill(SECATEURS.name);
  await page.getByRole("button", { name: "सामान ढूँढें", exact: true }).click();
  // Found by its English name, shown by its Hindi one.
  const result = page.getByTestId("agent-result").filter({ hasText: "छंटाई वाली कैंची" }).first();
  await result.getByLabel(/की मात्रा$/).fill("2");
  await result.getByRole("button", { name: "जोड़ें", exact: true }).click();
  // The line is named in the page's language, at the farmer's price.
  await expect(page.getByTestId("agent-line")).toContainText("× 2 · ₹599");
  await expect(page.getByTestId("agent-total")).toContainText("₹");
  await expectAccessible(page);
  await page.getByRole("button", { name: "ऑर्डर रखें (डिलीवरी पर नकद)" }).click();
  await expect(page).toHaveURL(/\/hi\/agent\/orders$/);
  await expect(page.getByTestId("agent-order").first()).toContainText("रमेश यादव");

  // The farmer is told in Hindi, with the link to refuse it.
  await expect.poll(async () => (await smsTo(`+91${farmerDigits}`)).some((t) => t.includes("/hi/orders/")), { timeout: 20_000 }).toBe(true);
});
