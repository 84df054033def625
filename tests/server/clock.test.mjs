// Promise of the clocks: at a table with a clock, a person who does not
// answer gets a `clock` push, a stand-in bot plays for them once the time is
// up (the seat shown away), and `join` gives the seat back to the person.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, Seat, chooseAction, expectOk, isOver, sleep } from './harness.mjs';

test('clock blitz: a silent person gets a clock push, a stand-in plays when the turn runs out, the seat shows away, and join takes it back', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const a = await player(server, 'slowcoach');
    // Sequence Letters against a basic bot; the bot seems to think 300 ms
    const c = expectOk(await a.request({
        cmd: 'create', game: 'sequence', players: 2, seats: ['open', 'basic'], clock: 'blitz',
        options: { max_turns: 1000 }, bot_pause_ms: 300,
    }), 'create with clock blitz');
    assert.equal(c.seat, 0, 'the creator takes the first open seat');
    const me = c.seat;
    const start = await a.waitPush((f) => f.push === 'update' && f.table === c.table, 5000, 'the update push of v 0');
    assert.equal(start.v, 0);
    // A's turn comes (at once or after the bot's move): a clock push names A
    const clock = await a.waitPush((f) => f.push === 'clock' && f.table === c.table && f.seats.includes(me), 8000, 'a clock push naming the person\'s seat');
    const clockAt = Date.now();
    assert.ok(Number.isInteger(clock.deadline_ms), `deadline_ms: ${JSON.stringify(clock)}`);
    assert.ok(clock.deadline_ms > 0 && clock.deadline_ms <= 10000, `blitz gives a turn at most 10 s: ${clock.deadline_ms}`);
    // nobody answers: once it runs out a stand-in moves for the seat
    const byBot = await a.waitPush((f) => f.push === 'update' && f.table === c.table &&
        f.events.some((e) => e.seat === me && e.by === 'bot'), clock.deadline_ms + 6000,
        'an update whose event is the stand-in\'s move for the person (by: "bot")');
    const waited = Date.now() - clockAt;
    assert.ok(waited >= clock.deadline_ms - 1000, `the stand-in moved after ${waited} ms, before the deadline of ${clock.deadline_ms} ms`);
    const away = await a.waitPush((f) => f.push === 'seats' && f.table === c.table && f.seats[me] && f.seats[me].away === true, 5000,
        'a seats push showing the seat away');
    assert.equal(away.seats.length, 2);
    assert.ok(byBot.v >= 1);

    // the person joins again and plays their own move
    const s = new Seat(a, c.table, me);
    s.pause = 0;
    const j = await s.join();
    assert.equal(j.seat, me, 'join gives the person\'s own seat back');
    const back = await a.waitPush((f) => f.push === 'seats' && f.table === c.table && f.seats[me] && !f.seats[me].away, 5000,
        'a seats push showing the seat back');
    assert.ok(back);
    let mine = null;
    for (let tries = 0; tries < 10 && !mine; tries++) {
        s.drain();
        assert.ok(!isOver(s.view), 'the game is still on');
        if (!s.view.to_act.includes(me)) {
            const p = await a.waitPush((f) => f.push === 'update' && f.table === c.table, 12000, 'the person\'s turn');
            s.see(p.v, p.view, p.asked);
            continue;
        }
        const r = await a.request({ cmd: 'act', table: c.table, action: chooseAction(s.view), v: s.v });
        if (r.ok) mine = r;
        else assert.ok(['stale', 'not_your_turn'].includes(r.code), `the person's act: ${JSON.stringify(r)}`);
        if (!r.ok) await sleep(100);
    }
    assert.ok(mine, 'the person acted themself after joining again');
    const upd = await a.waitPush((f) => f.push === 'update' && f.table === c.table && f.v >= mine.v, 5000, 'the update of the person\'s move');
    const ev = upd.events.filter((e) => e.v === mine.v || (e.v === undefined && upd.v === mine.v));
    assert.ok(ev.length > 0, `the events of v ${mine.v}: ${JSON.stringify(upd.events)}`);
    for (const e of ev) {
        if (e.seat === me) assert.notEqual(e.by, 'bot', `the person's own move is not marked as the stand-in's: ${JSON.stringify(e)}`);
    }
    // and the stand-in does not play on for the person: their next turn waits for them
    s.see(upd.v, upd.view, upd.asked);
    while (!s.view.to_act.includes(me) && !isOver(s.view)) {
        const p = await a.waitPush((f) => f.push === 'update' && f.table === c.table, 12000, 'the person\'s next turn');
        s.see(p.v, p.view, p.asked);
    }
    await sleep(1500);
    const late = a.takePushes('update').filter((f) => f.table === c.table && f.events.some((e) => e.seat === me));
    assert.deepEqual(late, [], 'no move for the person\'s seat once they took it back');
});
