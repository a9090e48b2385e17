#!/usr/bin/env bash
# `npm test`: everything CI runs. Type check, unit + integration tests on SQLite and PostgreSQL,
# then the production build under Playwright in Chromium on both engines.
# A missing Chromium or PostgreSQL fails the run; SKIP_POSTGRES=1 opts out locally (never in CI).
set -euo pipefail
cd "$(dirname "$0")/.."

pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
want_pg=1
if [ "${SKIP_POSTGRES:-}" = "1" ]; then
  if [ "${CI:-}" = "true" ]; then echo "SKIP_POSTGRES is not allowed in CI" >&2; exit 1; fi
  want_pg=0
  echo "!! SKIP_POSTGRES=1: PostgreSQL runs are skipped on request"
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is missing at /usr/bin/chromium: apt-get install -y chromium" >&2
  exit 1
fi

step() { printf '\n== %s ==\n' "$*"; }

step "type check"
npx react-router typegen
npx tsc

# The crash-safety test and the end-to-end tests run the production build.
step "production build"
npx react-router build > /dev/null

step "unit + integration tests (SQLite)"
npx vitest run

if [ "$want_pg" = 1 ]; then
  step "integration tests (PostgreSQL)"
  TEST_DB=postgres TEST_DATABASE_URL="$pg_url" npx vitest run app/services tests/integration
fi

step "end-to-end tests in Chromium (SQLite)"
E2E_DB=sqlite npx playwright test

if [ "$want_pg" = 1 ]; then
  step "end-to-end tests in Chromium (PostgreSQL)"
  E2E_DB=postgres TEST_DATABASE_URL="$pg_url" npx playwright test
fi
echo
echo "All test suites passed."
