import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { maskPhone } from "~/domain/outbox";
import type { Env } from "~/env.server";
import { fileStamp, safeName } from "~/lib/mail.server";
import { log } from "~/lib/log.server";
import type { OutboxSms } from "./enqueue.server";

/** What the outbox worker asks of an SMS gateway: send one message, or throw. */
export type SmsSender = { send: (sms: OutboxSms, name: string) => Promise<void> };

/**
 * With no SMS provider configured, each SMS is written as a .txt file in SMS_DIR and logged with
 * the number masked (never the text: it may hold a code). An SMS provider (MSG91, with its DLT
 * template ids) plugs in here: a sender whose send() calls its API and throws on a refusal, so the
 * worker retries it like a mail server's.
 */
export function createSmsSender(settings: Pick<Env, "SMS_DIR">): SmsSender {
  return {
    async send(sms, name) {
      await mkdir(settings.SMS_DIR, { recursive: true, mode: 0o700 });
      const file = join(settings.SMS_DIR, `${fileStamp()}-${safeName(name)}.txt`);
      const body = `To: ${sms.to}\n${sms.templateId ? `Template: ${sms.templateId}\n` : ""}\n${sms.text}\n`;
      await writeFile(file, body, { mode: 0o600 });
      log.info({ to: maskPhone(sms.to), file }, "SMS written to a file");
    },
  };
}
