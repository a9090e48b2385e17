import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { productionBuildTests, unitTests } from "./tests/setup/test-files.ts";

/**
 * Two projects (docs/testing.md):
 * - `unit`: pure code (a feature's domain/ and ui/ rules, app/platform's pure parts, the fake gateway). No
 *   database, no environment: it runs once, in threads, in seconds.
 * - `integration`: services, routes in-process, migrations, the server: each file gets its own copy of a
 *   migrated template database (tests/setup/), on SQLite or, with TEST_DB=postgres, on PostgreSQL.
 */
const integrationTests = ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"];
// A SQLite database's backup is a SQLite matter; PostgreSQL's backups are pg_dump's. Named prepared
// statements are PostgreSQL's (SQLite's driver keeps its own): that file runs on PostgreSQL only, rather
// than being skipped on SQLite.
// The cluster test is compose.yaml's topology, whose instances share one PostgreSQL database.
const engineExcluded =
  process.env.TEST_DB === "postgres"
    ? ["app/platform/db/backup.server.test.ts"]
    : ["app/platform/db/named-statements.server.test.ts", "tests/integration/cluster.test.ts"];
const integration = {
  setupFiles: ["tests/setup/test-database.ts"],
  globalSetup: ["tests/setup/global-setup.ts"],
  pool: "forks" as const,
};

/**
 * Vitest's order (files it has timed, longest first; untimed ones largest first), except that the files
 * of the `integration-build` project come before the others. Vitest sorts the projects by name, which put
 * those last: the longest files (a built server each, the fuzzing), started at the end of the SQLite run,
 * left one of its two workers idle while the other finished them. Started first, the many short
 * `integration` files fill both workers to the end.
 */
class BuildFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => (file.project.name === "integration-build" ? 0 : 1);
    return sorted.toSorted((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    sequence: { sequencer: BuildFilesFirst },
    globalSetup: ["tests/setup/compile-messages.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: "unit", include: unitTests, pool: "threads", isolate: false } },
      {
        test: {
          name: "integration",
          include: integrationTests,
          exclude: [...unitTests, ...productionBuildTests, ...engineExcluded],
          ...integration,
          isolate: false,
        },
      },
      {
        // The app's own modules as the build compiles them: JSX for React's production runtime (its
        // development runtime needs React's development build).
        oxc: { jsx: { development: false } },
        test: {
          name: "integration-build",
          include: productionBuildTests,
          exclude: engineExcluded,
          ...integration,
          // React's production build, as `npm start` loads it.
          setupFiles: ["tests/setup/production-react.ts", ...integration.setupFiles],
        },
      },
    ],
  },
});
