#!/bin/sh
# bench/serve-scale.sh [CLIENTS [TABLES [LOAD_SECONDS [RATE [SETUP_SECONDS]]]]]:
# issue 19's scale run.  Starts `alphadeck serve` on a fresh database in a
# temporary folder, runs `alphadeck loadtest` against it (default 10,000
# connections at 2,500 tables of 4, each person acting every 2 s on
# average: --rate 0.5; RATE 0: each acts the moment it is asked, as fast
# as the acknowledgements come), and reads the server's memory from
# /proc/PID/status twice: one second before the load ends (the server
# holding every connection and table) and after the loadtest has left its
# seats and closed, and the CPU the server and the load client took over
# the load (the server's an ack: what one action costs it, whatever
# else runs on the machine).  Then it stops the server and prints one
# summary (SERVE_ARGS: more options for the server, as
# "--commit-every-ms 0"; SERVE_LOG=FILE: the server's stderr is kept there;
# AFTER_SECONDS=N: the server is watched N seconds more after the loadtest
# left, default 0.6, while its stand-in bots play on at every table it
# left, and the summary says the most RSS it reached then; PIN=1: the
# server runs on CPU 0 and the load client on CPU 1 (taskset), so that
# the two do not take turns on the same CPU, as a server whose players
# are on other machines would not; the default leaves both to the
# scheduler).  The server
# is asked for CLIENTS connections (--max-connections):
# 19,000 fit under this machine's limit of 20,000 files a process (issue 33).
#
# The set-up (every connection's hello, create or join, before anyone
# acts) may take up to SETUP_SECONDS (default 300: each of those is a disk
# sync of its own on the server); then the load runs LOAD_SECONDS (default
# 30).  Loopback only; every process it starts is stopped when it ends,
# and the loadtest is bounded by `timeout` too.
set -eu
cd "$(dirname "$0")/.."
clients=${1:-10000}
tables=${2:-2500}
load=${3:-30}
rate=${4:-0.5}
setup=${5:-300}
bin=${ALPHADECK:-build/alphadeck}
[ -x "$bin" ] || make

dir=$(mktemp -d "${TMPDIR:-/tmp}/alphadeck-scale.XXXXXX")
spid=
cleanup() {
    if [ -n "$spid" ] && kill -0 "$spid" 2>/dev/null; then
        kill -TERM "$spid" 2>/dev/null || true
        i=0
        while kill -0 "$spid" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
        kill -KILL "$spid" 2>/dev/null || true
    fi
    rm -rf "$dir"
}
trap cleanup EXIT INT TERM

srv_pin='' lt_pin=''
if [ "${PIN:-0}" = 1 ]; then
    if [ "$(nproc)" -lt 2 ]; then
        echo "serve-scale: PIN=1 needs two CPUs; this machine has $(nproc)" >&2
        exit 2
    fi
    srv_pin="taskset -c 0" lt_pin="taskset -c 1"
fi

# every person comes from 127.0.0.1: past the limits of one address
# (docs/server.md, "Limits"), which are for a family, not for a crowd;
# and its set-up, 10,000 hellos each a disk sync, may keep a hello waiting
# for longer than the 10 s a connection has to say it
# shellcheck disable=SC2086 # srv_pin is empty or three words
$srv_pin "$bin" serve --port 0 --host 127.0.0.1 --db "$dir/scale.db" --connections-per-address 0 \
    --hello-seconds 120 --new-players-burst 1000000 --waiting-per-address 1000000 \
    --max-connections "$clients" ${SERVE_ARGS:-} \
    >"$dir/serve.out" 2>"$dir/serve.err" &
spid=$!
i=0
until grep -q listening "$dir/serve.out" 2>/dev/null; do
    i=$((i + 1))
    if [ $i -gt 100 ] || ! kill -0 "$spid" 2>/dev/null; then
        echo "serve-scale: the server did not start:" >&2
        cat "$dir/serve.err" >&2
        exit 1
    fi
    sleep 0.1
done
port=$(sed -n 's/.*:\([0-9][0-9]*\)\/$/\1/p' "$dir/serve.out")

# the server's memory and CPU, sampled every half second while the
# loadtest runs: "seconds-since-start VmHWM-KiB VmRSS-KiB CPU-ticks
# client-CPU-ticks" lines (CPU-ticks: utime + stime, /proc/PID/stat
# fields 14 and 15; the client's, the loadtest's once it runs)
ticks() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }'; }
( t0=$(date +%s.%N)
  while kill -0 "$spid" 2>/dev/null; do
      lt=$(cat "$dir/ltpid" 2>/dev/null || true)
      awk -v t="$(echo "$(date +%s.%N) - $t0" | bc)" -v c="$(ticks "$spid")" \
          -v l="$( [ -n "$lt" ] && ticks "$(pgrep -P "$lt" | head -1)")" \
          '/^VmHWM/ { h = $2 } /^VmRSS/ { r = $2 } END { print t, h, r, c, l + 0 }' "/proc/$spid/status"
      sleep 0.5
  done ) >"$dir/mem" 2>/dev/null &
mpid=$!

echo "serve-scale: $(date -u +%FT%TZ), $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$rate" = 0 ]; then rate_arg=; else rate_arg="--rate $rate"; fi
[ -z "$srv_pin" ] || echo "serve-scale: PIN=1: the server on CPU 0, the load client on CPU 1"
echo "serve-scale: $bin loadtest --clients $clients --tables $tables --seconds $load --setup-seconds $setup $rate_arg"
rc=0
# shellcheck disable=SC2086 # lt_pin and rate_arg: nothing, or words
timeout -k 5 $((setup + load + 30)) $lt_pin "$bin" loadtest --url "ws://127.0.0.1:$port/ws" --clients "$clients" \
    --tables "$tables" --seconds "$load" --setup-seconds "$setup" $rate_arg --json \
    >"$dir/loadtest.json" &
echo $! >"$dir/ltpid"
wait $! || rc=$?
sleep "${AFTER_SECONDS:-0.6}"
kill "$mpid" 2>/dev/null || true
echo "serve-scale: loadtest exited $rc: $(cat "$dir/loadtest.json")"
# the summary: the last sample before the load's end, and the last of all
node -e '
const fs = require("fs");
const j = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
const mem = fs.readFileSync(process.argv[2], "utf8").trim().split("\n").map((l) => l.split(" ").map(Number));
const end = j.setup_s + j.load_s;
const inLoad = mem.filter((m) => m[0] <= end - 0.5).pop() || [0, 0, 0, 0];
const atStart = mem.filter((m) => m[0] <= j.setup_s).pop() || [0, 0, 0, 0];
const last = mem[mem.length - 1] || [0, 0, 0];
const after = mem.filter((m) => m[0] > end).reduce((a, m) => (m[2] > a[2] ? m : a), [0, 0, 0]);
const mib = (k) => `${(k / 1024).toFixed(0)} MiB`;
const f = (x, d = 1) => (x === null || x === undefined ? "-" : Number(x).toFixed(d));
console.log(`serve-scale: ${j.held} of ${j.clients} connections held (${j.seated} seated, ${j.failed} failed, ` +
    `${j.dropped} dropped); set-up ${f(j.setup_s)} s, then ${f(j.load_s)} s of load at ${f(j.acks_per_s, 0)} acks/s: ` +
    `p50 ${f(j.p50_ms, 2)} ms, p99 ${f(j.p99_ms, 2)} ms, max ${f(j.max_ms, 2)} ms; errors ${JSON.stringify(j.errors)}`);
if (j.client_turn_p99_ms !== undefined)
    console.log(`serve-scale: the load client: its own turns between waits (an answer that came meanwhile waited in ` +
        `its socket): p99 ${f(j.client_turn_p99_ms, 2)} ms, max ${f(j.client_turn_max_ms, 2)} ms`);
console.log(`serve-scale: server memory at the end of the load (${f(inLoad[0])} s): VmHWM ${mib(inLoad[1])}, VmRSS ${mib(inLoad[2])}; ` +
    `after the loadtest left (${f(last[0])} s): VmHWM ${mib(last[1])}, VmRSS ${mib(last[2])}; ` +
    `the most after the load ended: VmRSS ${mib(after[2])} (${f(after[0])} s)`);
// CPU over the samples that bracket the load (ticks are 1/100 s: getconf CLK_TCK)
const cpuS = (inLoad[3] - atStart[3]) / Number(process.argv[3]), spanS = inLoad[0] - atStart[0];
const acksIn = j.acks_per_s * spanS;
const ltS = (inLoad[4] - atStart[4]) / Number(process.argv[3]);
console.log(`serve-scale: server CPU in the set-up: ${f(atStart[3] / Number(process.argv[3]))} s`);
console.log(`serve-scale: server CPU over ${f(spanS)} s of the load: ${f(cpuS)} s (${f(100 * cpuS / spanS, 0)}% of a core; ` +
    `the load client ${f(100 * ltS / spanS, 0)}%), ` +
    `${acksIn > 0 ? f(1e6 * cpuS / acksIn, 0) : "-"} us an ack; ` +
    `${j.held > 0 ? f(inLoad[2] * 1024 / j.held, 0) : "-"} bytes of RSS a held connection`);
' "$dir/loadtest.json" "$dir/mem" "$(getconf CLK_TCK)" || true
# with ALPHADECK_LOOP_STATS=SECONDS (docs/server.md, "The loop's passes")
# the server's lines of stats (loop and memory) go to SERVE_LOG (or
# stderr), the rest as before
if [ -n "${SERVE_LOG:-}" ]; then cp "$dir/serve.err" "$SERVE_LOG"; fi
grep -v -e '^alphadeck serve: stopped' -e '^alphadeck serve: loop stats' \
    -e '^alphadeck serve: memory stats' "$dir/serve.err" | head -5 >&2 || true
[ -n "${SERVE_LOG:-}" ] || grep -e '^alphadeck serve: loop stats' -e '^alphadeck serve: memory stats' \
    "$dir/serve.err" >&2 || true
exit "$rc"
