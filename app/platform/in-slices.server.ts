import { setImmediate as nextTurn } from "node:timers/promises";

/** How long one slice of long work may hold the event loop before other requests get their turn. */
const SLICE_MS = 10;

/**
 * Runs long, synchronous work written as a generator (it yields wherever it may pause) in slices of
 * about 10 ms, letting the event loop answer other requests between them. Awaiting a promise is not
 * enough: microtasks run before any timer or socket, so only a macrotask turn (setImmediate) lets
 * other visitors in.
 */
export async function runInSlices<T>(steps: Generator<void, T, void>): Promise<T> {
  let start = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - start >= SLICE_MS) {
      await nextTurn();
      start = performance.now();
    }
  }
}

export { nextTurn };
