import { describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import {
  addPaymentMethod,
  getCheckoutMethods,
  getGatewaySecret,
  getPaymentSettingsForAdmin,
  savePaymentMethod,
} from "./payment-settings.server";

describe("payment settings", () => {
  it("defaults: gateways off, cash on delivery on with the spec's instructions", async () => {
    expect(await getCheckoutMethods()).toEqual([{ key: "cod", label: "Cash on Delivery", instructions: "Pay cash upon delivery." }]);
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
});
