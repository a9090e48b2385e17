#!/usr/bin/env bash
# `npm test`: everything CI runs (docs/testing.md says what each part proves). Format, lint and the
# layout's boundaries, type check, the unit tests, the integration tests on SQLite (rate limits counted in the
# database, the default) and on PostgreSQL (counted in Redis), then the production build under Playwright in
# Chromium: the whole browser suite on SQLite, and the tests tagged @postgres on PostgreSQL.
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
if [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "Chromium's headless shell is missing at /usr/bin/chromium-headless-shell: apt-get install -y chromium-headless-shell" >&2
  exit 1
fi

started_at=$SECONDS
step() { printf '\n== %s == (%ss in)\n' "$*" "$((SECONDS - started_at))"; }

# Jobs run in the background, each in a process group of its own (setsid) with its output in a log
# file, so two runs never interleave their lines. On any exit every job still running is stopped
# with its children. Interrupt first, as Ctrl-C would: Playwright then closes its browsers and the
# server it started (the server is in a session of its own, out of reach of the group's signals),
# then, after 15 seconds, whatever is left of the group is terminated.
set +m # no job control: a job is not a group leader, so setsid makes it one without forking
job_dir="$(mktemp -d "${TMPDIR:-/tmp}/angle-test-all.XXXXXX")"
declare -A job_pids=()
stop_jobs() {
  local name pid alive=()
  for name in "${!job_pids[@]}"; do
    pid="${job_pids[$name]}"
    if kill -0 "$pid" 2> /dev/null; then
      echo "!! stopping $name (its output so far: $job_dir/$name.log)" >&2
      kill -INT -- "-$pid" 2> /dev/null || true
      alive+=("$pid")
    fi
  done
  for _ in $(seq 1 30); do
    local running=0
    for pid in "${alive[@]}"; do kill -0 "$pid" 2> /dev/null && running=1; done
    [ "$running" = 0 ] && break
    sleep 0.5
  done
  for pid in "${alive[@]}"; do kill -TERM -- "-$pid" 2> /dev/null || true; done
  for pid in "${alive[@]}"; do wait "$pid" 2> /dev/null || true; done
}
trap stop_jobs EXIT
trap 'exit 130' INT TERM

# start_job NAME COMMAND...: runs COMMAND in the background, its output in $job_dir/NAME.log.
start_job() {
  local name="$1"
  shift
  printf '\n== %s: started in the background (%ss in) ==\n' "$name" "$((SECONDS - started_at))"
  setsid "$@" > "$job_dir/$name.log" 2>&1 < /dev/null &
  job_pids[$name]=$!
}

# finish_job NAME: waits for the job and prints its whole log, each line prefixed with its name.
# A failed job fails the script here, after its output is shown.
finish_job() {
  local name="$1" status=0
  wait "${job_pids[$name]}" || status=$?
  unset "job_pids[$name]"
  printf '\n== %s (%ss in): %s ==\n' "$name" "$((SECONDS - started_at))" "$([ "$status" = 0 ] && echo passed || echo "FAILED (exit $status)")"
  sed "s/^/[$name] /" "$job_dir/$name.log"
  if [ "$status" != 0 ]; then
    echo "!! $name failed: its output is above (also in $job_dir/$name.log)" >&2
    exit "$status"
  fi
}

step "format and lint (Biome)"
npx biome format .
npx biome lint --error-on-warnings .
npm run --silent lint:boundaries

# The integration tests on PostgreSQL that need no build start now, in the background, beside the type
# check, knip and the build (each of those keeps one core busy at most); the few that need the build
# run after it. The PostgreSQL run counts rate limits in Redis (RATE_LIMIT_STORE=redis), as several
# instances sharing one database would; the SQLite run counts them in the database (the default store).
# The messages are compiled once, first: each run would otherwise compile them as it starts.
npm run --silent i18n
export ANGLE_MESSAGES_COMPILED=1
pg_test_env=()
if [ "$want_pg" = 1 ]; then
  pg_test_env=(TEST_DB=postgres TEST_DATABASE_URL="$pg_url")
  if [ "$want_redis" = 1 ]; then pg_test_env+=(RATE_LIMIT_STORE=redis REDIS_URL="$redis_url"); fi
  start_job vitest-postgres env "${pg_test_env[@]}" npx vitest run --project integration
fi

# The integration-build tests and the end-to-end tests run the production build (with the messages
# compiled above: ANGLE_MESSAGES_COMPILED=1 keeps the build from compiling them again). It is built
# before the type check and knip: the PostgreSQL files that need it (the fuzzing among them, in one
# worker the longest job of the run, about 10 minutes) then start a minute earlier, in the background
# too, instead of finishing alone after everything else.
step "production build"
npx react-router build > /dev/null
if [ "$want_pg" = 1 ]; then start_job vitest-postgres-build env "${pg_test_env[@]}" npx vitest run --project integration-build; fi

step "type check"
npx react-router typegen
npx tsc

# After typegen and the compiled messages, which the modules import.
step "dead code (knip) and the database types"
# Dead code: unused files, exports and dependencies (knip.jsonc); then that every production dependency
# is used by the application itself (one used only by scripts or tests belongs in devDependencies).
npx knip
npx knip --production --dependencies
# The database types (app/platform/db/generated-types.ts) are those of the migrated schema (decision 034).
if [ "$want_pg" = 1 ]; then TEST_DATABASE_URL="$pg_url" npm run --silent db:types -- --check; fi

step "unit tests (pure code, no database)"
npx vitest run --project unit

# Two workers here (Vitest's default on two cores is one): the PostgreSQL runs in the background finish
# first, and the second core would then sit idle through the rest of this one.
step "integration tests (SQLite)"
npx vitest run --project integration --project integration-build --maxWorkers=2

if [ "$want_pg" = 1 ]; then
  step "integration tests (PostgreSQL): waiting for the background runs"
  finish_job vitest-postgres
  finish_job vitest-postgres-build
fi

if [ "$want_redis" = 1 ] && [ "$want_pg" != 1 ]; then
  # Without PostgreSQL, the services that count attempts and two instances sharing one limit run again
  # with the counters in Redis, on SQLite.
  step "rate-limit tests with the Redis store"
  RATE_LIMIT_STORE=redis REDIS_URL="$redis_url" npx vitest run --project integration \
    app/features/accounts/server app/features/vendor-shops/server app/platform/rate-limit tests/integration/two-instances.test.ts
fi

# Nothing else runs beside a browser run: Chromium (as root it raises its own priority) starves
# whatever shares the two cores. The two engines' Vitest runs above (one worker each, no browser)
# do run side by side.
e2e_port="${E2E_PORT:-3100}"
e2e_workers="${E2E_WORKERS:-2}"
step "end-to-end tests in Chromium (SQLite)"
E2E_DB=sqlite E2E_PORT="$e2e_port" npx playwright test --workers="$e2e_workers"

if [ "$want_pg" = 1 ]; then
  # What only a browser can show on PostgreSQL (docs/testing.md); the rest of PostgreSQL's behaviour
  # is proven by the integration tests above, in-process, on the same engine.
  step "end-to-end tests in Chromium (PostgreSQL, the tests tagged @postgres)"
  E2E_DB=postgres TEST_DATABASE_URL="$pg_url" E2E_PORT="$((e2e_port + 1))" npx playwright test --grep @postgres --workers="$e2e_workers"
fi
rm -rf "$job_dir"
echo
echo "All test suites passed in $((SECONDS - started_at))s."
