// Issue 18, promise 4: a page closed in the middle of a game and opened
// again in the same env.browser (the same localStorage, so the same player
// token) takes back the same seat and plays on to the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    serverAndBrowser, person, createTable, gotoTable, playByClicks,
    mySeat, SHORT, sitDown,
} from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;


test('a page closed mid-game and opened again takes back the same seat and plays on to the end', { skip: why || false, timeout: 90000 }, async (t) => {
    const game = 'noway';
    const a = await person(env.browser, env.server, 'Rea');
    const b = await person(env.browser, env.server, 'Bix');
    t.after(() => Promise.all([a.close(), b.close()]));
    const pa = await a.open('#/');
    const token = await pa.evaluate(() => localStorage.getItem('alphadeck.token'));
    const made = await createTable(pa, {
        game, players: 3, seats: ['open', 'open', 'basic'], options: { max_turns: 18 }, bot_pause_ms: 0,
    });
    await gotoTable(pa, made.table);
    const pb = await b.open(`#/table/${made.table}`);
    await sitDown(pb); // a guest by invite link is asked their name first
    // B plays on throughout; A plays three times, then closes the page
    const bDone = playByClicks(pb, game, 80000);
    bDone.catch(() => {});
    const before = await playByClicks(pa, game, 30000, { actions: 3 });
    assert.equal(before.end, null, 'the game is still being played when the page closes');
    const seat = await mySeat(pa);
    assert.notEqual(seat, null, 'the page showed its seat');
    await pa.close();
    // B's page hears that A is offline (the seats push)
    await pb.locator('.players > li').nth(seat).locator('.tag', { hasText: 'offline' }).waitFor({ timeout: 10000 })
        .catch(() => t.diagnostic('the other page did not show "offline" for the closed page within 10 s'));
    const again = await a.open(`#/table/${made.table}`);
    assert.equal(await again.evaluate(() => localStorage.getItem('alphadeck.token')), token, 'the same token');
    await again.locator('.player.me').waitFor({ timeout: 10000 });
    assert.equal(await mySeat(again), seat, 'the same seat again');
    assert.match(await again.locator('.player.me .pname').textContent(), /^Rea \(you\)$/);
    assert.equal(await again.locator('.table-title').textContent(), `No Way, table ${made.table}`, 'a seat, not watching');
    const after = await playByClicks(again, game, 60000);
    assert.ok(after.actions > 0, 'the reopened page played on');
    const bStats = await bDone;
    assert.match(after.end, /^(.+) wins?!$/);
    assert.match(bStats.end, /^(.+) wins?!$/);
    assert.deepEqual([...a.errors, ...b.errors], [], 'no script errors');
    t.diagnostic(`seat ${seat}: ${before.actions} actions before closing, ${after.actions} after; "${after.end}"`);
});
