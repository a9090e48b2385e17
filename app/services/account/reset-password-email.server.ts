import { getDb } from "~/db/db.server";
import { getEnv } from "~/env.server";
import { enqueueEmail } from "~/services/outbox/enqueue.server";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The page a reset link opens, on this store's own address. */
export function resetPasswordUrl(token: string) {
  return `${getEnv().BASE_URL}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * Queues the "reset your password" email (Better Auth's `sendResetPassword` calls this with a
 * fresh token). One message per token: a retried request never sends the same link twice.
 */
export async function queueResetPasswordEmail(user: { email: string; name: string }, token: string) {
  const url = resetPasswordUrl(token);
  const greeting = user.name.trim() ? `Hello ${user.name.trim()},` : "Hello,";
  const lines = [
    "Someone asked to reset the password of your Angle account.",
    "To choose a new password, open this link. It works for one hour and only once:",
  ];
  const ignore = "If you did not ask for this, ignore this email: your password stays as it is.";
  await enqueueEmail(getDb(), "password-reset", `password-reset:${token}`, {
    to: user.email,
    subject: "Reset your Angle password",
    text: `${greeting}\n\n${lines.join("\n")}\n\n${url}\n\n${ignore}\n`,
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${lines.map(escapeHtml).join("<br>")}</p>`,
      `<p><a href="${escapeHtml(url)}">Reset my password</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join("\n"),
  });
}
