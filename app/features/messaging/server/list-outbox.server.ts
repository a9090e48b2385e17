import { getDb } from "~/platform/db/db.server";
import { type Keyset, paginate } from "~/platform/db/keyset.server";
import { maskRecipient } from "~/features/messaging/domain/outbox";
import { FIRST_PAGE, type PageRequest } from "~/platform/core/pagination";

export const OUTBOX_PAGE_SIZE = 25;

const NEWEST_FIRST: Keyset<{ created_at: string; id: string }> = {
  keys: [
    { ref: "outbox.created_at", field: "created_at", kind: "string" },
    { ref: "outbox.id", field: "id", kind: "string" },
  ],
  order: "desc",
};

/** An email's subject, or "SMS" (an SMS's text is not shown: it may hold a code). */
function subjectOf(channel: string, payload: string) {
  if (channel !== "email") return "SMS";
  try {
    const subject = (JSON.parse(payload) as { subject?: unknown }).subject;
    return typeof subject === "string" ? subject : "";
  } catch {
    return "";
  }
}

/**
 * For the admins: the messages that failed for good, newest first, with the recipient masked, and
 * how many are still waiting to be sent.
 */
export async function listFailedOutbox(request: PageRequest = FIRST_PAGE) {
  const db = getDb();
  const query = db
    .selectFrom("outbox")
    .select(["id", "channel", "kind", "recipient", "payload", "attempts", "last_error", "created_at"])
    .where("status", "=", "failed");
  const [page, waiting] = await Promise.all([
    paginate(query, NEWEST_FIRST, request, OUTBOX_PAGE_SIZE),
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "in", ["pending", "sending"])
      .executeTakeFirst(),
  ]);
  const rows = page.rows.map((m) => ({
    id: m.id,
    channel: m.channel,
    kind: m.kind,
    recipient: maskRecipient(m.channel, m.recipient),
    subject: subjectOf(m.channel, m.payload),
    attempts: Number(m.attempts),
    lastError: m.last_error ?? "",
    createdAt: m.created_at,
  }));
  return { failed: { ...page, rows }, pending: Number(waiting?.n ?? 0) };
}
