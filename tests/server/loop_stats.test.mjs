// Promise (docs/server.md, "The loop's passes"): a server started with
// ALPHADECK_LOOP_STATS=SECONDS writes, every SECONDS, one line on stderr
// that counts its passes and the acts they stored, tells what share of the
// time each part of a pass took and the spread of a pass's busy time, and
// what the busiest pass did, and the spread of an act's time in the server
// (from its being taken to its answer written), and of a commit's time on
// the commits' thread (from its hand-over to its return); every act acknowledged is
// counted in exactly one line.  Without the variable the server writes no
// such line, and its stdout is the same either way (the stats are never
// noise in normal output).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, twoPersonTable, playToEnd, until } from './harness.mjs';

const LINE = /^alphadeck serve: loop stats: [\d.]+ s, (\d+) passes, (\d+) acts, (\d+) tables stored, (\d+) commits, (\d+) timers fired; busy [\d.]+% of the time \(work [\d.]+%, timers [\d.]+%, commit [\d.]+% \(on a CPU [\d.]+%, waiting for one [\d.]+%\), push [\d.]+%, evict [\d.]+%, trim [\d.]+%, send [\d.]+%\), on a CPU [\d.]+%; the loop's thread ran [\d.]+% of the time and waited for a CPU [\d.]+%; a pass's busy time p50 [\d.]+ ms, p99 [\d.]+ ms, p99\.9 [\d.]+ ms, max [\d.]+ ms; the busiest \(ms\): work [\d.]+, timers [\d.]+, commit [\d.]+ \(on a CPU [\d.]+, waiting for one [\d.]+\), push [\d.]+, evict [\d.]+, trim [\d.]+, send [\d.]+, after a wait of [\d.]+, on a CPU [\d.]+; it had \d+ acts, \d+ tables stored, \d+ timers fired; an act, from its being taken to its answer written, p50 ([\d.]+) ms, p99 ([\d.]+) ms, p99\.9 ([\d.]+) ms, max ([\d.]+) ms(?:; a commit on its thread, from its hand-over to its return, p50 ([\d.]+) ms, p99 ([\d.]+) ms, p99\.9 ([\d.]+) ms, max ([\d.]+) ms)?$/;

async function serverWith(t, stats) {
    const saved = process.env.ALPHADECK_LOOP_STATS;
    if (stats === undefined) delete process.env.ALPHADECK_LOOP_STATS;
    else process.env.ALPHADECK_LOOP_STATS = stats;
    try {
        return await startServer(t);
    } finally {
        if (saved === undefined) delete process.env.ALPHADECK_LOOP_STATS;
        else process.env.ALPHADECK_LOOP_STATS = saved;
    }
}

// plays one game of No Way between two persons and a bot; the acts the
// persons had acknowledged
async function playOne(server) {
    const { seats, clients } = await twoPersonTable(server, 'noway', { seed: 5 });
    await playToEnd(seats);
    return { acks: seats.reduce((n, s) => n + s.acks.length, 0), clients };
}

const statLines = (server) => server.stderr().split('\n').filter((l) => l.includes('loop stats'));

test('a server asked for loop stats writes lines that count every acknowledged act once and time the parts of its passes; without the variable it writes none', { timeout: 90000 }, async (t) => {
    const on = await serverWith(t, '0.2');
    const { acks, clients } = await playOne(on);
    t.after(() => clients.forEach((c) => c.terminate()));
    assert.ok(acks > 0, 'the persons acted');
    // a line is written at the end of a pass once its time is up: a
    // request now and then makes passes until the last act's line is out
    const counted = await until(async () => {
        await clients[0].request({ cmd: 'tables' });
        const lines = statLines(on);
        for (const l of lines) assert.match(l, LINE);
        const sum = lines.reduce((n, l) => n + Number(LINE.exec(l)[2]), 0);
        return sum >= acks && lines.length >= 2 ? sum : 0;
    }, 30000, 'loop stats lines counting every act');
    assert.equal(counted, acks, 'each acknowledged act counted in one line');
    for (const l of statLines(on)) {
        const m = LINE.exec(l);
        assert.ok(Number(m[1]) > 0, l);
        // the acts' times: there when the line counts acts, in order
        const [p50, p99, p999, max] = m.slice(6, 10).map(Number);
        assert.equal(max > 0, Number(m[2]) > 0, l);
        assert.ok(p50 <= p99 && p99 <= p999 && p999 <= max, l);
        // the commits on their thread (a single node's default), each
        // timed in the line of the pass that reaped it
        if (m[10] !== undefined) {
            const [c50, c99, c999, cmax] = m.slice(10, 14).map(Number);
            assert.ok(cmax > 0 && c50 <= c99 && c99 <= c999 && c999 <= cmax, l);
        }
    }

    const timed = statLines(on).filter((l) => LINE.exec(l)[10] !== undefined);
    assert.ok(timed.length > 0, 'the commits on their thread are timed');

    const off = await serverWith(t, undefined);
    const second = await playOne(off);
    t.after(() => second.clients.forEach((c) => c.terminate()));
    await second.clients[0].request({ cmd: 'tables' });
    assert.deepEqual(statLines(off), [], 'no loop stats without ALPHADECK_LOOP_STATS');
});
