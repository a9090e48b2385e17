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
