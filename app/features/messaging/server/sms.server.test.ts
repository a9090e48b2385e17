import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { log } from "~/platform/log.server";
import { orderStatusSms } from "~/features/messaging/domain/sms-messages";
import { parseEnv } from "~/platform/env.server";
import { requestMobileCode } from "~/features/accounts/server/mobile-sign-in.server";
import { createSmsSender, msg91Body } from "./sms.server";
import { enqueueSms } from "./enqueue.server";
import { runOutboxOnce } from "./worker.server";

/** A stand-in for MSG91's flow API: checks the authkey header, records each body, answers as told. */
type Received = { url: string; authkey: string | undefined; body: unknown };
let server: Server;
let baseUrl = "";
const received: Received[] = [];
let answer: { status: number; body: string } = { status: 200, body: JSON.stringify({ type: "success", message: "3567" }) };

const readBody = async (req: IncomingMessage) => {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    const authkey = req.headers.authkey as string | undefined;
    received.push({ url: req.url ?? "", authkey, body: JSON.parse(body || "null") });
    if (authkey !== "test-auth-key-123") {
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", message: "Authentication failure" }));
      return;
    }
    res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sms = { to: "+919876543210", text: "123456 is your Angle sign-in code.", templateId: "tmpl-otp", variables: { otp: "123456" } };
const msg91 = (authKey = "test-auth-key-123") =>
  createSmsSender({ SMS_DIR: "unused", MSG91_AUTH_KEY: authKey, MSG91_BASE_URL: baseUrl, MSG91_SENDER_ID: "ANGLEI" });

describe("the MSG91 sender", () => {
  it("posts the flow API's body with the authkey header", async () => {
    received.length = 0;
    await msg91().send(sms, "sign-in-code-1");
    expect(received).toEqual([
      {
        url: "/api/v5/flow",
        authkey: "test-auth-key-123",
        body: { template_id: "tmpl-otp", sender: "ANGLEI", short_url: "0", recipients: [{ mobiles: "919876543210", otp: "123456" }] },
      },
    ]);
  });

  it("throws on a refused key, on a 5xx, and on a 200 whose JSON says type: error, so the outbox retries", async () => {
    await expect(msg91("wrong-key-0000").send(sms, "x")).rejects.toThrow(/HTTP 401.*Authentication failure/);
    answer = { status: 503, body: "busy" };
    await expect(msg91().send(sms, "x")).rejects.toThrow(/HTTP 503/);
    answer = { status: 200, body: JSON.stringify({ type: "error", message: "Template not approved" }) };
    await expect(msg91().send(sms, "x")).rejects.toThrow(/Template not approved/);
    answer = { status: 200, body: JSON.stringify({ type: "success", message: "3567" }) };
  });

  it("throws on a 2xx whose answer is not MSG91's, logged as an error, so the outbox retries rather than losing the SMS", async () => {
    const logged = vi.spyOn(log, "error");
    const odd = ["<html>Welcome to the hotel Wi-Fi</html>", "", "null", JSON.stringify({ ok: true }), JSON.stringify({ type: "queued" })];
    try {
      for (const body of odd) {
        answer = { status: 200, body };
        await expect(msg91().send(sms, "x")).rejects.toThrow(/^MSG91 answered HTTP 200 in a shape we do not know/);
      }
      expect(logged).toHaveBeenCalledTimes(odd.length);
      expect(logged).toHaveBeenCalledWith({ to: expect.not.stringContaining("9876543210"), status: 200 }, expect.stringMatching(/MSG91/));
      await enqueueSms(getDb(), "order-status-sms", "order-status-sms:odd-answer-1", { ...sms, text: "order", variables: { order: "2" } });
      await runOutboxOnce({ senders: { email: async () => {}, sms: msg91().send } });
      const row = await getDb()
        .selectFrom("outbox")
        .selectAll()
        .where("dedupe_key", "=", "order-status-sms:odd-answer-1")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.last_error).toMatch(/shape we do not know/);
    } finally {
      logged.mockRestore();
      answer = { status: 200, body: JSON.stringify({ type: "success", message: "3567" }) };
    }
  });

  it("refuses an SMS without a template id, and a number outside India, before calling MSG91", () => {
    expect(() => msg91Body({ ...sms, templateId: undefined }, undefined)).toThrow(/template id/);
    expect(() => msg91Body({ ...sms, to: "+14155550100" }, undefined)).toThrow(/Indian/);
    expect(msg91Body(sms, undefined)).not.toHaveProperty("sender");
  });

  it("posts a Hindi SMS under its own template with the Devanagari variables as they are", async () => {
    received.length = 0;
    const link = "https://angle.in/hi/order-confirmation/A1";
    const content = orderStatusSms("Angle", { id: "A1", status: "confirmed", link }, "hi");
    await msg91().send({ to: "+919876543210", ...content, templateId: "tmpl-status-hi" }, "order-status-sms-1");
    expect(received[0]?.body).toMatchObject({
      template_id: "tmpl-status-hi",
      // In Hindi the status is a whole phrase, as a shopkeeper says it (sms-messages.ts).
      recipients: [{ mobiles: "919876543210", order: "A1", status: "पक्का हो गया है", link }],
    });
  });

  it("is the sender only when MSG91_AUTH_KEY is set, and then wants both template ids (the Hindi ones are optional)", () => {
    expect(() => parseEnv({ MSG91_AUTH_KEY: "abcdefgh12" })).toThrow(/MSG91_TEMPLATE_OTP: is required/);
    const env = parseEnv({ MSG91_AUTH_KEY: "abcdefgh12", MSG91_TEMPLATE_OTP: "a", MSG91_TEMPLATE_ORDER_STATUS: "b" });
    expect(env.MSG91_BASE_URL).toBe("https://control.msg91.com");
    expect([env.MSG91_TEMPLATE_OTP_HI, env.MSG91_TEMPLATE_ORDER_STATUS_HI]).toEqual([undefined, undefined]);
    const hindi = parseEnv({ MSG91_TEMPLATE_OTP_HI: " c ", MSG91_TEMPLATE_ORDER_STATUS_HI: "" });
    expect([hindi.MSG91_TEMPLATE_OTP_HI, hindi.MSG91_TEMPLATE_ORDER_STATUS_HI]).toEqual(["c", undefined]);
    expect(parseEnv({ MSG91_BASE_URL: "http://127.0.0.1:9/" }).MSG91_BASE_URL).toBe("http://127.0.0.1:9");
  });
});

describe("SMS through the outbox", () => {
  it("writes a file with no provider, logs no text, and forgets a sent code's text", async () => {
    const dir = mkdtempSync(join(tmpdir(), "angle-sms-"));
    try {
      await enqueueSms(getDb(), "sign-in-code", "sign-in-code:file-1", sms);
      const result = await runOutboxOnce({
        senders: { email: async () => {}, sms: createSmsSender({ SMS_DIR: dir, MSG91_BASE_URL: baseUrl }).send },
      });
      expect(result.sent).toBeGreaterThanOrEqual(1);
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(readFileSync(join(dir, files[0] ?? ""), "utf8")).toContain("123456 is your Angle sign-in code.");
      const row = await getDb().selectFrom("outbox").selectAll().where("dedupe_key", "=", "sign-in-code:file-1").executeTakeFirstOrThrow();
      expect(row.status).toBe("sent");
      expect(row.payload).not.toContain("123456");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes a Hindi customer's SMS to the file in Hindi", async () => {
    const dir = mkdtempSync(join(tmpdir(), "angle-sms-"));
    try {
      await requestMobileCode("+919876543211", { ip: "10.8.0.1", locale: "hi" });
      await runOutboxOnce({ senders: { email: async () => {}, sms: createSmsSender({ SMS_DIR: dir, MSG91_BASE_URL: baseUrl }).send } });
      const [file] = readdirSync(dir);
      expect(readFileSync(join(dir, file ?? ""), "utf8")).toMatch(/^To: \+919876543211\n\n\d{6} आपका Angle लॉग इन कोड है।/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("retries an SMS that MSG91 refused", async () => {
    answer = { status: 500, body: "{}" };
    await enqueueSms(getDb(), "order-status-sms", "order-status-sms:retry-1", { ...sms, text: "order", variables: { order: "1" } });
    await runOutboxOnce({ senders: { email: async () => {}, sms: msg91().send } });
    const row = await getDb()
      .selectFrom("outbox")
      .selectAll()
      .where("dedupe_key", "=", "order-status-sms:retry-1")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(row.last_error).toMatch(/MSG91 refused the SMS \(HTTP 500\)/);
    answer = { status: 200, body: JSON.stringify({ type: "success", message: "3567" }) };
  });
});
