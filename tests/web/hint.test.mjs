// The coach in the browser (issue 32; docs/server.md, "Hints" and "A
// replay's hints"): at a table that allows hints, a Hint button shows the
// seat's hint in every game; a claim the seat's own cards prove false shows
// a line always in view, asked for once a position; a table with hints off
// has no Hint button; and the replay, seen from a seat, shows what that
// seat could have known at each step.  With SHOTS=DIR the pictures are
// saved there (docs/screenshots/ for the docs), each at phone size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serverAndBrowser, person, createTable, gotoTable, playByClicks, httpGet, PHONE, recordSpeech } from './harness.mjs';

const s = serverAndBrowser();
const SHOTS = process.env.SHOTS || '';

/** saves a picture of the page when SHOTS names a folder @param {any} page @param {string} name */
async function shot(page, name) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** a person at a phone, at a new table of theirs with one computer player;
 * aloud: Read aloud on, and what the page asks to say kept in window.__said */
async function atTable(name, req, aloud = false) {
    const p = await person(s.browser, s.server, name, { viewport: PHONE });
    if (aloud) await recordSpeech(p);
    const page = await p.open('#/');
    const made = await createTable(page, { players: 2, seats: ['open', 'basic'], ...req });
    await gotoTable(page, made.table);
    return { p, page, made };
}

/** clicks Hint until its panel shows a hint (the position may move on as it is asked); its text */
async function hintShown(page, ready = '.hint-panel .hint-text') {
    const deadline = Date.now() + 20000;
    for (;;) {
        await page.locator('#hint').click();
        try {
            await page.locator(ready).first().waitFor({ state: 'visible', timeout: 2500 });
            return await page.locator('.hint-panel .hint-text').first().textContent();
        } catch (e) {
            if (Date.now() > deadline) throw e;
        }
    }
}

test('in No Way, a claim the seat\'s own cards prove false shows "a lie for sure" always in view, asked once for that position; the Hint button shows it with its bar; both are said when Read aloud is on; the replay shows it at that step', { timeout: 180000 }, async (t) => {
    if (s.why) return t.skip(s.why);
    // seed 1: the computer (seat 1) plays first, on a call of A, and Ann holds both A's
    const { p, page, made } = await atTable('Ann', { game: 'noway', seed: 1, options: { max_turns: 16 }, bot_pause_ms: 0 }, true);
    try {
        assert.equal(made.hints, true);
        const line = page.locator('.hint-line');
        await line.waitFor({ state: 'visible', timeout: 15000 });
        assert.match(await line.textContent(), /lie for sure/);
        const box = await line.boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `the line is on the screen: ${JSON.stringify(box)}`);
        const text = await hintShown(page);
        assert.match(text, /A/, text);
        assert.equal(await page.locator('.hint-panel meter').first().getAttribute('value'), '1');
        await shot(page, 'hint-noway-phone');
        // Read aloud is on: the line and the hint's words were said
        const said = /** @type {string[]} */ (await page.evaluate(() => [...window.__said]));
        assert.ok(said.includes(await line.textContent()), `the line said: ${said.slice(-4).join(' | ')}`);
        assert.ok(said.includes(text), `the hint said: ${said.slice(-4).join(' | ')}`);
        // one hint asked for that position: the button showed the one already had
        const answers = p.frames.filter((f) => f.hint && f.table === made.table);
        assert.equal(answers.length, 1, `hint answers: ${answers.length}`);
        const v = answers[0].v;
        // the game to its end, then its replay as Ann saw it, explained
        const stats = await playByClicks(page, 'noway', 120000);
        assert.ok(stats.end !== null);
        const atV = JSON.parse((await httpGet(s.server, `/api/tables/${made.table}/hint?seat=0&step=${v}`)).body);
        assert.equal(atV.ok, true, JSON.stringify(atV));
        assert.equal(atV.hint.text, text, 'the replay\'s hint at that step is the one the table gave');
        await page.evaluate((tb) => { location.hash = `#/replay/${tb}?seat=0`; }, made.table);
        await page.locator('#explain').click();
        for (let k = 0; k < v; k++) await page.locator('#next').click();
        await page.locator('.replay-hint .hint-text').filter({ hasText: text }).waitFor({ timeout: 10000 });
        await page.locator('.replay-hint').scrollIntoViewIfNeeded();
        await shot(page, 'replay-hint-phone');
        await page.locator('#explain').click();
        await page.locator('.replay-hint').waitFor({ state: 'hidden', timeout: 5000 });
        assert.deepEqual(p.errors, []);
    } finally {
        await p.close();
    }
});

/** each game: the table, and what its hint panel shows once the person is asked */
const GAMES = [
    ['doubt', { seed: 2, options: { max_turns: 16 } }, '.hint-panel meter'],
    ['sequence', { seed: 3, options: { max_turns: 200 } }, '.seq-board .square.hint-square'],
    // the words the hand spells, or (a word announced to the seat) how likely it is a bluff
    ['liar', { seed: 4, options: { target: 8 } }, '.hint-panel .hint-word, .hint-panel meter'],
    ['shout', { seed: 5, options: { deal_ms: 1500, final_ms: 0 } }, '.hint-panel .hint-word'],
];

for (const [game, req, ready] of GAMES) {
    test(`in ${game}, the Hint button shows the seat's hint in words${ready.includes('hint-square') ? ', its suggested square lit on the board' : ready.includes('word') ? ', with its words' : ''}`, { timeout: 90000 }, async (t) => {
        if (s.why) return t.skip(s.why);
        const { p, page } = await atTable('Bea', { game, bot_pause_ms: 300, ...req });
        try {
            // the person's turn (Shout: all play at once, once words are on the table)
            if (game !== 'shout') await page.locator('.player.me.asked').waitFor({ timeout: 20000 });
            const text = await hintShown(page, ready);
            assert.ok(text && text.length > 10, text);
            // the picture: the lit square where there is one, else the panel
            const lit = page.locator('.square.hint-square');
            if (await lit.count()) await lit.first().evaluate((e) => e.scrollIntoView({ block: 'center' }));
            await shot(page, `hint-${game}-phone`);
            assert.deepEqual(p.errors, []);
        } finally {
            await p.close();
        }
    });
}

test('in I Doubt It, the Hint and its panel stay beside the hand while the person picks cards', { timeout: 60000 }, async (t) => {
    if (s.why) return t.skip(s.why);
    // seed 1: Dee (seat 0) plays first
    const { p, page } = await atTable('Dee', { game: 'doubt', seed: 1, options: { max_turns: 16 }, bot_pause_ms: 300 });
    try {
        await page.locator('#play').waitFor({ timeout: 20000 });
        await hintShown(page, '.hint-panel meter');
        await page.locator('.dock .hand .card').first().click();
        await page.locator('.dock .hand .card.picked').waitFor({ timeout: 5000 });
        assert.equal(await page.locator('#hint').isVisible(), true, 'the Hint button is still there');
        assert.equal(await page.locator('.hint-panel').isVisible(), true, 'and its panel');
        assert.equal(await page.evaluate(() => document.querySelector('.dock')?.firstElementChild?.className), 'hint-box', 'atop the dock');
        assert.deepEqual(p.errors, []);
    } finally {
        await p.close();
    }
});

test('a table made with hints off has no Hint button, where the same table with hints on has one', { timeout: 60000 }, async (t) => {
    if (s.why) return t.skip(s.why);
    const on = await atTable('Cal', { game: 'noway', hints: true, bot_pause_ms: 0 });
    try {
        await on.page.locator('.player.me.asked').waitFor({ timeout: 20000 });
        assert.equal(await on.page.locator('#hint').isVisible(), true, 'hints on: a Hint button');
    } finally {
        await on.p.close();
    }
    const { p, page, made } = await atTable('Cal', { game: 'noway', hints: false, bot_pause_ms: 0 });
    try {
        assert.equal(made.hints, false);
        await page.locator('.player.me.asked').waitFor({ timeout: 20000 });
        assert.equal(await page.locator('#hint').isVisible(), false);
        assert.equal(await page.locator('.hint-line').isVisible(), false);
        assert.equal(p.frames.filter((f) => f.hint || f.code === 'hints_off').length, 0, 'no hint was asked for');
    } finally {
        await p.close();
    }
});
