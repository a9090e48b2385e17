#!/usr/bin/env bash
# `npm test`: everything CI runs. Format and lint, type check, unit + integration tests on SQLite and PostgreSQL,
# the rate-limit tests again with the counters in Redis, then the production build under
# Playwright in Chromium on both engines.
# A missing Chromium, PostgreSQL or Redis fails the run; SKIP_POSTGRES=1 / SKIP_REDIS=1 opt out
# locally (never in CI).
set -euo pipefail
cd "$(dirname "$0")/.."

# A service's runs can be skipped locally with SKIP_<NAME>=1, never in CI.
skip_requested() {
  local var="SKIP_$1"
  [ "${!var:-}" = "1" ] || return 1
  if [ "${CI:-}" = "true" ]; then echo "$var is not allowed in CI" >&2; exit 1; fi
  echo "!! $var=1: $2 skipped on request"
}

pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
want_pg=1
if skip_requested POSTGRES "PostgreSQL runs are"; then want_pg=0; fi
redis_url="${REDIS_URL:-redis://127.0.0.1:6379}"
want_redis=1
if skip_requested REDIS "the Redis rate-limit store runs are"; then
  want_redis=0
elif ! npx node -e 'const r = new (require("ioredis").Redis)(process.argv[1], { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
r.on("error", () => {}); r.connect().then(() => r.ping()).then(() => process.exit(0), () => process.exit(1));' "$redis_url"; then
  echo "Redis is not reachable at $redis_url (set REDIS_URL, or SKIP_REDIS=1 locally)" >&2
  exit 1
fi
if [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is missing at /usr/bin/chromium: apt-get install -y chromium" >&2
  exit 1
fi

step() { printf '\n== %s ==\n' "$*"; }

step "format and lint (Biome)"
npx biome format .
npx biome lint --error-on-warnings .

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

if [ "$want_redis" = 1 ]; then
  # The services that count attempts, and two instances sharing one limit, with RATE_LIMIT_STORE=redis
  # (on PostgreSQL, as several instances would run; SQLite when PostgreSQL is skipped).
  step "rate-limit tests with the Redis store"
  db_env=()
  if [ "$want_pg" = 1 ]; then db_env=(TEST_DB=postgres TEST_DATABASE_URL="$pg_url"); fi
  env "${db_env[@]}" RATE_LIMIT_STORE=redis REDIS_URL="$redis_url" npx vitest run \
    app/services/account app/services/sellers app/services/users app/services/security tests/integration/two-instances.test.ts
fi

step "end-to-end tests in Chromium (SQLite)"
E2E_DB=sqlite npx playwright test

if [ "$want_pg" = 1 ]; then
  step "end-to-end tests in Chromium (PostgreSQL)"
  E2E_DB=postgres TEST_DATABASE_URL="$pg_url" npx playwright test
fi
echo
echo "All test suites passed."
