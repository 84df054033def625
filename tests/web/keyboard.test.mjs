// Issue 18, promise 3: a game can be played with the keyboard alone: Tab and
// Shift+Tab to a control, Space to pick a card or object, Enter to lay cards
// down or let a claim pass; no mouse click anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    serverAndBrowser, person, createTable, gotoTable, playByClicks,
    KEY_STEPS, SHORT,
} from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;


for (const game of ['noway', 'doubt']) {
    test(`${game} is played to its end with the keyboard alone (Tab, Shift+Tab, Enter, Space)`, { skip: why || false, timeout: 90000 }, async (t) => {
        const p = await person(env.browser, env.server, `Kay ${game}`);
        t.after(() => p.close());
        const page = await p.open('#/');
        let mouse = 0;
        await page.exposeFunction('__mouseUsed', () => { mouse++; });
        await page.evaluate(() => {
            for (const type of ['mousedown', 'pointerdown']) {
                window.addEventListener(type, (e) => { if (e.isTrusted) window.__mouseUsed(); }, true);
            }
        });
        const made = await createTable(page, {
            game, players: 3, seats: ['open', 'basic', 'basic'], options: SHORT[game], bot_pause_ms: 0,
        });
        await gotoTable(page, made.table);
        const stats = await playByClicks(page, game, 70000, { steps: KEY_STEPS });
        assert.ok(stats.actions > 0, 'the seat acted');
        assert.ok(stats.keys >= stats.actions, 'every action was made with keys');
        assert.equal(mouse, 0, 'no mouse or pointer press reached the page');
        assert.match(stats.end, /^(.+) wins?!$/, `the end panel names a winner: ${JSON.stringify(stats.end)}`);
        assert.deepEqual(p.errors, [], 'no script errors');
        t.diagnostic(`${game}: ${stats.actions} actions with ${stats.keys} key presses; "${stats.end}"; refused: ${JSON.stringify(stats.refusals)}`);
    });
}
