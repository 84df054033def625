// Read aloud in the browser (issue 31): with the Read aloud switch on, the
// page asks speechSynthesis to say what the server sent the seat (whose
// turn it is, what to do, each move, the end) and each card as it is
// picked, in the library's words; with it off, nothing.  speechSynthesis
// is stubbed in the page to record what it is asked to say.  The page's
// hello tells the server whether it reads aloud (a page that does not is
// sent no lines), and says it again when the switch is turned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serverAndBrowser, person, createTable, gotoTable, playByClicks, recordSpeech } from './harness.mjs';

const s = serverAndBrowser();
const SHOTS = process.env.SHOTS || '';

/** p's page at a new Sequence table against a bot, its speech recorded
 * (the Read aloud switch as `aloud` says) */
async function atSequenceTable(p, aloud) {
    await recordSpeech(p, aloud);
    const page = await p.open('#/');
    const made = await createTable(page, {
        game: 'sequence', players: 2, seats: ['open', 'basic'], options: { max_turns: 200 }, bot_pause_ms: 0,
    });
    await gotoTable(page, made.table);
    return page;
}

/** a Sequence game against a bot, played by clicks to its end (or `actions` moves) */
async function playSequence(name, aloud, actions = 0) {
    const p = await person(s.browser, s.server, name);
    try {
        const page = await atSequenceTable(p, aloud);
        const stats = await playByClicks(page, 'sequence', 90000, actions ? { actions } : {});
        const said = /** @type {string[]} */ (await page.evaluate(() => [...window.__said]));
        if (SHOTS) {
            fs.mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({ path: path.join(SHOTS, `read-aloud-${aloud ? 'on' : 'off'}.png`) });
        }
        return { said, stats, checked: await page.locator('#aloud').isChecked() };
    } finally {
        await p.close();
    }
}

test('with Read aloud on, speechSynthesis is asked to say the turn, the picked card, the moves and the end', { timeout: 150000 }, async (t) => {
    if (s.why) return t.skip(s.why);
    const { said, stats, checked } = await playSequence('Ada', true);
    assert.ok(checked, 'the switch shows on');
    assert.ok(stats.end !== null, 'the game ended');
    assert.ok(said.includes('Your turn, Ada. Pick a card, then a square with its picture.'), said.slice(0, 8).join(' | '));
    assert.ok(said.some((l) => /^Bea (puts|plays) .* on [A-Y]\.\.\. [a-z]/.test(l)), `the computer's moves: ${said.slice(0, 8).join(' | ')}`);
    assert.ok(said.some((l) => /^[A-Y]\.\.\. [a-z -]+(, [a-z -]+)?$|^Z: any square!$|^X: take away a chip!$/.test(l)), `a picked card: ${said.slice(0, 12).join(' | ')}`);
    assert.match(said[said.length - 1], /four in a row/, 'the last words say how it ended');
});

test('with Read aloud off, speechSynthesis is asked nothing', { timeout: 150000 }, async (t) => {
    if (s.why) return t.skip(s.why);
    const { said, stats, checked } = await playSequence('Bob', false, 3);
    assert.ok(!checked && stats.actions >= 3, 'the switch shows off and moves were made');
    assert.deepEqual(said, []);
});

test('Read aloud turned on in the middle of a game: the page tells the server, and the next moves are said', { timeout: 150000 }, async (t) => {
    if (s.why) return t.skip(s.why);
    const p = await person(s.browser, s.server, 'Cy');
    try {
        const page = await atSequenceTable(p, false);
        const seated = p.frames.length; /* from here on, the page's own connection's frames (createTable's closed) */
        const before = await playByClicks(page, 'sequence', 60000, { actions: 2 });
        assert.ok(before.actions >= 2, 'moves were made with the switch off');
        assert.deepEqual(await page.evaluate(() => [...window.__said]), [], 'nothing said with the switch off');
        /** the lines in the updates the page was sent, from frame `from` on */
        const lines = (from) => p.frames.slice(from).filter((f) => f.push === 'update').flatMap((f) => f.aloud || []);
        assert.deepEqual(lines(seated), [], 'the server sent no lines to a page that does not read aloud');
        const hellos = () => p.sent.filter((f) => f.cmd === 'hello' && f.deltas);
        assert.equal(hellos().length, 1);
        assert.equal(hellos()[0].aloud, false, 'its hello said so');
        const turned = p.frames.length;
        await page.locator('#aloud').check();
        await page.waitForFunction(() => localStorage.getItem('alphadeck.aloud') === '1');
        const after = await playByClicks(page, 'sequence', 60000, { actions: 3 });
        assert.ok(after.actions >= 3 || after.end !== null, 'moves were made with the switch on');
        assert.equal(hellos().length, 2, 'a hello again when the switch was turned');
        assert.equal(hellos()[1].aloud, true, 'saying the page reads aloud now');
        assert.ok(lines(turned).length > 0, 'and the updates after it carry lines');
        const said = /** @type {string[]} */ (await page.evaluate(() => [...window.__said]));
        assert.ok(said.some((l) => /^Bea (puts|plays) /.test(l) || l.startsWith('Your turn, Cy.') || /four in a row/.test(l)),
            `the server's lines are said once the switch is on: ${said.slice(0, 8).join(' | ')}`);
        if (SHOTS) {
            fs.mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({ path: path.join(SHOTS, 'read-aloud-turned-on.png') });
        }
    } finally {
        await p.close();
    }
});
