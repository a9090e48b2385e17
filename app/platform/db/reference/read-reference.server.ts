import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A data file shipped in app/platform/db/reference/. Beside this module when it runs from source (tsx,
 * Vitest); from the project's root when it runs bundled (build/server/index.js, started from the
 * project as `npm start` does).
 */
export function readReferenceFile(name: string): string {
  const candidates = [join(dirname(fileURLToPath(import.meta.url)), name), join(process.cwd(), "app", "platform", "db", "reference", name)];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`reference data ${name} not found (looked in ${candidates.join(", ")})`);
  return readFileSync(found, "utf8");
}
