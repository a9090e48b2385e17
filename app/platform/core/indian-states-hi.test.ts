import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INDIAN_STATES } from "./indian-states";
import { STATE_NAMES_HI, stateName } from "./indian-states-hi";

const root = join(import.meta.dirname, "../../..");
const messages = (locale: string) =>
  JSON.parse(readFileSync(join(root, "messages/ui-common", `${locale}.json`), "utf8")) as Record<string, string>;

describe("States and Union Territories in Hindi", () => {
  it("names every one in Hindi, the same on the server and in the browser's messages", () => {
    const [en, hi] = [messages("en"), messages("hi")];
    for (const state of INDIAN_STATES) {
      expect(STATE_NAMES_HI[state.name], state.name).toMatch(/^[\u0900-\u097F ]+$/);
      expect(hi[`ui_state_${state.gstCode}`], state.name).toBe(STATE_NAMES_HI[state.name]);
      expect(en[`ui_state_${state.gstCode}`]).toBe(state.name);
    }
    expect(Object.keys(STATE_NAMES_HI)).toHaveLength(INDIAN_STATES.length);
  });

  it("says a State in the page's language and leaves a name it does not know", () => {
    expect(stateName("Madhya Pradesh", "hi")).toBe("मध्य प्रदेश");
    expect(stateName("Tamil Nadu", "hi")).toBe("तमिलनाडु");
    expect(stateName("Madhya Pradesh", "en")).toBe("Madhya Pradesh");
    expect(stateName("Atlantis", "hi")).toBe("Atlantis");
  });
});
