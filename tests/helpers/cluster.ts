// Two web processes and one worker on one PostgreSQL database, behind the round-robin proxy, with
// photos in a local S3 server, mail through a loopback SMTP server and traces to a local OTLP
// receiver: the topology of compose.yaml, as processes. `npm run bench:cluster` (bench/cluster.ts) and
// tests/integration/cluster.test.ts both run it through startCluster and checkCluster, at different
// sizes (docs/decisions/070-a-deployable-stack.md).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { sql } from "kysely";
import { checkOrders, checkoutForm, liveProduct, postForm, signUpCustomers, stockProduct, tally } from "../../bench/orders";
import { formatOrderId } from "../../app/platform/core/order-id";
import { type DatabaseHandle, openDatabase } from "../../app/platform/db/db.server";
import { freePort } from "./free-port";
import { s3Env, startS3Server } from "./s3-server";
import { type SpanCounter, startSpanCounter } from "./otlp-span-counter";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy";

const ROOT = resolve(import.meta.dirname, "../..");

export type ClusterOptions = {
  /** The cluster's own PostgreSQL database (made and dropped by the caller). */
  databaseUrl: string;
  /** The production build the processes run. */
  buildDir: string;
  /** `s3` (the default): the local S3 server; `disk`: one upload folder the three processes share. */
  storage?: "s3" | "disk";
  /** Each process's log lines at warn and above go to this process's stderr as well. */
  showLogs?: boolean;
};

type Process = { name: string; child: ChildProcess; errorsLogged: number; lastLines: string[] };
type Mail = { to: string; subject: string; text: string };

export type Cluster = {
  /** The public origin, the proxy's: BASE_URL of every process. */
  base: string;
  webs: { port: number; url: string }[];
  /** The worker's metrics port, and the PORT it was given, on which nothing may answer. */
  worker: { metricsPort: number; port: number };
  metricsToken: string;
  proxy: RoundRobinProxy;
  otlp: SpanCounter;
  mail: Mail[];
  db: DatabaseHandle["db"];
  processes: Process[];
  stop(): Promise<void>;
};

async function waitFor(url: string, process: Process, headers: Record<string, string> = {}) {
  for (let i = 0; i < 600; i++) {
    if (process.child.exitCode !== null)
      throw new Error(`${process.name} exited at start (${process.child.exitCode}):\n${process.lastLines.join("\n")}`);
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${process.name} did not answer ${url} within two minutes:\n${process.lastLines.join("\n")}`);
}

/** Starts the whole topology and waits until every process is ready. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  try {
    const handle = openDatabase({ databaseUrl: options.databaseUrl, sqlitePath: ":memory:" });
    stops.push(() => handle.close());

    const mail: Mail[] = [];
    const smtp = new SMTPServer({
      // Loopback only: no TLS, no sign-in (SMTP_URL carries no credentials).
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            mail.push({
              to: parsed.to
                ? [parsed.to]
                    .flat()
                    .map((a) => a.text)
                    .join(", ")
                : "",
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((r) => smtp.listen(smtpPort, "127.0.0.1", () => r()));
    stops.push(() => new Promise((r) => smtp.close(() => r(undefined))));

    const otlp = await startSpanCounter();
    stops.push(() => otlp.close());

    let storage: Record<string, string>;
    if ((options.storage ?? "s3") === "s3") {
      const s3 = await startS3Server();
      stops.push(() => s3.stop());
      storage = s3Env(s3);
    } else {
      const dir = mkdtempSync(join(tmpdir(), "angle-cluster-uploads-"));
      stops.push(async () => rmSync(dir, { recursive: true, force: true }));
      storage = { UPLOAD_DIR: dir };
    }

    const webPorts = [await freePort(), await freePort()];
    const workerPort = await freePort();
    const metricsPort = await freePort();
    const proxy = await startRoundRobinProxy(webPorts);
    stops.push(() => proxy.close());
    const metricsToken = randomBytes(24).toString("hex");
    const dataDir = mkdtempSync(join(tmpdir(), "angle-cluster-"));
    stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    const shared = {
      NODE_ENV: "production",
      BUILD_DIR: options.buildDir,
      DATABASE_URL: options.databaseUrl,
      BASE_URL: proxy.url,
      // The same secrets on every instance: a session made through one is valid on the others.
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      PAYMENT_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      TRUST_PROXY_HOPS: "1",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      ...storage,
      MAIL_DIR: join(dataDir, "mail"),
      SMS_DIR: join(dataDir, "sms"),
      LOG_LEVEL: "warn",
      FAKE_GATEWAY: "off",
      PASSWORD_HASHING: "fast-for-tests",
      OUTBOX_POLL_MS: "200",
      // Every customer of a run signs up, signs in and orders from this one address, through the proxy.
      RATE_LIMIT_REGISTER_MAX: "100000",
      RATE_LIMIT_SIGNIN_MAX: "100000",
      RATE_LIMIT_CHECKOUT_MAX: "100000",
      RATE_LIMIT_CHECKOUT_ADDRESS_MAX: "100000",
      ORDER_MAX_OPEN_UNPAID: "100000",
    };
    const processes: Process[] = [];
    const start = (name: string, env: Record<string, string>) => {
      const child = spawn(process.execPath, ["--import", join(ROOT, "bench/exit-with-parent.ts"), "server/index.ts"], {
        cwd: ROOT,
        env: { ...process.env, ...shared, ...env },
        // stdin: a pipe whose end stops the process (bench/exit-with-parent.ts), however this one ends.
        stdio: ["pipe", "pipe", "pipe"],
      });
      const proc: Process = { name, child, errorsLogged: 0, lastLines: [] };
      const read = (chunk: Buffer) => {
        for (const line of String(chunk).split("\n").filter(Boolean)) {
          proc.lastLines = [...proc.lastLines.slice(-40), `${name}: ${line}`];
          // pino's levels: 50 error, 60 fatal.
          if (/"level":(50|60)/.test(line)) proc.errorsLogged++;
          if (options.showLogs) process.stderr.write(`${name}: ${line}\n`);
        }
      };
      child.stdout?.on("data", read);
      child.stderr?.on("data", read);
      processes.push(proc);
      stops.push(async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const late = setTimeout(() => child.kill("SIGKILL"), 20_000);
        await exited;
        clearTimeout(late);
      });
      return proc;
    };

    // The first instance migrates the empty database and loads the sample catalogue alone; the others
    // then find it current.
    const [firstPort, secondPort] = webPorts as [number, number];
    const webEnv = (port: number) => ({ PROCESS_ROLE: "web", PORT: String(port), HOST: "127.0.0.1", METRICS_TOKEN: metricsToken });
    const web1 = start("web1", { ...webEnv(firstPort), SEED_ON_EMPTY: "true", OTEL_SERVICE_NAME: "angle-web" });
    await waitFor(`http://127.0.0.1:${firstPort}/readyz`, web1);
    const web2 = start("web2", { ...webEnv(secondPort), SEED_ON_EMPTY: "false", OTEL_SERVICE_NAME: "angle-web" });
    const worker = start("worker", {
      PROCESS_ROLE: "worker",
      // A worker has no public HTTP server: were PORT used, the test would see it (nothing must answer).
      PORT: String(workerPort),
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: "127.0.0.1",
      SEED_ON_EMPTY: "false",
      OTEL_SERVICE_NAME: "angle-worker",
    });
    await Promise.all([waitFor(`http://127.0.0.1:${secondPort}/readyz`, web2), waitFor(`http://127.0.0.1:${metricsPort}/readyz`, worker)]);

    return {
      base: proxy.url,
      webs: webPorts.map((port) => ({ port, url: `http://127.0.0.1:${port}` })),
      worker: { metricsPort, port: workerPort },
      metricsToken,
      proxy,
      otlp,
      mail,
      db: handle.db,
      processes,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

type Load = { path: string; requests: number; rps: number; p50: number; p99: number; non2xx: number; errors: number };

export type ClusterReport = {
  catalogue: Load[];
  orders: { wanted: number; placed: number; errors: number; errorStatuses: Record<string, number>; wrongOrders: number };
  emails: { orders: number; lost: number; duplicated: number };
  outbox: { rows: number; notSentOnce: number };
  photo: { uploadStatus: number; image: string | null; otherInstanceStatus: number; contentType: string; sameBytes: boolean };
  metrics: { web: { status: number; requests: number; orders: number }[]; worker: { status: number; jobs: number } };
  spans: number;
  proxy: { served: number[]; failed: number };
  workerPublicPort: "closed" | "answers";
  errorsLogged: Record<string, number>;
};

export type ClusterLoad = { connections: number } & ({ seconds: number } | { requests: number });

/** Sum of a Prometheus text exposition's samples of the metric `name` (docs/decisions/069-metrics-and-traces.md), over all labels. */
function sumOf(exposition: string, name: RegExp) {
  let sum = 0;
  for (const line of exposition.split("\n")) {
    const m = /^([a-z_:][a-z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (m && name.test(m[1] ?? "")) sum += Number(m[3]) || 0;
  }
  return sum;
}

/**
 * The done-when of a cluster, bounded in count and time: the catalogue under load through the proxy,
 * `orders` concurrent orders through it as the storefront places them, their emails delivered once,
 * a photo uploaded through one web instance and served by the other, metrics and spans.
 */
export async function checkCluster(cluster: Cluster, { orders, load }: { orders: number; load: ClusterLoad }): Promise<ClusterReport> {
  const { base, db } = cluster;
  // The catalogue: the home page, the product list and a product page, through the proxy.
  const productId = await liveProduct(db, 0);
  const catalogue: Load[] = [];
  for (const path of ["/", "/products", `/products/${productId}`]) {
    const r = await autocannon({
      url: base + path,
      connections: load.connections,
      ...("seconds" in load ? { duration: load.seconds } : { amount: load.requests }),
    });
    catalogue.push({
      path,
      requests: r.requests.total,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    });
  }

  // Orders: each customer signs up and in through the proxy, then all order one unit at once.
  const customers = await signUpCustomers(base, db, orders);
  await stockProduct(db, productId, orders * 2);
  const errors = tally();
  const placed = (
    await Promise.all(
      customers.map(async (cookie) => {
        const res = await postForm(base, "/checkout", checkoutForm(productId, "cod"), cookie).catch(() => null);
        await res?.arrayBuffer().catch(() => {});
        const id = /^\/order-confirmation\/([^/?]+)/.exec(res?.headers.get("location") ?? "")?.[1];
        if (res?.status === 302 && id) return id;
        errors.add(String(res?.status ?? "no answer"));
        return null;
      }),
    )
  ).filter((id): id is string => id !== null);
  const wrongOrders = await checkOrders(db, productId, placed);

  // Their confirmation emails, sent by the worker: every outbox row of these orders sent, then the
  // mails counted per order (a duplicate would be a second row or a second send of one row).
  const keys = placed.map((id) => `order-placed:${id}`);
  const outboxRows = () =>
    keys.length ? db.selectFrom("outbox").select(["status", "attempts"]).where("dedupe_key", "in", keys).execute() : [];
  const mailsFor = (id: string) => cluster.mail.filter((m) => `${m.subject}\n${m.text}`.includes(formatOrderId(id))).length;
  for (let i = 0; i < 600; i++) {
    const rows = await outboxRows();
    if (rows.length === placed.length && rows.every((r) => r.status === "sent") && placed.every((id) => mailsFor(id) > 0)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const rows = await outboxRows();
  const perOrder = placed.map(mailsFor);

  // A photo: uploaded through the first web instance (the admin's product form), fetched from the second.
  const photo = await uploadAndFetchPhoto(cluster);

  // Metrics: each web with the token, the worker on its own port.
  const web = await Promise.all(
    cluster.webs.map(async ({ url }) => {
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${cluster.metricsToken}` } });
      const text = res.ok ? await res.text() : "";
      return {
        status: res.status,
        requests: sumOf(text, /^angle_http_requests_total$/),
        orders: sumOf(text, /^angle_orders_placed_total$/),
      };
    }),
  );
  const workerRes = await fetch(`http://127.0.0.1:${cluster.worker.metricsPort}/metrics`).catch(() => null);
  const workerText = workerRes?.ok ? await workerRes.text() : "";
  // A worker serves nothing on PORT: its health and metrics are on METRICS_PORT only.
  const workerPublicPort = await fetch(`http://127.0.0.1:${cluster.worker.port}/healthz`).then(
    () => "answers" as const,
    () => "closed" as const,
  );

  return {
    catalogue,
    orders: { wanted: orders, placed: placed.length, errors: errors.total(), errorStatuses: errors.toJSON(), wrongOrders },
    emails: { orders: placed.length, lost: perOrder.filter((n) => n === 0).length, duplicated: perOrder.filter((n) => n > 1).length },
    outbox: {
      rows: rows.length,
      notSentOnce: rows.filter((r) => r.status !== "sent" || Number(r.attempts) !== 1).length + (placed.length - rows.length),
    },
    photo,
    metrics: { web, worker: { status: workerRes?.status ?? 0, jobs: sumOf(workerText, /^angle_job_runs_total$/) } },
    spans: cluster.otlp.spans(),
    proxy: { served: [...cluster.proxy.served], failed: cluster.proxy.failed },
    workerPublicPort,
    errorsLogged: Object.fromEntries(cluster.processes.map((p) => [p.name, p.errorsLogged])),
  };
}

/**
 * A form POST to one instance, as the proxy forwards it: with the public Host, which React Router
 * compares with the Origin of an action's request (fetch cannot set Host, so node:http sends it).
 */
async function throughInstance(cluster: Cluster, port: number, path: string, form: URLSearchParams | FormData, cookie = "") {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise<{ status: number; cookies: string[] }>((done, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: {
          host: new URL(cluster.base).host,
          origin: cluster.base,
          cookie,
          "content-type": encoded.headers.get("content-type") ?? "",
          "content-length": body.length,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => done({ status: res.statusCode ?? 0, cookies: res.headers["set-cookie"] ?? [] }));
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

async function uploadAndFetchPhoto(cluster: Cluster): Promise<ClusterReport["photo"]> {
  const [first, second] = cluster.webs;
  if (!first || !second) throw new Error("a cluster has two web instances");
  const email = `cluster-admin-${Date.now()}@example.in`;
  await postForm(cluster.base, "/account/auth", {
    intent: "register",
    name: "Cluster Admin",
    email,
    password: "cluster-admin-1",
    phone: "9876543210",
    street: "1 Road",
    city: "Pune",
    state: "Maharashtra",
    pincode: "411001",
  });
  await cluster.db.updateTable("user").set({ emailVerified: sql<boolean>`true`, role: "admin" }).where("email", "=", email).execute();
  const login = await throughInstance(cluster, first.port, "/admin/login", new URLSearchParams({ email, password: "cluster-admin-1" }));
  const cookie = login.cookies.map((c) => c.split(";")[0]).join("; ");
  const name = `Cluster Sprayer ${Date.now().toString(36)}`;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    name,
    category: "fertilizers",
    regulatedAs: "pesticide",
    hsnCode: "38089199",
    gstRate: "18",
    "variants[0].label": "500 ml",
    "variants[0].packQuantity": "500",
    "variants[0].packUnit": "ml",
    "variants[0].price": "250",
    "variants[0].stock": "4",
    "variants[0].sku": "",
    "variants[0].mrp": "",
    "variants[0].weight": "",
  }))
    form.set(key, value);
  const jpeg = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 60, g: 140, b: 70 } } })
    .jpeg()
    .toBuffer();
  form.set("image", new File([new Uint8Array(jpeg)], "sprayer.jpg", { type: "image/jpeg" }));
  const upload = await throughInstance(cluster, first.port, "/admin/products/new", form, cookie);
  const row = await cluster.db.selectFrom("product").select("image").where("name", "=", name).executeTakeFirst();
  const image = row?.image ?? null;
  if (!image) return { uploadStatus: upload.status, image, otherInstanceStatus: 0, contentType: "", sameBytes: false };
  // An app-served picture is a path (/uploads/…); with PUBLIC_ASSET_BASE it would be the bucket's URL.
  const fetchFrom = (instance: string) => fetch(image.startsWith("/") ? instance + image : image);
  const there = await fetchFrom(second.url);
  const bytes = Buffer.from(await there.arrayBuffer());
  const here = Buffer.from(await (await fetchFrom(first.url)).arrayBuffer());
  return {
    uploadStatus: upload.status,
    image,
    otherInstanceStatus: there.status,
    contentType: there.headers.get("content-type") ?? "",
    sameBytes: bytes.length > 0 && bytes.equals(here),
  };
}

/** What a report fails: each a sentence; none when the cluster did all it should. */
export function clusterFailures(r: ClusterReport): string[] {
  const failures: string[] = [];
  for (const l of r.catalogue)
    if (l.non2xx + l.errors > 0 || l.requests === 0)
      failures.push(`GET ${l.path}: ${l.non2xx} non-2xx, ${l.errors} errors of ${l.requests}`);
  if (r.orders.placed !== r.orders.wanted || r.orders.errors > 0)
    failures.push(`${r.orders.placed} of ${r.orders.wanted} orders placed (${JSON.stringify(r.orders.errorStatuses)})`);
  if (r.orders.wrongOrders > 0) failures.push(`${r.orders.wrongOrders} orders with wrong totals, lines or queued email`);
  if (r.emails.lost + r.emails.duplicated > 0)
    failures.push(`confirmation emails: ${r.emails.lost} lost, ${r.emails.duplicated} duplicated`);
  if (r.outbox.notSentOnce > 0) failures.push(`${r.outbox.notSentOnce} of the orders' outbox rows not sent exactly once`);
  if (r.photo.otherInstanceStatus !== 200 || !r.photo.contentType.startsWith("image/") || !r.photo.sameBytes)
    failures.push(
      `the photo uploaded through one instance (HTTP ${r.photo.uploadStatus}, ${r.photo.image}) was not served by the other (HTTP ${r.photo.otherInstanceStatus}, ${r.photo.contentType})`,
    );
  r.metrics.web.forEach((m, i) => {
    if (m.status !== 200 || m.requests === 0) failures.push(`web${i + 1}'s /metrics: HTTP ${m.status}, ${m.requests} requests counted`);
  });
  const ordersCounted = r.metrics.web.reduce((n, m) => n + m.orders, 0);
  if (ordersCounted < r.orders.placed) failures.push(`the webs' metrics count ${ordersCounted} orders, not ${r.orders.placed}`);
  if (r.metrics.worker.status !== 200 || r.metrics.worker.jobs === 0)
    failures.push(`the worker's /metrics: HTTP ${r.metrics.worker.status}, ${r.metrics.worker.jobs} job runs counted`);
  if (r.workerPublicPort !== "closed") failures.push("the worker answers HTTP on PORT: it should have no public server");
  if (r.spans === 0) failures.push("no span reached the OTLP receiver");
  for (const [name, count] of Object.entries(r.errorsLogged)) if (count > 0) failures.push(`${name} logged ${count} errors`);
  if (r.proxy.failed > 0 || r.proxy.served.some((n) => n === 0))
    failures.push(`the proxy: ${r.proxy.failed} requests unanswered, served ${r.proxy.served.join(" / ")} per instance`);
  return failures;
}
