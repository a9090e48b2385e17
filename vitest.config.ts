import { defineConfig } from "vitest/config";

/**
 * Two projects (docs/testing.md):
 * - `unit`: pure code (a feature's domain/ and ui/ rules, app/platform's pure parts, the fake gateway). No
 *   database, no environment: it runs once, in threads, in seconds.
 * - `integration`: services, routes in-process, migrations, the server: each file gets its own copy of a
 *   migrated template database (tests/setup/), on SQLite or, with TEST_DB=postgres, on PostgreSQL.
 */
export const unitTests = [
  "app/features/*/domain/**/*.test.ts",
  "app/features/*/ui/**/*.test.ts",
  "app/platform/core/**/*.test.ts",
  "app/platform/http/**/*.test.ts",
  "app/platform/i18n/**/*.test.ts",
  "app/platform/offline/**/*.test.ts",
  "app/platform/render/**/*.test.ts",
  "app/features/catalog/server/seed/catalog.test.ts",
  "app/ui/**/*.test.ts",
  "server/fake-gateway/**/*.test.ts",
  "server/locale-routing*.test.ts",
  "tools/**/*.test.ts",
  // The local ONDC test network (registry, gateway, buyer app): loopback servers, no database.
  "tests/ondc-network/*.test.ts",
  "tests/helpers/*.test.ts",
];

/**
 * Integration files that need the production build (`integration-build`). Those that load it in
 * process (tests/helpers/production-app.ts) must run isolated: Node keeps the
 * build's modules, with the database and environment they first read, for the worker's lifetime, so
 * each of these runs in a worker of its own. The other integration files share their workers' modules
 * (isolate: false): tests/setup/test-database.ts gives each file its own database and puts the
 * environment back after it, and importing the app's modules once per worker instead of once per file
 * took the SQLite run from 474 s to 181 s.
 */
export const productionBuildTests = [
  // These start the built server as processes of their own: they need the build, not isolation, and
  // are here so that the `integration` project needs no build (npm test starts it before building).
  "tests/integration/crash-safety.test.ts",
  "tests/integration/two-instances.test.ts",
  "tests/integration/job-workers.test.ts",
  "tests/integration/graceful-stop.test.ts",
  "tests/integration/second-store.test.ts",
  "tests/integration/metrics-and-traces.test.ts",
  "tests/integration/cluster.test.ts",
  // These load the production build into the test's own process, so they run isolated.
  // The hostile-input fuzzing (tests/fuzz/fuzz-suite.ts), in files that the workers share out.
  "tests/integration/fuzz-store-actions.test.ts",
  "tests/integration/fuzz-admin-actions.test.ts",
  "tests/integration/fuzz-vendor-and-settings.test.ts",
  "tests/integration/fuzz-odd-requests.test.ts",
  "tests/integration/fuzz-queries.test.ts",
  "tests/integration/languages.test.ts",
  "tests/integration/open-redirect.test.ts",
  "tests/integration/page-cache.test.ts",
  "tests/integration/request-policy.test.ts",
  "tests/integration/staff-matrix.test.ts",
  "tests/integration/server-answers.test.ts",
  "tests/integration/storefront-pages.test.ts",
  "tests/integration/contact-shown-pages.test.ts",
  "tests/integration/store-details.test.ts",
  "tests/integration/hindi-pages.test.ts",
  "tests/integration/order-page-states.test.ts",
  "tests/integration/pictures-public-base.test.ts",
  "tests/integration/tracing-off.test.ts",
  "tests/integration/s3-spans.test.ts",
];
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

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
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
      { test: { name: "integration-build", include: productionBuildTests, exclude: engineExcluded, ...integration } },
    ],
  },
});
