// learn.test.mjs - Learn to play in Chromium: "Learn to play" beside the
// game in the lobby starts the guided first game; the table shows each
// step's words above the game, Next moves on, and doing what a step asks
// (clicking the cards it names) brings the next step.  The first three
// steps of Sequence Letters and of No Way, at phone size (375x667); their
// pictures go to $LEARN_SHOTS (default: the temporary folder; the ones in
// docs/screenshots/ were taken with LEARN_SHOTS=docs/screenshots).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { serverAndBrowser, person, PHONE } from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;
const SHOTS = process.env.LEARN_SHOTS || path.join(os.tmpdir(), 'alphadeck-learn-shots');

async function shot(page, name) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** the step the page shows: "Step N of M", its words, whether Next is offered */
async function shown(page, n) {
    await page.locator('.learn-count', { hasText: `Step ${n} of` }).waitFor({ timeout: 15000 });
    return {
        say: await page.locator('.learn-say').textContent(),
        next: await page.locator('#learn-next').isVisible(),
    };
}

/** opens the lobby, picks game and presses Learn to play; the table's page */
async function startLesson(t, game, name) {
    const p = await person(env.browser, env.server, name, { viewport: PHONE });
    t.after(() => p.close());
    const page = await p.open('#/');
    await page.locator('#game').selectOption(game);
    await page.locator('#learn-start').click();
    await page.locator('.table-title:not(:empty)').waitFor({ timeout: 15000 });
    return { p, page };
}

/** what each game's second step asks, done by clicks */
const DO_STEP_2 = {
    async sequence(page) {
        await page.locator('#hand .card[data-card="A"]').click();
        await page.locator('#board [data-square="1,1"]').click();
        await page.locator('#place:not([disabled])').click();
    },
    async noway(page) {
        await page.locator('.hand .card').first().click(); // the A, first of the sorted hand
        await page.locator('#play:not([disabled])').click();
    },
};

for (const [game, words] of [['sequence', /Sequence Letters/], ['noway', /No Way/]]) {
    test(`Learn to play ${game} in the browser shows the first three steps above the table, and each moves on when done`, { skip: why || false, timeout: 90000 }, async (t) => {
        const { p, page } = await startLesson(t, game, `Lea-${game}`);
        const s1 = await shown(page, 1);
        assert.match(s1.say, words, 'the first step welcomes to the game');
        assert.ok(s1.next, 'the first step offers Next');
        await shot(page, `learn-${game}-1-phone`);
        await page.locator('#learn-next').click();
        const s2 = await shown(page, 2);
        assert.ok(!s2.next, 'the second step asks for a move, not Next');
        await shot(page, `learn-${game}-2-phone`);
        await DO_STEP_2[game](page);
        const s3 = await shown(page, 3);
        assert.ok(s3.next, 'the third step offers Next');
        assert.ok(await page.locator('.learn-rule').isVisible(), 'the rule the step shows is on the page');
        await shot(page, `learn-${game}-3-phone`);
        assert.deepEqual(p.errors, [], 'no error in the page');
    });
}
