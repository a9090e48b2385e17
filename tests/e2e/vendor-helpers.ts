import { expect, type Locator, type Page } from "@playwright/test";
import { defined } from "../../app/platform/defined";
import { gstinCheckChar } from "../../app/features/tax/domain/gstin";
import { addDays, indiaToday } from "../../app/platform/core/india-day";
import { LICENCE_LABELS, type LicenceKind } from "../../app/features/vendor-shops/domain/licences";
import { type AdminProduct, unique } from "./admin-helpers";
import { waitForHydration } from "./fixtures";
import { confirmByEmail, confirmInBrowser } from "./mail-helpers";
import { toasts } from "./toast-helpers";

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** A well-formed GSTIN no other test uses. */
export function newGstin() {
  const rand = (set: string, n: number) => Array.from({ length: n }, () => set[Math.floor(Math.random() * set.length)]).join("");
  const first14 = `27${rand(letters, 5)}${rand("0123456789", 4)}${rand(letters, 1)}1Z`;
  return first14 + gstinCheckChar(first14);
}

export type Vendor = { businessName: string; email: string; password: string; gstNumber: string };

/**
 * Registers a vendor through the form's endpoint and confirms the emailed link with a request, which
 * signs the page's browser context in: for tests that need a vendor but are not about registering
 * (vendor.spec.ts clicks through the form). `origin` is the store's address; the page stays where it is.
 */
export async function registerVendor(page: Page, origin: string, overrides: Partial<Vendor> = {}): Promise<Vendor> {
  const vendor = {
    businessName: `Kisan Tools ${unique()}`,
    email: `seller.${unique()}@example.com`,
    password: "seller-pass-2024",
    gstNumber: newGstin().toLowerCase(),
    ...overrides,
  };
  const response = await page.request.post(`${origin}/vendor-login?index`, {
    form: {
      intent: "register",
      ...vendor,
      phone: "91234 56789",
      street: "Plot 7, MIDC Ambad",
      city: "Nashik",
      state: "Maharashtra",
      pincode: "422010",
    },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  await confirmByEmail(page.request, origin, vendor.email, vendor.password);
  // The confirmation's "welcome" toast is for a person who clicked the link.
  await page.context().clearCookies({ name: "angle.toast" });
  return vendor;
}

/** Registers a vendor through the form and confirms the email; the page ends on the dashboard. */
export async function registerVendorInUi(page: Page, overrides: Partial<Vendor> = {}): Promise<Vendor> {
  const vendor = {
    businessName: `Kisan Tools ${unique()}`,
    email: `seller.${unique()}@example.com`,
    password: "seller-pass-2024",
    gstNumber: newGstin().toLowerCase(),
    ...overrides,
  };
  await page.goto("/vendor-login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "New vendor? Register here" }).click();
  await page.getByLabel(/^Business name/).fill(vendor.businessName);
  await page.getByLabel(/^Email/).fill(vendor.email);
  await page.getByLabel(/^Password/).fill(vendor.password);
  await page.getByLabel(/^Phone/).fill("91234 56789");
  await page.getByLabel(/^GST number/).fill(vendor.gstNumber);
  await page.getByLabel(/^Street address/).fill("Plot 7, MIDC Ambad");
  await page.getByLabel(/^City/).fill("Nashik");
  await page.getByLabel(/^State/).selectOption("Maharashtra");
  await page.getByLabel(/^Pincode/).fill("422010");
  await page.getByRole("button", { name: "Register" }).click();
  // The emailed link confirms the address and opens the dashboard.
  await expect(page.getByRole("status")).toHaveText("Check your email to finish creating your account");
  await confirmInBrowser(page, new URL(page.url()).origin, vendor.email, vendor.password);
  await expect(page.getByRole("heading", { name: `Welcome, ${vendor.businessName}` })).toBeVisible();
  return vendor;
}

/** The vendor profile's form for one licence kind. */
export function licenceForm(page: Page, kind: LicenceKind): Locator {
  return page.getByRole("form", { name: LICENCE_LABELS[kind] });
}

/** A licence valid for a year from today in India. */
export const nextYear = () => addDays(indiaToday(), 365);

/** The vendor (signed in on `page`) enters a licence on their profile; it then awaits verification. */
export async function enterLicence(page: Page, kind: LicenceKind, fields: Partial<{ number: string; expiresOn: string }> = {}) {
  await page.goto("/vendor-login/profile");
  await waitForHydration(page);
  const form = licenceForm(page, kind);
  await form.getByLabel(/^Licence number/).fill(fields.number ?? `MH/NSK/${unique().toUpperCase()}/2025`);
  await form.getByLabel(/^Valid until/).fill(fields.expiresOn ?? nextYear());
  await form.getByRole("button", { name: /^Save / }).click();
  await expect(toasts(page)).toContainText(`${LICENCE_LABELS[kind]} saved.`);
  await expect(licenceForm(page, kind).getByTestId("licence-status")).toHaveText("Awaiting verification");
}

/**
 * The admin (signed in on `page`) marks a vendor's licence verified from a listing of theirs that
 * waits for approval (the listing's card offers the licence it needs).
 */
export async function markLicenceVerified(page: Page, listingName: string, kind: LicenceKind) {
  await page.goto("/admin/vendors");
  await waitForHydration(page);
  const card = page.getByTestId("pending-listing").filter({ hasText: listingName });
  const licence = card.getByTestId("vendor-licence").and(card.locator(`[data-kind="${kind}"]`));
  await expect(licence).toContainText("Awaiting verification");
  await licence.getByRole("button", { name: /^Mark verified/ }).click();
  await expect(toasts(page)).toContainText(`${LICENCE_LABELS[kind]} verified.`);
}

/**
 * A tools listing (no licence needed) of the vendor signed in on `vendorPage`, approved by the admin
 * on `admin`; returned as checkout takes it.
 */
export async function approvedListing(vendorPage: Page, admin: Page): Promise<AdminProduct> {
  const name = `Hand Hoe ${unique()}`;
  const listed = await vendorPage.request.post("/vendor-login/products/new", {
    multipart: { name, description: "Forged steel hoe.", category: "tools", hsnCode: "8201", gstRate: "18", price: "320", stock: "25" },
    headers: { origin: new URL(vendorPage.url()).origin },
    maxRedirects: 0,
  });
  expect(listed.status(), "listing submitted").toBe(303);
  await admin.goto("/admin/vendors");
  await admin.getByTestId("pending-listing").filter({ hasText: name }).getByRole("button", { name: "Approve" }).click();
  await expect(toasts(admin)).toContainText("Listing approved");
  await admin.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  const href = defined(await admin.getByRole("link", { name }).first().getAttribute("href"), "the listing's admin link");
  const id = defined(/\/admin\/products\/([a-z0-9]+)/.exec(href)?.[1], "the listing's id");
  return { id, name, pricePaise: 32_000, stock: 25, category: "tools", image: "/images/products/placeholder.svg" };
}
