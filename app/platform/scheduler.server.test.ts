import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "./log.server";
import { createScheduler, type Scheduler } from "./scheduler.server";

/** The scheduler on fake timers: what runs when, never twice at once, past failures, and a stop that waits. */
let scheduler: Scheduler;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  vi.spyOn(log, "error").mockImplementation(() => {});
  scheduler = createScheduler();
});
afterEach(async () => {
  // A run waiting on a fake timer ends when that timer fires.
  const stopped = scheduler.stop();
  await vi.runOnlyPendingTimersAsync();
  await stopped;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A run that ends when the test says so. */
function gate() {
  let open = () => {};
  let fail: (error: Error) => void = () => {};
  const closed = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { closed, open, fail };
}

/** A job's run that records when it started and how many runs were under way at once. */
function recorder(run: () => Promise<unknown> = async () => {}) {
  const starts: number[] = [];
  let now = 0;
  let most = 0;
  return {
    starts,
    get mostAtOnce() {
      return most;
    },
    run: async () => {
      starts.push(Date.now());
      most = Math.max(most, ++now);
      try {
        await run();
      } finally {
        now--;
      }
    },
  };
}

describe("the scheduler", () => {
  it("runs a job at once, then every interval from each run's start; a slow run is never started twice, its missed times skipped", async () => {
    let slow = gate();
    const job = recorder(() => slow.closed);
    scheduler.add({ name: "sweep", every: 1000, run: job.run });
    expect(job.starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(3500);
    expect(job.starts).toEqual([0]);
    expect(scheduler.list()).toMatchObject([{ name: "sweep", running: true, nextRunAt: null }]);

    const first = slow;
    slow = gate();
    first.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(scheduler.list()).toMatchObject([{ name: "sweep", running: false, nextRunAt: new Date(4000).toISOString() }]);
    await vi.advanceTimersByTimeAsync(499);
    expect(job.starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.starts).toEqual([0, 4000]);
    slow.open();
    await vi.advanceTimersByTimeAsync(2000);
    expect(job.starts).toEqual([0, 4000, 5000, 6000]);
    expect(job.mostAtOnce).toBe(1);
  });

  it("counts runs and failures, keeps the last error, and tells onJobRun of each run's outcome and length", async () => {
    await scheduler.stop();
    const onJobRun = vi.fn();
    scheduler = createScheduler({ onJobRun });
    let calls = 0;
    scheduler.add({
      name: "counted",
      every: 100,
      run: () => new Promise((resolve, reject) => setTimeout(() => (++calls === 2 ? reject(new Error("no gateway")) : resolve(1)), 30)),
    });
    await vi.advanceTimersByTimeAsync(150);
    expect(scheduler.list()).toEqual([
      {
        name: "counted",
        running: false,
        nextRunAt: new Date(200).toISOString(),
        runs: 2,
        failures: 1,
        skipped: 0,
        lastRunAt: new Date(100).toISOString(),
        lastError: "no gateway",
      },
    ]);
    expect(onJobRun.mock.calls).toEqual([
      ["counted", "ok", 0.03],
      ["counted", "failed", 0.03],
    ]);
  });

  it("waits what `after` says once a run has ended", async () => {
    const job = recorder(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const waits = [500, 50];
    scheduler.add({ name: "daily", after: () => waits.shift() ?? 10_000, run: job.run });
    await vi.advanceTimersByTimeAsync(1000);
    // Ends at 200, waits 500; ends at 900, waits 50; then the next wait is long.
    expect(job.starts).toEqual([0, 700, 950]);
  });

  it("logs a failure, thrown or rejected, and runs the job again at its next time", async () => {
    let calls = 0;
    const run = () => {
      calls++;
      if (calls === 1) throw new Error("thrown at once");
      if (calls === 2) return Promise.reject(new Error("rejected later"));
      return Promise.resolve();
    };
    scheduler.add({ name: "flaky", every: 100, run });
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(3);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: "thrown at once" }), job: "flaky" },
      expect.stringContaining("failed"),
    );
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: "rejected later" }), job: "flaky" },
      expect.any(String),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(4);
  });

  it("runs again at once when asked during a run, after it, and only once however often it is asked", async () => {
    let slow = gate();
    const job = recorder(() => slow.closed);
    const handle = scheduler.add({ name: "outbox", after: () => 60_000, run: job.run });
    vi.setSystemTime(10);
    handle.runNow();
    handle.runNow();
    expect(job.starts).toEqual([0]);
    const idle = handle.idle();
    const first = slow;
    slow = gate();
    first.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.starts).toEqual([0, 10]);
    slow.open();
    await idle;
    expect(job.mostAtOnce).toBe(1);
    // Idle, so asked again it runs at once.
    handle.runNow();
    expect(job.starts).toEqual([0, 10, 10]);
  });

  it("stops: waits for the run under way, then closes each job once, and starts nothing more", async () => {
    const slow = gate();
    const job = recorder(() => slow.closed);
    const close = vi.fn();
    const handle = scheduler.add({ name: "purge", every: 100, run: job.run, close });
    const quick = recorder();
    scheduler.add({ name: "quick", every: 100, run: quick.run });
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(stopped).toBe(false);
    expect(close).not.toHaveBeenCalled();
    handle.runNow();
    slow.open();
    await stopping;
    expect(close).toHaveBeenCalledTimes(1);
    await scheduler.stop();
    expect(close).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect([job.starts, quick.starts]).toEqual([[0], [0]]);
    expect(scheduler.list().map((s) => s.nextRunAt)).toEqual([null, null]);
    await handle.idle();
    expect(() => scheduler.add({ name: "late", every: 100, run: async () => {} })).toThrow(/stopped/);
  });

  it("refuses two jobs of one name, and an interval that is not a positive number", () => {
    scheduler.add({ name: "one", every: 100, run: async () => {} });
    expect(() => scheduler.add({ name: "one", every: 100, run: async () => {} })).toThrow(/already/);
    expect(() => scheduler.add({ name: "two", every: 0, run: async () => {} })).toThrow(/positive/);
  });
});
