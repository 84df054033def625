// Promise (docs/server.md, "The group commit's pace"): while the loop is
// busy, the server commits at most once every --commit-every-ms (5 by
// default; the actions of the passes between wait for the next commit, and a timer
// makes sure it comes); every act is still acknowledged, once its commit
// is done; with --commit-every-ms 0 every pass that has something to
// store commits.  The commits are counted by the loop stats
// (ALPHADECK_LOOP_STATS), a line each window.  A request about a table
// with steps waiting for the commit put off (a sync, a join) is answered
// after that commit, so that the version it tells has been stored and
// pushed (one about a table with every step stored: test_lobby.c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, Seat, sleep, isOver, againstABot, botsAlone } from './harness.mjs';

const LINE = /^alphadeck serve: loop stats: ([\d.]+) s, (\d+) passes, (\d+) acts, (\d+) tables stored, (\d+) commits, /;

async function serverWith(t, args) {
    const saved = process.env.ALPHADECK_LOOP_STATS;
    process.env.ALPHADECK_LOOP_STATS = '0.5';
    try {
        return await startServer(t, {
            args: ['--bot-tables', '50', '--bot-tables-per-player', '50', '--bot-tables-per-address', '50', ...args],
        });
    } finally {
        if (saved === undefined) delete process.env.ALPHADECK_LOOP_STATS;
        else process.env.ALPHADECK_LOOP_STATS = saved;
    }
}

// 20 tables of bots alone playing as fast as they can, and a person who
// acts against a bot that answers at once: the stats lines of that time,
// and how many acts the person had acknowledged
async function busy(t, server) {
    await botsAlone(t, server, 20);
    const seat = await againstABot(t, server);
    // the set-up's requests may end the commit put off (a create is
    // answered after it): the lines from a window later on
    await sleep(700);
    const from = server.stderr().length;
    const until = Date.now() + 2500;
    while (Date.now() < until && seat.view.phase !== 'over') await seat.step(20000);
    await sleep(700); // one more window's line
    const lines = server.stderr().slice(from).split('\n').filter((l) => LINE.test(l));
    return { lines: lines.map((l) => LINE.exec(l)), acks: seat.acks.length };
}

test('a busy server commits at most once every --commit-every-ms, and every act is still acknowledged', { timeout: 120000 }, async (t) => {
    const server = await serverWith(t, ['--commit-every-ms', '200']);
    const { lines, acks } = await busy(t, server);
    assert.ok(acks >= 2, `the person's acts were acknowledged (${acks})`);
    assert.ok(lines.length >= 3, `loop stats lines were written (${lines.length})`);
    let commits = 0, passes = 0;
    for (const m of lines) {
        const secs = Number(m[1]), n = Number(m[5]);
        // a commit at most every 0.2 s, and one at each end of the window
        assert.ok(n <= Math.floor(secs / 0.2) + 2, `${n} commits in ${secs} s: ${m[0]}`);
        commits += n;
        passes += Number(m[2]);
    }
    assert.ok(commits > 0, 'the store was written');
    // over the whole time (a window of a starved server, on a loaded
    // machine, may hold one pass and its commit)
    assert.ok(passes > commits, `passes (${passes}) outnumber commits (${commits}) while the bots play`);
});

test('by default a busy server commits at most once every 5 ms, and every act is still acknowledged', { timeout: 120000 }, async (t) => {
    const server = await serverWith(t, []);
    const { lines, acks } = await busy(t, server);
    assert.ok(acks >= 2, `the person's acts were acknowledged (${acks})`);
    assert.ok(lines.length >= 3, `loop stats lines were written (${lines.length})`);
    for (const m of lines) {
        const secs = Number(m[1]), n = Number(m[5]);
        assert.ok(n <= Math.floor(secs / 0.005) + 2, `${n} commits in ${secs} s: ${m[0]}`);
    }
});

test('with --commit-every-ms 0, every pass that has something to store commits at once', { timeout: 120000 }, async (t) => {
    const server = await serverWith(t, ['--commit-every-ms', '0']);
    const { lines, acks } = await busy(t, server);
    assert.ok(acks >= 2, `the person's acts were acknowledged (${acks})`);
    const secs = lines.reduce((s, m) => s + Number(m[1]), 0);
    const commits = lines.reduce((s, m) => s + Number(m[5]), 0);
    // 20 tables of bots flat out store hundreds of steps a second; paced at
    // 200 ms that would be 5 commits a second at most
    assert.ok(commits > 10 * secs, `${commits} commits in ${secs.toFixed(1)} s`);
});

test('a sync between commits is answered after the commit put off: no update comes after it at a version it already told', { timeout: 60000 }, async (t) => {
    // a commit at most every second: after Ada's act (committed at once,
    // the server being idle), the bot's answer waits for the next commit
    const server = await startServer(t, { args: ['--commit-every-ms', '1000'] });
    const ada = await player(server, 'Ada');
    t.after(() => ada.terminate());
    const cr = expectOk(await ada.request({
        cmd: 'create', game: 'sequence', players: 2, seats: ['open', 'basic'], bot_pause_ms: 0,
    }), 'create');
    const seat = new Seat(ada, cr.table, cr.seat);
    await seat.join();
    seat.pause = 0;
    let synced = 0;
    for (let round = 0; round < 3 && !isOver(seat.view); round++) {
        const acks = seat.acks.length;
        while (seat.acks.length === acks) await seat.step(20000);
        await sleep(150); // the bot answers meanwhile; its step waits for the commit
        const at = ada.frames.length;
        const r = expectOk(await ada.request({ cmd: 'sync', table: cr.table, v: 0 }), 'sync');
        const replyAt = ada.frames.findIndex((f, i) => i >= at && f.ok !== undefined && f.v === r.v);
        await sleep(1300); // past the commit put off
        const later = ada.frames.slice(replyAt + 1).filter((f) => f.push === 'update' && f.table === cr.table && !f.sync);
        for (const u of later) assert.ok(u.v > r.v, `an update at v ${u.v} came after a sync that told v ${r.v}`);
        synced++;
    }
    assert.ok(synced >= 1, 'a sync was made between commits');
});
