import { describe, expect, it } from "vitest";
import { formErrors } from "~/platform/i18n/render-refusal.server";
import { OfferFormSchema } from "../domain/offer-form";
import { createOffer, getOffer, listOffers, OfferRefused, setOfferStatus, updateOffer } from "./admin-offers.server";

const form = (over: Record<string, string> = {}) => ({
  kind: "coupon",
  code: "kharif10",
  name: "Kharif seeds 10% off",
  nameHi: "ख़रीफ़ बीज 10% छूट",
  discountType: "percent",
  percent: "10",
  target: "cart",
  targetIds: "",
  startsAt: "2026-06-01T00:00",
  endsAt: "2026-07-31T23:59",
  ...over,
});

const errorsOf = (fields: Record<string, string>, locale: "en" | "hi" = "en") => {
  const parsed = OfferFormSchema.safeParse(fields);
  if (parsed.success) return {};
  return formErrors(parsed.error, { locale }) as Record<string, string | undefined>;
};

describe("the admin's offer form", () => {
  it("reads India times as instants, rupees as paise, the code in upper case", () => {
    const parsed = OfferFormSchema.parse(form({ discountType: "fixed", amount: "1,350.50", minCart: "2000", states: "27, 29" }));
    expect(parsed).toMatchObject({
      code: "KHARIF10",
      amount: 135_050,
      minCart: 200_000,
      states: ["27", "29"],
      startsAt: "2026-05-31T18:30:00.000Z",
      endsAt: "2026-07-31T18:29:00.000Z",
    });
  });

  it("refuses 101%, an end before the start, an empty target and a coupon without a code, in both languages", () => {
    expect(errorsOf(form({ percent: "101" })).percent).toBe("A percentage discount is a whole number from 1 to 100.");
    expect(errorsOf(form({ percent: "0" })).percent).toBe("A percentage discount is a whole number from 1 to 100.");
    expect(errorsOf(form({ endsAt: "2026-05-01T00:00" })).endsAt).toBe("The offer must end after it starts.");
    expect(errorsOf(form({ target: "products", targetIds: " " })).targetIds).toMatch(/^List at least one product/);
    expect(errorsOf(form({ code: "" })).code).toBe("A coupon needs a code.");
    expect(errorsOf(form({ discountType: "fixed", amount: "-5" })).amount).toMatch(/^Enter an amount in rupees/);
    expect(errorsOf(form({ states: "Maharashtra" })).states).toMatch(/two-digit GST State codes/);
    expect(errorsOf(form({ percent: "101" }), "hi").percent).toBe("प्रतिशत छूट 1 से 100 तक की पूरी संख्या होती है।");
    expect(errorsOf(form({ endsAt: "2026-05-01T00:00" }), "hi").endsAt).toBe("ऑफ़र शुरू होने के बाद ही समाप्त हो सकता है।");
  });
});

describe("the admin's offers", () => {
  it("creates, refuses a duplicate code, edits, pauses, resumes and ends; the list is paged", async () => {
    const id = await createOffer(OfferFormSchema.parse(form({ code: "DUP1" })));
    await expect(createOffer(OfferFormSchema.parse(form({ code: "dup1" })))).rejects.toBeInstanceOf(OfferRefused);
    await expect(createOffer(OfferFormSchema.parse(form({ code: "dup1" })))).rejects.toThrow("Another coupon already has this code.");
    const other = await createOffer(OfferFormSchema.parse(form({ code: "DUP2" })));
    await expect(updateOffer(other, OfferFormSchema.parse(form({ code: "DUP1" })))).rejects.toThrow(
      "Another coupon already has this code.",
    );
    await updateOffer(id, OfferFormSchema.parse(form({ code: "DUP1", percent: "15" })));
    expect((await getOffer(id))?.discount).toEqual({ type: "percent", percent: 15 });
    expect(await setOfferStatus(id, "resume")).toBe(false);
    expect(await setOfferStatus(id, "pause")).toBe(true);
    expect((await getOffer(id))?.status).toBe("paused");
    expect(await setOfferStatus(id, "resume")).toBe(true);
    expect(await setOfferStatus(id, "end")).toBe(true);
    expect(await setOfferStatus(id, "resume")).toBe(false);
    expect((await getOffer(id))?.status).toBe("ended");
    // A hostile id is no offer, on either engine (PostgreSQL refuses a NUL byte in text).
    expect(await getOffer("\u0000'")).toBeNull();
    expect(await setOfferStatus("\u0000'", "end")).toBe(false);
    await expect(updateOffer("\u0000'", OfferFormSchema.parse(form({ code: "NUL1" })))).rejects.toThrow("This offer no longer exists.");
    for (let i = 0; i < 21; i++) await createOffer(OfferFormSchema.parse(form({ kind: "automatic", code: "" })));
    const first = await listOffers({ cursor: null, direction: "next" });
    expect(first.rows).toHaveLength(20);
    expect(first.total).toBe(23);
    const second = await listOffers({ cursor: first.nextCursor, direction: "next" });
    expect(second.rows).toHaveLength(3);
  });
});
