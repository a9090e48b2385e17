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
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["tests/setup/compile-messages.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { test: { name: "unit", include: unitTests, pool: "threads" } },
      {
        test: {
          name: "integration",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          // A SQLite database's backup is a SQLite matter; PostgreSQL's backups are pg_dump's.
          exclude: [...unitTests, ...(process.env.TEST_DB === "postgres" ? ["app/platform/db/backup.server.test.ts"] : [])],
          setupFiles: ["tests/setup/test-database.ts"],
          globalSetup: ["tests/setup/global-setup.ts"],
          pool: "forks",
        },
      },
    ],
  },
});
