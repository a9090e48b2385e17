import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy";

/** What an upstream saw of one request. */
type Seen = { upstream: number; method: string; url: string; forwardedFor: string; cookie: string; body: string };

const upstreams: Server[] = [];
let proxy: RoundRobinProxy;
/** The second chunk of a streamed answer waits for this (the client has read the first). */
let releaseSecondChunk = () => {};
/** Resolved with the first chunk of a streamed upload as the upstream receives it. */
let firstUploadChunk: Promise<string>;
let gotFirstUploadChunk = (_: string) => {};

function readBody(req: IncomingMessage) {
  return new Promise<string>((done) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => done(body));
  });
}

function upstream(n: number) {
  return createServer(async (req, res) => {
    if (req.url === "/redirect") return res.writeHead(303, { location: "/elsewhere" }).end();
    if (req.url === "/stream-down") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first;");
      releaseSecondChunk = () => res.end("second");
      return;
    }
    if (req.url === "/stream-up") {
      req.once("data", (c) => gotFirstUploadChunk(String(c)));
      const body = await readBody(req);
      return res.end(body);
    }
    const seen: Seen = {
      upstream: n,
      method: req.method ?? "",
      url: req.url ?? "",
      forwardedFor: String(req.headers["x-forwarded-for"] ?? ""),
      cookie: String(req.headers.cookie ?? ""),
      body: await readBody(req),
    };
    res.writeHead(200, [
      ["Content-Type", "application/json"],
      ["Set-Cookie", "a=1; Path=/; HttpOnly"],
      ["Set-Cookie", "b=2; Path=/; Secure"],
    ]);
    res.end(JSON.stringify(seen));
  });
}

beforeAll(async () => {
  for (const n of [0, 1]) {
    const server = upstream(n);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    upstreams.push(server);
  }
  proxy = await startRoundRobinProxy(upstreams.map((s) => (s.address() as AddressInfo).port));
});
afterAll(async () => {
  await proxy.close();
  for (const s of upstreams) s.closeAllConnections();
  await Promise.all(upstreams.map((s) => new Promise((r) => s.close(r))));
});

it("sends each request to the next upstream in turn", async () => {
  const order: number[] = [];
  for (let i = 0; i < 4; i++) order.push(((await (await fetch(`${proxy.url}/turn`)).json()) as Seen).upstream);
  expect(order[0] === order[2] && order[1] === order[3] && order[0] !== order[1]).toBe(true);
  expect(proxy.served.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
});

it("adds the client's address to X-Forwarded-For, after any the client sent", async () => {
  const bare = (await (await fetch(`${proxy.url}/who`)).json()) as Seen;
  expect(bare.forwardedFor).toBe("127.0.0.1");
  const chained = (await (await fetch(`${proxy.url}/who`, { headers: { "x-forwarded-for": "203.0.113.9" } })).json()) as Seen;
  expect(chained.forwardedFor).toBe("203.0.113.9, 127.0.0.1");
});

it("passes the method, path, query, cookies and body through, and every Set-Cookie back", async () => {
  const res = await fetch(`${proxy.url}/form?x=1&y=2`, {
    method: "POST",
    headers: { cookie: "session=abc; angle_lang=hi", "content-type": "application/x-www-form-urlencoded" },
    body: "name=Asha&crop=tomato",
  });
  const seen = (await res.json()) as Seen;
  expect(seen).toMatchObject({ method: "POST", url: "/form?x=1&y=2", cookie: "session=abc; angle_lang=hi", body: "name=Asha&crop=tomato" });
  expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/; Secure"]);
});

it("leaves redirects to the client", async () => {
  const res = await fetch(`${proxy.url}/redirect`, { redirect: "manual" });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/elsewhere");
});

it("streams an answer: the client reads the first part before the upstream writes the rest", async () => {
  const res = await fetch(`${proxy.url}/stream-down`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toBe("first;");
  releaseSecondChunk();
  let rest = "";
  for (let part = await reader.read(); !part.done; part = await reader.read()) rest += new TextDecoder().decode(part.value);
  expect(rest).toBe("second");
});

it("streams an upload: the upstream gets the first part before the client sends the rest", async () => {
  firstUploadChunk = new Promise((r) => (gotFirstUploadChunk = r));
  const answer = new Promise<string>((done, fail) => {
    const req = request(`${proxy.url}/stream-up`, { method: "POST", headers: { "transfer-encoding": "chunked" } }, (res) =>
      readBody(res).then(done, fail),
    );
    req.on("error", fail);
    req.write("part one;");
    firstUploadChunk.then(() => req.end("part two"), fail);
  });
  expect(await firstUploadChunk).toBe("part one;");
  expect(await answer).toBe("part one;part two");
});

it("answers 502 when no upstream listens", async () => {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", () => r()));
  const deadPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  const dead = await startRoundRobinProxy([deadPort]);
  try {
    expect((await fetch(dead.url)).status).toBe(502);
    expect(dead.failed).toBe(1);
  } finally {
    await dead.close();
  }
});
