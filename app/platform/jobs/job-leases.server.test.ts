import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../db/db.server";
import { log } from "../log.server";
import { createScheduler } from "../scheduler.server";
import { createJobLeases } from "./job-leases.server";

/**
 * Job leases on the test's database (both engines), on a clock the test sets: one claimant at a time,
 * a crashed holder's lease taken over when it runs out, kept by its heartbeat, freed at the end with
 * the next due time every claimant reads.
 */
const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 30, 10, 0, 0) + ms);
const worker = (holder: string) => createJobLeases(getDb(), { leaseMs: MINUTE, holder });
let job = 0;
/** Each test its own job: the rows outlive a test. */
const nextJobName = () => `sweep-${++job}`;
const row = (name: string) => getDb().selectFrom("job_lease").selectAll().where("name", "=", name).executeTakeFirstOrThrow();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("job leases", () => {
  it("lets one claimant in; the other is told to look again when the lease ends", async () => {
    const name = nextJobName();
    const [a, b] = [worker("a"), worker("b")];
    expect(await a.claim(name, at(0))).toEqual({ claimed: true });
    expect(await b.claim(name, at(1000))).toEqual({ claimed: false, lookAgainAt: at(MINUTE) });
    expect(await a.claim(name, at(2000))).toMatchObject({ claimed: false });
    expect(await row(name)).toMatchObject({ holder: "a", lease_until: at(MINUTE).toISOString(), next_due_at: null, runs: 0 });
  });

  it("gives two workers whose timers fire at one time one run: the first's release sets the due time both read", async () => {
    const name = nextJobName();
    const [a, b] = [worker("a"), worker("b")];
    const claims = await Promise.all([a.claim(name, at(0)), b.claim(name, at(0))]);
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    const [winner, loser] = claims[0].claimed ? [a, b] : [b, a];
    expect(await winner.release(name, at(5000), { nextDueAt: at(3_600_000), outcome: "ok" })).toBe(true);
    // The loser's timer fires again right after the run: not due yet, so not run twice for 10:00.
    expect(await loser.claim(name, at(6000))).toEqual({ claimed: false, lookAgainAt: at(3_600_000) });
    expect(await loser.claim(name, at(3_599_999))).toMatchObject({ claimed: false });
    expect(await loser.claim(name, at(3_600_000))).toEqual({ claimed: true });
  });

  it("never lets more than one of many simultaneous claimants in", async () => {
    const name = nextJobName();
    const claimants = Array.from({ length: 6 }, (_, i) => worker(`w${i}`));
    const claims = await Promise.all(claimants.map((c) => c.claim(name, at(0))));
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
  });

  it("hands a crashed holder's job to another once its lease has run out, and the late holder cannot release it", async () => {
    const name = nextJobName();
    const [a, b] = [worker("a"), worker("b")];
    await a.claim(name, at(0));
    expect(await b.claim(name, at(MINUTE - 1))).toMatchObject({ claimed: false });
    expect(await b.claim(name, at(MINUTE))).toEqual({ claimed: true });
    expect(await a.release(name, at(MINUTE + 1), { nextDueAt: at(10 * MINUTE), outcome: "ok" })).toBe(false);
    expect(await a.renew(name, at(MINUTE + 1))).toBe(false);
    expect(await row(name)).toMatchObject({ holder: "b", runs: 0 });
  });

  it("keeps the lease while its holder's heartbeat renews it", async () => {
    const name = nextJobName();
    const [a, b] = [worker("a"), worker("b")];
    await a.claim(name, at(0));
    expect(await a.renew(name, at(40_000))).toBe(true);
    expect(await b.claim(name, at(MINUTE + 10_000))).toEqual({ claimed: false, lookAgainAt: at(40_000 + MINUTE) });
    expect(await b.claim(name, at(40_000 + MINUTE))).toEqual({ claimed: true });
  });

  it("frees the job at release, counting runs and failures with the last error; runNow (force) skips the due time, never the lease", async () => {
    const name = nextJobName();
    const [a, b] = [worker("a"), worker("b")];
    await a.claim(name, at(0));
    await a.release(name, at(1000), { nextDueAt: at(MINUTE), outcome: "failed", error: "gateway down" });
    expect(await row(name)).toMatchObject({
      holder: null,
      lease_until: null,
      next_due_at: at(MINUTE).toISOString(),
      runs: 1,
      failures: 1,
      last_outcome: "failed",
      last_error: "gateway down",
      last_run_at: at(1000).toISOString(),
    });
    expect(await b.claim(name, at(2000), { force: true })).toEqual({ claimed: true });
    expect(await a.claim(name, at(3000), { force: true })).toMatchObject({ claimed: false });
    await b.release(name, at(4000), { nextDueAt: at(2 * MINUTE), outcome: "ok" });
    expect(await row(name)).toMatchObject({ runs: 2, failures: 1, last_outcome: "ok", last_error: null });
  });
});

describe("the scheduler with leases", () => {
  it("runs a job in one of two schedulers, and a scheduler stopped mid-run releases the lease when the run ends", async () => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const name = nextJobName();
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const runs: string[] = [];
    const first = createScheduler({ leases: worker("first") });
    const onJobRun = vi.fn();
    const second = createScheduler({ leases: worker("second"), onJobRun });
    first.add({
      name,
      every: 3_600_000,
      run: () => {
        runs.push("first");
        return gate;
      },
    });
    // Once the first holds the lease (its claim is under way when add returns).
    await vi.waitFor(async () => expect((await row(name)).holder).toBe("first"));
    const handle = second.add({ name, every: 3_600_000, run: async () => runs.push("second") });
    await handle.idle();
    expect(onJobRun).toHaveBeenCalledWith(name, "skipped", expect.any(Number));
    const stopped = first.stop();
    open();
    await stopped;
    expect(await row(name)).toMatchObject({ holder: null, lease_until: null, runs: 1, last_outcome: "ok" });
    expect(Date.parse((await row(name)).next_due_at ?? "")).toBeGreaterThan(Date.now() + 3_000_000);
    expect(runs).toEqual(["first"]);
    await second.stop();
  });
});
