import { test, expect } from "./fixtures";
import { loginAs } from "./helpers";

// The server's own answers (headers, the nonce, other sites' posts, the session cookie, malformed
// input, caching) are checked without a browser: tests/integration/server-answers.test.ts and
// request-policy.test.ts. Here, what only a page's script can try.

test("Better Auth's own API is not exposed: no script can read the session token from get-session", async ({ page }) => {
  await loginAs(page);
  const token = (await page.context().cookies()).find((c) => c.name === "angle.session_token")?.value ?? "";
  expect(token).not.toBe("");
  await page.goto("/");
  const fromScript = await page.evaluate(async () => {
    const response = await fetch("/api/auth/get-session");
    return { status: response.status, body: await response.text() };
  });
  expect(fromScript.status).toBe(404);
  expect(fromScript.body).not.toContain(decodeURIComponent(token).split(".")[0]);
});
