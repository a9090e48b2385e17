import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCAL_DEVANAGARI, offlineHead } from "./offline-head.server";

const FONTS = { 400: "/assets/noto-sans-devanagari-400-abc.woff2", 700: "/assets/noto-sans-devanagari-700-def.woff2" };

describe("the head's Devanagari fonts", () => {
  it("look for the device's own font under the names app.css gives its local() sources, weight by weight", () => {
    const css = readFileSync(join(import.meta.dirname, "../../app.css"), "utf8");
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1] ?? "");
    for (const weight of [400, 700] as const) {
      const face = faces.find((f) => f.includes('"Angle Devanagari"') && f.includes(`font-weight: ${weight};`));
      expect(face, `the ${weight} face`).toBeDefined();
      const locals = [...(face ?? "").matchAll(/local\("[^"]+"\)/g)].map((m) => m[0]);
      expect(locals).toEqual(LOCAL_DEVANAGARI[weight]);
    }
  });

  it("are preloaded by the head script only on a Hindi page, each weight only where the device lacks it", () => {
    const hindi = offlineHead("n0nce", { devanagari: FONTS });
    expect(hindi).toContain(JSON.stringify([LOCAL_DEVANAGARI[400].join(","), FONTS[400]]));
    expect(hindi).toContain(JSON.stringify([LOCAL_DEVANAGARI[700].join(","), FONTS[700]]));
    expect(hindi).toMatch(/new FontFace\("a",s\)\.load\(\)\.catch\(/);
    // One inline script, as on every page.
    expect([...hindi.matchAll(/<script\b/g)]).toHaveLength(1);
    const english = offlineHead("n0nce", {});
    expect(english).not.toContain("FontFace");
    expect(english).not.toContain("woff2");
  });
});
