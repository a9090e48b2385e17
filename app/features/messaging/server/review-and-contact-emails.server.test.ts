import { afterEach, describe, expect, it } from "vitest";
import { createProduct, createVendor, queuedEmails as emails, versionOf } from "../../../../tests/factories";
import { getDb } from "~/platform/db/db.server";
import { ContactSchema } from "~/features/contact/domain/contact";
import { DEFAULT_GENERAL_SETTINGS } from "~/features/settings/domain/settings";
import { saveContactMessage } from "../../contact/server/save-contact-message.server";
import { reviewListing } from "../../vendor-shops/server/approve-listings.server";
import { saveSetting } from "../../settings/server/save-setting.server";

const setAdminEmail = (adminEmail: string) => saveSetting("general", { ...DEFAULT_GENERAL_SETTINGS, adminEmail });
afterEach(() => setAdminEmail(""));

describe("listing review emails", () => {
  it("tells the vendor a listing is approved", async () => {
    const vendor = await createVendor({ email: "approved@example.in" });
    const listing = await createProduct({ name: "Drip Kit", vendorId: vendor.id, status: "pending" });
    expect(await reviewListing(listing.id, "approve", { version: await versionOf(listing.id) })).toBe("live");
    const [approved, ...more] = await emails(`listing-approved:${listing.id}:`);
    expect(more).toEqual([]);
    expect(approved).toMatchObject({ kind: "listing-approved", recipient: "approved@example.in" });
    expect(approved?.email.subject).toBe('Your listing "Drip Kit" is approved');
    expect(approved?.email.text).toContain('Good news: your listing "Drip Kit" has been approved and is now on sale.');
    expect(approved?.email.text).toContain("http://localhost:3999/vendor-login/products");
    // A second review of the same listing changes nothing and queues nothing.
    expect(await reviewListing(listing.id, "reject", { version: await versionOf(listing.id), reason: "Too late" })).toBeNull();
    expect(await emails(`listing-rejected:${listing.id}:`)).toEqual([]);
  });

  it("tells the vendor why a listing was rejected, the reason escaped in HTML and literal in text", async () => {
    const vendor = await createVendor({ email: "rejected@example.in" });
    const listing = await createProduct({ name: "Seed Drill", vendorId: vendor.id, status: "pending" });
    expect(
      await reviewListing(listing.id, "reject", {
        version: await versionOf(listing.id),
        reason: "Photo shows <script>alert(1)</script> & nothing else",
      }),
    ).toBe("rejected");
    const [rejected, ...more] = await emails(`listing-rejected:${listing.id}:`);
    expect(more).toEqual([]);
    expect(rejected).toMatchObject({ kind: "listing-rejected", recipient: "rejected@example.in" });
    expect(rejected?.email.subject).toBe('Your listing "Seed Drill" was not approved');
    expect(rejected?.email.text).toContain("Reason:\nPhoto shows <script>alert(1)</script> & nothing else");
    expect(rejected?.email.html).toContain("Photo shows &lt;script&gt;alert(1)&lt;/script&gt; &amp; nothing else");
    expect(rejected?.email.html).not.toContain("<script>");
  });

  it("says an approved listing of a suspended vendor waits for reactivation", async () => {
    const vendor = await createVendor({ email: "held@example.in" });
    await getDb().updateTable("user").set({ banned: 1 }).where("id", "=", vendor.id).execute();
    const listing = await createProduct({ name: "Mulch Film", vendorId: vendor.id, status: "pending" });
    expect(await reviewListing(listing.id, "approve", { version: await versionOf(listing.id) })).toBe("suspended");
    const [held] = await emails(`listing-approved:${listing.id}:`);
    expect(held?.email.text).toContain(
      'Your listing "Mulch Film" has been approved. It goes on sale when your vendor account is active again.',
    );
    expect(held?.email.text).not.toContain("now on sale");
  });

  it("queues nothing when a stale review is refused", async () => {
    const vendor = await createVendor({ email: "stale@example.in" });
    const listing = await createProduct({ name: "Sickle", vendorId: vendor.id, status: "pending" });
    expect(await reviewListing(listing.id, "approve", { version: 999_999 })).toBeNull();
    expect(await emails(`listing-approved:${listing.id}:`)).toEqual([]);
  });
});

describe("contact emails", () => {
  it("notifies the admin address of a contact message and of an expert call-back request", async () => {
    await setAdminEmail("help@angle.in");
    const contact = await saveContactMessage(
      ContactSchema.parse({ name: "Ravi", email: "ravi@example.in", subject: "Seeds", message: "Which <b>variety</b>?\nFor clay soil." }),
    );
    const [notice, ...more] = await emails(`admin-contact-message:${contact.id}`);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ kind: "admin-contact-message", recipient: "help@angle.in" });
    expect(notice?.email.subject).toBe("New contact message from Ravi: Seeds");
    expect(notice?.email.text).toContain("ravi@example.in");
    expect(notice?.email.text).toContain("Which <b>variety</b>?\nFor clay soil.");
    expect(notice?.email.html).toContain("Which &lt;b&gt;variety&lt;/b&gt;?<br/>For clay soil.");

    const expert = await saveContactMessage(
      ContactSchema.parse({ kind: "expert", name: "Sunita", email: "sunita@example.in", subject: "Call me", message: "Pest advice" }),
    );
    const [call] = await emails(`admin-contact-message:${expert.id}`);
    expect(call?.email.subject).toBe("Expert call-back request from Sunita: Call me");
  });

  it("stores the message but queues nothing without an admin address", async () => {
    const { id } = await saveContactMessage(
      ContactSchema.parse({ name: "Anil", email: "anil@example.in", subject: "Hi", message: "Hello" }),
    );
    expect(await getDb().selectFrom("contact_message").select("id").where("id", "=", id).executeTakeFirst()).toEqual({ id });
    expect(await emails(`admin-contact-message:${id}`)).toEqual([]);
  });
});
