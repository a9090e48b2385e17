import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { resetEnv } from "~/platform/env.server";
import { getGeneralSettings } from "./get-general-settings.server";
import { addPaymentMethod, getCheckoutMethods, getPaymentSettingsForAdmin, savePaymentMethod } from "./payment-settings.server";
import { saveSetting } from "./save-setting.server";

/** Another instance's save: the row written under this one, which reads it at its next request. */
const writeRow = (key: string, value: unknown) =>
  getDb()
    .updateTable("setting")
    .set({ value: JSON.stringify(value) })
    .where("key", "=", key)
    .execute();

describe("settings made once per stored text", () => {
  afterEach(() => {
    delete process.env.SUPPORT_EMAIL;
    resetEnv();
  });

  it("payment settings: unchanged text is one frozen copy for every reader; a change here or by another instance is read at once", async () => {
    await savePaymentMethod("cod", { enabled: "on", instructions: "Keep change ready.", instructionsHi: "" });
    const first = await getPaymentSettingsForAdmin();
    expect((await getPaymentSettingsForAdmin()).cod).toBe(first.cod);
    expect(Object.isFrozen(first.cod)).toBe(true);

    await writeRow("payment", { cod: { enabled: true, instructions: "Pay the courier." } });
    expect((await getCheckoutMethods())[0]?.instructions).toBe("Pay the courier.");
    expect((await getPaymentSettingsForAdmin()).cod).not.toBe(first.cod);

    // A save works on its own copy: the settings every reader shares stay as stored until it is saved.
    await addPaymentMethod({ name: "Pay at the shop", key: "shop", type: "offline", enabled: "on", instructions: "At the shop." });
    expect((await getCheckoutMethods()).map((m) => m.key)).toEqual(["cod", "shop"]);
    await savePaymentMethod("cod", { enabled: "", instructions: "Pay the courier.", instructionsHi: "" });
    expect((await getCheckoutMethods()).map((m) => m.key)).toEqual(["shop"]);
  });

  it("general settings: the same for the same text and support address, made again when either changes", async () => {
    await saveSetting("general", { siteTitle: "Kisan Mart" });
    const first = await getGeneralSettings();
    expect(await getGeneralSettings()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.siteTitle).toBe("Kisan Mart");

    await writeRow("general", { siteTitle: "Kisan Bazaar" });
    expect((await getGeneralSettings()).siteTitle).toBe("Kisan Bazaar");

    // The support address defaults to SUPPORT_EMAIL until the admin saves one.
    process.env.SUPPORT_EMAIL = "help@kisan.example";
    resetEnv();
    expect((await getGeneralSettings()).supportEmail).toBe("help@kisan.example");
  });
});
