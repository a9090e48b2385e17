/**
 * The layout's boundaries (docs/architecture.md, decision 032), checked on every import of the
 * application's own code. `npm test` runs it (`npm run lint:boundaries`); it prints each crossing with
 * its file and line and fails. The rules:
 *
 * 1. Routes never import the database (`app/platform/db`): a route calls a feature's service.
 * 2. Pure code (a feature's `domain/`, `app/platform/core/`) imports nothing with I/O: no Node built-in,
 *    no `*.server` module, no `server/` folder, no database, auth, environment or rate-limit module, and
 *    of packages only those that compute (zod, react for types and pure helpers).
 * 3. Infrastructure (`app/platform/`) and the UI primitives (`app/ui/`) never import a feature. Two
 *    declared exceptions: the database schema may name a feature's value sets (`import type` from its
 *    `domain/`), and a migration may use a feature's pure `domain/` code or the sample catalogue's data
 *    (`catalog/server/seed/`, its non-`.server` modules), as they stood; and the crossings listed in
 *    KNOWN_CROSSINGS, each with its way out.
 * 4. A feature uses another only through what that one exports on purpose: the modules listed in its
 *    `app/features/<name>/feature.json` ("exports", paths inside the feature without extension).
 *
 * 5. A feature's services (`server/`) take plain arguments, not a `Request`: reading a request (its headers,
 *    its body, its method) is the route's or the feature's `web/` adapters' work.
 *
 * Test files are checked by rules 1 and 2 only where they sit beside routes or pure code is not the
 * point: a test may reach into what it tests, so tests are exempt from 2, 3 and 4.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

export type Violation = { file: string; line: number; specifier: string; rule: string; message: string };
export type FeatureExports = ReadonlyMap<string, ReadonlySet<string>>;

type ImportRef = { specifier: string; line: number; typeOnly: boolean };

const IMPORT =
  /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?["']([^"'\n]+)["']|\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;

/** Every static import, re-export and literal dynamic import of a module's source. */
export function importsOf(source: string): ImportRef[] {
  const refs: ImportRef[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4];
    if (!specifier) continue;
    const line = source.slice(0, (match.index ?? 0) + match[0].length).split("\n").length;
    refs.push({ specifier, line, typeOnly: match[2] !== undefined });
  }
  return refs;
}

/** The repository path a specifier names, without its extension; a package's name for a package. */
export function resolveSpecifier(file: string, specifier: string): { path: string } | { pkg: string } {
  if (specifier.startsWith("~/")) return { path: stripExtension(`app/${specifier.slice(2)}`) };
  if (specifier.startsWith(".")) return { path: stripExtension(normalize(join(dirname(file), specifier))) };
  const parts = specifier.split("/");
  return { pkg: specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier) };
}

function stripExtension(path: string): string {
  return path.replace(/\?.*$/, "").replace(/\.(tsx?|mjs|js)$/, "");
}

/**
 * Crossings that exist today, each with its reason and the way out. Listed so that no new one can
 * appear; the check fails too when a listed one is gone, so the list stays true. Shrink it.
 */
export const KNOWN_CROSSINGS: Readonly<Record<string, { targets: readonly string[]; why: string }>> = {
  "app/platform/auth/auth.server.ts": {
    targets: [
      "app/features/accounts/domain/account-rules",
      "app/features/accounts/domain/mobile",
      "app/features/accounts/server/account-emails.server",
      "app/features/accounts/server/registration-attempt.server",
      "app/features/accounts/server/phone-codes.server",
      "app/features/accounts/server/placeholder-holder.server",
    ],
    why: "Better Auth is configured once with the accounts feature's hooks (emails, phone codes); the way out is hooks the accounts feature registers at start",
  },
  "app/platform/request-policy.server.ts": {
    targets: [
      "app/features/storefront/ui/maintenance-page.server",
      "app/features/settings/domain/settings",
      "app/features/settings/server/get-general-settings.server",
    ],
    why: "maintenance mode reads the general settings and draws the maintenance page; the way out is root.tsx passing both in",
  },
};

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);
const featureOf = (path: string) => /^app\/features\/([^/]+)\//.exec(path)?.[1];
const isRoute = (file: string) => file.startsWith("app/routes/") || file === "app/root.tsx";
const isPure = (file: string) => /^app\/features\/[^/]+\/domain\//.test(file) || file.startsWith("app/platform/core/");
const PURE_PACKAGES = new Set(["zod", "react"]);
const IO_PLATFORM =
  /^app\/platform\/(db|auth|rate-limit|health|toast\/toast\.server|env\.server|log\.server|csp\.server|secret-box\.server)/;

/** A `Request` as a parameter's or a value's type (`request: Request`, `Request |`, `<Request>`). */
const REQUEST_PARAMETER = /(?::|<|\|)\s*Request\b(?![\w.])/g;

/** The known crossings met while checking (main reports those no longer met). */
const seenKnown = new Set<string>();

export function checkFile(file: string, source: string, exports: FeatureExports): Violation[] {
  const found: Violation[] = [];
  const add = (ref: ImportRef, rule: string, message: string) =>
    found.push({ file, line: ref.line, specifier: ref.specifier, rule, message });
  const test = isTest(file);
  if (!test && /^app\/features\/[^/]+\/server\//.test(file)) {
    for (const match of source.matchAll(REQUEST_PARAMETER)) {
      const line = source.slice(0, match.index).split("\n").length;
      found.push({
        file,
        line,
        specifier: "Request",
        rule: "services-no-request",
        message: "a service takes plain arguments, not a Request: read the request in the route or the feature's web/",
      });
    }
  }
  for (const ref of importsOf(source)) {
    const target = resolveSpecifier(file, ref.specifier);
    if (isRoute(file) && "path" in target && target.path.startsWith("app/platform/db/")) {
      add(ref, "routes-no-database", "a route never imports the database: call a feature's service");
    }
    if (test) continue;
    if (isPure(file)) {
      if ("pkg" in target) {
        if (target.pkg.startsWith("node:") || !PURE_PACKAGES.has(target.pkg)) {
          add(ref, "pure-domain", `pure code imports no package with I/O (${target.pkg}); allowed: ${[...PURE_PACKAGES].join(", ")}`);
        }
      } else if (/\.server$/.test(target.path) || /\/server\//.test(target.path) || IO_PLATFORM.test(target.path)) {
        add(ref, "pure-domain", "pure code imports no server module, database, auth or environment");
      }
    }
    if ("pkg" in target) continue;
    const targetFeature = featureOf(target.path);
    if ((file.startsWith("app/platform/") || file.startsWith("app/ui/")) && targetFeature) {
      const schemaType = file === "app/platform/db/schema.ts" && ref.typeOnly && /^app\/features\/[^/]+\/domain\//.test(target.path);
      const migration =
        file.startsWith("app/platform/db/migrations/") &&
        (/^app\/features\/[^/]+\/domain\//.test(target.path) || /^app\/features\/catalog\/server\/seed\/[^.]+$/.test(target.path));
      const known = KNOWN_CROSSINGS[file]?.targets.includes(target.path);
      if (known) seenKnown.add(`${file} → ${target.path}`);
      if (!schemaType && !migration && !known) add(ref, "platform-no-features", "infrastructure and UI primitives never import a feature");
    }
    const ownFeature = featureOf(file);
    if (ownFeature && targetFeature && targetFeature !== ownFeature) {
      const inside = target.path.slice(`app/features/${targetFeature}/`.length);
      if (!exports.get(targetFeature)?.has(inside)) {
        add(
          ref,
          "feature-exports",
          `${targetFeature} does not export ${inside}: list it in app/features/${targetFeature}/feature.json, or keep it inside`,
        );
      }
    }
  }
  return found;
}

/** Each feature's declared exports, from its feature.json. */
export function readFeatureExports(root: string, features: readonly string[]): Map<string, Set<string>> {
  const exports = new Map<string, Set<string>>();
  for (const name of features) {
    const path = join(root, "app/features", name, "feature.json");
    if (!existsSync(path)) throw new Error(`app/features/${name} has no feature.json (its description and exports)`);
    const manifest = JSON.parse(readFileSync(path, "utf8")) as { exports?: unknown };
    if (!Array.isArray(manifest.exports) || !manifest.exports.every((e) => typeof e === "string")) {
      throw new Error(`app/features/${name}/feature.json: "exports" must be a list of module paths`);
    }
    for (const entry of manifest.exports as string[]) {
      const candidates = [".ts", ".tsx"].map((ext) => join(root, "app/features", name, `${entry}${ext}`));
      if (!candidates.some(existsSync)) throw new Error(`app/features/${name}/feature.json exports ${entry}, which does not exist`);
    }
    exports.set(name, new Set(manifest.exports as string[]));
  }
  return exports;
}

function main() {
  const root = process.cwd();
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app"], { encoding: "utf8" })
    .split("\n")
    .filter((f) => /\.(tsx?|mjs)$/.test(f) && !f.startsWith("app/paraglide/") && existsSync(f));
  const features = [...new Set(files.map(featureOf).filter((f): f is string => f !== undefined))].sort();
  const exports = readFeatureExports(root, features);
  const violations = files.flatMap((file) => checkFile(file, readFileSync(file, "utf8"), exports));
  for (const [file, { targets }] of Object.entries(KNOWN_CROSSINGS)) {
    for (const target of targets) {
      if (!seenKnown.has(`${file} → ${target}`)) {
        violations.push({
          file,
          line: 0,
          specifier: target,
          rule: "known-crossing-gone",
          message: "no longer crossed: take it off KNOWN_CROSSINGS",
        });
      }
    }
  }
  for (const v of violations) console.error(`${v.file}:${v.line}  ${v.specifier}\n  ✗ ${v.rule}: ${v.message}`);
  if (violations.length > 0) {
    console.error(
      `\n${violations.length} boundary crossing${violations.length === 1 ? "" : "s"} (tools/check-boundaries.ts explains the rules)`,
    );
    process.exit(1);
  }
  console.log(`boundaries: ${files.length} modules of ${features.length} features, app/platform and app/ui checked, none crossed`);
}

if (import.meta.main) main();
