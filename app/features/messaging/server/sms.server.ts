import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { maskMobile } from "~/features/accounts/domain/mobile";
import type { Env } from "~/platform/env.server";
import { fileStamp, safeName } from "~/features/messaging/server/mail.server";
import { log } from "~/platform/log.server";
import type { OutboxSms } from "./enqueue.server";
import { Msg91AnswerSchema } from "./msg91-schemas.server";

/** What the outbox worker asks of an SMS gateway: send one message, or throw. */
export type SmsSender = { send: (sms: OutboxSms, name: string) => Promise<void> };

type SmsSettings = Pick<Env, "SMS_DIR" | "MSG91_AUTH_KEY" | "MSG91_BASE_URL" | "MSG91_SENDER_ID">;

/** MSG91 when MSG91_AUTH_KEY is set; otherwise each SMS is a .txt file in SMS_DIR. */
export function createSmsSender(settings: SmsSettings): SmsSender {
  if (settings.MSG91_AUTH_KEY) {
    return createMsg91Sender({ authKey: settings.MSG91_AUTH_KEY, baseUrl: settings.MSG91_BASE_URL, senderId: settings.MSG91_SENDER_ID });
  }
  return createFileSmsSender(settings.SMS_DIR);
}

/**
 * With no SMS provider configured, each SMS is written as a .txt file in SMS_DIR and logged with
 * the number masked (never the text: it may hold a code).
 */
export function createFileSmsSender(dir: string): SmsSender {
  return {
    async send(sms, name) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${fileStamp()}-${safeName(name)}.txt`);
      const body = `To: ${sms.to}\n${sms.templateId ? `Template: ${sms.templateId}\n` : ""}\n${sms.text}\n`;
      await writeFile(file, body, { mode: 0o600 });
      log.info({ to: maskMobile(sms.to), file }, "SMS written to a file");
    },
  };
}

export type Msg91Settings = { authKey: string; baseUrl: string; senderId?: string; timeoutMs?: number };

/** The body of MSG91's flow API (POST /api/v5/flow): one recipient, the template's variables beside the number. */
export function msg91Body(sms: OutboxSms, senderId: string | undefined) {
  if (!sms.templateId) throw new Error("This SMS has no DLT template id; set the MSG91_TEMPLATE_… setting for its kind.");
  const mobiles = sms.to.replace(/\D/g, "");
  if (!/^91[6-9]\d{9}$/.test(mobiles)) throw new Error("MSG91 takes Indian mobile numbers only (91 and 10 digits).");
  return {
    template_id: sms.templateId,
    ...(senderId ? { sender: senderId } : {}),
    short_url: "0",
    recipients: [{ ...sms.variables, mobiles }],
  };
}

/**
 * MSG91's flow API (https://control.msg91.com/api/v5/flow): the text of each SMS is the
 * DLT-registered template's, filled from the outbox payload's variables. A refusal (a status
 * other than 2xx, or `"type": "error"` in its JSON answer) throws, so the worker retries the message;
 * so does a 2xx whose answer is not MSG91's (Msg91AnswerSchema; logged as an error): taking it for
 * "sent" would lose a sign-in code without a trace, most likely because something other than MSG91
 * answered. The log names the number masked, never the variables (a code is one of them).
 */
export function createMsg91Sender(settings: Msg91Settings): SmsSender {
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/api/v5/flow`;
  return {
    async send(sms) {
      const response = await fetch(url, {
        method: "POST",
        headers: { authkey: settings.authKey, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(msg91Body(sms, settings.senderId)),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 30_000),
      });
      const text = await response.text();
      const answer = parseAnswer(text);
      if (!response.ok || answer?.type === "error") {
        throw new Error(`MSG91 refused the SMS (HTTP ${response.status}): ${answer?.message ?? text.slice(0, 200)}`);
      }
      if (!answer) {
        log.error(
          { to: maskMobile(sms.to), status: response.status },
          "MSG91 answered in a shape we do not know; the SMS will be tried again",
        );
        throw new Error(`MSG91 answered HTTP ${response.status} in a shape we do not know (not {"type": "success"})`);
      }
      log.info({ to: maskMobile(sms.to), id: answer.message }, "SMS handed to MSG91");
    },
  };
}

/** MSG91's answer, or null for one of another shape (not JSON, or not Msg91AnswerSchema). */
function parseAnswer(text: string) {
  try {
    return Msg91AnswerSchema.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    return null;
  }
}
