import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { paymentMethodLabel } from "~/features/payments/domain/payment-settings";
import {
  addPaymentMethod,
  getCheckoutMethods,
  getGatewaySecret,
  getPaymentMethodNames,
  getPaymentSettingsForAdmin,
  savePaymentMethod,
  SettingsRefused,
} from "./payment-settings.server";
import { saveSetting } from "./save-setting.server";

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SettingsRefused);
  return error as SettingsRefused;
}

describe("payment settings", () => {
  it("defaults: gateways off, cash on delivery on with the spec's instructions", async () => {
    expect(await getCheckoutMethods()).toEqual([{ key: "cod", label: "Cash on Delivery", instructions: "Pay cash upon delivery." }]);
  });

  it("says each note in Hindi on a Hindi page: the admin's Hindi, the default's Hindi, or the English where none", async () => {
    expect(await getCheckoutMethods("hi")).toEqual([{ key: "cod", label: "Cash on Delivery", instructions: "डिलीवरी पर नकद भुगतान करें।" }]);

    // Settings saved before notes had Hindi: the default's Hindi while the English is the default's.
    const saveRaw = (value: unknown) => saveSetting("payment", value);
    await saveRaw({ cod: { enabled: true, instructions: "Pay cash upon delivery." } });
    expect((await getCheckoutMethods("hi"))[0]?.instructions).toBe("डिलीवरी पर नकद भुगतान करें।");
    // … and the admin's own English, not a Hindi that says something else, once they changed it.
    await saveRaw({ cod: { enabled: true, instructions: "Keep exact change ready." } });
    expect((await getCheckoutMethods("hi"))[0]?.instructions).toBe("Keep exact change ready.");

    await savePaymentMethod("cod", { enabled: "on", instructions: "Keep exact change ready.", instructionsHi: "खुले पैसे तैयार रखें।" });
    await savePaymentMethod("bankTransfer", {
      enabled: "on",
      instructions: "Transfer within 3 days.",
      instructionsHi: "3 दिन के अंदर पैसे भेजें।",
      accountName: "Angle Agri",
      accountNumber: "123456789",
      bankName: "SBI",
      ifscCode: "SBIN0001234",
    });
    await addPaymentMethod({
      name: "Pay at the shop",
      nameHi: "दुकान पर भुगतान",
      key: "shop",
      type: "offline",
      enabled: "on",
      instructions: "Pay at our Indore shop.",
      instructionsHi: "इंदौर की दुकान पर भुगतान करें।",
    });
    expect(await getCheckoutMethods("hi")).toEqual([
      { key: "cod", label: "Cash on Delivery", instructions: "खुले पैसे तैयार रखें।" },
      {
        key: "bank_transfer",
        label: "Bank Transfer",
        instructions: "3 दिन के अंदर पैसे भेजें। खाताधारक का नाम: Angle Agri · खाता नंबर: 123456789 · बैंक: SBI · IFSC कोड: SBIN0001234",
      },
      { key: "shop", label: "दुकान पर भुगतान", instructions: "इंदौर की दुकान पर भुगतान करें।" },
    ]);
    expect((await getCheckoutMethods("en")).map((m) => m.instructions)).toEqual([
      "Keep exact change ready.",
      "Transfer within 3 days. Account name: Angle Agri · Account number: 123456789 · Bank: SBI · IFSC: SBIN0001234",
      "Pay at our Indore shop.",
    ]);
    expect(await getPaymentMethodNames("hi")).toEqual({ shop: "दुकान पर भुगतान" });
    await getDb().deleteFrom("setting").where("key", "=", "payment").execute();
  });

  it("encrypts a secret key at rest, never returns it to the admin page, and keeps it when left blank", async () => {
    await savePaymentMethod("razorpay", { enabled: "on", apiKey: "rzp_live_123", secretKey: "super-secret-value" });
    const raw = (await getDb().selectFrom("setting").select("value").where("key", "=", "payment").executeTakeFirstOrThrow()).value;
    expect(raw).not.toContain("super-secret-value");
    const view = await getPaymentSettingsForAdmin();
    expect(JSON.stringify(view)).not.toContain("super-secret-value");
    expect(view.razorpay).toMatchObject({ enabled: true, apiKey: "rzp_live_123", secretKey: "", hasSecret: true });
    await savePaymentMethod("razorpay", { enabled: "on", apiKey: "rzp_live_456", secretKey: "" });
    expect(await getGatewaySecret("razorpay")).toBe("super-secret-value");
    expect((await getCheckoutMethods()).map((m) => m.key)).toEqual(["card", "upi", "cod"]);
  });

  it("refuses unknown method keys and malformed new methods with the spec's messages", async () => {
    await expect(savePaymentMethod("paypal", {})).rejects.toThrow("Could not save settings for paypal.");
    await expect(addPaymentMethod({ name: "", key: "", type: "offline" })).rejects.toThrow(
      "Payment method display name and unique key are required.",
    );
    await expect(addPaymentMethod({ name: "Cheque", key: "che que!", type: "offline" })).rejects.toThrow(
      "Payment method key can only contain letters, numbers, and underscores.",
    );
    await expect(addPaymentMethod({ name: "Bank", key: "neft", type: "bank", ifscCode: "BAD" })).rejects.toThrow(/IFSC/);
  });

  it("offers enabled custom and bank methods at checkout with their instructions", async () => {
    await addPaymentMethod({
      name: "Kisan Credit",
      key: "kisan_credit",
      type: "offline",
      enabled: "on",
      instructions: "Pay from your KCC account.",
    });
    await savePaymentMethod("bankTransfer", {
      enabled: "on",
      instructions: "Transfer before dispatch.",
      accountName: "Angle Agri",
      accountNumber: "1234567890",
      bankName: "SBI",
      ifscCode: "sbin0001234",
    });
    const methods = await getCheckoutMethods();
    expect(methods.find((m) => m.key === "kisan_credit")?.instructions).toBe("Pay from your KCC account.");
    expect(methods.find((m) => m.key === "bank_transfer")?.instructions).toContain("IFSC: SBIN0001234");
    await expect(addPaymentMethod({ name: "Again", key: "KISAN_CREDIT", type: "offline" })).rejects.toThrow(/already exists/);
  });

  it("refuses to enable Razorpay or Stripe without both keys, saying which is missing", async () => {
    // (Razorpay's secret key was saved by an earlier test; Stripe has none.)
    const none = await refusal(savePaymentMethod("stripe", { enabled: "on", apiKey: "", secretKey: "" }));
    expect(none.fields).toEqual({
      apiKey: "Enter the API key to enable Stripe.",
      secretKey: "Enter the secret key to enable Stripe.",
    });
    const noSecret = await refusal(savePaymentMethod("stripe", { enabled: "on", apiKey: "pk_live_1", secretKey: "" }));
    expect(noSecret.message).toBe("Enter the secret key to enable Stripe.");
    const noKey = await refusal(savePaymentMethod("razorpay", { enabled: "on", apiKey: "", secretKey: "" }));
    expect(noKey.fields).toEqual({ apiKey: "Enter the API key to enable Razorpay." });
    expect((await getPaymentSettingsForAdmin()).stripe.enabled).toBe(false);
    // Keys may be saved while it stays off; then switching it on needs no retyping of the secret.
    await savePaymentMethod("stripe", { apiKey: "pk_live_1", secretKey: "sk_live_1" });
    await savePaymentMethod("stripe", { enabled: "on", apiKey: "pk_live_1", secretKey: "" });
    expect((await getPaymentSettingsForAdmin()).stripe.enabled).toBe(true);
    const customGateway = await refusal(addPaymentMethod({ name: "PayKisan", key: "paykisan", type: "gateway", enabled: "on" }));
    expect(customGateway.message).toBe("Enter the API key to enable PayKisan.");
  });

  it("keeps only the fields of a method's type, and names custom methods by their display name", async () => {
    await addPaymentMethod({
      name: "UPI (manual)",
      key: "upi_manual",
      type: "offline",
      enabled: "on",
      instructions: "Pay to angle@upi.",
      apiKey: "stray",
      ifscCode: "not an ifsc", // ignored, not refused: offline methods have no bank fields
    });
    const saved = (await getPaymentSettingsForAdmin()).custom.find((m) => m.key === "upi_manual");
    expect(saved).toMatchObject({ apiKey: "", ifscCode: "", instructions: "Pay to angle@upi." });
    const names = await getPaymentMethodNames();
    expect(paymentMethodLabel("upi_manual", names)).toBe("UPI (manual)");
    expect(paymentMethodLabel("cod", names)).toBe("Cash on Delivery");
    expect(paymentMethodLabel("bank_transfer", names)).toBe("Bank Transfer");
    expect(paymentMethodLabel("gone_method", names)).toBe("gone method");
  });
});
