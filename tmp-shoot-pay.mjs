import { chromium } from "playwright-core";
import { readdirSync, readFileSync } from "node:fs";
const base = "http://localhost:3300";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
for (const width of [390, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500, baseURL: base });
  const page = await ctx.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text().slice(0, 200)); });
  const email = `shot${width}${Date.now()}@example.in`;
  const r = await page.request.post("/account/auth", { form: { intent: "register", name: "Ramesh Patil", email, password: "a-long-password-1", phone: "9876543210", street: "12 Market Road", city: "Nashik", state: "Maharashtra", pincode: "422001" }, headers: { origin: base } });
  console.log("register", r.status());
  await new Promise((res) => setTimeout(res, 3000));
  const files = readdirSync("/tmp/pay-store/mail").map((f) => `/tmp/pay-store/mail/${f}`);
  const mail = files.map((f) => readFileSync(f, "utf8")).find((t) => t.includes(email));
  const link = /(http:\/\/localhost:3300\/verify-email\?token=[^\s"<]+)/.exec(mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="))[1];
  await page.goto(link);
  await page.getByRole("button").filter({ hasText: /confirm/i }).first().click().catch(() => {});
  await page.waitForTimeout(1000);
  await page.goto("/products?q=secateurs");
  await page.waitForTimeout(1500);
  await page.getByRole("button", { name: /add to cart/i }).first().click();
  await page.waitForTimeout(800);
  await page.goto("/checkout");
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/checkout-pay-${width}.png`, fullPage: true });
  await page.getByRole("radio", { name: "UPI Payment" }).check();
  await page.getByRole("button", { name: "Place Order", exact: true }).click();
  await page.waitForURL(/order-confirmation/);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/order-awaiting-${width}.png`, fullPage: true });
  await page.getByRole("button", { name: /with UPI/ }).click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/shots/order-razorpay-${width}.png` });
  if (width > 500) {
    await page.frameLocator('iframe[title="Payment"]').getByRole("button", { name: /^Pay/ }).click();
  } else {
    await page.getByRole("button", { name: /^Pay/ }).click();
  }
  await page.waitForURL(/payment=done/);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shots/order-paid-${width}.png`, fullPage: true });
  console.log(width, "errors:", errors);
  await ctx.close();
}
await browser.close();
