/*
 * Which test files each Vitest project runs (vitest.config.ts). Apart from the config so that the test
 * helpers can read the lists (tests/helpers/production-app.ts) without loading Vitest's own runner
 * code, which the config's sequencer needs.
 */

/** The `unit` project's files. */
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
