// Promises of a rematch by consent (docs/server.md, "Rematch"): one person
// at a finished game offers (`rematch`), every other person there accepts
// or declines (`rematch_answer`), the next game starts when all people have
// answered, the seats of those who declined go to bots or stay open as the
// offerer chose, and spectators are invited to watch, never seated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, Seat, playToEnd, sleep } from './harness.mjs';

/** A finished No Way game of the people named (seats in that order) and
 * `bots` basic bots after them, with spectators watching; returns
 * { table, people: [Client], watchers: [Client] }. */
async function finishedGame(t, server, names, { bots = 0, watchers = [] } = {}) {
    const people = [];
    for (const n of names) people.push(await player(server, n));
    const eyes = [];
    for (const n of watchers) eyes.push(await player(server, n));
    t.after(() => [...people, ...eyes].forEach((c) => c.terminate()));
    const seats = [...names.map(() => 'open'), ...Array(bots).fill('basic')];
    const cr = expectOk(await people[0].request({
        cmd: 'create', game: 'noway', players: seats.length, seats, options: { max_turns: 2 }, bot_pause_ms: 0,
    }), 'create');
    for (const w of eyes) expectOk(await w.request({ cmd: 'watch', table: cr.table }), 'watch');
    const ss = people.map((c, i) => new Seat(c, cr.table, i === 0 ? cr.seat : null));
    for (const s of ss.slice(1)) await s.join();
    // the creator hears the start (v 0) with an update push
    const start = await people[0].waitPush((f) => f.push === 'update' && f.table === cr.table, 5000, 'the start');
    ss[0].see(start.v, start.view, start.asked);
    await playToEnd(ss, 30000);
    return { table: cr.table, people, watchers: eyes };
}

/** the offer push at `table` for which pred holds */
function offerPush(c, table, pred = () => true, what = 'a rematch_offer push') {
    return c.waitPush((f) => f.push === 'rematch_offer' && f.table === table && pred(f), 5000, `${c.name}: ${what}`);
}

/** a table's entry in the `tables` list of that status (undefined: not there) */
async function entry(c, table, status) {
    const r = expectOk(await c.request({ cmd: 'tables', status }), 'tables');
    return r.tables.find((e) => e.table === table);
}

test('a rematch offer reaches every person and spectator, and the next game starts only when every person has accepted', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const { table, people: [ada, bea, cal], watchers: [wes] } = await finishedGame(t, server, ['Ada', 'Bea', 'Cal'], { bots: 1, watchers: ['Wes'] });
    const offered = expectOk(await ada.request({ cmd: 'rematch', table }), 'the offer');
    assert.deepEqual(offered.offer.waiting, [1, 2], 'Bea and Cal are asked; the bot is always willing');
    assert.equal(offered.offer.from, 0);
    assert.equal(offered.offer.declined, 'bot');
    assert.ok(offered.offer.expires_ms > 30000 && offered.offer.expires_ms <= 60000, `the offer stands a minute: ${offered.offer.expires_ms}`);
    for (const c of [ada, bea, cal, wes]) {
        const p = await offerPush(c, table);
        assert.deepEqual([p.from, p.waiting, p.accepted], [0, [1, 2], [0]], `${c.name} hears the offer`);
    }
    const b = expectOk(await bea.request({ cmd: 'rematch_answer', table, accept: true }), 'Bea accepts');
    assert.deepEqual(b.offer.waiting, [2], 'Cal is still asked');
    const still = await offerPush(ada, table, (f) => f.waiting.length === 1, 'Bea\'s yes');
    assert.deepEqual(still.accepted, [0, 1]);
    const playing = expectOk(await ada.request({ cmd: 'tables', status: 'playing' }), 'tables').tables;
    assert.deepEqual(playing, [], 'no next game while Cal has not answered');
    assert.equal(ada.queue.filter((f) => f.push === 'rematch').length, 0, 'no rematch before every person said yes');

    const c = expectOk(await cal.request({ cmd: 'rematch_answer', table, accept: true }), 'Cal accepts');
    assert.ok(Number.isInteger(c.table) && c.seat === 2, `Cal is told the table and seat: ${JSON.stringify(c)}`);
    for (const p of [ada, bea, cal]) {
        const r = await p.waitPush((f) => f.push === 'rematch' && f.table === table, 5000, `${p.name}: the rematch push`);
        assert.equal(r.next, c.table);
        assert.equal(r.watch, undefined, `${p.name} goes to their seat`);
    }
    const w = await wes.waitPush((f) => f.push === 'rematch' && f.table === table, 5000, 'Wes: the rematch push');
    assert.deepEqual([w.next, w.watch], [c.table, true], 'the spectator is invited to watch');
    const next = await entry(ada, c.table, 'playing');
    assert.ok(next, 'the next game is being played');
    assert.deepEqual(next.seats.map((s) => s.name), ['Ada', 'Bea', 'Cal', null], 'the same people in the same seats');
    assert.equal(next.seats[3].bot, 'basic');
    const watched = expectOk(await wes.request({ cmd: 'watch', table: c.table }), 'Wes watches');
    assert.equal(watched.seat, null, 'a spectator is not seated');
    const j = expectOk(await bea.request({ cmd: 'join', table: c.table }), 'Bea joins');
    assert.equal(j.seat, 1);
});

test('a decline with "bot" gives that seat a bot; with "open" the seat stays open and the next table waits for a person', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    for (const choice of ['bot', 'open']) {
        const { table, people: [ada, bea] } = await finishedGame(t, server, [`Ada-${choice}`, `Bea-${choice}`]);
        const o = expectOk(await ada.request({ cmd: 'rematch', table, declined: choice }), 'the offer');
        assert.equal(o.offer.declined, choice);
        await offerPush(bea, table);
        const no = expectOk(await bea.request({ cmd: 'rematch_answer', table, accept: false }), 'Bea declines');
        assert.equal(no.seat, null, 'the decliner has no seat at the next table');
        const r = await ada.waitPush((f) => f.push === 'rematch' && f.table === table, 5000, 'the rematch push');
        assert.equal(r.watch, undefined);
        const rb = await bea.waitPush((f) => f.push === 'rematch' && f.table === table, 5000, 'Bea: the rematch push');
        assert.equal(rb.watch, true, 'the decliner is invited to watch');
        expectOk(await ada.request({ cmd: 'join', table: r.next }), 'Ada joins');
        if (choice === 'bot') {
            const e = await entry(ada, r.next, 'playing');
            assert.ok(e, 'the next game started');
            assert.deepEqual([e.seats[1].name, e.seats[1].bot], [null, 'basic'], 'a bot has Bea\'s seat');
        } else {
            const e = await entry(ada, r.next, 'waiting');
            assert.ok(e, 'the next table waits');
            assert.deepEqual([e.seats[0].name, e.seats[1].name, e.seats[1].bot], [`Ada-${choice}`, null, null], 'Bea\'s seat is open');
            const cal = await player(server, 'Cal');
            t.after(() => cal.terminate());
            const j = expectOk(await cal.request({ cmd: 'join', table: r.next }), 'a newcomer takes the open seat');
            assert.deepEqual([j.seat, j.status], [1, 'playing']);
        }
    }
});

test('an answer with no offer standing is refused, an offer before the end is refused, and a bad choice is refused, changing nothing', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const ada = await player(server, 'Ada');
    const bea = await player(server, 'Bea');
    t.after(() => { ada.terminate(); bea.terminate(); });
    const cr = expectOk(await ada.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'], bot_pause_ms: 0 }), 'create');
    expectOk(await bea.request({ cmd: 'join', table: cr.table }), 'join');
    const early = await ada.request({ cmd: 'rematch', table: cr.table });
    assert.deepEqual([early.ok, early.code], [false, 'not_over'], JSON.stringify(early));
    const none = await bea.request({ cmd: 'rematch_answer', table: cr.table, accept: true });
    assert.deepEqual([none.ok, none.code], [false, 'no_offer'], JSON.stringify(none));
    assert.match(none.error, /offer/);

    const { table, people: [cy, di] } = await finishedGame(t, server, ['Cy', 'Di']);
    const lone = await di.request({ cmd: 'rematch_answer', table, accept: true });
    assert.deepEqual([lone.ok, lone.code], [false, 'no_offer'], 'no offer yet');
    const bad = await cy.request({ cmd: 'rematch', table, declined: 'ghost' });
    assert.deepEqual([bad.ok, bad.code], [false, 'bad_field'], JSON.stringify(bad));
    const noAccept = await di.request({ cmd: 'rematch_answer', table });
    assert.deepEqual([noAccept.ok, noAccept.code], [false, 'missing_field']);
    // a bad offer made no offer: an answer is still refused
    const still = await di.request({ cmd: 'rematch_answer', table, accept: 'yes' });
    assert.deepEqual([still.ok, still.code], [false, 'bad_field']);
    const again = await di.request({ cmd: 'rematch_answer', table, accept: true });
    assert.deepEqual([again.ok, again.code], [false, 'no_offer'], 'the refusals changed nothing');
    assert.equal(di.queue.filter((f) => f.push === 'rematch_offer').length, 0, 'nobody was told of an offer');
    // a second answer is refused: the first is final
    expectOk(await cy.request({ cmd: 'rematch', table }), 'the offer');
    const eve = await player(server, 'Eve');
    t.after(() => eve.terminate());
    const stranger = await eve.request({ cmd: 'rematch_answer', table, accept: true });
    assert.deepEqual([stranger.ok, stranger.code], [false, 'not_seated']);
});

test('a second offer while one stands accepts it, and an offer where every other seat is a bot starts at once', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const { table, people: [ada, bea] } = await finishedGame(t, server, ['Ada', 'Bea']);
    const first = expectOk(await ada.request({ cmd: 'rematch', table, declined: 'open' }), 'Ada offers');
    assert.deepEqual(first.offer.waiting, [1], 'Bea is asked first');
    const second = expectOk(await bea.request({ cmd: 'rematch', table, declined: 'bot' }), 'Bea offers too');
    assert.equal(second.seat, 1, 'the second offer is Bea\'s yes: the next game is made with her in her seat');
    const r = await ada.waitPush((f) => f.push === 'rematch' && f.table === table, 5000, 'the rematch push');
    assert.equal(r.next, second.table);

    const solo = await finishedGame(t, server, ['Cy'], { bots: 2 });
    const now = expectOk(await solo.people[0].request({ cmd: 'rematch', table: solo.table }), 'the offer');
    assert.ok(Number.isInteger(now.table) && now.seat === 0, `made at once: ${JSON.stringify(now)}`);
    assert.equal(now.offer, undefined);
});

test('a person who leaves, or whose connection closes, while an offer stands counts as declining; the offerer leaving withdraws it', { timeout: 120000 }, async (t) => {
    const server = await startServer(t);
    {
        const { table, people: [ada, bea, cal] } = await finishedGame(t, server, ['Ada', 'Bea', 'Cal']);
        expectOk(await ada.request({ cmd: 'rematch', table }), 'the offer');
        await offerPush(bea, table);
        expectOk(await bea.request({ cmd: 'leave', table }), 'Bea leaves');
        const p = await offerPush(ada, table, (f) => f.said_no && f.said_no.includes(1), 'Bea counted as no');
        assert.deepEqual(p.waiting, [2]);
        await cal.close(); // Cal closes the page
        const r = await ada.waitPush((f) => f.push === 'rematch' && f.table === table, 5000, 'the rematch push');
        expectOk(await ada.request({ cmd: 'join', table: r.next }), 'Ada joins');
        const e = await entry(ada, r.next, 'playing');
        assert.deepEqual(e.seats.map((s) => s.bot), [null, 'basic', 'basic'], 'bots took the seats of those who left');
    }
    {
        const { table, people: [ada, bea] } = await finishedGame(t, server, ['Dee', 'Eli']);
        expectOk(await ada.request({ cmd: 'rematch', table }), 'the offer');
        await offerPush(bea, table);
        expectOk(await ada.request({ cmd: 'leave', table }), 'the offerer leaves');
        const p = await offerPush(bea, table, (f) => f.ended, 'the offer withdrawn');
        assert.equal(p.ended, 'withdrawn');
        const late = await bea.request({ cmd: 'rematch_answer', table, accept: true });
        assert.deepEqual([late.ok, late.code], [false, 'no_offer']);
        await sleep(200);
        assert.equal(bea.queue.filter((f) => f.push === 'rematch').length, 0, 'no rematch was made');
    }
});

test('an offer nobody answers expires after --rematch-seconds: the silent person has declined and the seat goes to a bot', { timeout: 90000 }, async (t) => {
    const server = await startServer(t, { args: ['--rematch-seconds', '2'] });
    const { table, people: [ada, bea] } = await finishedGame(t, server, ['Ada', 'Bea']);
    const o = expectOk(await ada.request({ cmd: 'rematch', table }), 'the offer');
    assert.ok(o.offer.expires_ms > 0 && o.offer.expires_ms <= 2000, `it stands two seconds: ${o.offer.expires_ms}`);
    await offerPush(bea, table);
    // Bea says nothing: when the time is up her silence is a no
    const r = await ada.waitPush((f) => f.push === 'rematch' && f.table === table, 15000, 'the rematch once the offer expired');
    const rb = await bea.waitPush((f) => f.push === 'rematch' && f.table === table, 5000, 'Bea: the rematch push');
    assert.equal(rb.watch, true, 'the silent person is invited to watch, not seated');
    const late = await bea.request({ cmd: 'rematch_answer', table, accept: true });
    assert.equal(late.ok, false, 'an answer after the offer settled changes nothing');
    expectOk(await ada.request({ cmd: 'join', table: r.next }), 'Ada joins');
    const e = await entry(ada, r.next, 'playing');
    assert.deepEqual([e.seats[1].name, e.seats[1].bot], [null, 'basic'], 'a bot has Bea\'s seat');
});
