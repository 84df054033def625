// Issue 30, "People, names and tables", in Chromium: a guest by invite link
// is asked a name before sitting and the host sees that name; a first-time
// visitor is asked a name (never "Player"); "Watch" never seats anyone and
// one's own table reads "Back to my seat"; an open seat reads as waiting
// for a person; a page reloaded mid-game, and a spectator arriving, show
// the recent log.  Screenshots (desktop and phone) go to
// $PEOPLE_SHOTS (default: the temporary folder) to be looked at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import {
    serverAndBrowser, person, createTable, gotoTable, playByClicks, sitDown, until, holdOnTheWay, PHONE,
} from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;
const SHOTS = process.env.PEOPLE_SHOTS || path.join(os.tmpdir(), 'alphadeck-people-shots');

async function shot(page, name) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** the lines of the players list */
function playerLines(page) {
    return page.locator('.players > li').allTextContents();
}

for (const size of ['desktop', 'phone']) {
    test(`a guest by invite link is asked a name before sitting (the remembered one ready), the host sees that name, and an open seat reads as waiting for a person (${size})`, { skip: why || false, timeout: 90000 }, async (t) => {
        const viewport = size === 'phone' ? PHONE : { width: 1280, height: 800 };
        const a = await person(env.browser, env.server, 'Hosta', { viewport });
        const b = await person(env.browser, env.server, 'Gus', { viewport });
        t.after(() => Promise.all([a.close(), b.close()]));
        const pa = await a.open('#/');
        const made = await createTable(pa, { game: 'noway', players: 3, seats: ['open', 'open', 'basic'], bot_pause_ms: 0 });
        await gotoTable(pa, made.table);
        // the host's table: seat 2 open, drawn as open, without cards
        const open = pa.locator('.players > li.open');
        await open.waitFor({ timeout: 10000 });
        assert.equal(await open.count(), 1, 'one open seat');
        assert.match(await open.textContent(), /Open seat.*waiting for a person/);
        assert.doesNotMatch(await open.textContent(), /cards/, 'no cards before the game starts');
        await shot(pa, `waiting-table-${size}`);
        // the guest by invite link: asked first, the remembered name ready
        const pb = await b.open(`#/table/${made.table}`);
        const ask = pb.locator('#ask-name');
        await ask.waitFor({ state: 'visible', timeout: 10000 });
        assert.equal(await ask.inputValue(), 'Gus', 'the name the browser remembers is ready to accept');
        assert.equal(await pb.locator('.player.me').count(), 0, 'not seated before saying a name');
        await shot(pb, `name-prompt-${size}`);
        assert.equal(await open.count(), 1, 'the seat is still open while the guest is asked');
        // a name the server refuses (a zero-width space): said so, still asked, not seated
        await ask.fill('Gui\u200bnevere');
        await pb.locator('#sit-down').click();
        await pb.locator('.name-ask .notice', { hasText: 'cannot be used' }).waitFor({ timeout: 5000 });
        assert.equal(await pb.locator('.player.me').count(), 0, 'not seated with a refused name');
        await sitDown(pb, 'Guinevere');
        assert.match(await pb.locator('.player.me .pname').textContent(), /^Guinevere \(you\)$/);
        await pa.locator('.players > li', { hasText: 'Guinevere' }).waitFor({ timeout: 10000 });
        const names = (await playerLines(pa)).join(' | ');
        assert.doesNotMatch(names, /Player/, `nobody is "Player": ${names}`);
        assert.equal(await pb.evaluate(() => localStorage.getItem('alphadeck.name')), 'Guinevere', 'the new name is remembered');
        assert.deepEqual([...a.errors, ...b.errors], [], 'no script errors');
    });
}

test('a first-time visitor is asked a name once, with a suggestion that is not "Player"', { skip: why || false, timeout: 60000 }, async (t) => {
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport: { width: 1280, height: 800 } });
    t.after(() => context.close());
    const page = await context.newPage();
    await page.goto(`${env.server.url}/#/`);
    const ask = page.locator('#ask-name');
    await ask.waitFor({ state: 'visible', timeout: 15000 });
    const suggested = await ask.inputValue();
    assert.ok(suggested.trim().length > 0 && !/player/i.test(suggested), `a sensible suggestion: "${suggested}"`);
    await shot(page, 'first-visit-name-desktop');
    await page.locator('#sit-down').click();
    await page.locator('#play-now').waitFor({ timeout: 15000 });
    assert.equal(await page.locator('#name').inputValue(), suggested, 'the lobby shows the name taken');
    await page.reload();
    await page.locator('#play-now').waitFor({ timeout: 15000 });
    assert.equal(await page.locator('#ask-name').count(), 0, 'asked once: not again on the next visit');
    // the sound is off until switched on, and the switch is remembered
    const sound = page.locator('#sound');
    assert.equal(await sound.isChecked(), false, 'no sound by default');
    await sound.check();
    assert.equal(await page.evaluate(() => localStorage.getItem('alphadeck.sound')), 'on');
    await page.reload();
    assert.equal(await page.locator('#sound').isChecked(), true, 'the switch is remembered');
});

test('"Watch" in the lobby never seats anyone at a waiting table; the host\'s own table reads "Back to my seat"', { skip: why || false, timeout: 90000 }, async (t) => {
    const a = await person(env.browser, env.server, 'Hosty');
    const c = await person(env.browser, env.server, 'Wanda');
    t.after(() => Promise.all([a.close(), c.close()]));
    const pa = await a.open('#/');
    const made = await createTable(pa, { game: 'noway', players: 3, seats: ['open', 'open', 'basic'], bot_pause_ms: 0 });
    await gotoTable(pa, made.table);
    await pa.locator('.players > li.open').waitFor({ timeout: 10000 });
    const pc = await c.open('#/');
    const row = pc.locator('.table-row', { hasText: `#${made.table}` });
    await row.waitFor({ timeout: 15000 }); // the lobby lists it (it asks every 5 s)
    await row.getByRole('button', { name: 'Watch' }).click();
    await pc.locator('.table-title', { hasText: '(watching)' }).waitFor({ timeout: 10000 });
    assert.equal(await pc.locator('.player.me').count(), 0, 'the watcher has no seat');
    assert.equal(await pc.locator('#ask-name').count(), 0, 'watching asks for no name');
    // the host still sees an open seat, and the game has not started
    assert.equal(await pa.locator('.players > li.open').count(), 1, 'the seat stays open');
    const answer = c.frames.find((f) => f.table === made.table && f.ok && f.seat === null && f.status === 'waiting');
    assert.ok(answer, 'the page watched');
    assert.ok(!c.frames.some((f) => f.table === made.table && f.ok && typeof f.seat === 'number'), 'the page never took a seat');
    // the host's lobby: "Back to my seat", which takes the seat again
    await pa.evaluate(() => { location.hash = '#/'; });
    const mine = pa.locator('.table-row', { hasText: `#${made.table}` });
    await mine.getByRole('button', { name: 'Back to my seat' }).click({ timeout: 15000 });
    assert.equal(await mine.getByRole('button', { name: 'Watch' }).count(), 0);
    await pa.locator('.player.me').waitFor({ timeout: 10000 });
    assert.deepEqual([...a.errors, ...c.errors], [], 'no script errors');
});

test('the tab\'s title (and the tone, when switched on) tells a person they are asked; a page reloaded mid-game shows the recent log, and so does a spectator arriving mid-game', { skip: why || false, timeout: 90000 }, async (t) => {
    const a = await person(env.browser, env.server, 'Relo');
    const s = await person(env.browser, env.server, 'Specta');
    t.after(() => Promise.all([a.close(), s.close()]));
    // the sound switched on: count the tones' oscillators
    await a.context.addInitScript(() => {
        localStorage.setItem('alphadeck.sound', 'on');
        const make = AudioContext.prototype.createOscillator;
        /** @type {any} */ (window).tones = 0;
        AudioContext.prototype.createOscillator = function () { /** @type {any} */ (window).tones++; return make.call(this); };
    });
    const pa = await a.open('#/');
    const made = await createTable(pa, { game: 'noway', players: 3, seats: ['open', 'basic', 'basic'], options: { max_turns: 200 }, bot_pause_ms: 0 });
    await gotoTable(pa, made.table);
    const played = await playByClicks(pa, 'noway', 40000, { actions: 3 });
    assert.equal(played.end, null, 'still playing');
    // the tab's title says so when the person is asked
    await pa.locator('.player.me.asked').waitFor({ timeout: 20000 });
    await pa.waitForFunction(() => /^(Your turn|You are asked) - alphadeck$/.test(document.title), null, { timeout: 5000 });
    assert.ok(await pa.evaluate(() => /** @type {any} */ (window).tones > 0), 'a tone sounded (the sound is on)');
    const before = await pa.locator('.log li').allTextContents();
    assert.ok(before.length > 0, 'the log has lines before the reload');
    await pa.reload();
    await pa.locator('.player.me').waitFor({ timeout: 15000 });
    // the recent log may come in more than one frame: wait for its last line
    // (a busy machine may show the first before the last), then read it
    const last = before[before.length - 1];
    await pa.waitForFunction((line) => [...document.querySelectorAll('.log li')].some((li) => li.textContent === line),
        last, { timeout: 10000 }).catch(() => {});
    const after = await pa.locator('.log li').allTextContents();
    assert.ok(after.includes(last), `the last line before the reload is there: ${last} (before: ${JSON.stringify(before.slice(-4))}; after: ${JSON.stringify(after.slice(-6))})`);
    assert.ok(after.some((l) => /\bYou\b/.test(l)), 'told as the seat heard it ("You")');
    const ps = await s.open(`#/table/${made.table}/watch`);
    await ps.waitForFunction(() => document.querySelectorAll('.log li').length > 0, null, { timeout: 10000 });
    const seen = await ps.locator('.log li').allTextContents();
    assert.ok(!seen.some((l) => /\bYou\b/.test(l)), 'a spectator is told the public narration');
    assert.ok(seen.some((l) => l.includes('Relo')), 'naming the person by name');
    assert.deepEqual([...a.errors, ...s.errors], [], 'no script errors');
});

/**
 * A page reloaded mid-game, one of its requests on the way back to its seat
 * held until another player's move reaches it as a push: `join` (the push
 * met while it only watches) or the `tables` after the join's answer (the
 * push met with the answer in hand, not yet drawn).  Its log must keep Bob's
 * claim from before, and tell Cat's call after it.
 * @param {any} t @param {string} cmd the request held
 */
async function reloadedMidGame(t, cmd) {
    const { player, Seat } = await import('../server/harness.mjs');
    const a = await person(env.browser, env.server, 'Rena');
    t.after(() => a.close());
    // the request is held until a push of the game has reached the page:
    // the order a busy table can give by chance
    const hold = await holdOnTheWay(a.context, cmd);
    const pa = await a.open('#/');
    const made = await createTable(pa, { game: 'noway', players: 3, seats: ['open', 'open', 'open'], options: { max_turns: 200 } });
    const bob = await player(env.server, 'Bob');
    const cat = await player(env.server, 'Cat');
    t.after(() => { bob.close(); cat.close(); });
    const sb = new Seat(bob, made.table, null);
    const sc = new Seat(cat, made.table, null);
    await sb.join();
    await sc.join();
    await gotoTable(pa, made.table);
    // seat 0 (the page) deals, so Bob plays first and the page and Cat are asked
    assert.equal(sb.seat, 1);
    await sb.step();
    await pa.locator('.player.me.asked').waitFor({ timeout: 10000 });
    const before = await pa.locator('.log li').allTextContents();
    const last = before[before.length - 1];
    assert.match(last || '', /^Bob says/, `the page's log ends with Bob's claim: ${JSON.stringify(before)}`);
    hold.on = true;
    await pa.reload();
    await until(() => hold.held.length === 1, 15000, `the page on its way back, its ${cmd} held`);
    // Cat calls meanwhile: the settled window reaches the page as a push
    sc.drain();
    const r = await cat.request({ cmd: 'act', table: made.table, v: sc.v, action: { type: 'challenge' } });
    assert.ok(r.ok, `Cat's challenge: ${JSON.stringify(r)}`);
    await until(() => hold.pushed > 0, 10000, 'the push of the settled window at the page');
    hold.release();
    await pa.locator('.player.me').waitFor({ timeout: 15000 });
    await pa.waitForFunction(() => /calls "No Way!"/.test(document.querySelector('.log')?.textContent || ''), null, { timeout: 10000 });
    const after = await pa.locator('.log li').allTextContents();
    assert.ok(after.includes(last), `Bob's claim is still in the log: ${JSON.stringify(after)}`);
    assert.ok(after.indexOf(last) < after.findIndex((l) => /calls "No Way!"/.test(l)), `in order: ${JSON.stringify(after)}`);
    assert.deepEqual(a.errors, [], 'no script errors');
}

test('a page reloaded while the others play keeps the log from before: a push it meets as a spectator on its way back to the seat does not hide the recent lines', { skip: why || false, timeout: 90000 }, async (t) => {
    await reloadedMidGame(t, 'join');
});

test('a page reloaded while the others play tells a move pushed after its seat\'s answer came and before it was drawn', { skip: why || false, timeout: 90000 }, async (t) => {
    await reloadedMidGame(t, 'tables');
});

test('a page whose table fills while its seat\'s answer is in hand shows the game dealt, not a table still waiting', { skip: why || false, timeout: 90000 }, async (t) => {
    const { player, Seat } = await import('../server/harness.mjs');
    const a = await person(env.browser, env.server, 'Wren');
    t.after(() => a.close());
    // the page's `tables` after its join is held until the game's first
    // update reaches it: the last seat was taken meanwhile
    const hold = await holdOnTheWay(a.context, 'tables');
    const pa = await a.open('#/');
    const made = await createTable(pa, { game: 'noway', players: 3, seats: ['open', 'open', 'basic'], bot_pause_ms: 0, options: { max_turns: 200 } });
    hold.on = true;
    await pa.evaluate((n) => { location.hash = `#/table/${n}`; }, made.table);
    await until(() => hold.held.length === 1, 15000, 'the page\'s tables held, its join answered');
    const bob = await player(env.server, 'Bobby');
    t.after(() => bob.close());
    await new Seat(bob, made.table, null).join();
    await until(() => hold.pushed > 0, 10000, 'the game\'s first update at the page');
    hold.release();
    await pa.locator('.player.me').waitFor({ timeout: 15000 });
    await pa.locator('.hand').first().waitFor({ timeout: 10000 });
    assert.equal(await pa.locator('.waiting-note').count(), 0, 'no "No cards yet" at a table dealt');
    const notice = (await pa.locator('.notice').textContent()) || '';
    assert.doesNotMatch(notice, /Waiting for the other players/, 'no waiting words once the cards are dealt');
    const names = await playerLines(pa);
    assert.ok(names.some((l) => /Bobby/.test(l)), `Bobby is in the players list: ${JSON.stringify(names)}`);
    await shot(pa, 'filled-while-entering');
    assert.deepEqual(a.errors, [], 'no script errors');
});
