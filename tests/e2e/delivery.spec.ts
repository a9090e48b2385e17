import { test, expect, expectAccessible } from "./fixtures";
import { deliveryDate, formatDeliveryDay } from "../../app/features/delivery/domain/delivery";
import { ADMIN, loginAsAdmin } from "./admin-helpers";
import { loginAs, placeOrder, placeOrderButton, product, seedCart, TOMATO, waitForHydration } from "./helpers";
import { startPrivateStore } from "./private-store";

// The default delivery settings: all of India in 6 days, COD everywhere up to ₹50,000.
const byDay = (days: number) => formatDeliveryDay(deliveryDate(new Date(), days));

test("a farmer checks delivery to a pincode on a product page, with and without JavaScript", async ({ page, browser, baseURL }) => {
  await page.goto(`/products/${TOMATO.id}`);
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Check delivery" });
  await section.getByLabel("Pincode").fill("422001");
  await section.getByRole("button", { name: "Check" }).click();
  await expect(section.getByTestId("delivery-result")).toContainText(`Delivers to Nashik, Maharashtra by ${byDay(6)}`);
  await expect(section.getByTestId("delivery-result")).toContainText("Cash on Delivery available for orders up to ₹50,000.");
  await expect(page).toHaveURL(/pin=422001/);
  await expectAccessible(page);

  // A pincode that does not exist, and one that is not a pincode.
  await section.getByLabel("Pincode").fill("999999");
  await section.getByRole("button", { name: "Check" }).click();
  await expect(section.getByTestId("delivery-result")).toHaveText(
    "We could not find pincode 999999. Please check it; if it is right, contact us and we will add it.",
  );
  await expect(section.getByLabel("Pincode")).toHaveAttribute("aria-invalid", "true");
  await section.getByLabel("Pincode").fill("4220");
  await section.getByRole("button", { name: "Check" }).click();
  await expect(section.getByTestId("delivery-result")).toHaveText("Please enter a 6-digit pincode.");

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await context.newPage();
  await plain.goto(`/products/${TOMATO.id}`);
  await plain.getByTestId("sizes").getByRole("link", { name: /50 g/ }).click();
  await expect(plain).toHaveURL(/size=/);
  const form = plain.getByRole("region", { name: "Check delivery" });
  await form.getByLabel("Pincode").fill("194101");
  await form.getByRole("button", { name: "Check" }).click();
  await expect(form.getByTestId("delivery-result")).toContainText(`Delivers to Leh, Ladakh by ${byDay(6)}`);
  // The chosen size is kept.
  await expect(plain).toHaveURL(/size=.+pin=194101/);
  await context.close();
});

test.describe("delivery settings", () => {
  // The admin's delivery settings change what every checkout may do: this store is the test's own.
  const own = test.extend<{ storeURL: string }>({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; empty says none.
    storeURL: async ({}, use) => {
      const store = await startPrivateStore("delivery", { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      await use(store.url);
      await store.stop();
    },
    baseURL: async ({ storeURL }, use) => use(storeURL),
  });

  own(
    "an admin sets zones and the COD cap; the cart and checkout follow them, and the server refuses what the page hides",
    async ({ page, browser, storeURL }) => {
      own.setTimeout(120_000);
      const adminPage = async () => {
        const context = await browser.newContext({ baseURL: storeURL });
        const admin = await context.newPage();
        await loginAsAdmin(admin, storeURL);
        return admin;
      };
      const admin = await adminPage();
      await admin.goto("/admin/delivery");
      await expect(admin.getByRole("heading", { level: 1, name: "Delivery" })).toBeVisible();
      await expectAccessible(admin);
      // The North-east is not served; Pune gets 2-day delivery without cash on delivery.
      const zone = admin.getByRole("region", { name: "Add a zone" });
      await zone.getByLabel("Zone name").fill("North-east");
      await zone.getByLabel("Manipur").check();
      await zone.getByLabel("Deliver to this zone").uncheck();
      await zone.getByRole("button", { name: "Add zone" }).click();
      await expect(admin.getByText("Zone added.")).toBeVisible();
      await zone.getByLabel("Zone name").fill("Pune");
      await zone.getByLabel("Pincode ranges").fill("411001-411062 ; 411100");
      await zone.getByRole("button", { name: "Add zone" }).click();
      await expect(zone.getByText('"411001-411062 ; 411100" is not a pincode or a range like 110001-110096.')).toBeVisible();
      await zone.getByLabel("Pincode ranges").fill("411001-411062");
      await zone.getByLabel("Delivery days").fill("2");
      await zone.getByLabel("Cash on Delivery in this zone").uncheck();
      await zone.getByRole("button", { name: "Add zone" }).click();
      // The first zone's toast may still be showing beside this one's; the list below proves which was added.
      await expect(admin.getByText("Zone added.").last()).toBeVisible();
      await expect(admin.getByTestId("zones").getByRole("listitem")).toHaveText([
        /North-east.*Manipur.*Not served/,
        /Pune.*411001-411062.*2 days.*No Cash on Delivery/,
      ]);
      // COD up to ₹1,000 elsewhere.
      const general = admin.getByRole("region", { name: "Cash on Delivery and the rest of India" });
      await general.getByLabel("COD maximum order value (₹)").fill("1,000");
      await general.getByRole("button", { name: "Save" }).click();
      await expect(admin.getByText("Delivery settings saved.")).toBeVisible();
      await admin.context().close();

      // The cart's check.
      await loginAs(page, {}, storeURL);
      const tomato = product("Hybrid Tomato Seeds (Arka Rakshak)");
      await seedCart(page, [{ product: tomato, quantity: 1 }]);
      await page.goto("/cart");
      const cartCheck = page.getByRole("region", { name: "Check delivery" });
      await cartCheck.getByLabel("Pincode").fill("411001");
      await cartCheck.getByRole("button", { name: "Check" }).click();
      await expect(cartCheck.getByTestId("delivery-result")).toContainText(`Delivers to Pune, Maharashtra by ${byDay(2)}`);
      await expect(cartCheck.getByTestId("delivery-result")).toContainText("Cash on Delivery is not available for this pincode.");
      await cartCheck.getByLabel("Pincode").fill("795001");
      await cartCheck.getByRole("button", { name: "Check" }).click();
      await expect(cartCheck.getByTestId("delivery-result")).toContainText(/Sorry, we do not deliver to 795001 \(.+, Manipur\) yet\./);

      // Checkout: the customer's saved pincode is Nashik's (rest of India, COD up to ₹1,000). One ₹549
      // packet (nil-rated): ₹549 + ₹500 shipping = ₹1,049, over the cap: no COD offered.
      await page.goto("/checkout");
      await waitForHydration(page);
      await expect(page.getByTestId("delivery-result")).toContainText(`Delivers to Nashik, Maharashtra by ${byDay(6)}`);
      await expect(page.getByTestId("no-cod")).toHaveText(
        "Cash on Delivery is available only for orders up to ₹1,000. Please choose another payment method.",
      );
      await expect(page.getByRole("radio", { name: "Cash on Delivery" })).toHaveCount(0);
      // A new store offers only COD: with it hidden there is nothing to pay with.
      await expect(placeOrderButton(page)).toBeDisabled();

      // A pincode that does not exist: said at once; the State is filled from a real one.
      const pincode = page.getByLabel("Pincode");
      await pincode.fill("999999");
      await expect(page.getByTestId("delivery-result")).toHaveText(
        "We could not find pincode 999999. Please check it; if it is right, contact us and we will add it.",
      );
      // Sent anyway (the button is disabled), the server refuses it beside the field and writes nothing.
      await page.evaluate(() => document.querySelector("input[name=checkoutKey]")?.closest("form")?.requestSubmit());
      await expect(page.getByRole("alert")).toHaveText(
        "We could not find pincode 999999. Please check it; if it is right, contact us and we will add it.",
      );
      await expect(pincode).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(/\/checkout$/);
      await pincode.fill("795001");
      await expect(page.getByTestId("delivery-result")).toContainText("Sorry, we do not deliver to 795001");
      await expect(page.getByLabel("State / Union Territory")).toHaveValue("Manipur");
      await pincode.fill("422001");
      await expect(page.getByTestId("delivery-result")).toContainText("Delivers to Nashik, Maharashtra");
      await expect(page.getByLabel("State / Union Territory")).toHaveValue("Maharashtra");

      // The server decides, whatever the page shows: a forced COD choice is refused with the reason.
      await page.evaluate(() => {
        const form = document.querySelector("input[name=checkoutKey]")?.closest("form");
        const forced = document.createElement("input");
        forced.type = "hidden";
        forced.name = "paymentMethod";
        forced.value = "cod";
        form?.append(forced);
        (form as HTMLFormElement | null)?.requestSubmit();
      });
      await expect(page.getByRole("alert")).toHaveText(
        "Cash on Delivery is available only for orders up to ₹1,000. Please choose another payment method.",
      );

      // Cheap enough for COD once the cap allows it: ₹1,049 ≤ ₹2,000.
      const again = await adminPage();
      await again.goto("/admin/delivery");
      await again.getByLabel("COD maximum order value (₹)").fill("2000");
      await again.getByRole("button", { name: "Save", exact: true }).click();
      await expect(again.getByText("Delivery settings saved.")).toBeVisible();
      await again.context().close();
      await page.goto("/checkout");
      await expect(page.getByTestId("delivery-result")).toContainText("Cash on Delivery available for orders up to ₹2,000.");
      const orderId = await placeOrder(page);
      expect(orderId).toMatch(/^[a-z0-9]+$/);
    },
  );
});
