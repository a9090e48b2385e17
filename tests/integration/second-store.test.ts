import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { askedFakeGatewayPort, DEFAULT_FAKE_GATEWAY_PORT, startLocalFakeGateway } from "../../server/fake-gateway/fake-gateway";
import { spawnBuiltServer } from "../helpers/built-server";
import { freePort } from "../helpers/free-port";

/**
 * A second store on the same machine (issue 29): the local fake payment gateway of the first holds
 * port 4010, and the second store must still start, its fake on another port. Only a port asked
 * for (FAKE_GATEWAY_PORT) that is taken stops a store, with a sentence saying what to do.
 */
let holder: Server | undefined;

/** Holds `port` on 127.0.0.1 for the test, unless something already does (then it is taken anyway). */
function hold(port: number) {
  return new Promise<Server | undefined>((resolveHold, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => (error.code === "EADDRINUSE" ? resolveHold(undefined) : reject(error)));
    server.listen(port, "127.0.0.1", () => resolveHold(server));
  });
}

beforeAll(async () => {
  holder = await hold(DEFAULT_FAKE_GATEWAY_PORT);
});
afterAll(() => new Promise<void>((done) => (holder ? holder.close(() => done()) : done())));

/** Starts `npm start`'s server with the fake gateway on; its output, and whether it answered /healthz, once it has or has exited. */
async function startStore(extraEnv: Record<string, string>) {
  const port = await freePort();
  const child = spawnBuiltServer(
    { PORT: String(port), BASE_URL: `http://localhost:${port}`, FAKE_GATEWAY: "on", LOG_LEVEL: "info", ...extraEnv },
    ["ignore", "pipe", "pipe"],
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  let answered = false;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (let i = 0; i < 300 && exitCode === undefined && !answered; i++) {
    answered = await fetch(`http://localhost:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!answered) await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGTERM");
  await exited;
  return { answered, exitCode, output };
}

it("starts a second store while port 4010 is taken: its fake gateway listens on another port", async () => {
  const store = await startStore({});
  expect(store.answered, store.output).toBe(true);
  const fakeUrl = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*fake payment gateway is running/.exec(store.output)?.[1];
  expect(fakeUrl, store.output).toBeDefined();
  expect(new URL(fakeUrl ?? "").port).not.toBe(String(DEFAULT_FAKE_GATEWAY_PORT));
}, 60_000);

it("refuses to start on a taken FAKE_GATEWAY_PORT, saying so in a sentence (no stack trace)", async () => {
  const store = await startStore({ FAKE_GATEWAY_PORT: String(DEFAULT_FAKE_GATEWAY_PORT) });
  expect(store.answered).toBe(false);
  expect(store.exitCode).toBe(1);
  expect(store.output).toContain(`the fake payment gateway cannot listen on 127.0.0.1:${DEFAULT_FAKE_GATEWAY_PORT}`);
  expect(store.output).toContain("Set FAKE_GATEWAY_PORT to a free port, or leave it unset.");
  expect(store.output).not.toMatch(/\n\s+at /);
}, 60_000);

it("the fake takes the port it prefers when it is free, and another when it is not", async () => {
  const preferred = await freePort();
  const first = await startLocalFakeGateway(undefined, { preferred });
  const second = await startLocalFakeGateway(undefined, { preferred });
  try {
    expect(new URL(first.url).port).toBe(String(preferred));
    expect(new URL(second.url).port).not.toBe(String(preferred));
    // Both answer as the fake does.
    for (const gateway of [first, second]) expect((await fetch(`${gateway.url}/razorpay/checkout.js`)).status).toBe(200);
    // A port asked for is that port or nothing.
    await expect(startLocalFakeGateway(preferred)).rejects.toMatchObject({ code: "EADDRINUSE" });
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
});

it("reads FAKE_GATEWAY_PORT as a port number, or as unset", () => {
  expect(askedFakeGatewayPort(undefined)).toBeUndefined();
  expect(askedFakeGatewayPort(" ")).toBeUndefined();
  expect(askedFakeGatewayPort("0")).toBe(0);
  expect(askedFakeGatewayPort(" 4011 ")).toBe(4011);
  for (const bad of ["abc", "-1", "65536", "40.5", "4010x"])
    expect(() => askedFakeGatewayPort(bad), bad).toThrow(/FAKE_GATEWAY_PORT must be a port number/);
});
