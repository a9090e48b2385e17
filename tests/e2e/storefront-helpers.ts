import type { Page } from "@playwright/test";
import { sampleProducts, type SampleProduct } from "../../app/features/catalog/server/seed/catalog";

/** The sample catalogue the end-to-end server is seeded with (16 products, 3 out of stock). */
export const catalog = sampleProducts;
export const productNamed = (name: string): SampleProduct => {
  const product = catalog.find((p) => p.name === name);
  if (!product) throw new Error(`no sample product named ${name}`);
  return product;
};
export const TRACTOR = productNamed("Mahindra Arjun Novo 605 DI 4WD Tractor");
export const ROTAVATOR = productNamed("Rotavator 6 ft"); // out of stock
export const MAIZE = productNamed("Hybrid Maize Seeds (4 kg)"); // the only "drought" description

export const SEARCH_PLACEHOLDER = "Search for seeds, equipment, tools...";
export const SUPPORT_EMAIL = "support@angle.in";
export const SUPPORT_PHONE = "+91 80 4567 8900";

/** Every storefront page that exists today, with something each must show. */
export const STOREFRONT_PAGES: { path: string; heading: RegExp | string }[] = [
  { path: "/", heading: "Everything your farm needs, delivered to your door" },
  { path: "/products", heading: "All products" },
  { path: "/products?q=zzzz", heading: "Results for “zzzz”" },
  { path: `/products/${TRACTOR.id}`, heading: TRACTOR.name },
  { path: "/about", heading: "About Angle" },
  { path: "/contact", heading: "Contact us" },
  { path: "/terms", heading: "Terms of Service" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/refund", heading: "Refund & Returns Policy" },
  { path: "/no-such-page", heading: "Page not found" },
];

/** The header search box a visitor can see at the current width (desktop and phone have one each). */
export function headerSearch(page: Page) {
  return page.getByRole("banner").getByPlaceholder(SEARCH_PLACEHOLDER).filter({ visible: true });
}

export function productCards(page: Page) {
  return page.getByTestId("product-card");
}

/** Product names in the order the cards show them. */
export function cardNames(page: Page) {
  return productCards(page).getByRole("heading", { level: 3 });
}

/** "₹15,00,000" -> 1500000 */
export function rupees(text: string): number {
  return Number(text.replace(/[^\d]/g, ""));
}
