// Promise (docs/server.md, "Options", --slice-us): the threads an act
// waits for, the loop's and the commits', ask the scheduler for a slice of
// --slice-us microseconds (300 by default), so that they run soon after
// they wake; the server's other threads keep the kernel's own, and 0
// leaves them all so.  The slice a thread has is read from
// /proc/PID/task/TID/sched (se.slice, in ns), where the kernel tells it
// (Linux 6.12 on, with the scheduler's debug file); elsewhere the test
// says so and skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startServer, player, expectOk, until } from './harness.mjs';

function slices(pid) {
    const out = new Map();
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        let text = '';
        try { text = fs.readFileSync(`/proc/${pid}/task/${tid}/sched`, 'utf8'); } catch { continue; }
        const m = /^se\.slice\s*:\s*(\d+)/m.exec(text);
        if (m) out.set(Number(tid), Number(m[1]));
    }
    return out;
}

const told = (() => {
    try { return /^se\.slice\s*:/m.test(fs.readFileSync('/proc/self/sched', 'utf8')); } catch { return false; }
})();

for (const [args, want] of [[[], 300], [['--slice-us', '700'], 700], [['--slice-us', '0'], 0]]) {
    test(`with ${args.length ? args.join(' ') : 'no --slice-us'} the loop's and the commits' threads ${want ? `ask for a slice of ${want} us` : 'keep the kernel\'s own'}`,
        { skip: told ? false : 'this kernel does not tell a thread\'s slice (se.slice)' }, async (t) => {
            const server = await startServer(t, { args });
            const ann = await player(server, 'Ann');
            t.after(() => ann.terminate());
            expectOk(await ann.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], bot_pause_ms: 0 }), 'create');
            const pid = server.proc.pid;
            // The commits' thread asks for its slice when it first runs,
            // which the server does not wait for (create is answered once
            // its table is stored, on the loop): on a busy machine it may
            // not have run yet, so the slices are read again until it has
            // (or 10 s have passed, and the test says what it read then).
            const both = () => {
                const now = slices(pid);
                return [...now.values()].filter((ns) => ns === want * 1000).length >= 2 && now;
            };
            const got = want ? await until(both, 10000, 'two threads with the slice').catch(() => slices(pid))
                : slices(pid);
            assert.ok(got.size >= 3, `the server's threads were read (${got.size})`);
            const asked = [...got].filter(([, ns]) => ns === want * 1000).map(([tid]) => tid);
            if (want) {
                assert.equal(asked.length, 2, `two threads with a slice of ${want} us: ${JSON.stringify([...got])}`);
                assert.ok(asked.includes(pid), 'the loop (the main thread) is one of them');
                const others = [...got].filter(([tid]) => !asked.includes(tid)).map(([, ns]) => ns);
                assert.ok(others.every((ns) => ns !== want * 1000), 'the other threads keep the kernel\'s own');
            } else {
                const all = new Set(got.values());
                assert.equal(all.size, 1, `every thread has the kernel's own slice: ${JSON.stringify([...got])}`);
            }
        });
}
