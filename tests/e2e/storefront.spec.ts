import { defined } from "../../app/platform/defined";
import { sampleSummary } from "../../app/features/catalog/server/seed/sample-reviews";
import { test, expect, waitForHydration } from "./storefront-fixtures";
import { toasts } from "./toast-helpers";
import {
  catalog,
  cardNames,
  headerSearch,
  MAIZE,
  productCards,
  ROTAVATOR,
  rupees,
  SEARCH_PLACEHOLDER,
  STOREFRONT_PAGES,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  TRACTOR,
} from "./storefront-helpers";

// What a page shows before any script runs (the catalogue's defaults, 404 pages, the legal pages'
// text) is checked without a browser, on both engines: tests/integration/storefront-pages.test.ts.

const CATEGORY_TILES = [
  ["seeds", "Seeds & Saplings"],
  ["equipment", "Farm Equipment"],
  ["tools", "Garden Tools"],
  ["fertilizers", "Fertilizers"],
] as const;

const byPriceAsc = [...catalog].sort((a, b) => a.pricePaise - b.pricePaise);
// Ratings are computed from the sample reviews (app/features/catalog/server/seed/sample-reviews.ts); ties fall to the id, descending.
const byRating = [...catalog]
  .map((p) => ({ ...p, ...sampleSummary(p.id) }))
  .sort((a, b) => b.rating - a.rating || b.reviews - a.reviews || b.id.localeCompare(a.id));

test.describe("home page", () => {
  test("hero Shop Now goes to the catalogue", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 1, name: "All products" })).toBeVisible();
  });

  test("hero Learn More goes to the about page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Angle" })).toBeVisible();
  });

  test("four category tiles show their labels and counts and open the filtered catalogue", async ({ page }) => {
    await page.goto("/");
    const tiles = page.getByRole("region", { name: "Shop by category" }).getByRole("link");
    await expect(tiles).toHaveCount(4);
    for (const [key, label] of CATEGORY_TILES) {
      const tile = tiles.filter({ hasText: label });
      await expect(tile).toContainText("4 products");
      await expect(tile).toHaveAttribute("href", `/products?category=${key}`);
    }
    await tiles.filter({ hasText: "Garden Tools" }).click();
    await expect(page).toHaveURL(/\/products\?category=tools$/);
    await expect(page.getByRole("heading", { level: 1, name: "Garden Tools" })).toBeVisible();
    await expect(productCards(page)).toHaveCount(4);
    await expect(page.getByTestId("result-count")).toHaveText("Showing 4 of 16 products");
  });

  test("shows the first 8 products as featured", async ({ page }) => {
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured products" });
    await expect(featured.getByTestId("product-card")).toHaveCount(8);
    await expect(featured.getByRole("heading", { level: 3 })).toHaveText(catalog.slice(0, 8).map((p) => p.name));
  });

  test("shows the why-choose-us reasons and only figures the store counts", async ({ page }) => {
    await page.goto("/");
    // Counted from the catalogue (tests/integration/store-details.test.ts checks the numbers).
    const figures = page.getByRole("main").locator("dl").first();
    for (const label of ["Products", "Categories", "Crops covered"]) {
      await expect(figures.getByText(label, { exact: true })).toBeVisible();
    }
    const why = page.getByRole("region", { name: "Why farmers choose Angle" });
    for (const reason of ["Quality guaranteed", "Fast delivery across India", "Expert advice"]) {
      await expect(why.getByRole("heading", { name: reason })).toBeVisible();
    }
    await expect(why).toContainText("call Monday to Saturday, 9 am – 7 pm IST");
  });

  test("Contact Expert opens the contact form with the subject filled in", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Contact Expert" }).click();
    await expect(page).toHaveURL(/\/contact\?topic=expert$/);
    await expect(page.getByLabel("Subject")).toHaveValue("Talk to a farming expert");
  });
});

test.describe("header search", () => {
  test("searching from the header lands on the catalogue with matching results", async ({ page }) => {
    await page.goto("/");
    const box = headerSearch(page);
    await expect(box).toHaveAttribute("placeholder", SEARCH_PLACEHOLDER);
    await box.fill("drought");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/products\?q=drought$/);
    await expect(page.getByRole("heading", { level: 1, name: "Results for “drought”" })).toBeVisible();
    // "drought" appears only in the maize seeds' description, never in a name.
    await expect(cardNames(page)).toHaveText([MAIZE.name]);
    await expect(page.getByTestId("result-count")).toHaveText("Showing 1 of 16 products");
    await expect(headerSearch(page)).toHaveValue("drought");
  });

  test("search ignores case", async ({ page }) => {
    await page.goto("/about");
    await headerSearch(page).fill("DROUGHT");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/products\?q=DROUGHT$/);
    await expect(cardNames(page)).toHaveText([MAIZE.name]);
  });

  test("search matches part of a word in a name or a description", async ({ page }) => {
    await page.goto("/");
    await headerSearch(page).fill("secat");
    await headerSearch(page).press("Enter");
    await expect(cardNames(page)).toHaveText(["Pruning Secateurs"]);

    await headerSearch(page).fill("toler"); // "drought tolerance"
    await headerSearch(page).press("Enter");
    await expect(page).toHaveURL(/\/products\?q=toler$/);
    await expect(cardNames(page)).toHaveText([MAIZE.name]);
  });
});

test.describe("catalogue", () => {
  test("category filter narrows the list", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByLabel("Category").selectOption({ label: "Fertilizers" });
    await expect(page).toHaveURL(/category=fertilizers/);
    await expect(page.getByRole("heading", { level: 1, name: "Fertilizers" })).toBeVisible();
    await expect(page.getByTestId("result-count")).toHaveText("Showing 4 of 16 products");
    await expect(productCards(page)).toHaveCount(4);
    for (const card of await productCards(page).all()) await expect(card).toContainText("Fertilizers");
  });

  test("sorts by price, low to high", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await expect(page).toHaveURL(/sort=price-low/);
    await expect(cardNames(page)).toHaveText(byPriceAsc.map((p) => p.name));
    const prices = (
      await productCards(page)
        .getByText(/^₹[\d,]+$/)
        .allTextContents()
    ).map(rupees);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(450);
    expect(prices.at(-1)).toBe(15_00_000);
  });

  test("sorts by price, high to low", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
    await expect(page).toHaveURL(/sort=price-high/);
    await expect(cardNames(page)).toHaveText([...byPriceAsc].reverse().map((p) => p.name));
    await expect(productCards(page).first()).toContainText("₹15,00,000");
    await expect(productCards(page).last()).toContainText("₹450");
  });

  test("sorts by rating, best first", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByLabel("Sort by").selectOption({ label: "Rating" });
    await expect(page).toHaveURL(/sort=rating/);
    await expect(cardNames(page)).toHaveText(byRating.map((p) => p.name));
    const ratings = (
      await productCards(page)
        .getByText(/^Rated [\d.]+ out of 5$/)
        .allTextContents()
    ).map((t) => Number(t.split(" ")[1]));
    expect(ratings).toHaveLength(16);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  test("an unmatched search shows the empty state", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("zzzz");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=zzzz/);
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();
    await expect(page.getByTestId("result-count")).toHaveText("Showing 0 of 16 products");
    await expect(productCards(page)).toHaveCount(0);
  });

  test("out-of-stock products are overlaid and cannot be added", async ({ page }) => {
    await page.goto("/products");
    const card = productCards(page).filter({ has: page.getByRole("heading", { name: ROTAVATOR.name }) });
    await expect(card.getByText("Out of Stock")).toHaveCount(2); // overlay on the image + button label
    await expect(card.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Out of Stock" })).toHaveCount(3);
    // Of the 13 in stock, 4 come in several pack sizes: their cards ask to choose one.
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(9);
    await expect(page.getByRole("link", { name: /^Choose size/ })).toHaveCount(4);
  });
});

test.describe("product page", () => {
  test("shows the product and adds the chosen quantity to the cart", async ({ page }) => {
    await page.goto("/products");
    await page.getByRole("link", { name: TRACTOR.name }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${TRACTOR.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: TRACTOR.name })).toBeVisible();
    await expect(page.getByRole("img", { name: TRACTOR.name })).toBeVisible();
    await expect(page.getByRole("main").getByText("₹15,00,000", { exact: true })).toBeVisible();
    await expect(page.getByTestId("stock-state")).toHaveText("Only 6 left in stock");

    await waitForHydration(page);
    const quantity = page.getByTestId("quantity");
    const less = page.getByRole("button", { name: "Decrease quantity" });
    const more = page.getByRole("button", { name: "Increase quantity" });
    await expect(quantity).toHaveText("1");
    await expect(less).toBeDisabled();
    await more.click();
    await more.click();
    await expect(quantity).toHaveText("3");
    await less.click();
    await expect(quantity).toHaveText("2");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-count")).toHaveText("2");
  });

  test("cannot raise the quantity past the stock", async ({ page }) => {
    await page.goto(`/products/${TRACTOR.id}`);
    await waitForHydration(page);
    const more = page.getByRole("button", { name: "Increase quantity" });
    for (let i = 1; i < TRACTOR.stock; i++) await more.click();
    await expect(page.getByTestId("quantity")).toHaveText(String(TRACTOR.stock));
    await expect(more).toBeDisabled();
  });

  test("an out-of-stock product cannot be added", async ({ page }) => {
    await page.goto(`/products/${ROTAVATOR.id}`);
    await expect(page.getByRole("heading", { level: 1, name: ROTAVATOR.name })).toBeVisible();
    await expect(page.getByRole("main").getByText("₹1,18,500", { exact: true })).toBeVisible();
    await expect(page.getByTestId("stock-state")).toHaveText("Out of stock");
    await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Increase quantity" })).toHaveCount(0);
  });
});

test.describe("cart badge", () => {
  test("counts added items, raises the quantity of a repeated product and survives a reload", async ({ page }) => {
    // The first featured product sold in one size (a card of several sizes links to its page instead).
    const first = defined(
      catalog.slice(0, 8).find((p) => (p.variants?.length ?? 1) === 1 && p.stock > 0),
      "a one-size sample product",
    );
    await page.goto("/");
    await waitForHydration(page);
    const badge = page.getByTestId("cart-count");
    await expect(badge).toHaveCount(0);

    const card = productCards(page).filter({ has: page.getByRole("heading", { name: first.name }) });
    const button = card.getByRole("button"); // reads "Added" for a moment after a click
    await button.click();
    await expect(badge).toHaveText("1");
    await button.click();
    await expect(badge).toHaveText("2");
    await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("angle-cart") ?? "null"));
    expect(stored).toEqual([
      expect.objectContaining({ quantity: 2, product: expect.objectContaining({ id: first.id, name: first.name }) }),
    ]);

    await page.reload();
    // Before the page hydrates (it waits for the person's first intent, decision 044) the head's script
    // has the count drawn, as CSS; React draws its own once hydrated.
    const early = page.locator('header a[href="/cart"] span[aria-hidden="true"]');
    await expect(early).toBeVisible();
    expect(await early.evaluate((e) => getComputedStyle(e, "::after").content)).toBe('"2"');
    await waitForHydration(page);
    await expect(badge).toHaveText("2");
    await expect(early).toBeHidden();
  });

  test("different products make separate lines", async ({ page }) => {
    const tools = catalog.filter((p) => p.category === "tools");
    const [first, second] = [defined(tools[0], "a tool"), defined(tools[1], "a second tool")];
    await page.goto("/products?category=tools");
    await waitForHydration(page);
    for (const [i, product] of [first, second].entries()) {
      await productCards(page)
        .filter({ has: page.getByRole("heading", { name: product.name }) })
        .getByRole("button", { name: "Add to Cart" })
        .click();
      await expect(page.getByTestId("cart-count")).toHaveText(String(i + 1));
    }
    const lines = await page.evaluate(
      () => JSON.parse(window.localStorage.getItem("angle-cart") ?? "[]") as { product: { id: string }; quantity: number }[],
    );
    expect(lines.map((l) => [l.product.id, l.quantity])).toEqual([
      [first.id, 1],
      [second.id, 1],
    ]);
  });
});

test.describe("contact form", () => {
  test("an empty submission shows what is missing", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of ["Please enter your name.", "Please enter a subject.", "Please enter a message."]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    // Either an email or a mobile number will do: both fields say so.
    await expect(page.getByText("Please enter an email address or a mobile number, so we can reply.")).toHaveCount(2);
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("status")).toHaveCount(0);
  });

  test("a malformed email is refused", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Ravi Kumar");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Subject").fill("Seeds");
    await page.getByLabel("Message").fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Ravi Kumar");
  });

  test("a complete message is thanked and the form clears", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const fields = {
      Name: "Ravi Kumar",
      Email: "ravi@example.in",
      Subject: "Paddy seed for kharif",
      Message: "Which variety suits black soil in Vidarbha?",
    };
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toasts(page)).toContainText("Thank you for your message! We will get back to you soon.");
    for (const label of Object.keys(fields)) await expect(page.getByLabel(label)).toHaveValue("");
  });

  test("shows the office details", async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    await expect(main.getByRole("link", { name: SUPPORT_PHONE })).toBeVisible();
  });
});

test.describe("header and footer", () => {
  const FOOTER_LINKS = {
    "/about": "About us",
    "/contact": "Contact",
    "/cart": "Cart",
    "/orders": "My Orders",
    "/vendor-login": "Sell on Angle",
    "/terms": "Terms of Service",
    "/privacy": "Privacy Policy",
    "/refund": "Refund Policy",
  };

  test("the header links to the main pages and offers login", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Primary" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/products");
    await expect(nav.getByRole("link", { name: "Become Vendor" })).toHaveAttribute("href", "/vendor-login");
    await expect(nav.getByRole("link", { name: "My Orders" })).toHaveCount(0); // logged out
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Cart", exact: true })).toHaveAttribute("href", "/cart");
    await expect(header.getByTestId("cart-count")).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Register" })).toBeVisible();
  });

  test("the footer links to every spec page and shows contact details and copyright", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const [href, name] of Object.entries(FOOTER_LINKS)) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer.getByText("© 2024")).toBeVisible();
    await expect(footer.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    await expect(footer.getByRole("link", { name: SUPPORT_PHONE })).toBeVisible();
  });

  test("the vendor and admin sign-in pages have no store header or footer", async ({ page }) => {
    for (const [path, heading] of [
      ["/vendor-login", "Vendor login"],
      ["/admin/login", "Admin login"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // The vendor area has a slim header of its own; the store's (with its search box) is absent.
      await expect(page.getByPlaceholder(SEARCH_PLACEHOLDER), path).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Become Vendor" }), path).toHaveCount(0);
      await expect(page.getByRole("contentinfo"), path).toHaveCount(0);
      await expect(page.getByText("© 2024"), path).toHaveCount(0);
    }
  });
});

test("a route change scrolls to the top", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const terms = page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" });
  await terms.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await terms.click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("browse from home to the catalogue and search from the header", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(productCards(page)).toHaveCount(16);
    await headerSearch(page).fill("drought");
    await headerSearch(page).press("Enter");
    await expect(page).toHaveURL(/\/products\?q=drought$/);
    await expect(cardNames(page)).toHaveText([MAIZE.name]);
  });

  test("filter and sort with Apply, then open a product", async ({ page }) => {
    await page.goto("/products");
    await page.getByLabel("Category").selectOption({ label: "Farm Equipment" });
    await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/category=equipment/);
    await expect(page).toHaveURL(/sort=price-high/);
    const equipment = byPriceAsc.filter((p) => p.category === "equipment").reverse();
    await expect(cardNames(page)).toHaveText(equipment.map((p) => p.name));
    await page.getByRole("link", { name: TRACTOR.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: TRACTOR.name })).toBeVisible();
    await expect(page.getByRole("main").getByText("₹15,00,000", { exact: true })).toBeVisible();
  });

  test("send the contact form", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await page.getByLabel("Name").fill("Meena Devi");
    await page.getByLabel("Email").fill("meena@example.in");
    await page.getByLabel("Subject").fill("Drip kit installation");
    await page.getByLabel("Message").fill("Do you install drip kits in Nashik district?");
    await page.getByRole("button", { name: "Send Message" }).click();
    // Without JavaScript the one-time message is a plain status banner.
    await expect(page.getByRole("status")).toHaveText("Thank you for your message! We will get back to you soon.");
    await expect(page.getByLabel("Name")).toHaveValue("");
  });
});

test.describe("every storefront page", () => {
  for (const { path, heading } of STOREFRONT_PAGES) {
    test(`${path} has the header and footer`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }
});
