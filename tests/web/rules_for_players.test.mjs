// Issue 31, "Rules for players" and its details, in Chromium against a real
// `alphadeck serve`: each game's rules page opens with "How to play" and
// its picture; the table form explains the options in players' words; I
// Doubt It's cards show their suits, red or black by suit; No Way's "Say"
// warns of a bluff and tips on the last-card trap; counts read "1 letter".
// Every wait polls with a deadline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, person, sleep, PHONE, createTable, gotoTable } from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;

/** polls fn until it is truthy, or throws after ms */
async function until(fn, ms, what) {
    const end = Date.now() + ms;
    for (;;) {
        const x = await fn();
        if (x) return x;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await sleep(100);
    }
}

test('every game\'s rules page opens with "How to play" and its picture, the details after, the developers\' part last',
    { skip: why || false, timeout: 90000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Reader', { viewport: PHONE });
        t.after(() => p.close());
        const page = await p.open('#/');
        const games = await page.evaluate(async () => (await (await fetch('/api/games')).json()).games.map((g) => g.id));
        assert.ok(games.length >= 5, `the games: ${games}`);
        for (const id of games) {
            await page.locator('#game').selectOption(id);
            await page.getByRole('button', { name: 'Rules', exact: true }).click();
            const dlg = page.locator('dialog.rules-dialog');
            await dlg.locator('.rules h3').first().waitFor({ timeout: 10000 });
            const seen = await until(() => page.evaluate(() => {
                const d = document.querySelector('dialog.rules-dialog .rules');
                const img = d && d.querySelector('figure.rules-picture img');
                if (!img || !img.complete || !img.naturalWidth) return null;
                const kids = [...d.children];
                return {
                    // the page's title (#) is drawn as h2, its sections (##) as h3
                    order: kids.slice(0, 3).map((k) => k.tagName + (/^H\d$/.test(k.tagName) ? `:${k.textContent}` : '')),
                    sections: [...d.querySelectorAll('h3')].map((h) => h.textContent),
                    alt: img.alt,
                    width: img.getBoundingClientRect().width,
                    first: kids[3] ? kids[3].textContent : '',
                };
            }), 10000, `${id}'s picture`);
            assert.equal(seen.order[1], 'H3:How to play', `${id}: "How to play" first (${seen.order})`);
            assert.equal(seen.order[2], 'FIGURE', `${id}: the picture opens it`);
            assert.ok(seen.alt.length > 20, `${id}: the picture says what it shows: ${seen.alt}`);
            assert.ok(seen.width > 200 && seen.width <= 400, `${id}: the picture fits the phone (${seen.width} px)`);
            assert.match(seen.first, /^For \d/, `${id}: the words begin with who plays: ${seen.first.slice(0, 40)}`);
            assert.equal(seen.sections.at(-1), 'For developers', `${id}: the developers' part last`);
            if (id === 'noway') await page.screenshot({ path: '/tmp/rules-noway-phone.png' });
            await dlg.getByRole('button', { name: 'Close' }).click();
            await dlg.waitFor({ state: 'detached', timeout: 5000 });
        }
        assert.deepEqual(p.errors, [], 'no script errors');
    });

test('the table form explains every game\'s options in a player\'s words, from the library',
    { skip: why || false, timeout: 60000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Host');
        t.after(() => p.close());
        const page = await p.open('#/');
        await page.locator('details.custom summary').click();
        const games = await page.evaluate(async () => (await (await fetch('/api/games')).json()).games.map((g) => g.id));
        for (const id of games) {
            await page.locator('#game').selectOption(id);
            const opts = await page.locator('.options label.option').evaluateAll((ls) => ls.map((l) => ({
                label: l.querySelector('span').textContent, help: l.querySelector('small').textContent,
            })));
            assert.ok(opts.length > 0, `${id} has options`);
            for (const o of opts) {
                assert.match(o.label, /^[A-Z][a-z]+ [^_]+$/, `${id}: a label in words, not an option's id: ${o.label}`);
                assert.doesNotMatch(o.help, /data\/|\.txt|_| = /, `${id}: ${o.label}: no file, id or formula: ${o.help}`);
                assert.ok(o.help.split(' ').length >= 6, `${id}: ${o.label} is explained: ${o.help}`);
            }
        }
        await page.locator('#game').selectOption('noway');
        await page.locator('.options').screenshot({ path: '/tmp/form-options-noway.png' });
        assert.deepEqual(p.errors, [], 'no script errors');
    });
