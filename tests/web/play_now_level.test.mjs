// Issue 31, "A level for children", in Chromium: Play now offers the
// computer's level beside its button, from the game's levels as /api/games
// lists them (Sequence Letters starts at its bot_default, easy; the other
// games at theirs), the game starts with bots of the level chosen, and the
// choice is remembered per game.  Screenshots (desktop and phone) go to
// $LEVEL_SHOTS (default: the temporary folder) to be looked at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { serverAndBrowser, person, httpGet, PHONE } from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;
const SHOTS = process.env.LEVEL_SHOTS || path.join(os.tmpdir(), 'alphadeck-level-shots');

async function shot(page, name) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** /api/games, as the browser reads it */
async function apiGames() {
    const r = await httpGet(env.server, '/api/games');
    assert.equal(r.status, 200);
    return JSON.parse(r.body).games;
}

/** the level select's options and its value */
async function levelChoice(page) {
    const sel = page.locator('#play-now-level');
    return { options: await sel.locator('option').evaluateAll((os) => os.map((o) => o.value)), value: await sel.inputValue() };
}

/** presses Play now and returns the seats of the table it made (the create
 * answer's, as the page received it), once the table is drawn */
async function playNow(p, page) {
    const before = p.frames.length;
    await page.locator('#play-now').click();
    await page.locator('.table-title:not(:empty)').waitFor({ timeout: 15000 });
    const made = p.frames.slice(before).find((f) => f.ok && typeof f.table === 'number' && Array.isArray(f.seats));
    assert.ok(made, 'the create answer, with its seats');
    return made.seats;
}

for (const size of ['desktop', 'phone']) {
    test(`Play now offers the level, the game's own first (easy in Sequence Letters), and the game starts with bots of the level chosen (${size})`, { skip: why || false, timeout: 90000 }, async (t) => {
        const games = await apiGames();
        const p = await person(env.browser, env.server, 'Kit', size === 'phone' ? { viewport: PHONE } : {});
        t.after(() => p.close());
        const page = await p.open('#/');
        for (const g of games) {
            await page.locator('#game').selectOption(g.id);
            const c = await levelChoice(page);
            assert.deepEqual(c.options, g.bots, `${g.id}: the levels /api/games lists`);
            assert.equal(c.value, g.bot_default, `${g.id}: its default level`);
        }
        const seq = games.find((g) => g.id === 'sequence');
        assert.equal(seq.bot_default, 'easy', 'Sequence Letters starts at easy');
        assert.ok(games.filter((g) => g.id !== 'sequence').every((g) => g.bot_default === 'basic'), 'the others keep basic');
        await page.locator('#game').selectOption('sequence');
        await shot(page, `lobby-level-${size}`);
        const seats = await playNow(p, page);
        const bots = seats.filter((s) => s.bot);
        assert.equal(bots.length, seats.length - 1, 'every seat but yours is a bot');
        assert.ok(bots.every((s) => s.bot === 'easy'), `easy bots: ${JSON.stringify(seats)}`);
        await page.locator('.players .tag', { hasText: 'computer, easy' }).first().waitFor({ timeout: 10000 });
        await shot(page, `table-easy-${size}`);
        assert.deepEqual(p.errors, [], 'no script errors');
    });
}

test('the level chosen for Play now is kept per game, and the next game starts with bots of that level', { skip: why || false, timeout: 90000 }, async (t) => {
    const p = await person(env.browser, env.server, 'Lou');
    t.after(() => p.close());
    const page = await p.open('#/');
    await page.locator('#game').selectOption('noway');
    await page.locator('#play-now-level').selectOption('strong');
    await page.locator('#game').selectOption('sequence');
    await page.locator('#play-now-level').selectOption('basic');
    await page.reload();
    await page.locator('#play-now').waitFor({ timeout: 15000 });
    await page.locator('#game').selectOption('noway');
    assert.equal((await levelChoice(page)).value, 'strong', 'No Way: the level chosen before');
    await page.locator('#game').selectOption('liar');
    assert.equal((await levelChoice(page)).value, 'basic', 'Liar: never chosen, its default');
    await page.locator('#game').selectOption('sequence');
    assert.equal((await levelChoice(page)).value, 'basic', 'Sequence Letters: the level chosen before');
    await page.locator('#game').selectOption('noway');
    const seats = await playNow(p, page);
    assert.ok(seats.filter((s) => s.bot).length > 0 && seats.filter((s) => s.bot).every((s) => s.bot === 'strong'),
        `strong bots: ${JSON.stringify(seats)}`);
    assert.deepEqual(p.errors, [], 'no script errors');
});
