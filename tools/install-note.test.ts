import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
// @ts-expect-error plain JavaScript (it runs before anything is installed), typed by its use here
import { installNote } from "./install-note.mjs";

test("an older Node running npm gets one plain sentence; Node 24 or newer gets none", () => {
  expect(installNote("npm/11.19.1 node/v20.20.2 linux x64 workspaces/false")).toBe(
    "Angle: your computer's Node is v20.20.2; the project installs its own Node 24, which `npm run …` and `npx …` use, so nothing else needs installing.",
  );
  expect(installNote("npm/11.6.0 node/v24.21.0 linux x64 workspaces/false")).toBeNull();
  expect(installNote("npm/12.0.0 node/v26.1.0 darwin arm64")).toBeNull();
  expect(installNote(undefined)).toBeNull();
  expect(installNote("yarn/1.22.0")).toBeNull();
});

test("the sentence names the Node the project brings, and npm's own warnings stay out of the install", () => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  expect(Number(String(pkg.dependencies.node).replace(/^\D*/, "").split(".")[0])).toBe(24);
  expect(pkg.scripts.preinstall).toBe("node tools/install-note.mjs");
  expect(readFileSync(new URL("../.npmrc", import.meta.url), "utf8")).toMatch(/^loglevel=error$/m);
});
