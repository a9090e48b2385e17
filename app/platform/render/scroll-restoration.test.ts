import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { RESTORE_SCROLL } from "./scroll-restoration";

/** Runs the script in a window of its own: a history entry with `state`, and session storage holding `saved`. */
function run(state: unknown, saved: string | null | (() => never)) {
  const calls: string[] = [];
  const window = {
    history: {
      state,
      replaceState(next: unknown) {
        calls.push(`replaceState ${JSON.stringify(next)}`);
        window.history.state = next;
      },
    },
    sessionStorage: {
      getItem(key: string) {
        calls.push(`getItem ${key}`);
        return typeof saved === "function" ? saved() : saved;
      },
      removeItem(key: string) {
        calls.push(`removeItem ${key}`);
      },
    },
    scrollTo(x: number, y: number) {
      calls.push(`scrollTo ${x},${y}`);
    },
  };
  runInNewContext(RESTORE_SCROLL, { ...window, history: window.history });
  return { calls, state: window.history.state };
}

describe("the scroll restoration script", () => {
  it("gives a new history entry a key and leaves session storage alone", () => {
    const { calls, state } = run(null, () => {
      throw new Error("session storage read on a first visit");
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^replaceState \{"key":"[0-9a-v]+"\}$/);
    expect(state).toEqual({ key: expect.stringMatching(/^[0-9a-v]+$/) });
  });

  it("gives a key to an entry whose state has none", () => {
    const { calls } = run({ other: 1 }, "{}");
    expect(calls).toEqual([expect.stringMatching(/^replaceState /)]);
  });

  it("restores the position the router saved for this entry", () => {
    const { calls } = run({ key: "k1" }, JSON.stringify({ k1: 640, k2: 10 }));
    expect(calls).toEqual(["getItem react-router-scroll-positions", "scrollTo 0,640"]);
  });

  it("does not scroll when nothing was saved for this entry", () => {
    expect(run({ key: "k3" }, JSON.stringify({ k1: 640 })).calls).toEqual(["getItem react-router-scroll-positions"]);
    expect(run({ key: "k3" }, null).calls).toEqual(["getItem react-router-scroll-positions"]);
  });

  it("drops saved positions it cannot read", () => {
    expect(run({ key: "k1" }, "{not json").calls).toEqual([
      "getItem react-router-scroll-positions",
      "removeItem react-router-scroll-positions",
    ]);
  });
});
