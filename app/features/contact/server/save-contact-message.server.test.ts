import { expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { ContactSchema } from "~/features/contact/domain/contact";
import { saveContactMessage } from "./save-contact-message.server";

it("stores a valid message exactly as written, HTML and all", async () => {
  const input = ContactSchema.parse({ name: "Ravi", email: "ravi@example.in", subject: "Seeds", message: "<script>alert(1)</script>" });
  const { id } = await saveContactMessage(input);
  const row = await getDb().selectFrom("contact_message").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ name: "Ravi", kind: "contact", message: "<script>alert(1)</script>" });
});

it("rejects missing fields and bad email before anything is stored", () => {
  const result = ContactSchema.safeParse({ name: "", email: "not-an-email", subject: " ", message: "" });
  expect(result.success).toBe(false);
  const paths = result.error?.issues.map((i) => i.path[0]);
  expect(paths).toEqual(expect.arrayContaining(["name", "email", "subject", "message"]));
});

it("takes a mobile number instead of an email, kept as people read it; each given one is checked", async () => {
  const input = ContactSchema.parse({ name: "Ramesh", email: "", phone: "098260-12345", subject: "Urea", message: "Rate for 10 bags?" });
  const { id } = await saveContactMessage(input);
  const row = await getDb().selectFrom("contact_message").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ name: "Ramesh", email: "", phone: "+91 98260 12345" });

  const neither = ContactSchema.safeParse({ name: "Ramesh", email: " ", phone: "", subject: "Urea", message: "Hi" });
  expect(neither.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
    ["email", "Please enter an email address or a mobile number, so we can reply."],
    ["phone", "Please enter an email address or a mobile number, so we can reply."],
  ]);
  const badPhone = ContactSchema.safeParse({ name: "Ramesh", email: "ramesh@example.in", phone: "12345", subject: "Urea", message: "Hi" });
  expect(badPhone.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
    ["phone", "Enter a 10-digit Indian mobile number, e.g. 98765 43210."],
  ]);
  const both = ContactSchema.parse({
    name: "Ramesh",
    email: "Ramesh@Example.in",
    phone: "+91 98260 12345",
    subject: "Urea",
    message: "Hi",
  });
  expect(both).toMatchObject({ email: "ramesh@example.in", phone: "+91 98260 12345" });
});
