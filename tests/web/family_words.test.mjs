// Issue 31, "a family dictionary by default", in Chromium against a real
// `alphadeck serve`: at the end of a Liar game and of a Shout a Word game,
// the end panel lists every word the computer players said (as the
// replay's events have them), each marked a common or a rarer word by the
// table's dictionary, and a person can check any word against that
// dictionary (the family one by default: "shit" is not in it).  Every wait
// polls with a deadline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, person, httpGet, sleep, PHONE, DESKTOP, gotoTable, until, finishedBotsGame } from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;

/** the words the replay's events say the seats said, distinct */
function wordsSaid(replay) {
    const said = new Set();
    for (const step of replay.steps) {
        for (const ev of step.events || []) if ((ev.type === 'announce' || ev.type === 'claim') && ev.word) said.add(ev.word);
    }
    return [...said].sort();
}

for (const [game, options, size] of [['liar', { target: 8 }, PHONE], ['shout', { deal_ms: 100, final_ms: 3000 }, DESKTOP]]) {
    test(`the end of a ${game} game lists every word the computer said, common or rarer, and checks any word in the family dictionary`,
        { skip: why || false, timeout: 180000 }, async (t) => {
            const p = await person(env.browser, env.server, 'Mum', { viewport: size });
            t.after(() => p.close());
            const page = await p.open('#/');
            const { table, replay } = await finishedBotsGame(env.server, page, game, options, { name: 'Mum', seats: ['basic', 'strong', 'basic'], seed: 31 });
            const said = wordsSaid(replay);
            assert.ok(said.length > 0, 'the computer players said words');
            await gotoTable(page, table);
            const list = page.locator('.bot-words .bot-word-list li');
            await until(async () => (await list.count()) === said.length, 20000, `the end panel to list ${said.length} words`);
            const shown = (await list.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-word')))).sort();
            assert.deepEqual(shown, said, "every word the computer said, and no other");
            const marks = await page.locator('.bot-words .said').allInnerTexts();
            for (const m of marks) assert.ok(['common word', 'rarer word'].includes(m), `a word marked in words: ${m}`);
            assert.ok(marks.filter((m) => m === 'common word').length >= marks.length * 0.9, `mostly common words: ${marks.join(', ')}`);
            // any word, checked against the table's dictionary
            await page.locator('#check-word').fill('shit');
            await page.locator('#check-word-go').click();
            await page.locator('#check-answer').filter({ hasText: 'SHIT: not in the family dictionary of this table.' }).waitFor({ timeout: 10000 });
            await page.locator('#check-word').fill('Cat');
            await page.locator('#check-word').press('Enter');
            await page.locator('#check-answer').filter({ hasText: 'CAT: common word.' }).waitFor({ timeout: 10000 });
            await page.locator('.bot-words').scrollIntoViewIfNeeded();
            await page.screenshot({ path: `/tmp/family-words-${game}.png`, fullPage: false });
            assert.deepEqual(p.errors, [], 'no script errors');
        });
}
