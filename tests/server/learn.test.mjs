// learn.test.mjs - Learn to play (docs/server.md, "Learn to play"): each
// game's guided first game, data/learn/<game>.txt, played to its end by a
// learner who does what each step asks; an off-script action refused with
// the step's words and nothing changed; every lesson file read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
    ROOT, startServer, player, expectOk, chooseAction, isOver, Seat, refused, httpGet,
} from './harness.mjs';

const GAMES = fs.readdirSync(path.join(ROOT, 'data', 'learn'))
    .filter((f) => f.endsWith('.txt')).map((f) => f.replace(/\.txt$/, '')).sort();

// the lesson's game, faster: Shout's dealing clock.  Its final window keeps
// some seconds (it closes as soon as both players pass): the step asking the
// learner to pass there must not be a race against a clock of 0 ms, which a
// loaded machine lost (the game ended on that step)
const FAST = { shout: { deal_ms: 100, final_ms: 2000 } };

/** Starts game's lesson for a new person; { c, seat, learn, r }. */
async function startLesson(server, game, name = `learner-${game}`) {
    const c = await player(server, name);
    const r = expectOk(await c.request({ cmd: 'learn', game, bot_pause_ms: 50, options: FAST[game] || {} }), `learn ${game}`);
    const seat = new Seat(c, r.table, r.seat);
    seat.see(r.v, r.view, r.asked);
    return { c, seat, r, learn: r.learn };
}

/** The action a learner doing what the step asks sends now (null: none yet). */
function stepAction(learn, view, asked) {
    const any = chooseAction(view, asked);
    if (learn.do !== 'action' || (learn.when && view.phase !== learn.when)) {
        // a word the hand spells, when a Liar step asks for any announcement
        return any;
    }
    if (!any) return null;
    return { ...any, ...learn.action };
}

/** Plays the lesson to the end of the game; the steps seen, in order. */
async function followLesson(l, ms = 90000) {
    const { c, seat } = l;
    let learn = l.learn;
    const seen = [learn.step];
    const now = (x) => { learn = x; if (seen[seen.length - 1] !== x.step) seen.push(x.step); };
    const deadline = Date.now() + ms;
    // the update pushes queued (all, or those that came before the frame
    // `upto`), taken in the order they came
    const takeUpdates = (upto) => {
        const at = upto ? c.frames.indexOf(upto) : Infinity;
        const got = c.queue.filter((f) => f && f.push === 'update' && c.frames.indexOf(f) < at);
        c.queue = c.queue.filter((f) => !got.includes(f));
        for (const p of got) {
            seat.see(p.v, p.view, p.asked);
            if (p.learn) now(p.learn);
        }
    };
    while (!isOver(seat.view)) {
        assert.ok(Date.now() < deadline, `the guided game ended within ${ms} ms (step ${learn.step}, view ${JSON.stringify(seat.view).slice(0, 600)})`);
        takeUpdates(null);
        if (isOver(seat.view)) break;
        if (learn.do === 'next') {
            const r = await c.request({ cmd: 'learn_next', table: seat.table });
            // a push sent before this answer (a bot's move, told at the step
            // before) is older than it, though it waited in the queue
            takeUpdates(r);
            if (!r.ok && r.code === 'not_this_step') {
                // the lesson moved on before this Next reached it (the game's
                // own clock or a bot, under load): its push tells where it is
                await c.nextQueued(Math.max(10, deadline - Date.now()));
                continue;
            }
            now(expectOk(r, 'learn_next').learn);
        } else {
            const action = seat.actedAt !== seat.v ? stepAction(learn, seat.view, seat.asked) : null;
            if (action) {
                seat.actedAt = seat.v;
                const r = await c.request({ cmd: 'act', table: seat.table, action, v: seat.v }, 15000);
                assert.ok(r.ok || ['stale', 'not_your_turn'].includes(r.code) ||
                    (r.code === 'illegal_action' && seat.view.game === 'shout'),
                `the step's action ${JSON.stringify(action)} was taken: ${JSON.stringify(r)}`);
            } else {
                await c.nextQueued(Math.max(10, deadline - Date.now()));
            }
        }
    }
    return { seen, learn };
}

for (const game of GAMES) {
    test(`the guided first game of ${game} is played to its end by a learner who follows every step`, async (t) => {
        const server = await startServer(t);
        const l = await startLesson(server, game);
        assert.equal(l.learn.step, 0, 'the lesson starts at its first step');
        assert.ok(l.learn.say.length > 0, 'the first step says something');
        assert.equal(l.r.hints, true, 'a guided table allows hints');
        const { seen, learn } = await followLesson(l);
        assert.equal(learn.done, true, `every step was done (steps seen ${seen.join(',')})`);
        assert.deepEqual(seen, [...Array(learn.steps + 1).keys()], 'the steps came in order, none skipped');
    });
}

test('an action that is not the step\'s is refused not_this_step with the step\'s words, and changes nothing', async (t) => {
    const server = await startServer(t);
    const l = await startLesson(server, 'noway');
    const { c, seat } = l;
    // the first step asks the learner to read and press Next
    assert.equal(l.learn.do, 'next');
    let r = await c.request({ cmd: 'act', table: seat.table, action: { type: 'play', cards: ['A'], say: 'A' } });
    refused(r, 'not_this_step', 'an action while the step asks Next');
    assert.match(r.error, /Welcome to No Way/, 'the refusal says the step again');
    r = expectOk(await c.request({ cmd: 'learn_next', table: seat.table }), 'learn_next');
    assert.deepEqual(r.learn.action, { type: 'play', cards: ['A'], say: 'A' });
    // the step asks for the A: another card is refused, and nothing moves
    r = await c.request({ cmd: 'act', table: seat.table, action: { type: 'play', cards: ['G'], say: 'A' } });
    refused(r, 'not_this_step', 'a play of another card');
    assert.equal(r.learn.step, 1, 'the refusal carries the same step');
    r = await c.request({ cmd: 'learn_next', table: seat.table });
    refused(r, 'not_this_step', 'Next while the step asks for a play');
    const sync = expectOk(await c.request({ cmd: 'sync', table: seat.table, v: 0 }), 'sync');
    assert.equal(sync.v, 0, 'the table is still at version 0');
    // the step's own action is taken
    expectOk(await c.request({ cmd: 'act', table: seat.table, action: { type: 'play', cards: ['A'], say: 'A' } }), 'the A');
    const p = await c.waitPush((f) => f.push === 'update' && f.learn && f.learn.step === 2, 5000, 'the next step');
    assert.equal(p.learn.do, 'next');
});

test('every data/learn/*.txt is read as a lesson whose game is its name', async (t) => {
    assert.ok(GAMES.length >= 5, `a lesson for each game (${GAMES.join(', ')})`);
    const server = await startServer(t);
    const c = await player(server, 'reader');
    for (const game of GAMES) {
        const r = expectOk(await c.request({ cmd: 'learn', game }), `learn ${game}`);
        assert.equal(r.learn.step, 0);
        assert.ok(r.learn.steps >= 3, `${game} has at least three steps`);
        expectOk(await c.request({ cmd: 'leave', table: r.table }), `leave ${game}`);
    }
    const r = await c.request({ cmd: 'learn', game: 'chess' });
    refused(r, 'no_lesson', 'a game with no lesson');
});

test('GET /api/games says which games have a lesson: each with a data/learn file', async (t) => {
    const server = await startServer(t);
    const r = await httpGet(server, '/api/games');
    const games = JSON.parse(r.body).games;
    for (const g of games) assert.equal(g.learn, GAMES.includes(g.id), `${g.id}: learn`);
});

test('a guided game\'s step goes to its learner alone: a spectator is never sent it', async (t) => {
    const server = await startServer(t);
    const l = await startLesson(server, 'noway');
    const w = await player(server, 'watcher');
    const r = expectOk(await w.request({ cmd: 'watch', table: l.seat.table }), 'watch');
    assert.equal(r.learn, undefined, 'no step in the watch answer');
    expectOk(await l.c.request({ cmd: 'learn_next', table: l.seat.table }), 'learn_next');
    refused(await w.request({ cmd: 'learn_next', table: l.seat.table }), 'not_seated', 'a spectator\'s Next');
    expectOk(await l.c.request({ cmd: 'act', table: l.seat.table, action: { type: 'play', cards: ['A'], say: 'A' } }), 'the A');
    const p = await w.waitPush((f) => f.push === 'update' && f.v >= 1, 5000, 'the update of the A');
    assert.equal(p.learn, undefined, 'no step in a spectator\'s update');
    const mine = await l.c.waitPush((f) => f.push === 'update' && f.v >= 1, 5000, 'the learner\'s update');
    assert.equal(mine.learn.step, 2, 'the learner\'s update carries the step');
});
