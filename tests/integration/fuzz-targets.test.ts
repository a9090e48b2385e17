import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import {
  ACTION_TARGETS,
  exportsAction,
  GET_AREAS,
  GET_TARGETS,
  isResourceRoute,
  routeFilesOnDisk,
  routeModules,
} from "../fuzz/fuzz-targets";

/*
 * The hostile-input fuzzing (tests/fuzz/fuzz-suite.ts, the tests/integration/fuzz-*.test.ts files)
 * reaches every route: each module with an action, and each resource route, is a target, and each
 * GET target is in exactly one of the areas the files share out. Reading the source needs no build,
 * so this file runs with the other integration files.
 */

const APP = join(import.meta.dirname, "../../app");

test("every route module with an action, and every resource route, is a fuzz target", () => {
  const modules = routeModules(APP);
  expect(modules.length).toBeGreaterThan(30);
  const missing: string[] = [];
  for (const file of routeFilesOnDisk(APP)) {
    const source = readFileSync(join(APP, file), "utf8");
    if ((exportsAction(source) || isResourceRoute(source)) && !modules.includes(file)) missing.push(`${file} is not in app/routes.ts`);
  }
  for (const file of modules) {
    const source = readFileSync(join(APP, file), "utf8");
    if (exportsAction(source) && !ACTION_TARGETS.some((t) => t.file === file))
      missing.push(`${file} has an action: add it to ACTION_TARGETS`);
    if (!exportsAction(source) && ACTION_TARGETS.some((t) => t.file === file))
      missing.push(`${file} has no action, yet is an action target`);
    if (!GET_TARGETS.some((t) => t.file === file)) missing.push(`${file}: add it to GET_TARGETS (hostile query strings and methods)`);
  }
  for (const t of [...ACTION_TARGETS, ...GET_TARGETS]) if (!modules.includes(t.file)) missing.push(`${t.file} is a target but not a route`);
  expect(missing).toEqual([]);
});

test("every page and resource route is fuzzed by exactly one area's test", () => {
  const areas = Object.values(GET_AREAS);
  const misplaced = GET_TARGETS.filter((t) => areas.filter((a) => a.test(t.file)).length !== 1).map((t) => t.file);
  expect(misplaced).toEqual([]);
});
