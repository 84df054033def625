// Promise: the server serves the same on either event loop: on libuv
// (ALPHADECK_LOOP=uv, the default when libwebsockets' libuv plugin is
// there) and on lws' own poll(2) loop (ALPHADECK_LOOP=poll, and the loop
// without the plugin), two people sit, one acts, the act is acknowledged
// after its commit and both are pushed the update.  On libuv the server
// waits in epoll (it holds an epoll descriptor), on poll it holds none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startServer, player, expectOk, chooseAction } from './harness.mjs';

for (const loop of ['uv', 'poll']) {
    test(`on the ${loop} loop a table is played: act, acknowledgement, updates`, async (t) => {
        const saved = process.env.ALPHADECK_LOOP;
        process.env.ALPHADECK_LOOP = loop;
        let server;
        try {
            server = await startServer(t);
        } finally {
            if (saved === undefined) delete process.env.ALPHADECK_LOOP;
            else process.env.ALPHADECK_LOOP = saved;
        }
        const fds = fs.readdirSync(`/proc/${server.proc.pid}/fd`).map((fd) => {
            try { return fs.readlinkSync(`/proc/${server.proc.pid}/fd/${fd}`); } catch { return ''; }
        });
        assert.equal(fds.includes('anon_inode:[eventpoll]'), loop === 'uv', `an epoll descriptor on ${loop}`);
        const A = await player(server, `${loop}-a`);
        const B = await player(server, `${loop}-b`);
        t.after(() => { A.terminate(); B.terminate(); });
        const c = expectOk(await A.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'], bot_pause_ms: 0 }), 'create');
        expectOk(await B.request({ cmd: 'join', table: c.table }), 'join');
        const sa = await A.waitPush((f) => f.push === 'update' && f.table === c.table, 5000, 'the start for A');
        const sb = await B.waitPush((f) => f.push === 'update' && f.table === c.table, 5000, 'the start for B');
        const [mover, other, first] = chooseAction(sa.view, sa.asked) ? [A, B, sa] : [B, A, sb];
        const r = expectOk(await mover.request({ cmd: 'act', table: c.table, v: first.v, action: chooseAction(first.view, first.asked) }), 'act');
        assert.equal(r.v, first.v + 1);
        for (const who of [mover, other]) {
            const u = await who.waitPush((f) => f.push === 'update' && f.v === r.v, 5000, 'the update');
            assert.equal(u.table, c.table);
        }
        await server.stop();
        assert.equal(server.proc.exitCode, 0, `alphadeck serve on ${loop} exits 0 on SIGTERM: ${server.stderr()}`);
    });
}
