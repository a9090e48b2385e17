import { defined } from "../../app/platform/defined";
import sharp from "sharp";
import { noisePhoto } from "../noise-photo";
import { createProduct, fillGst, fillSize, loginAsAdmin, pngBytes, sizeRow, unique } from "./admin-helpers";
import { test, expect, waitForHydration } from "./fixtures";

const MB = 1024 * 1024;
const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: "image/jpeg", buffer });

test("a 12 MB phone photo is accepted, previewed first, and stored whole (letterboxed, not cropped)", async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  await page.goto("/admin/products/new");
  await waitForHydration(page);
  const name = `Sprayer ${unique()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel(/^Category/).selectOption("equipment");
  await fillGst(page, "84244100", "5");
  await fillSize(page, 1, { price: "1299", stock: "5" });
  await expect(page.getByLabel(/^Image/)).toBeVisible();
  await expect(page.getByText("Image (JPEG, PNG or WebP, up to 15 MB)")).toBeVisible();
  await page.getByLabel(/^Image/).setInputFiles(jpeg("camera.jpg", await noisePhoto(12 * MB)));
  const preview = page.getByRole("img", { name: "Preview: what customers will see" });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  const src = await page
    .getByRole("row", { name: new RegExp(name) })
    .locator("img")
    .getAttribute("src");
  expect(src).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
  const stored = await (await page.request.get(String(src))).body();
  const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([800, 800]);
  // The photo is 2:1: fitted, it fills the middle 400 px; the bands above and below are white.
  const at = (x: number, y: number) => [...data.subarray((y * 800 + x) * info.channels, (y * 800 + x) * info.channels + 3)];
  const inBands: [x: number, y: number][] = [
    [10, 10],
    [400, 150],
    [790, 790],
    [400, 650],
  ];
  for (const [x, y] of inBands) {
    expect(at(x, y), `white at ${x},${y}`).toEqual([255, 255, 255]);
  }
});

test("a 16 MB photo is refused with a field error, keeping what was typed (also without JavaScript)", async ({ page, browser }) => {
  // Three photos of 16–24 MB made and sent, two of them through a browser: over 2 minutes on CI's busy cores.
  test.setTimeout(240_000);
  const huge = jpeg("camera.jpg", await noisePhoto(16 * MB));
  await loginAsAdmin(page);
  await page.goto("/admin/products/new");
  await waitForHydration(page);
  const name = `Too big ${unique()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel(/^Image/).setInputFiles(huge);
  await expect(page.getByText("The image is larger than 15 MB. Please choose a smaller one.")).toBeVisible();
  await expect(page.getByLabel(/^Image/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveValue(name);

  // The server is the authority: a browser without JavaScript sends the photo, and gets the form back.
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  const plain = await noJs.newPage();
  await loginAsAdmin(plain);
  for (const [size, label] of [
    [16 * MB, "16 MB"],
    [24 * MB, "24 MB (over the server's body limit)"],
  ] as const) {
    await plain.goto("/admin/products/new");
    await plain.getByLabel("Name").fill(name);
    await plain.getByLabel(/^Category/).selectOption("tools");
    await fillGst(plain, "82019000", "0");
    await sizeRow(plain, 1).getByLabel("Price (₹)").fill("250");
    await plain.getByLabel(/^Image/).setInputFiles(size === 16 * MB ? huge : jpeg("camera.jpg", await noisePhoto(size)));
    const response = plain.waitForResponse((r) => r.request().method() === "POST");
    await plain.getByRole("button", { name: "Add Product" }).click();
    expect((await response).status(), label).toBeGreaterThanOrEqual(400);
    expect((await response).status(), label).toBeLessThan(500);
    await expect(plain.getByText("The image is larger than 15 MB. Please choose a smaller one.").first(), label).toBeVisible();
    await expect(plain.getByRole("heading", { level: 1, name: "Add Product" }), label).toBeVisible();
    if (size === 16 * MB) {
      await expect(plain.getByLabel("Name")).toHaveValue(name);
      await expect(sizeRow(plain, 1).getByLabel("Price (₹)")).toHaveValue("250");
      await expect(plain.getByLabel(/^Category/)).toHaveValue("tools");
      await expect(plain.getByLabel(/^HSN code/)).toHaveValue("82019000");
      await expect(plain.getByLabel(/^GST rate/)).toHaveValue("0");
    }
  }
  await noJs.close();
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("a product description keeps its paragraphs and line breaks, as text", async ({ page }) => {
  await loginAsAdmin(page);
  const product = await createProduct(page, {
    description: "Sow 2 cm deep.\nWater daily.\n\nStore in a cool place. <b>Not</b> for eating.",
  });
  await page.context().clearCookies();
  await page.goto(`/products/${product.id}`);
  const paragraphs = page.getByTestId("product-description").locator("p");
  await expect(paragraphs).toHaveCount(2);
  // The line break is in the text and shown as one (pre-line), not collapsed into a space.
  expect(await paragraphs.first().textContent()).toBe("Sow 2 cm deep.\nWater daily.");
  await expect(paragraphs.first()).toHaveCSS("white-space", "pre-line");
  await expect(paragraphs.nth(1)).toHaveText("Store in a cool place. <b>Not</b> for eating.");
  await expect(page.getByTestId("product-description").locator("b")).toHaveCount(0);
});

test("extra photos go through the image pipeline, show on the edit form and can be removed", async ({ page }) => {
  await loginAsAdmin(page);
  const product = await createProduct(page);
  await page.goto(`/admin/products/${product.id}`);
  await waitForHydration(page);
  const photos = [
    { name: "a.png", mimeType: "image/png", buffer: await pngBytes("#a33") },
    { name: "b.png", mimeType: "image/png", buffer: await pngBytes("#33a") },
  ];
  // A file that is not a picture refuses the whole save: nothing is stored.
  await page
    .getByLabel(/^More photos/)
    .setInputFiles([...photos, { name: "c.png", mimeType: "image/png", buffer: Buffer.from("not a picture") }]);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("That file is not an image we can read. Please upload a JPEG, PNG or WebP.");
  await page.goto(`/admin/products/${product.id}`);
  await expect(page.getByRole("img", { name: /^Extra view/ })).toHaveCount(0);

  await waitForHydration(page);
  await page.getByLabel(/^More photos/).setInputFiles(photos);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto(`/admin/products/${product.id}`);
  const extra = page.getByRole("img", { name: /^Extra view/ });
  await expect(extra).toHaveCount(2);
  const first = defined(await extra.first().getAttribute("src"), "the first extra photo");
  expect(first).toMatch(/^\/uploads\/[a-z0-9]+\.webp$/);
  expect((await page.request.get(first)).headers()["content-type"]).toBe("image/webp");

  await waitForHydration(page);
  await page.getByRole("checkbox", { name: "Remove photo 1" }).check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.goto(`/admin/products/${product.id}`);
  await expect(page.getByRole("img", { name: /^Extra view/ })).toHaveCount(1);
  expect((await page.request.get(first)).status()).toBe(404);
});
