// The pushes written straight as text (src/server/pushes.c: the clock, and
// an update's events told and read-aloud lines) are the frames they were
// as trees: compact JSON, the fields in the order the trees had.  The
// bytes themselves are checked against the trees in tests/unit/
// (test_told_text.c, test_view_text.c); this checks them as a client gets them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, chooseAction } from './harness.mjs';

function rawFrames(client) {
    const raws = [];
    client.ws.on('message', (d) => raws.push(d.toString('utf8')));
    return raws;
}

function assertCompact(text, keys, what) {
    const f = JSON.parse(text);
    assert.equal(JSON.stringify(f), text, `${what} is compact JSON`);
    assert.deepEqual(Object.keys(f), keys, `${what}'s fields in their order`);
    return f;
}

test('a clock push and an update come as compact JSON with their fields in the order they always had', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const a = await player(server, 'tick');
    const raws = rawFrames(a);
    const c = expectOk(await a.request({
        cmd: 'create', game: 'sequence', players: 2, seats: ['open', 'basic'], clock: 'blitz',
        options: { max_turns: 1000 }, bot_pause_ms: 300,
    }), 'create with clock blitz');
    await a.waitPush((f) => f.push === 'clock' && f.table === c.table && f.seats.includes(c.seat), 8000, 'a clock push naming the seat');
    const clock = raws.find((r) => r.startsWith('{"seats":') && r.includes('"push":"clock"'));
    assert.ok(clock, `a clock push among ${raws.length} frames`);
    const f = assertCompact(clock, ['seats', 'deadline_ms', 'push', 'table'], 'the clock push');
    assert.equal(f.table, c.table);
    assert.ok(f.seats.every((s) => Number.isInteger(s)) && Number.isInteger(f.deadline_ms));
    const update = raws.find((r) => r.startsWith('{"push":"update"'));
    assert.ok(update, 'an update push');
    const u = assertCompact(update, ['push', 'table', 'v', 'events', 'view', 'asked', 'aloud'], 'the update');
    assert.ok(Array.isArray(u.aloud) && u.aloud.every((l) => typeof l === 'string'));
});

test('an action\'s acknowledgement comes as compact JSON: ok, v, then rid', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    const a = await player(server, 'acker');
    const raws = rawFrames(a);
    const c = expectOk(await a.request({
        cmd: 'create', game: 'noway', players: 2, seats: ['open', 'basic'], bot_pause_ms: 0,
    }), 'create a No Way table against a bot');
    const mine = await a.waitPush((f) => f.push === 'update' && f.table === c.table &&
        f.view.to_act.includes(c.seat) && f.asked.includes(c.seat), 8000, 'an update asking the seat');
    const r = expectOk(await a.request({ cmd: 'act', table: c.table, action: chooseAction(mine.view, mine.asked), v: mine.v }), 'act');
    const ack = raws.find((x) => x.startsWith('{"ok":true,"v":') && x.includes(`"rid":"${r.rid}"`));
    assert.ok(ack, `the act's answer among ${raws.length} frames`);
    const f = assertCompact(ack, ['ok', 'v', 'rid'], 'the acknowledgement');
    assert.equal(f.v, r.v);
});
