import { expect, it } from "vitest";
import { databaseOfItsOwn } from "../../../tests/helpers/own-database";
import { checkReadiness, markStopping } from "./readiness.server";

/** Ready: the database answers with every migration of this build run, and the process is not stopping. */
const unmigrated = databaseOfItsOwn("readiness");

it("is ready on a migrated database, not on one whose migrations are still to run, nor once stopping", async () => {
  expect(await checkReadiness()).toEqual({ ready: true });
  expect(await checkReadiness(unmigrated.db)).toEqual({ ready: false, reason: "migrations pending" });
  // Last: a process that is stopping stays so (no other test file asks this process about readiness).
  markStopping();
  expect(await checkReadiness()).toEqual({ ready: false, reason: "stopping" });
});
