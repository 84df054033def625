#!/bin/sh
# bench/faults-full.sh [SCALE]: issue 19's fault tests at full size, beside
# the suite's scaled-down runs: the same tests/server files with
# ALPHADECK_FAULT_SCALE=SCALE (default 10): 10,000 connections opened and
# dropped in a burst, and kill -9 twenty times while 30 tables play (every
# acknowledged action checked in the records against the clients' own
# lists).  The other fault tests (a client that never reads, fragments, the
# half-open client, the full disk, the locked database) have no size to
# grow and run as they are.  Every server they start is on 127.0.0.1 and is
# stopped by the test; the whole run is bounded by `timeout`.
set -eu
cd "$(dirname "$0")/.."
scale=${1:-10}
[ -x build/alphadeck ] || make
echo "faults-full: scale $scale, $(date -u +%FT%TZ), $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"
ALPHADECK_FAULT_SCALE=$scale ALPHADECK=build/alphadeck timeout -k 10 1200 \
    node --test --test-concurrency=1 tests/server/faults.test.mjs tests/server/kill9.test.mjs \
    tests/server/halfopen.test.mjs tests/server/store_faults.test.mjs 2>&1 |
    grep -E '^(not )?ok |^# (pass|fail|cancelled|duration)'
