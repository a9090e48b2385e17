import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "~/platform/log.server";
import { createMailSender } from "~/features/messaging/server/mail.server";

const EMAIL = {
  to: "asha.kulkarni@example.in",
  subject: "Your order ANG-1001 is confirmed",
  text: "Namaste Asha,\n\nTrack it at http://localhost:3999/orders/ANG-1001 any time.\n",
  html: '<p>Namaste Asha,</p><p><a href="http://localhost:3999/orders/ANG-1001">Track your order</a></p>',
};
const FROM = "Angle <orders@angle.in>";
const LOCAL = "http://localhost:3999";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "angle-mail-"));
  dirs.push(dir);
  return join(dir, "mail");
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The header block of a message, with folded lines unfolded. */
function headers(eml: string) {
  return eml.split(/\r?\n\r?\n/, 1)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
}

describe("the file transport (no SMTP_URL)", () => {
  it("writes a complete message with a plain-text and an HTML part, private to the server's user", async () => {
    const dir = tempDir();
    const sender = createMailSender({ SMTP_URL: undefined, MAIL_FROM: FROM, MAIL_DIR: dir, BASE_URL: LOCAL });
    await sender.send(EMAIL, "order-confirmed-abc");
    sender.close();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-order-confirmed-abc\.eml$/);
    const path = join(dir, files[0] ?? "");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const eml = readFileSync(path, "utf8");
    const head = headers(eml);
    expect(head).toMatch(/^From: Angle <orders@angle\.in>$/m);
    expect(head).toMatch(/^To: asha\.kulkarni@example\.in$/m);
    expect(head).toMatch(/^Subject: Your order ANG-1001 is confirmed$/m);
    expect(head).toMatch(/^Message-ID: <.+>$/m);
    expect(head).toMatch(/^Date: .+$/m);
    expect(head).toMatch(/^Content-Type: multipart\/alternative; boundary=/m);
    expect(eml).toContain("Content-Type: text/plain; charset=utf-8");
    expect(eml).toContain("Content-Type: text/html; charset=utf-8");
    expect(eml).toContain("Track it at http://localhost:3999/orders/ANG-1001 any time.");
    // The HTML part is quoted-printable: "=" is written "=3D".
    expect(eml).toContain(`<a href=3D"http://localhost:3999/orders/ANG-1001">`);
  });

  it("logs the subject and the links with the address masked, never the body", async () => {
    const info = vi.spyOn(log, "info");
    const sender = createMailSender({ SMTP_URL: undefined, MAIL_FROM: FROM, MAIL_DIR: tempDir(), BASE_URL: LOCAL });
    await sender.send(EMAIL, "order-confirmed-def");
    const line = JSON.stringify(info.mock.calls.at(-1));
    info.mockRestore();
    expect(line).toContain("a***@example.in");
    expect(line).toContain("Your order ANG-1001 is confirmed");
    expect(line).toContain("http://localhost:3999/orders/ANG-1001");
    expect(line).not.toContain("asha.kulkarni");
    expect(line).not.toContain("Namaste");
  });

  it("never logs a link, with its token, for a store served to others", async () => {
    const info = vi.spyOn(log, "info");
    const sender = createMailSender({ SMTP_URL: undefined, MAIL_FROM: FROM, MAIL_DIR: tempDir(), BASE_URL: "https://angle.example" });
    const reset = { ...EMAIL, text: "Reset your password: https://angle.example/reset-password?token=s3cr3t-token\n" };
    await sender.send(reset, "password-reset-ghi");
    const line = JSON.stringify(info.mock.calls.at(-1));
    info.mockRestore();
    expect(line).toContain("email written to a file");
    expect(line).not.toContain("s3cr3t-token");
    expect(line).not.toContain("reset-password");
  });

  it("cannot be made to add a header: CR and LF in a subject or a name become spaces", async () => {
    const dir = tempDir();
    const sender = createMailSender({
      SMTP_URL: undefined,
      MAIL_FROM: "Angle\r\nBcc: from@evil.example <orders@angle.in>",
      MAIL_DIR: dir,
      BASE_URL: LOCAL,
    });
    await sender.send(
      { ...EMAIL, to: "Asha\r\nBcc: to@evil.example <asha@example.in>", subject: "Hello\r\nBcc: subject@evil.example\nX-Spam: 1" },
      "injection",
    );
    const eml = readFileSync(join(dir, readdirSync(dir)[0] ?? ""), "utf8");
    const head = headers(eml);
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).not.toMatch(/^X-Spam:/im);
    expect(head).toMatch(/^Subject: Hello Bcc: subject@evil\.example X-Spam: 1$/m);
    expect(head).not.toContain("evil.example>");
  });
});

describe("the SMTP transport (SMTP_URL)", () => {
  const received: { from: string; to: string[]; user: string | undefined; data: string }[] = [];
  let port = 0;
  const server = new SMTPServer({
    // A loopback test server: no TLS certificate to trust, so plain AUTH is allowed.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "angle" && auth.password === "s3cret") callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === "string" ? session.user : undefined,
          data: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("signs in and delivers the message with both parts to the recipient", async () => {
    const sender = createMailSender({
      SMTP_URL: `smtp://angle:s3cret@127.0.0.1:${port}`,
      MAIL_FROM: FROM,
      MAIL_DIR: tempDir(),
      BASE_URL: LOCAL,
    });
    await sender.send(EMAIL, "order-confirmed-smtp");
    sender.close();
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.user).toBe("angle");
    expect(mail?.from).toBe("orders@angle.in");
    expect(mail?.to).toEqual(["asha.kulkarni@example.in"]);
    expect(headers(mail?.data ?? "")).toMatch(/^Subject: Your order ANG-1001 is confirmed$/m);
    expect(mail?.data).toContain("Content-Type: text/plain; charset=utf-8");
    expect(mail?.data).toContain("Content-Type: text/html; charset=utf-8");
  });

  it("throws when the server refuses the sign-in", async () => {
    const sender = createMailSender({
      SMTP_URL: `smtp://angle:wrong@127.0.0.1:${port}`,
      MAIL_FROM: FROM,
      MAIL_DIR: tempDir(),
      BASE_URL: LOCAL,
    });
    await expect(sender.send(EMAIL, "x")).rejects.toThrow(/Invalid username or password/);
    sender.close();
  });
});
