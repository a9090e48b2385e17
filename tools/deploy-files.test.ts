import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { DockerfileParser } from "dockerfile-ast";
import { ValidationSeverity, validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * No Docker engine runs here, so the Dockerfile and compose.yaml are never built in a test: they are
 * linted (dockerfile-utils, the Dockerfile validator of the Docker language server) and read for the
 * invariants that matter (docs/decisions/070-a-deployable-stack.md). A setting compose.yaml gives the
 * store must be one app/platform/env.server.ts checks and README's Configuration table explains: a
 * misspelt name would otherwise be ignored silently.
 */
const ROOT = resolve(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** Every setting the store's schema names (its keys: `  NAME: z…` in app/platform/env.server.ts). */
function knownSettings() {
  return new Set([...read("app/platform/env.server.ts").matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]));
}

/** The names in the first column of README's Configuration table. */
function documentedSettings() {
  const readme = read("README.md");
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 5));
  const names = new Set<string>();
  for (const line of section.split("\n")) {
    const first = line.startsWith("|") ? line.split("|")[1] : undefined;
    for (const m of first?.matchAll(/`([A-Z][A-Z0-9_]+)`/g) ?? []) names.add(m[1] as string);
  }
  return names;
}

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  restart?: string;
  volumes?: string[];
  stop_grace_period?: string;
};
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
/** The store's own services: those built from the Dockerfile. */
const appServices = services.filter(([, s]) => s.build !== undefined);
const role = (s: Service) => s.environment?.PROCESS_ROLE;

describe("Dockerfile", () => {
  const text = read("Dockerfile");
  const dockerfile = DockerfileParser.parse(text);
  const instructions = dockerfile.getInstructions();
  const stages = dockerfile.getFROMs();
  const lastFrom = stages.at(-1);
  const finalStage = instructions.filter((i) => lastFrom && i.getRange().start.line >= lastFrom.getRange().start.line);
  const finalOf = (keyword: string) => finalStage.filter((i) => i.getKeyword() === keyword);

  it("passes the Dockerfile validator with no error or warning", () => {
    const problems = validate(text).filter((d) => d.severity === ValidationSeverity.ERROR || d.severity === ValidationSeverity.WARNING);
    expect(problems.map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it("builds in stages on Node 24 and runs the last as an unprivileged user", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const from of stages) {
      const image = from.getImage();
      // A stage may start from an earlier stage; every image pulled is Node 24 on Debian.
      if (!stages.some((s) => s.getBuildStage() === image)) expect(image).toMatch(/^node:24(\.\d+)*-bookworm-slim$/);
    }
    const users = finalOf("USER").map((u) => u.getArgumentsContent());
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    // The build and the install happen before the switch; the server runs after it.
    const userLine = finalOf("USER").at(-1)?.getRange().start.line ?? Number.POSITIVE_INFINITY;
    expect(finalOf("CMD")[0]?.getRange().start.line).toBeGreaterThan(userLine);
  });

  it("checks /healthz, exposes the port, stops on SIGTERM and starts the server for any PROCESS_ROLE", () => {
    expect(
      finalOf("HEALTHCHECK")
        .map((h) => h.getArgumentsContent())
        .join(" "),
    ).toContain("/healthz");
    expect(finalOf("EXPOSE").map((e) => e.getArgumentsContent())).toContain("3000");
    expect(finalOf("STOPSIGNAL").map((s) => s.getArgumentsContent())).toEqual(["SIGTERM"]);
    // Node itself as PID 1 (npm would not pass SIGTERM on), the entry that reads PROCESS_ROLE.
    expect(finalOf("CMD").map((c) => c.getArgumentsContent())).toEqual(['["node", "server/index.ts"]']);
  });

  it("bakes in no secret and sets only settings the store knows", () => {
    const known = knownSettings();
    const set = instructions
      .filter((i) => i.getKeyword() === "ENV" || i.getKeyword() === "ARG")
      .flatMap((i) => [...(i.getArgumentsContent() ?? "").matchAll(/(?:^|\s)([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1] as string));
    expect(set.length).toBeGreaterThan(0);
    expect(set.filter((name) => /SECRET|PASSWORD|TOKEN|KEY|SMTP_URL|DATABASE_URL/.test(name))).toEqual([]);
    expect(set.filter((name) => !known.has(name))).toEqual([]);
  });

  it("keeps the host's node_modules, data and secrets out of the build context", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    for (const path of ["node_modules", "data", ".env", ".git", "build"]) expect(ignored).toContain(path);
  });
});

describe("compose.yaml", () => {
  it("runs two web instances and one worker of the image, behind one proxy", () => {
    expect(appServices.filter(([, s]) => role(s) === "web")).toHaveLength(2);
    expect(appServices.filter(([, s]) => role(s) === "worker")).toHaveLength(1);
    expect(appServices.every(([, s]) => role(s) === "web" || role(s) === "worker")).toBe(true);
    // Only the proxy is reachable from outside.
    expect(services.filter(([, s]) => (s.ports ?? []).length > 0).map(([name]) => name)).toEqual(["proxy"]);
  });

  it("gives the store only settings it knows and the README explains", () => {
    const known = knownSettings();
    const documented = documentedSettings();
    const names = new Set(appServices.flatMap(([, s]) => Object.keys(s.environment ?? {})));
    expect(names.size).toBeGreaterThan(10);
    expect([...names].filter((n) => !known.has(n)).map((n) => `${n} is not in app/platform/env.server.ts`)).toEqual([]);
    expect([...names].filter((n) => !documented.has(n)).map((n) => `${n} is not in README's Configuration table`)).toEqual([]);
  });

  it("shares one database, Redis and bucket between instances, trusting the one proxy", () => {
    const envs = appServices.map(([, s]) => s.environment ?? {});
    for (const key of ["DATABASE_URL", "BETTER_AUTH_SECRET", "BASE_URL", "REDIS_URL", "S3_BUCKET", "S3_ENDPOINT"]) {
      expect(new Set(envs.map((e) => e[key])).size, key).toBe(1);
      expect(envs[0]?.[key], key).toBeTruthy();
    }
    for (const env of envs) {
      expect(env).toMatchObject({ STORAGE: "s3", RATE_LIMIT_STORE: "redis", PAGE_CACHE_STORE: "redis", TRUST_PROXY_HOPS: "1" });
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\//);
    }
    const web = appServices.find(([, s]) => role(s) === "web")?.[1].environment ?? {};
    expect(web.METRICS_TOKEN).toBeTruthy();
    expect(appServices.find(([, s]) => role(s) === "worker")?.[1].environment?.METRICS_PORT).toMatch(/^\d+$/);
  });

  it("writes no secret: each comes from the environment, and compose refuses to start without it", () => {
    for (const [name, service] of services) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (!/SECRET|PASSWORD|TOKEN|ENCRYPTION_KEY/.test(key)) continue;
        expect(String(value), `${name}.${key}`).toMatch(/^\$\{[A-Z_]+:\?[^}]+\}$/);
      }
      const url = service.environment?.DATABASE_URL;
      if (url !== undefined) expect(url, `${name}.DATABASE_URL`).toContain("${POSTGRES_PASSWORD:?");
    }
  });

  it("checks every long-running service's health, and starts each after what it needs is ready", () => {
    for (const [name, service] of services) {
      const oneShot = service.restart === "no";
      // The store's services inherit the Dockerfile's HEALTHCHECK.
      if (!oneShot && service.build === undefined) expect(service.healthcheck?.test, `${name}'s healthcheck`).toBeDefined();
      for (const [needed, { condition }] of Object.entries(service.depends_on ?? {})) {
        const other = compose.services[needed];
        expect(other, `${name} depends on ${needed}`).toBeDefined();
        expect(condition, `${name} → ${needed}`).toBe(other?.restart === "no" ? "service_completed_successfully" : "service_healthy");
      }
    }
    for (const [name, service] of appServices) {
      expect(Object.keys(service.depends_on ?? {}).sort(), name).toEqual(["bucket", "postgres", "redis"]);
      // Docker's stop waits longer than the store's own grace before it kills.
      expect(Number.parseInt(service.stop_grace_period ?? "10", 10) * 1000, name).toBeGreaterThan(
        Number(service.environment?.SHUTDOWN_GRACE_MS ?? 10_000),
      );
    }
  });

  it("proxies to exactly the web instances, on the port the image exposes, with the Caddyfile it mounts", () => {
    const mount = compose.services.proxy?.volumes?.find((v) => v.endsWith(":/etc/caddy/Caddyfile:ro"));
    const path = mount?.split(":")[0] ?? "";
    expect(existsSync(join(ROOT, path))).toBe(true);
    const caddyfile = read(path);
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/) ?? [];
    const webs = appServices.filter(([, s]) => role(s) === "web").map(([name]) => `${name}:3000`);
    expect(upstreams.sort()).toEqual(webs.sort());
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    expect(caddyfile).toMatch(/respond \/metrics 404/);
  });
});
