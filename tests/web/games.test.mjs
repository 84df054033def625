// Issue 18, promises 1 and 2 in the browser: every game is played to its
// end by two people, each in a browser of their own, by clicks (the other
// seats bots), and the end-of-game panel names the winner (or says the
// game is over, for a Sequence game drawn at its turn limit); no WebSocket
// frame either page receives holds another seat's hidden cards (checked
// against the god view of the record at every version).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
    missing, startServer, launchBrowser, closeBrowser, person, createTable, gotoTable, playByClicks,
    mySeat, getRecord, Engine, checkFrames, SHORT, STEPS, sitDown,
} from './harness.mjs';

const GAMES = (process.env.GAMES || 'noway doubt sequence liar shout').split(' ');
const why = missing();
let server = null;
let browser = null;
let engine = null;
const played = {}; // game -> { table, people: [{ p, seat, stats }] } or an Error

before(async () => {
    if (why) return;
    server = await startServer();
    browser = await launchBrowser();
    engine = new Engine();
});

after(async () => {
    if (engine) engine.close();
    await closeBrowser(browser);
    if (server) await server.stop();
});

// Shout's final window held open until everyone passes (10 s at most),
// not closed at once: each person gets a Pass to click at the end of each
// round, however fast the bot takes the words and the clock deals (a page
// on a loaded machine could miss every card a 100 ms clock dealt, and
// every word, and never click).  A round whose table is left empty ends
// without one, which three rounds in a row almost never do.
// Sequence ends drawn after 60 turns with no line of four: people who
// build their lines end a game long before, almost always, but nothing in
// the rules bounds a game that keeps being blocked, and a test must end.
const OPTIONS = { shout: { ...SHORT.shout, final_ms: 10000 }, sequence: { max_turns: 60 } };

async function playOnce(game) {
    if (played[game]) {
        if (played[game] instanceof Error) throw played[game];
        return played[game];
    }
    const people = [];
    try {
        const a = await person(browser, server, `Ada ${game}`);
        const b = await person(browser, server, `Bo ${game}`);
        people.push(a, b);
        const pa = await a.open('#/');
        const made = await createTable(pa, {
            game, players: 3, seats: ['open', 'open', 'basic'], options: OPTIONS[game] || SHORT[game], bot_pause_ms: 0,
        });
        await gotoTable(pa, made.table);
        const pb = await b.open(`#/table/${made.table}`);
        await sitDown(pb); // a guest by invite link is asked their name first
        const [sa, sb] = await Promise.all([playByClicks(pa, game, 90000), playByClicks(pb, game, 90000)]);
        const seats = [await mySeat(pa), await mySeat(pb)];
        played[game] = { table: made.table, people: [{ p: a, seat: seats[0], stats: sa }, { p: b, seat: seats[1], stats: sb }] };
        return played[game];
    } catch (e) {
        played[game] = e;
        throw e;
    } finally {
        for (const p of people) await p.close();
    }
}

for (const game of GAMES) {
    test(`two people in two browsers play ${game} to its end by clicks and the end panel names the winner`,
        { skip: why || (!STEPS[game] && `no click player for ${game} yet`), timeout: 120000 }, async (t) => {
            const g = await playOnce(game);
            const [a, b] = g.people;
            assert.notEqual(a.seat, b.seat, 'the two people hold two seats');
            // a Sequence game drawn at max_turns: the panel says it is over, and the record agrees nobody won
            const last = game === 'sequence' ? (await engine.godViews(await getRecord(server, g.table))).at(-1) : null;
            const drawn = !!last && Array.isArray(last.winner) && last.winner.length === 0;
            for (const x of g.people) {
                assert.ok(x.stats.actions > 0, `${x.p.name} clicked to play`);
                if (drawn) assert.equal(x.stats.end, 'The game is over.', `${x.p.name}'s end panel of a drawn game`);
                else assert.match(x.stats.end, /^(.+) wins?!$/, `${x.p.name}'s end panel names a winner: ${JSON.stringify(x.stats.end)}`);
                assert.deepEqual(x.p.errors, [], `${x.p.name}'s pages had no script errors`);
            }
            // the same winners on both pages, "You" being each page's own
            // person ("You win!" on one is the other's name; a shared win
            // names both, in seat order)
            const [ea, eb] = [a.stats.end, b.stats.end];
            const winners = (x) => x.stats.end.replace(/ wins?!$/, '').split(' and ')
                .map((w) => (w === 'You' ? x.p.name : w)).sort();
            assert.deepEqual(winners(a), winners(b), `the same winners on both pages: "${ea}" / "${eb}"`);
            t.diagnostic(`${game}: table ${g.table}; ${a.p.name} seat ${a.seat}, ${a.stats.actions} clicks; ${b.p.name} seat ${b.seat}, ${b.stats.actions} clicks; "${ea}" / "${eb}"; refused: ${JSON.stringify([...a.stats.refusals, ...b.stats.refusals])}`);
        });
}

for (const game of GAMES) {
    test(`no WebSocket frame a page receives holds another seat's hidden cards: ${game}`,
        { skip: why || (!STEPS[game] && `no click player for ${game} yet`), timeout: 120000 }, async (t) => {
            const g = await playOnce(game);
            const record = await getRecord(server, g.table);
            const gods = await engine.godViews(record);
            let n = 0;
            for (const x of g.people) {
                assert.ok(x.p.frames.length > 0, `${x.p.name}'s pages received frames`);
                const { checked, problems } = checkFrames(game, x.p.frames.filter((f) => !(f.view && f.view.seat === null)), x.seat, gods); // (the guest's look before sitting: a spectator's view)
                assert.deepEqual(problems.slice(0, 5), [], `${x.p.name} (seat ${x.seat})`);
                n += checked;
            }
            assert.ok(n > 0, 'some views were checked against the god view');
            t.diagnostic(`${game}: ${n} views checked against ${gods.length} god views`);
        });
}
