import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { mailDirFor } from "../../playwright.config";

/**
 * The emails a store has written (with no SMTP_URL each is an .eml file named by its outbox kind),
 * read as a person would read them: by recipient, newest first.
 */
export async function mailTo(storeUrl: string, to: string, kind: string): Promise<ParsedMail[]> {
  const dir = mailDirFor(new URL(storeUrl).port);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml") && n.includes(`-${kind}-`));
  const mails = await Promise.all(
    names
      .sort()
      .reverse()
      .map(async (n) => simpleParser(await readFile(join(dir, n)))),
  );
  return mails.filter((m) =>
    JSON.stringify(m.to ?? "")
      .toLowerCase()
      .includes(to.toLowerCase()),
  );
}

/** Waits for the newest `kind` email to `to` and returns it (the outbox worker writes it within moments). */
export async function waitForMail(storeUrl: string, to: string, kind: string, options: { newerThan?: number } = {}) {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(storeUrl, to, kind)).find((m) => (m.date?.getTime() ?? 0) >= (options.newerThan ?? 0));
        return found !== undefined;
      },
      { message: `a ${kind} email to ${to}`, timeout: 15_000, intervals: [100, 200, 400] },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable");
  return found;
}

/** The link to `path` (with its token) in an email's plain-text part. */
export function linkIn(mail: ParsedMail, path: string): string {
  const link = new RegExp(`https?://[^\\s/]+${path.replace(/[/-]/g, "\\$&")}\\?token=[^\\s]+`).exec(mail.text ?? "")?.[0];
  if (!link) throw new Error(`no ${path} link in "${mail.subject}":\n${mail.text}`);
  return link;
}

/**
 * Opens the confirmation link emailed to `email` with a request context (page.request shares the
 * page's cookies): posts its token and the account's password as the page's form does (a browser
 * not signed in as the account is asked for it), which confirms and signs in.
 */
export async function confirmByEmail(request: APIRequestContext, storeUrl: string, email: string, password: string) {
  const link = new URL(linkIn(await waitForMail(storeUrl, email, "verify-email"), "/verify-email"));
  const response = await request.post(`${storeUrl}/verify-email`, {
    form: { token: link.searchParams.get("token") ?? "", password },
    headers: { origin: storeUrl },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
  return response;
}

/**
 * The confirmation link emailed to `email`, opened in the page (not signed in: registration signs
 * nobody in) and confirmed with the account's password and the button.
 */
export async function confirmInBrowser(page: Page, storeUrl: string, email: string, password: string) {
  await page.goto(linkIn(await waitForMail(storeUrl, email, "verify-email"), "/verify-email"));
  await page.getByRole("main").locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await leftConfirmPage(page);
}

/**
 * Waits for the confirmation's answer (a redirect, with the session's cookie): a test that goes on
 * at once may navigate away while the answer is on its way, and be signed out when it arrives.
 */
export async function leftConfirmPage(page: Page) {
  await page.waitForURL((url) => !/\/verify-email$/.test(url.pathname));
}
