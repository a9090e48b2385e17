import { request } from "node:http";
import { afterAll, expect, it } from "vitest";
import { spawnBuiltServer } from "../helpers/built-server";
import { freePort } from "../helpers/free-port";
import { getDb } from "~/platform/db/db.server";

/**
 * A web process (PROCESS_ROLE=web) stopped with SIGTERM: it refuses new connections at once, the
 * request it is in the middle of still gets its answer, and it exits 0 once that is done, inside
 * SHUTDOWN_GRACE_MS. The request is a contact message whose body the test holds back.
 */
const port = await freePort();
const origin = `http://localhost:${port}`;
const child = spawnBuiltServer({
  PROCESS_ROLE: "web",
  PORT: String(port),
  BASE_URL: origin,
  SEED_ON_EMPTY: "false",
  FAKE_GATEWAY: "off",
  LOG_LEVEL: "warn",
  SHUTDOWN_GRACE_MS: "30000",
});
const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
});

const answers = (path: string) =>
  fetch(`${origin}${path}`).then(
    (response) => response.status,
    () => "refused",
  );

it("finishes the request under way after SIGTERM while refusing new connections, then exits 0", async () => {
  await expect.poll(() => answers("/healthz"), { timeout: 60_000, interval: 100 }).toBe(200);
  expect(await answers("/readyz")).toBe(200);

  const body = new URLSearchParams({
    name: "Late Lakshmi",
    email: "lakshmi@example.com",
    subject: "Seeds",
    message: "Sent as the server stops.",
  }).toString();
  const half = Math.floor(body.length / 2);
  let continued = () => {};
  const headersRead = new Promise<void>((resolve) => {
    continued = resolve;
  });
  const reply = new Promise<number | undefined>((resolve, reject) => {
    const req = request(
      {
        host: "localhost",
        port,
        method: "POST",
        path: "/contact",
        headers: {
          origin,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          // The server's "100 Continue" says it has read the headers: the request is under way.
          expect: "100-continue",
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode);
      },
    );
    req.on("continue", () => {
      req.write(body.slice(0, half));
      continued();
    });
    req.on("error", reject);
    headersRead
      .then(async () => {
        child.kill("SIGTERM");
        // New connections are refused from now on, while this one waits for the rest of its body.
        await expect.poll(() => answers("/healthz"), { timeout: 30_000, interval: 50 }).toBe("refused");
        req.end(body.slice(half));
      })
      .catch(reject);
  });
  // The contact form answers a saved message with a redirect to itself.
  expect(await reply).toBe(303);
  expect(await exited).toBe(0);
  const saved = await getDb().selectFrom("contact_message").select("name").execute();
  expect(saved.map((m) => m.name)).toEqual(["Late Lakshmi"]);
});
