// Issue 18, promise 5: on a phone (375x667) and a large desktop (1920x1080)
// every control of the lobby and of a table of each game is on the screen
// without scrolling sideways: the page is no wider than the window and no
// button, field, link or card sticks out of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
    serverAndBrowser, person, createTable, gotoTable, SHORT,
} from './harness.mjs';

const GAMES = ['noway', 'doubt', 'sequence', 'liar', 'shout'];
const SIZES = { phone: { width: 375, height: 667 }, desktop: { width: 1920, height: 1080 } };
const env = serverAndBrowser();
const why = env.why;


// the page's width, the window's, and every control drawn outside the window
function overflow(page) {
    return page.evaluate(() => {
        const W = window.innerWidth;
        const out = [];
        for (const e of document.querySelectorAll('button, select, input, textarea, a[href], summary, [tabindex]:not([tabindex="-1"]), [role="button"]')) {
            const r = e.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) continue; // not drawn (closed details, hidden)
            if (r.left < -0.5 || r.right > W + 0.5) {
                out.push(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className ? `.${String(e.className).split(' ').join('.')}` : ''} "${(e.textContent || '').trim().slice(0, 30)}" at ${Math.round(r.left)}..${Math.round(r.right)}`);
            }
        }
        return { W, scrollWidth: (document.scrollingElement || document.documentElement).scrollWidth, out };
    });
}

function check(o, where) {
    assert.ok(o.scrollWidth <= o.W, `${where}: the page is ${o.scrollWidth} px wide in a ${o.W} px window`);
    assert.deepEqual(o.out.slice(0, 10), [], `${where}: controls outside the window`);
}

for (const [size, viewport] of Object.entries(SIZES)) {
    test(`at ${viewport.width}x${viewport.height} every control of the lobby and of a table of each game is visible without scrolling sideways`,
        { skip: why || false, timeout: 90000 }, async (t) => {
            const p = await person(env.browser, env.server, `Wid ${size}`, { viewport });
            t.after(() => p.close());
            const page = await p.open('#/');
            check(await overflow(page), `${size} lobby`);
            await page.locator('details.custom > summary').click();
            for (const game of GAMES) {
                await page.selectOption('#game', game);
                check(await overflow(page), `${size} lobby, a table of your own, ${game}`);
            }
            const failures = [];
            for (const game of GAMES) {
                const made = await createTable(page, {
                    game, players: game === 'sequence' ? 3 : 4, seats: ['open', 'basic', 'basic', 'basic'].slice(0, game === 'sequence' ? 3 : 4),
                    options: { ...SHORT[game], ...(game === 'shout' ? { deal_ms: 2500 } : {}) }, bot_pause_ms: 800,
                });
                await gotoTable(page, made.table);
                await page.waitForTimeout(300);
                try {
                    check(await overflow(page), `${size} ${game} table`);
                } catch (e) {
                    failures.push(e.message);
                }
            }
            assert.deepEqual(failures, [], 'every game\'s table fits');
            assert.deepEqual(p.errors, [], 'no script errors');
        });
}
