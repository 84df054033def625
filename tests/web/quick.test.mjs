// Issue 30, "Finding people", in Chromium: the lobby has "Play with people"
// for each game; two people pressing it for the same game sit at the same
// table, which says it waits for people and when bots join; the other
// person's lobby shows the table open to join.  With QUICK_SHOTS=DIR set,
// the lobby is also pictured at desktop (1280x800) and phone (375x667)
// size in DIR, with a table open to join.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serverAndBrowser, person, mySeat } from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;

/** the table number of the page's address, once it is at a table */
async function tableOf(page) {
    await page.waitForFunction(() => /^#\/table\/\d+/.test(location.hash), null, { timeout: 15000 });
    return Number(await page.evaluate(() => /^#\/table\/(\d+)/.exec(location.hash)[1]));
}

test('two people pressing "Play with people" for the same game end up at the same table, which waits for people and says when bots join', { skip: why || false, timeout: 90000 }, async (t) => {
    const a = await person(env.browser, env.server, 'Ana');
    const b = await person(env.browser, env.server, 'Ben');
    t.after(() => Promise.all([a.close(), b.close()]));
    const pa = await a.open('#/');
    const pb = await b.open('#/');
    await pa.locator('#quick-doubt').click();
    const table = await tableOf(pa);
    await pa.locator('.player.me').waitFor({ timeout: 15000 });
    const waiting = pa.locator('.waiting-people');
    await waiting.waitFor({ timeout: 10000 });
    assert.match(await waiting.textContent(), /^Waiting for people\.\.\. bots join in \d+ s$/);

    // Ben's lobby lists Ana's table, open to join, under I Doubt It
    const open = pb.locator(`.people-game .join-open[data-table="${table}"]`);
    await open.waitFor({ timeout: 15000 });
    assert.match(await open.textContent(), /^Join Ana \(3 open seats\)$/);
    if (process.env.QUICK_SHOTS) {
        for (const [size, vp] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 375, height: 667 }]]) {
            await pb.setViewportSize(vp);
            await pb.screenshot({ path: path.join(process.env.QUICK_SHOTS, `lobby-people-${size}.png`), fullPage: false });
        }
        await pa.screenshot({ path: path.join(process.env.QUICK_SHOTS, 'table-waiting-desktop.png') });
        await pb.setViewportSize({ width: 1280, height: 900 });
    }
    await pb.locator('#quick-doubt').click();
    assert.equal(await tableOf(pb), table, 'Ben sits at Ana\'s table');
    await pb.locator('.player.me').waitFor({ timeout: 15000 });
    assert.equal(await mySeat(pb), 1);
    assert.equal(await mySeat(pa), 0);
    // Ana's page hears Ben sit down
    await pa.locator('.players > li').nth(1).locator('.pname', { hasText: 'Ben' }).waitFor({ timeout: 10000 });
    assert.deepEqual([...a.errors, ...b.errors], [], 'no script errors');
});
