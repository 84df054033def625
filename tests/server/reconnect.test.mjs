// Promise: a dropped connection loses nothing: `hello` with the token, `join`
// and `sync` from the last version seen give back what was missed; and an
// `act` resent with a stale `v` is refused with `stale` and changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    startServer, Client, player, twoPersonTable, driveUntil, chooseAction, expectOk, sleep,
} from './harness.mjs';

test('after a dropped connection, hello with the token, join and sync give back every missed update; a resent act with a stale v gets stale and changes nothing', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    // Sequence Letters, seats: person A, person B, a basic bot; turns go round
    const tb = await twoPersonTable(server, 'sequence', { seats: ['open', 'open', 'basic'] });
    const [sa, sb] = tb.seats;
    const myTurn = (s) => s.view && s.view.to_act.includes(s.seat) && s.view.phase !== 'over';
    // play a few turns, up to A's turn
    await driveUntil([sa, sb], () => sa.v >= 3 && myTurn(sa), 20000, 'A\'s turn after v 3');
    // A plays, and its connection drops right after the acknowledgement
    const before = sa.acks.length;
    while (myTurn(sa)) await sa.step(); // (a turn_in leaves the turn with A)
    assert.ok(sa.acks.length > before, 'A\'s act was acknowledged');
    sa.drain();
    const lastV = sa.v;
    const token = sa.c.token;
    const playerId = sa.c.player;
    sa.c.terminate();
    await sa.c.closed;
    // B and the bot play on until it is A's turn again: in a view after A's
    // act (B's view may not have heard of it yet, and then still shows A's turn)
    await driveUntil([sb], () => sb.v > lastV && (sb.view.to_act.includes(sa.seat) || sb.view.phase === 'over'), 20000, 'A\'s turn again');
    await sleep(200);
    sb.drain();
    const nowV = sb.v;
    assert.ok(nowV >= lastV + 2, `A missed B's and the bot's turns (v ${lastV} -> ${nowV})`);

    // A comes back: the same player, the same seat
    const a2 = await Client.connect(server, { name: 'A-again' });
    t.after(() => a2.terminate());
    const h = expectOk(await a2.request({ cmd: 'hello', name: 'A-again', token }), 'hello with the token');
    assert.equal(h.player, playerId, 'hello with the token is the same player');
    // sync before join or watch: not_watching
    const early = await a2.request({ cmd: 'sync', table: tb.table, v: lastV });
    assert.equal(early.ok, false, `sync before join: ${JSON.stringify(early)}`);
    assert.equal(early.code, 'not_watching');
    const j = expectOk(await a2.request({ cmd: 'join', table: tb.table }), 'join after the reconnection');
    assert.equal(j.seat, sa.seat, 'the same seat');
    assert.equal(j.v, nowV, 'join gives the table\'s version');
    assert.equal(j.view.seat, sa.seat);
    a2.takePushes('update');
    a2.queue.length = 0;

    // sync from the last version A saw: one update push (sync:true) with the missed events, then the reply
    const s = expectOk(await a2.request({ cmd: 'sync', table: tb.table, v: lastV }), 'sync');
    assert.equal(s.v, nowV, 'the sync reply gives the current version');
    const ridIdx = a2.frames.indexOf(s);
    const pushes = a2.frames.filter((f) => f.push === 'update' && f.sync === true);
    assert.equal(pushes.length, 1, `one sync update push: ${JSON.stringify(a2.frames.slice(-3)).slice(0, 600)}`);
    const p = pushes[0];
    assert.ok(a2.frames.indexOf(p) < ridIdx, 'the sync push comes before the sync reply');
    assert.equal(p.table, tb.table);
    assert.equal(p.v, nowV);
    assert.deepEqual(p.view, j.view, 'the synced view is the current one');
    const evVs = [...new Set(p.events.map((e) => e.v))].sort((x, y) => x - y);
    const want = [];
    for (let v = lastV + 1; v <= nowV; v++) want.push(v);
    assert.deepEqual(evVs, want, `the sync push holds the events of every missed version (${JSON.stringify(p.events).slice(0, 600)})`);
    assert.ok(p.events.every((e) => e.seat === undefined || Number.isInteger(e.seat)));

    // a resent act with an old v: stale, nothing changes
    sa.c = a2;
    sa.see(j.v, j.view, j.asked);
    const action = chooseAction(j.view);
    assert.ok(action, 'A has a move');
    const staleR = await a2.request({ cmd: 'act', table: tb.table, action, v: lastV });
    assert.equal(staleR.ok, false, `act with v ${lastV} at v ${nowV}: ${JSON.stringify(staleR)}`);
    assert.equal(staleR.code, 'stale');
    const afterStale = expectOk(await sb.c.request({ cmd: 'join', table: tb.table }), 'B join');
    assert.equal(afterStale.v, nowV, 'a stale act changes no version');
    // now the act for real, then the very same frame again (a resend after a lost reply)
    const frame = { cmd: 'act', table: tb.table, action, v: nowV };
    const ok1 = expectOk(await a2.request(frame), 'act with the current v');
    assert.equal(ok1.v, nowV + 1);
    const again = await a2.request(frame);
    assert.equal(again.ok, false, `the resent act: ${JSON.stringify(again)}`);
    assert.equal(again.code, 'stale');
    await sleep(300);
    const jb = expectOk(await sb.c.request({ cmd: 'join', table: tb.table }), 'B join');
    assert.ok(jb.v === nowV + 1, `the resent act changed nothing: v ${jb.v}, want ${nowV + 1}`);
    const ja = expectOk(await a2.request({ cmd: 'join', table: tb.table }), 'A join');
    assert.equal(ja.v, nowV + 1);
    // B got exactly one update for A's move, none for the refused ones
    const bUpdates = sb.c.frames.filter((f) => f.push === 'update' && f.v > nowV);
    assert.equal(bUpdates.length, 1, `B's updates after v ${nowV}: ${bUpdates.map((f) => f.v)}`);
    await player(server, 'still-serving').then((c) => c.close());
});
