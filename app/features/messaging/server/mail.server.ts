import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import { maskEmail, oneLine } from "~/features/messaging/domain/outbox";
import { type Env, isLoopbackUrl } from "~/platform/env.server";
import type { OutboxEmail } from "~/features/messaging/server/enqueue.server";
import { log } from "../../../platform/log.server";
import { traced } from "~/platform/observability/tracing.server";

/** What the outbox worker asks of a mail transport: send one message, or throw. */
export type MailSender = {
  /** `name` names the message (its outbox kind and id), for the file it may be written to. */
  send: (email: OutboxEmail, name: string) => Promise<void>;
  close: () => void;
};

type MailSettings = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "MAIL_DIR" | "BASE_URL">;

/**
 * The message nodemailer is given. Every header value is one line (CR/LF and other control
 * characters become spaces), so a subject or a name from a form can never add a header.
 */
export function mailMessage(email: OutboxEmail, from: string) {
  return { from: oneLine(from), to: oneLine(email.to), subject: oneLine(email.subject), text: email.text, html: email.html };
}

/**
 * The links in a message's text, for the log of the file transport on a store served to this machine
 * alone (a developer clicks them there). Confirmation and reset links carry working tokens, so a
 * store served to others never logs them (and never runs without SMTP: app/platform/env.server.ts).
 */
export function linksIn(text: string) {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/**
 * SMTP when SMTP_URL is set (smtp://user:pass@host:587 upgrades with STARTTLS; smtps:// is TLS
 * from the start); otherwise each message becomes an .eml file in MAIL_DIR, a complete RFC 5322
 * message any mail program opens, and the log names its subject and links (never its body).
 */
export function createMailSender(settings: MailSettings): MailSender {
  if (settings.SMTP_URL) return smtpSender(settings.SMTP_URL, settings.MAIL_FROM);
  return fileSender(settings.MAIL_DIR, settings.MAIL_FROM, isLoopbackUrl(settings.BASE_URL));
}

function smtpSender(url: string, from: string): MailSender {
  const transport = createTransport({
    url,
    // A server that does not answer must not hold a claimed message for long (see the worker's lease).
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(email) {
      await traced("smtp send", { "server.address": smtpHost(url) }, () => transport.sendMail(mailMessage(email, from)));
    },
    close: () => transport.close(),
  };
}

/** The SMTP server's host name, for the span: never the URL, which may carry a password. */
function smtpHost(url: string) {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

function fileSender(dir: string, from: string, logLinks: boolean): MailSender {
  const compose = createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(email, name) {
      const info = await compose.sendMail(mailMessage(email, from));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${fileStamp()}-${safeName(name)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = logLinks ? { links: linksIn(email.text) } : {};
      log.info({ to: maskEmail(email.to), subject: oneLine(email.subject), ...links, file }, "email written to a file");
    },
    close: () => compose.close(),
  };
}

/** A sortable, file-name-safe time: 2026-11-22T20-54-01-123Z. */
export function fileStamp(date = new Date()) {
  return date.toISOString().replace(/[:.]/g, "-");
}

/** Letters, digits, dot, dash and underscore only. */
export function safeName(name: string) {
  return name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 100);
}
