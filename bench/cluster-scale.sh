#!/bin/sh
# bench/cluster-scale.sh [CLIENTS [TABLES [SECONDS]]]: issue 20's figure,
# one node against three on one PostgreSQL, in one run.  Starts a
# throwaway PostgreSQL (tests/pg-up), then twice, each time on a fresh
# database: N nodes (`alphadeck serve --node nK`, 1 then 3), and as many
# `alphadeck loadtest`s at once, each against its own node, sharing the
# CLIENTS connections and TABLES tables (default 400 and 100, every person
# acting as fast as the acknowledgements come) for SECONDS (default 15).
# Each loadtest's tables are made on its node, which holds their leases;
# HAProxy is left out, so the figure is the nodes' and the shared store's.
# Prints the summed actions a second and the worst p99 for 1 and 3 nodes.
# Loopback only; everything it starts is stopped when it ends.
set -eu
cd "$(dirname "$0")/.."
clients=${1:-400}
tables=${2:-100}
seconds=${3:-15}
bin=${ALPHADECK:-build/alphadeck}
[ -x "$bin" ] || make
work=$(mktemp -d "${TMPDIR:-/tmp}/alphadeck-cluster-scale.XXXXXX")
pg=$(mktemp -d "${TMPDIR:-/tmp}/alphadeck-pg.XXXXXX") # the postgres user's: not inside $work
pids=
cleanup() {
    for p in $pids; do kill -KILL "$p" 2>/dev/null || true; done
    tests/pg-down "$pg" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
url=$(ALPHADECK_PG_MAX_SECONDS=900 tests/pg-up "$pg" | tail -n 1)
echo "cluster-scale: $clients connections, $tables tables, ${seconds}s; $(date -u +%FT%TZ); $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1)"

# one database per round, so both start empty
fresh_db() {
    db="round$1"
    psql "$url" -qAt -c "CREATE DATABASE $db" >/dev/null
    echo "$url" | sed "s|/[^/?]*\$|/$db|"
}

round() {
    n=$1
    db=$(fresh_db "$n")
    pids=
    ports=
    for k in $(seq 1 "$n"); do
        # (every person from 127.0.0.1: past the limits of one address)
        "$bin" serve --port 0 --host 127.0.0.1 --db "$db" --node "node$k" --connections-per-address 0 --hello-seconds 120 \
            --new-players-burst 1000000 --waiting-per-address 1000000 \
            >"$work/serve$n.$k.out" 2>"$work/serve$n.$k.err" &
        pids="$pids $!"
    done
    for k in $(seq 1 "$n"); do
        i=0
        while ! grep -q 'listening on' "$work/serve$n.$k.out" 2>/dev/null; do
            i=$((i + 1)); [ $i -gt 100 ] && { echo "node $k did not start" >&2; cat "$work/serve$n.$k.err" >&2; exit 1; }
            sleep 0.1
        done
        ports="$ports $(sed -n 's|.*:\([0-9]*\)/$|\1|p' "$work/serve$n.$k.out" | head -n 1)"
    done
    lpids=
    k=0
    for p in $ports; do
        k=$((k + 1))
        timeout -k 5 $((seconds + 200)) "$bin" loadtest --url "ws://127.0.0.1:$p/ws" \
            --clients $((clients / n)) --tables $((tables / n)) --seconds "$seconds" --json \
            >"$work/load$n.$k.json" 2>"$work/load$n.$k.err" &
        lpids="$lpids $!"
    done
    for p in $lpids; do wait "$p" || true; done
    for p in $pids; do kill -TERM "$p" 2>/dev/null || true; done
    for p in $pids; do wait "$p" 2>/dev/null || true; done
    pids=
    node -e '
        const fs = require("fs");
        const runs = process.argv.slice(1).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
        const sum = (k) => runs.reduce((a, r) => a + (r[k] || 0), 0);
        const worst = (k) => Math.max(...runs.map((r) => r[k] || 0));
        const errs = runs.reduce((a, r) => a + Object.values(r.errors || {}).reduce((x, y) => x + y, 0), 0);
        const codes = {};
        for (const r of runs) for (const [k, v] of Object.entries(r.errors || {})) codes[k] = (codes[k] || 0) + v;
        console.log(`${runs.length} node(s): ${Math.round(sum("acks_per_s"))} acks/s, p50 ${worst("p50_ms")} ms, p99 ${worst("p99_ms")} ms (worst of the nodes), held ${sum("held")}, errors ${errs} ${JSON.stringify(codes)}`);
    ' $(ls "$work"/load"$n".*.json)
}
round 1
round 3
