import { DEFAULT_SHIPPING } from "~/features/tax/domain/pricing";
import { expect, it } from "vitest";
import { footerMarkup } from "../../features/storefront/ui/site-footer.server";
import { noResultsMarkup } from "../../features/catalog/ui/no-results.server";

// HTML made on the server and shown with dangerouslySetInnerHTML (StaticHtml): text from the
// database or a visitor must come out as text, never as markup.
const attack = `<img src=x onerror="alert(1)">"'&`;

it("escapes the store's details in the footer", () => {
  const { links: html, copyright } = footerMarkup({
    siteTitle: attack,
    siteTagline: attack,
    legalName: attack,
    email: "a@b.in",
    phone: "+91 98765 43210",
    hours: attack,
    address: attack,
    gstin: "27AAICA4417K1ZK",
    tax: { mode: "flat", display: "exclusive", storeStateCode: "27", shipping: DEFAULT_SHIPPING },
    subsidisedDelivered: false,
  });
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  // Links work without JavaScript and are found by React Router's route discovery.
  expect(html).toContain('<a href="/products" data-discover="true"');
  expect(html).toContain('href="tel:+919876543210"');
  // The copyright is text: React renders it (escaping it) in the layout's <footer>.
  expect(copyright).toBe(`© 2024 ${attack}. All rights reserved.`);
});

it("escapes a suggested name and its link in the catalogue's empty state", () => {
  const html = noResultsMarkup([{ name: attack, href: `/products?q=${encodeURIComponent(attack)}` }]);
  expect(html).not.toContain("<img");
  expect(html).not.toContain('"alert');
  expect(html).toContain("No products found");
});
