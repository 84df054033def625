// Issue 30, "Details found on the way", in Chromium against a real
// `alphadeck serve`: on a phone (375x667) the hand and the buttons are on
// the screen whenever No Way or I Doubt It asks you; the loser of a Shout
// race is told who shouted what first and their box is cleared; Shout's
// end shows the rounds and how the winner is decided; the replay plays by
// itself at a chosen speed and stops at the end.  Nothing here depends on
// the machine's speed: the replay runs on the page's fake clock
// (playwright's page.clock), races are made by a scripted seat, and every
// wait polls with a deadline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, person, httpGet, sleep, PHONE, createTable, gotoTable, clickAndSettle, until, finishedBotsGame, routeFrames } from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;

/** the step the replay shows, from "Step K of N" */
async function replayStep(page) {
    const t = await page.locator('.replay-bar .step').innerText();
    const m = /Step (\d+) of (\d+)/.exec(t);
    assert.ok(m, `the step line: ${t}`);
    return { k: Number(m[1]), n: Number(m[2]) };
}

test('the replay plays by itself, faster at a higher speed, and stops at the end; Space and the keyboard work it',
    { skip: why || false, timeout: 120000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Rep', { viewport: PHONE });
        t.after(() => p.close());
        const page = await p.open('#/');
        const { table } = await finishedBotsGame(env.server, page, 'noway', { max_turns: 16 }, { ms: 60000 });
        // the page's clock is ours: a step a second at 1x is exactly that
        await page.clock.install();
        await page.evaluate((n) => { location.hash = `#/replay/${n}`; }, table);
        await page.locator('#replay-play').waitFor({ timeout: 15000 });
        // time stands still from here but for runFor: on a busy machine the
        // natural flow between two steps of the test would add a step
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
        const { n } = await replayStep(page);
        assert.ok(n > 20, `a game of some steps (${n})`);
        assert.equal((await replayStep(page)).k, 0, 'it opens at step 0');
        await page.clock.runFor(5000);
        assert.equal((await replayStep(page)).k, 0, 'nothing moves before Play');

        await page.locator('#replay-play').click();
        assert.match(await page.locator('#replay-play').innerText(), /Pause/);
        await page.clock.runFor(3000);
        assert.equal((await replayStep(page)).k, 3, 'at 1x: three steps in three seconds');

        await page.locator('#replay-speed').selectOption('4');
        await page.clock.runFor(3000);
        assert.equal((await replayStep(page)).k, 15, 'at 4x: twelve steps in the next three seconds');
        await page.screenshot({ path: '/tmp/replay-autoplay.png' });

        // Pause by keyboard: Tab to the button, Enter
        await page.locator('#replay-play').focus();
        await page.keyboard.press('Enter');
        await page.clock.runFor(3000);
        assert.equal((await replayStep(page)).k, 15, 'paused: no step more');
        assert.match(await page.locator('#replay-play').innerText(), /Play/);

        // Space (the focus not on a button) plays again, at half speed
        await page.locator('#replay-speed').selectOption('0.5');
        await page.locator('.replay h1').click();
        await page.keyboard.press('Space');
        await page.clock.runFor(4000);
        assert.equal((await replayStep(page)).k, 17, 'at 0.5x: two steps in four seconds');

        // a step by hand stops it
        await page.keyboard.press('ArrowRight');
        await page.clock.runFor(5000);
        assert.equal((await replayStep(page)).k, 18, 'a step by hand pauses the autoplay');

        // to the end, and no further
        await page.locator('#replay-speed').selectOption('8');
        await page.locator('#replay-play').click();
        await page.clock.runFor(Math.ceil((n - 18) / 8) * 1000 + 5000);
        assert.equal((await replayStep(page)).k, n, 'it played to the last step');
        assert.match(await page.locator('#replay-play').innerText(), /Play/, 'and stopped there');
        assert.equal(await page.locator('#replay-play').getAttribute('aria-pressed'), 'false');
        assert.deepEqual(p.errors, [], 'no script errors');
    });

/** what of sels (and every card of the hand) is outside the window or under something else */
function offScreen(page, sels) {
    return page.evaluate((ss) => {
        const H = window.innerHeight;
        const W = window.innerWidth;
        const out = [];
        const check = (e, what) => {
            const r = e.getBoundingClientRect();
            if (r.top < -0.5 || r.bottom > H + 0.5 || r.left < -0.5 || r.right > W + 0.5) { out.push(`${what} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${H}`); return; }
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!hit || !(hit === e || e.contains(hit))) out.push(`${what} is under ${hit ? hit.tagName : 'nothing'}`);
        };
        for (const s of ss) {
            const e = document.querySelector(s);
            if (!e) out.push(`${s} missing`); else check(e, s);
        }
        const cards = [...document.querySelectorAll('.hand .card')];
        if (!cards.length) out.push('no card in the hand');
        cards.forEach((c, i) => check(c, `card ${i + 1} (${c.getAttribute('data-card')})`));
        return out;
    }, sels);
}

for (const [game, players] of [['noway', 3], ['doubt', 4]]) {
    test(`at 375x667 the hand and the buttons of ${game} are on the screen whenever you are asked, scrolled to the top or to the end`,
        { skip: why || false, timeout: 120000 }, async (t) => {
            const p = await person(env.browser, env.server, `Pho ${game}`, { viewport: PHONE });
            t.after(() => p.close());
            const page = await p.open('#/');
            const made = await createTable(page, {
                game, players, seats: ['open', ...Array(players - 1).fill('basic')], options: { max_turns: 40 }, bot_pause_ms: 0,
            });
            await gotoTable(page, made.table);
            const seen = { play: 0, challenge: 0 };
            const end = Date.now() + 90000;
            while ((seen.play < 2 || seen.challenge < 2) && Date.now() < end) {
                const which = await page.locator('#play, #let-pass, .end:not([hidden])').first().waitFor({ timeout: 20000 })
                    .then(() => page.evaluate(() => (document.querySelector('.end:not([hidden])') ? 'end' : document.querySelector('#play') ? 'play' : 'challenge')));
                if (which === 'end') break;
                const sels = which === 'play' ? ['#play'] : ['#challenge', '#let-pass', '.dock-claim'];
                for (const at of ['top', 'end']) {
                    await page.evaluate((w) => window.scrollTo(0, w === 'top' ? 0 : document.body.scrollHeight), at);
                    await page.waitForTimeout(50);
                    const out = await offScreen(page, sels);
                    if (out.length && !(await page.locator(sels[0]).count())) break; // the move went away meanwhile
                    assert.deepEqual(out, [], `${game}, asked to ${which}, scrolled to the ${at}: off the screen`);
                    if (at === 'top' && seen[which] === 0) await page.screenshot({ path: `/tmp/phone-${game}-${which}.png` });
                }
                seen[which]++;
                // the move: the first card, or let the claim pass; then the table moves on
                if (which === 'play') await page.locator('.hand .card').first().click({ timeout: 3000 }).catch(() => {});
                await clickAndSettle(page, which === 'play' ? '#play:not([disabled])' : '#let-pass', { actions: 0, refusals: [] }).catch(() => {});
            }
            assert.ok(seen.play >= 1 && seen.challenge >= 1, `asked to play and to answer a claim (${JSON.stringify(seen)})`);
            assert.deepEqual(p.errors, [], 'no script errors');
        });
}

// ------------------------------------------------------------ Shout races

/** common words a Shout table often spells, all in the game's dictionary */
const WORDS = ('the and ten net tea eat ate sea set sat tan ant tin ton not one ear era are art rat tar oat '
    + 'ran red end den nod dot toe tie sit son ion ore roe rot lot lit let tan nut ten rid '
    + 'dear read dare near earn rate tear seat east neat note tone rest star rats ears eats sent nest tens '
    + 'nets lots lost post stop spot tops pots mean name same game late gate hate date stone notes store').split(' ');

/**
 * A Shout table of two people: this page (seat 0, who deals) and Bob, a
 * scripted connection (seat 1); the page deals until the table spells a
 * word of three cards or more.  Returns { table, bob, word, ids }.
 */
async function shoutRace(page) {
    const { findCards } = await import('../../web/js/games/shout_spell.js');
    const { player } = await import('../server/harness.mjs');
    const made = await createTable(page, {
        game: 'shout', players: 2, seats: ['open', 'open'], seed: 30, options: { deal_ms: 60000, final_ms: 60000 },
    });
    const bob = await player(env.server, 'Bob');
    const joined = await bob.request({ cmd: 'join', table: made.table });
    assert.ok(joined.ok, `Bob sits: ${JSON.stringify(joined)}`);
    await gotoTable(page, made.table);
    for (let n = 0; n < 40; n++) {
        await page.locator('#deal').click({ timeout: 10000 });
        await page.locator('#table-cards .card').nth(n).waitFor({ timeout: 10000 });
        const table = await page.evaluate(() => [...document.querySelectorAll('#table-cards .card')]
            .map((e) => ({ id: Number(e.getAttribute('data-id')), card: e.getAttribute('data-card') || '' })));
        for (const word of WORDS) {
            const ids = findCards(table.filter((c) => c.card !== '*'), word);
            if (ids && ids.length >= 3) return { table: made.table, bob, word, ids };
        }
    }
    throw new Error('no word of three cards in 40 cards dealt');
}

/** the newest version Bob has seen of the table */
function bobsV(bob, table) {
    return Math.max(0, ...bob.frames.filter((f) => f && f.table === table && typeof f.v === 'number').map((f) => f.v));
}

/** Bob shouts the word; his claim is judged valid */
async function bobShouts(bob, race) {
    const r = await bob.request({ cmd: 'act', table: race.table, v: bobsV(bob, race.table), action: { type: 'claim', cards: race.ids, word: race.word } });
    assert.ok(r.ok, `Bob's claim is taken: ${JSON.stringify(r)}`);
    const up = await bob.waitPush((f) => f.push === 'update' && f.table === race.table && f.events.some((e) => e.type === 'claim'), 5000, 'Bob\'s claim');
    assert.ok(up.events.some((e) => e.type === 'claim' && e.valid), `Bob's word is valid: ${JSON.stringify(up.events)}`);
}

/** the page's box, notice and focus */
function boxState(page) {
    return page.evaluate(() => ({
        word: /** @type {HTMLInputElement} */ (document.querySelector('#word')).value,
        notice: (document.querySelector('.table-screen > .notice') || { textContent: '' }).textContent,
        first: (document.querySelector('#shout-first') || { textContent: '' }).textContent,
        focus: document.activeElement ? document.activeElement.id : '',
    }));
}

test('Shout: the word being typed when another shouts it first leaves the box, which keeps the focus, with "Bob shouted ... first"',
    { skip: why || false, timeout: 90000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Ann', { viewport: PHONE });
        t.after(() => p.close());
        const page = await p.open('#/');
        const race = await shoutRace(page);
        t.after(() => race.bob.close());
        await page.locator('#word').fill(race.word);
        await page.locator('#claim:not([disabled])').waitFor({ timeout: 5000 });
        await page.screenshot({ path: '/tmp/phone-shout-table.png' });
        await bobShouts(race.bob, race);
        const want = `Bob shouted ${race.word.toUpperCase()} first.`;
        await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.querySelector('#word')).value === '', null, { timeout: 10000 });
        const s = await boxState(page);
        assert.deepEqual(s, { word: '', notice: want, first: want, focus: 'word' });
        assert.equal(await page.locator('#word-check .bad').count(), 0, 'no "do not spell" left behind');
        assert.deepEqual(p.errors, [], 'no script errors');
    });

test('Shout: a word shouted a moment after another\'s is refused with "Bob shouted ... first", the box emptied and the focus kept in it',
    { skip: why || false, timeout: 90000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Ann', { viewport: PHONE });
        t.after(() => p.close());
        // the page's claims are held on their way to the server until Bob's is in: a race Bob wins, every time
        let hold = false;
        const held = await routeFrames(p.context, { hold: (m) => hold && typeof m === 'string' && m.includes('"cmd":"act"') });
        const page = await p.open('#/');
        const race = await shoutRace(page);
        t.after(() => race.bob.close());
        await page.locator('#word').fill(race.word);
        await page.locator('#claim:not([disabled])').waitFor({ timeout: 5000 });
        hold = true;
        await page.locator('#word').press('Enter');
        await until(() => held.length === 1, 5000, 'the page\'s claim on its way');
        await bobShouts(race.bob, race);
        // Bob's claim reaches the page first, then its own claim goes and is refused
        await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.querySelector('#word')).value === '', null, { timeout: 10000 });
        hold = false;
        held.splice(0).forEach((send) => send());
        const want = `Bob shouted ${race.word.toUpperCase()} first.`;
        // the refusal's answer comes last: the notice still names Bob, not "card N is not on the table"
        await until(() => p.frames.some((f) => f.ok === false && f.code === 'illegal_action'), 10000, 'the refusal of the page\'s claim');
        await page.waitForTimeout(200);
        const s = await boxState(page);
        await page.screenshot({ path: '/tmp/phone-shout-lost.png' });
        assert.deepEqual(s, { word: '', notice: want, first: want, focus: 'word' });
        assert.deepEqual(p.errors, [], 'no script errors');
    });

test('Shout on a phone: with the word box focused, the table\'s cards and the box stay in sight when an on-screen keyboard takes the lower half',
    { skip: why || false, timeout: 90000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Kay', { viewport: PHONE });
        t.after(() => p.close());
        const page = await p.open('#/');
        const race = await shoutRace(page);
        t.after(() => race.bob.close());
        await page.evaluate(() => { window.scrollTo(0, 0); /** @type {HTMLElement} */ (document.querySelector('#word')).focus({ preventScroll: true }); });
        const inSight = () => page.evaluate(() => {
            const vv = window.visualViewport;
            const top = vv ? vv.offsetTop : 0;
            const bottom = top + (vv ? vv.height : window.innerHeight);
            const c = /** @type {HTMLElement} */ (document.querySelector('#table-cards')).getBoundingClientRect();
            const b = /** @type {HTMLElement} */ (document.querySelector('#word')).getBoundingClientRect();
            return { cards: c.top >= top - 0.5 && c.top < bottom, box: b.top >= top - 0.5 && b.bottom <= bottom + 0.5, focus: document.activeElement && document.activeElement.id };
        });
        // the keyboard opens: the window keeps 375x360 of its 375x667
        await page.setViewportSize({ width: 375, height: 360 });
        await until(async () => { const s = await inSight(); return s.cards && s.box; }, 5000, 'the table and the box in sight above the keyboard')
            .catch(async (e) => { throw new Error(`${e.message}: ${JSON.stringify(await inSight())}`); });
        await page.screenshot({ path: '/tmp/phone-shout-keyboard.png' });
        // a card arrives while typing: still both in sight
        await page.locator('#word').pressSequentially('x');
        await page.locator('#deal').evaluate((b) => /** @type {HTMLButtonElement} */ (b).click());
        await page.waitForTimeout(300);
        await until(async () => { const s = await inSight(); return s.cards && s.box && s.focus === 'word'; }, 5000, 'both in sight after a card');
        assert.deepEqual(p.errors, [], 'no script errors');
    });

/**
 * A three-seat Shout game played to its end by three scripted people, as
 * planned: round 1 seat 0 takes one word, round 2 seat 1 takes every word it
 * sees, round 3 seat 0 takes one word; the dealer deals as fast as it may,
 * everyone passes in the final window.  Seat 1 wins the most cards, seat 0
 * two round points.  Returns the table.
 */
async function plannedShoutGame(page) {
    const { findCards } = await import('../../web/js/games/shout_spell.js');
    const { player } = await import('../server/harness.mjs');
    const who = await Promise.all(['Ann', 'Bob', 'Cy'].map((n) => player(env.server, n)));
    const made = await who[0].request({ cmd: 'create', game: 'shout', players: 3, seats: ['open', 'open', 'open'], seed: 30, options: { deal_ms: 60000, final_ms: 60000 } });
    assert.ok(made.ok, JSON.stringify(made));
    for (const c of who.slice(1)) assert.ok((await c.request({ cmd: 'join', table: made.table })).ok);
    const plan = { 1: { seat: 0, words: 1 }, 2: { seat: 1, words: 99 }, 3: { seat: 0, words: 1 } };
    const taken = { 1: 0, 2: 0, 3: 0 };
    const latest = () => who[0].frames.filter((f) => f && f.push === 'update' && f.table === made.table).reduce((a, f) => (!a || f.v > a.v ? f : a), null);
    const act = async (seat, action, v) => {
        const r = await who[seat].request({ cmd: 'act', table: made.table, v, action });
        assert.ok(r.ok, `seat ${seat} ${JSON.stringify(action)}: ${JSON.stringify(r)}`);
        await until(() => latest() && latest().v > v, 5000, `the push after ${JSON.stringify(action)}`);
    };
    await until(() => latest(), 5000, 'the game to start');
    for (let n = 0; n < 2000; n++) {
        const { v, view } = latest();
        if (view.phase === 'over') break;
        const p = plan[view.round];
        const ids = taken[view.round] < p.words ? WORDS.map((w) => [w, findCards(view.table.filter((c) => c.card !== '*'), w)]).find(([, x]) => x && x.length >= 3) : null;
        if (ids) {
            taken[view.round]++;
            await act(p.seat, { type: 'claim', cards: ids[1], word: ids[0] }, v);
            const claim = latest().events.find((e) => e.type === 'claim');
            assert.ok(claim && claim.valid, `the planned word ${ids[0]} is valid: ${JSON.stringify(claim)}`);
        } else if (view.phase === 'deal') {
            await act(view.dealer, { type: 'deal' }, v);
        } else {
            await act([0, 1, 2].find((s) => !view.passed.includes(s)), { type: 'pass' }, v);
        }
    }
    await Promise.all(who.map((c) => c.close()));
    await until(async () => (await httpGet(env.server, `/api/tables/${made.table}/replay`)).status === 200, 10000, 'the replay');
    return made.table;
}

test('Shout\'s end shows every round (cards won by each player, who took the point), the points and cards in all, why the winner won and the rule that decides it',
    { skip: why || false, timeout: 120000 }, async (t) => {
        const p = await person(env.browser, env.server, 'End');
        t.after(() => p.close());
        const page = await p.open('#/');
        const table = await plannedShoutGame(page);
        await page.evaluate((n) => { location.hash = `#/table/${n}`; }, table);
        await page.locator('.shout-rounds tbody tr').first().waitFor({ timeout: 20000 });
        const end = await page.evaluate(() => {
            const rows = (/** @type {string} */ sel) => [...document.querySelectorAll(sel)].map((tr) => [...tr.children].map((c) => (c.textContent || '').trim()));
            return {
                head: rows('.shout-rounds thead tr')[0],
                body: rows('.shout-rounds tbody tr'),
                foot: rows('.shout-rounds tfoot tr'),
                why: (document.querySelector('.shout-why') || { textContent: '' }).textContent,
                rule: (document.querySelector('.shout-rule') || { textContent: '' }).textContent,
                scores: [...document.querySelectorAll('.shout-scores tbody tr')].map((tr) => Number((tr.lastElementChild || { textContent: '' }).textContent)),
            };
        });
        await page.screenshot({ path: '/tmp/shout-end.png', fullPage: true });
        assert.deepEqual(end.head, ['Round', 'Ann', 'Bob', 'Cy']);
        assert.deepEqual(end.body.map((r) => r[0]), ['1 (Ann deals)', '2 (Bob deals)', '3 (Cy deals)'], 'each round with its dealer');
        const cards = (c) => Number(/^(\d+) cards?/.exec(c)[1]);
        for (let s = 1; s <= 3; s++) {
            const total = end.body.reduce((n, r) => n + cards(r[s]), 0);
            assert.equal(String(total), end.foot[1][s], `${end.head[s]}: the cards of the rounds add up to the cards in all`);
            const stars = end.body.filter((r) => r[s].includes('★ point')).length;
            assert.equal(String(stars), end.foot[0][s], `${end.head[s]}: a point for each round starred`);
            assert.equal(stars, end.scores[s - 1], `${end.head[s]}: the points are the game's`);
        }
        // as planned: Ann one word in rounds 1 and 3 (two points), Bob every word of round 2 (the most cards)
        assert.deepEqual(end.foot[0].slice(1), ['2', '1', '0'], 'the points');
        assert.ok(Number(end.foot[1][2]) > Number(end.foot[1][1]), `Bob won more cards in all: ${JSON.stringify(end.foot[1])}`);
        assert.match(end.why, /^Ann has the most round points \(2\)\. Bob won the most cards in all \(\d+\), but .*round points/, `why Ann won: ${end.why}`);
        assert.match(end.rule, /most cards this round scores one\s+point/, `the round's rule, from the rules page: ${end.rule}`);
        assert.match(end.rule, /the player with the most points\s+wins/, 'the game\'s rule, from the rules page');
        assert.deepEqual(p.errors, [], 'no script errors');
    });
