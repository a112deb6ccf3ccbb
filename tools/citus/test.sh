#!/usr/bin/env bash
# npm run test:citus: a representative part of the server's API suite against a real Citus cluster
# (a coordinator and two workers on this machine, tools/citus/cluster.sh), Citus built first if it
# is not installed (tools/citus/build.sh, needs root). Each test database is migrated, distributed
# by `npm run db:distribute`'s code and seeded once, then copied on every node per test file.
#
# The files: every module's request paths (orders, loyalty, accounts, staff, back office matrix,
# subscriptions, mail), the races and the crash proof over two server processes, the isolation
# proof, and test/citus-distribution.test.ts (tenants spread; hot paths single-shard by EXPLAIN).
# CITUS_TEST_FILES="test/a.test.ts test/b.test.ts" runs others instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
port="${CITUS_PORT:-9700}"

# A machine without Citus and without its source cannot run this part: it says so loudly and, unless
# CITUS_REQUIRED=1, leaves the verdict to the rest of the suite (the plain PostgreSQL and PGlite runs).
built=0
"$root/tools/citus/build.sh" || built=$?
if [ "$built" = 3 ] && [ "${CITUS_REQUIRED:-0}" != 1 ]; then
  echo "# test:citus SKIPPED: no Citus installed and no source to build it from" >&2
  exit 0
fi
[ "$built" = 0 ] || exit "$built"
started=0
if ! pg_isready -q -h 127.0.0.1 -p "$port" 2>/dev/null; then
  "$root/tools/citus/cluster.sh" start
  started=1
fi
# A cluster this script started is stopped again; one that was running is left as it was.
trap '[ "$started" = 1 ] && "$root/tools/citus/cluster.sh" stop' EXIT

files="${CITUS_TEST_FILES:-test/citus-distribution.test.ts test/orders.test.ts test/loyalty-promotions.test.ts test/loyalty-races.test.ts test/auth-register.test.ts test/auth-links.test.ts test/staff-counter.test.ts test/admin.test.ts test/subscription-orders.test.ts test/mail-outbox.test.ts test/proof-races.test.ts test/proof-crash.test.ts test/proof-isolation.test.ts}"

cd "$root/server"
export TEST_DB=postgres
# The test databases are thrown away: their commits need not wait for the disk (as the
# PostgreSQL pass of server/scripts/run-tests.mjs; what a commit sees and locks is unchanged).
export PGOPTIONS="${PGOPTIONS:--c synchronous_commit=off}"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
export TEST_CITUS_WORKERS="127.0.0.1:$((port + 1)),127.0.0.1:$((port + 2))"
echo "# server tests on citus ($TEST_DATABASE_URL, workers $TEST_CITUS_WORKERS)"
node --import tsx test/support/prepare-templates.ts
# shellcheck disable=SC2086
node --import tsx --test --test-concurrency=2 $files
