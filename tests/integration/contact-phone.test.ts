import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { action as contactAction } from "~/routes/store/contact";

/** The contact page's form as the server takes it: a mobile number instead of an email. */
const ORIGIN = "http://localhost:3999";
let n = 0;
const post = (fields: Record<string, string>) => {
  const request = new Request(`${ORIGIN}/contact`, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.55.0.${++n}` },
    body: new URLSearchParams(fields),
  });
  return contactAction({ request, url: new URL(request.url), params: {}, context: new RouterContextProvider() } as never);
};
const stored = (subject: string) => getDb().selectFrom("contact_message").selectAll().where("subject", "=", subject).execute();

describe("the contact form", () => {
  it("sends with a mobile number and no email", async () => {
    const answer = await post({
      name: "Ramesh Patel",
      email: "",
      phone: "98260 12345",
      subject: "DAP rate by phone",
      message: "Please call me.",
    });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect(await stored("DAP rate by phone")).toEqual([expect.objectContaining({ email: "", phone: "+91 98260 12345" })]);
  });

  it("refuses neither, or a number that is not a mobile, with a message at the field, storing nothing", async () => {
    for (const [fields, errors] of [
      [{ email: "", phone: "" }, { email: "Please enter an email address or a mobile number, so we can reply." }],
      [{ email: "", phone: "12345" }, { phone: "Enter a 10-digit Indian mobile number, e.g. 98765 43210." }],
      [{ email: "asha@", phone: "" }, { email: "Please enter a valid email address." }],
    ] as const) {
      const answer = (await post({ name: "Asha", subject: "Refused reply", message: "Hello", ...fields })) as {
        data?: { errors?: Record<string, string> };
        init?: ResponseInit;
      };
      expect(answer.init?.status).toBe(400);
      expect(answer.data?.errors).toMatchObject(errors);
    }
    expect(await stored("Refused reply")).toEqual([]);
  });

  it("says everything missing at once, the way to reply too", async () => {
    const answer = (await post({ name: "", email: "", phone: "", subject: "", message: "" })) as {
      data?: { errors?: Record<string, string> };
    };
    expect(Object.keys(answer.data?.errors ?? {}).sort()).toEqual(["email", "message", "name", "phone", "subject"]);
  });
});
