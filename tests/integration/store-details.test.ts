import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { getDb } from "~/platform/db/db.server";
import { defined } from "~/platform/defined";
import { getEmailContext } from "~/features/messaging/server/email-context.server";
import { seedCatalogIfEmpty } from "~/features/catalog/server/seed/seed.server";
import { getGeneralSettings } from "~/features/settings/server/get-general-settings.server";
import { saveSetting } from "~/features/settings/server/save-setting.server";
import { storeSeller } from "~/features/tax/server/order-sellers.server";
import { elements, loadProductionBuildAsStarted, ORIGIN, type ProductionApp, textOf, visit } from "../helpers/production-app";

/**
 * The store's details have one source, General Settings (docs/decisions/039-store-details.md): the
 * footer, the contact and policy pages and the emails name the store as its tax invoices do, and a
 * saved change shows everywhere at once; the home page's figures are counted.
 */
let app: ProductionApp;

beforeAll(async () => {
  await seedCatalogIfEmpty(getDb());
  const { build, clientDir } = await loadProductionBuildAsStarted();
  app = createApp({ build, clientDir, https: false, origin: ORIGIN });
});

const footerOf = (html: string) => textOf(defined(elements(html, "footer")[0], "the page's footer").html);
const mainOf = (html: string) => textOf(defined(elements(html, "main")[0], "the page's main").html);

/** The store as its tax invoice names it: legal name, then the registered address's lines. */
async function invoiceAddress() {
  const seller = defined(storeSeller(await getGeneralSettings()), "the store as a seller");
  return [seller.name, ...seller.address].join(", ");
}

async function everywhere(path: string) {
  const page = await visit(app, path);
  expect(page.status, path).toBe(200);
  return { footer: footerOf(page.text), main: mainOf(page.text) };
}

describe("the store's details", () => {
  it("the footer, the contact page and the policies show the invoice's address, in both languages", async () => {
    const address = await invoiceAddress();
    expect(address).toContain("Pune");
    for (const path of ["/", "/contact", "/hi/contact", "/terms"]) {
      const { footer } = await everywhere(path);
      expect(footer, path).toContain(address);
      expect(footer, path).not.toContain("Bengaluru");
    }
    expect((await everywhere("/contact")).main).toContain(address);
    expect((await everywhere("/terms")).main).toContain(address);
    const email = await getEmailContext();
    expect(email.store.address).toBe(address);
  });

  it("a saved change shows on every page, in the emails and on the next invoice", async () => {
    const current = await getGeneralSettings();
    await saveSetting("general", {
      ...current,
      storeLegalName: "Kisan Beej Bhandar LLP",
      storeGstAddress: "Shop 4, Krishi Upaj Mandi\nIndore, Madhya Pradesh 452001",
      supportPhone: "+91 731 400 1234",
      supportEmail: "madad@kisan.example",
      supportHours: "Monday to Friday, 10 am – 5 pm IST",
      supportHoursHi: "सोमवार से शुक्रवार, सुबह 10 से शाम 5 बजे तक",
    });
    try {
      const address = "Kisan Beej Bhandar LLP, Shop 4, Krishi Upaj Mandi, Indore, Madhya Pradesh 452001";
      expect(await invoiceAddress()).toBe(address);
      for (const path of ["/", "/products", "/contact", "/about", "/refund", "/hi"]) {
        const { footer } = await everywhere(path);
        expect(footer, path).toContain(address);
        expect(footer, path).toContain("+91 731 400 1234");
        expect(footer, path).toContain("madad@kisan.example");
      }
      const contact = await everywhere("/contact");
      expect(contact.main).toContain(address);
      expect(contact.main).toContain("Phone support: Monday to Friday, 10 am – 5 pm IST.");
      expect((await everywhere("/hi/contact")).main).toContain("फ़ोन पर मदद: सोमवार से शुक्रवार, सुबह 10 से शाम 5 बजे तक।");
      // The home page's promise of expert advice names the same hours.
      expect((await everywhere("/")).main).toContain("call Monday to Friday, 10 am – 5 pm IST");
      expect((await everywhere("/refund")).main).toContain("+91 731 400 1234");
      const email = await getEmailContext();
      expect(email.store).toMatchObject({ address, supportPhone: "+91 731 400 1234", supportEmail: "madad@kisan.example" });
    } finally {
      await saveSetting("general", current);
    }
  });
});

describe("the home page's figures", () => {
  it("are counted from the catalogue, with no claim nothing backs", async () => {
    const live = await getDb()
      .selectFrom("product")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "live")
      .executeTakeFirstOrThrow();
    for (const [path, products] of [
      ["/", "Products"],
      ["/hi", "उत्पाद"],
    ] as const) {
      const page = await visit(app, path);
      const stats = elements(page.text, "dl")
        .map((dl) => textOf(dl.html))
        .find((text) => text.includes(products));
      expect(stats, path).toContain(`${Number(live.n)}`);
      for (const claim of ["24/7", "20+", "1K+", "10+", "25%"]) expect(textOf(page.text), `${path}: ${claim}`).not.toContain(claim);
    }
  });
});
