// Issue 30, the race in the browser: at a No Way table of three people
// (three browser contexts, three pages) every person the play asks sees the
// "No Way!" button the moment the cards go down, with the window's
// countdown; the first to click is the challenger (even the seat farther
// from the claimer's left), the other's button goes away, and the log names
// the challenger.  Screenshots of the window, desktop and phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serverAndBrowser, person, createTable, gotoTable, mySeat, ROOT, PHONE, DESKTOP, within } from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;

/** joins table from inside the page (its player's token), as createTable makes one */
async function joinTable(page, table) {
    const r = await within(page.evaluate(async (t) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = () => reject(new Error('the WebSocket failed')); });
        let rid = 0;
        const waiting = new Map();
        ws.onmessage = (m) => { const f = JSON.parse(String(m.data)); const w = waiting.get(f.rid); if (w) { waiting.delete(f.rid); w(f); } };
        const ask = (o) => new Promise((resolve) => { rid += 1; waiting.set(rid, resolve); ws.send(JSON.stringify({ ...o, rid })); });
        await ask({ cmd: 'hello', name: localStorage.getItem('alphadeck.name') || 'Player', token: localStorage.getItem('alphadeck.token') });
        const j = await ask({ cmd: 'join', table: t });
        ws.close();
        return j;
    }, table), 10000, `join ${table}`);
    if (!r.ok) throw new Error(`join refused: ${JSON.stringify(r)}`);
    return r;
}

/** three people at a seeded No Way table, each on a page; the claimer has
 * laid a card down, so the window is open */
async function threeInAWindow(t) {
    const names = ['Ada', 'Bea', 'Cyd'];
    const people = [];
    for (const n of names) people.push(await person(env.browser, env.server, n));
    t.after(() => Promise.all(people.map((p) => p.close())));
    const pages = [];
    for (const p of people) pages.push(await p.open('#/'));
    const made = await createTable(pages[0], {
        game: 'noway', players: 3, seats: ['open', 'open', 'open'], seed: 4, options: { max_turns: 40 },
    });
    await joinTable(pages[1], made.table);
    await joinTable(pages[2], made.table);
    for (const pg of pages) await gotoTable(pg, made.table);
    const seats = [];
    for (const pg of pages) seats.push(await mySeat(pg));
    assert.deepEqual([...seats].sort(), [0, 1, 2], `three seats: ${seats}`);
    // the claimer: the page with the play button; it lays down a card
    let claimer = -1;
    await within((async () => {
        while (claimer < 0) {
            for (let i = 0; i < 3; i++) if (await pages[i].locator('#play').isVisible()) claimer = i;
            if (claimer < 0) await new Promise((r) => setTimeout(r, 100));
        }
    })(), 15000, 'a page with the play button');
    const cp = pages[claimer];
    await cp.locator('.hand .card').first().click();
    await cp.locator('#play').click();
    const others = [0, 1, 2].filter((i) => i !== claimer);
    const far = others.find((i) => seats[i] === (seats[claimer] + 2) % 3);
    const near = others.find((i) => i !== far);
    return { names, people, pages, seats, claimer, cp, others, far, near };
}

test('three people at a No Way table see the call button at the same time, and the first to click wins', { skip: why || false, timeout: 120000 }, async (t) => {
    const { names, people, pages, seats, claimer, cp, others, far, near } = await threeInAWindow(t);
    // both others see the button with the countdown
    const seatOf = (i) => seats[i];
    await Promise.all(others.map((i) => pages[i].locator('#challenge').waitFor({ state: 'visible', timeout: 10000 })));
    for (const i of others) {
        assert.equal(await pages[i].locator('#challenge').textContent(), 'No Way!');
        await pages[i].locator('#window-clock').waitFor({ timeout: 5000 });
        assert.match(await pages[i].locator('#window-clock').textContent(), /^\d+ s$/);
    }
    assert.equal(await cp.locator('#challenge').count(), 0, 'the claimer has no button');
    // screenshots of the window (a person asked), desktop then phone
    const shots = path.join(ROOT, 'docs', 'screenshots');
    fs.mkdirSync(shots, { recursive: true });
    assert.equal(seatOf(far), (seatOf(claimer) + 2) % 3);
    await pages[far].setViewportSize({ width: 1280, height: 800 });
    await pages[far].screenshot({ path: path.join(shots, 'race-window-desktop.png') });
    await pages[far].setViewportSize(PHONE);
    await pages[far].locator('#challenge').scrollIntoViewIfNeeded();
    await pages[far].screenshot({ path: path.join(shots, 'race-window-phone.png') });
    await pages[far].setViewportSize(DESKTOP);
    // the seat farther from the claimer's left clicks first: it is the challenger
    await pages[far].locator('#challenge').click();
    await pages[near].locator('#challenge').waitFor({ state: 'detached', timeout: 10000 });
    for (let i = 0; i < 3; i++) {
        const line = i === far ? 'You call "No Way!"' : `${names[far]} calls "No Way!"`;
        await pages[i].locator('.log li', { hasText: line }).first().waitFor({ timeout: 10000 });
    }
    assert.deepEqual(people.flatMap((p) => p.errors), [], 'no script errors');
});

test('the next player may play on in the window: their cards go down the moment the other lets the claim pass', { skip: why || false, timeout: 120000 }, async (t) => {
    const { names, people, pages, near, far } = await threeInAWindow(t);
    const np = pages[near];
    await np.locator('#play-on').waitFor({ timeout: 10000 });
    assert.equal(await pages[far].locator('#play-on').count(), 0, 'only the next player is offered to play on');
    await np.locator('#play-on').click();
    await np.locator('.play-on').waitFor({ timeout: 5000 });
    await np.locator('.hand .card').first().click();
    const label = await np.locator('#play').textContent();
    assert.match(label, /^Lay down 1 saying/);
    const shots = path.join(ROOT, 'docs', 'screenshots');
    await np.setViewportSize(PHONE);
    await np.locator('.play-on').scrollIntoViewIfNeeded();
    await np.screenshot({ path: path.join(shots, 'play-on-phone.png') });
    await np.setViewportSize(DESKTOP);
    await np.locator('#play').click();
    await np.locator('#answered', { hasText: 'Your cards are ready' }).waitFor({ timeout: 10000 });
    // the other still has the whole window; once they let it pass, the play is down
    await pages[far].locator('#let-pass').click();
    await pages[far].locator('.claim', { hasText: `${names[near]} says` }).waitFor({ timeout: 10000 });
    await np.locator('.claim', { hasText: 'You say' }).waitFor({ timeout: 10000 });
    assert.deepEqual(people.flatMap((p) => p.errors), [], 'no script errors');
});
