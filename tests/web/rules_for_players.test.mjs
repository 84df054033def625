// Issue 31, "Rules for players" and its details, in Chromium against a real
// `alphadeck serve`: each game's rules page opens with "How to play" and
// its picture; the table form explains the options in players' words; I
// Doubt It's cards show their suits, red or black by suit; No Way's "Say"
// warns of a bluff and tips on the last-card trap; counts read "1 letter".
// Every wait polls with a deadline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, person, sleep, PHONE, createTable, gotoTable, until } from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;

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

/** answers every challenge window with "Let it pass" until the page asks
 * for a play on its own turn (not playing on during a window) */
async function untilMyPlay(page) {
    await until(async () => {
        if (await page.locator('#let-pass').isVisible()) {
            await page.locator('#let-pass').click({ timeout: 3000 }).catch(() => {});
            return false;
        }
        return (await page.locator('#play').isVisible()) && (await page.locator('#answered').count()) === 0;
    }, 30000, 'my turn to play');
}

test('I Doubt It\'s cards show their suit\'s sign, red or black by suit, not by their first character',
    { skip: why || false, timeout: 60000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Suzy', { viewport: PHONE });
        t.after(() => p.close());
        const page = await p.open('#/');
        const made = await createTable(page, { game: 'doubt', players: 2, seats: ['open', 'basic'], bot_pause_ms: 0 });
        await gotoTable(page, made.table);
        await page.locator('.hand .card').first().waitFor({ timeout: 15000 });
        const cards = await page.locator('.hand .card').evaluateAll((bs) => bs.map((b) => ({
            card: b.getAttribute('data-card') || '', text: b.textContent || '', suit: b.getAttribute('data-suit'),
            colour: getComputedStyle(b).color, label: b.getAttribute('aria-label') || '',
        })));
        assert.ok(cards.length >= 20, `a hand of ${cards.length}`);
        const sign = { S: '♠', H: '♥', D: '♦', C: '♣' };
        const colours = new Set();
        for (const c of cards) {
            const s = /** @type {'S'|'H'|'D'|'C'} */ (c.card.slice(-1));
            assert.equal(c.text.replace(/ ✓$/, ''), c.card.slice(0, -1) + sign[s], `${c.card} shows its suit's sign: ${c.text}`);
            assert.equal(c.suit, s === 'H' || s === 'D' ? 'red' : 'black', `${c.card} is ${c.suit}`);
            assert.ok(c.label.includes(sign[s]), `${c.card}'s label: ${c.label}`);
            colours.add(`${c.suit} ${c.colour}`);
        }
        assert.deepEqual([...colours].sort(), ['black rgb(27, 27, 27)', 'red rgb(192, 57, 43)'], 'one red and one black, by suit');
        await page.screenshot({ path: '/tmp/doubt-suits-phone.png' });
        assert.deepEqual(p.errors, [], 'no script errors');
    });

test('No Way: at "Say", another letter than the call is named a bluff anyone may call; with 2 players a tip names the letters you are called',
    { skip: why || false, timeout: 90000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Nia', { viewport: PHONE });
        t.after(() => p.close());
        const page = await p.open('#/');
        const made = await createTable(page, { game: 'noway', players: 2, seats: ['open', 'basic'], bot_pause_ms: 0 });
        await gotoTable(page, made.table);
        await untilMyPlay(page);
        const call = await page.locator('.call strong').innerText();
        assert.equal(await page.locator('#say-bluff').count(), 0, 'saying the call is no bluff');
        // the tip: one line that opens on my letters, every other letter from the call
        assert.equal(await page.locator('#trap-tip summary').innerText(), 'Tip: with 2 players you are only ever called every other letter.');
        await page.locator('#trap-tip summary').click();
        const tip = await page.locator('#trap-tip p').innerText();
        const every = [];
        for (let i = call.charCodeAt(0) - 65; every.length < 13; i = (i + 2) % 26) every.push(String.fromCharCode(65 + i));
        assert.ok(tip.startsWith(`Your letters: ${every.join(' ')}. `), `the tip: ${tip}`);
        assert.match(tip, /turned up at once, so your [A-Z](, [A-Z])* can only go in a bluff/, 'it names the cards that are stuck');
        await page.screenshot({ path: '/tmp/noway-trap-tip-phone.png' });
        await page.locator('#trap-tip summary').click();
        const other = String.fromCharCode(65 + ((call.charCodeAt(0) - 65 + 1) % 26));
        await page.locator('#say').selectOption(other);
        const bluff = await page.locator('#say-bluff').innerText();
        assert.equal(bluff, `You say ${other}, but the call is ${call}: that is a bluff, and anyone may call it (No Way!).`);
        await page.screenshot({ path: '/tmp/noway-say-bluff-phone.png' });
        // with the tip closed and the bluff said, the hand's first row stays on the phone's screen
        const first = await page.locator('.hand .card').first().boundingBox();
        assert.ok(first && first.y + first.height <= 667, `the hand's first card on screen (${JSON.stringify(first)})`);
        await page.locator('#say').selectOption(call);
        await page.locator('#say-bluff').waitFor({ state: 'detached', timeout: 5000 });
        assert.deepEqual(p.errors, [], 'no script errors');
    });

test('counts read "1 letter" and "1 card", never "1 letters" (Liar\'s word check, the browser\'s count)',
    { skip: why || false, timeout: 30000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Ola');
        t.after(() => p.close());
        const page = await p.open('#/');
        const said = await page.evaluate(async () => {
            const liar = await import('/js/games/liar.js');
            const ui = await import('/js/ui.js');
            return {
                one: liar.check('a', { min: 1, max: 4 }, null, ['A', 'T']).lines[0],
                two: liar.check('at', { min: 1, max: 4 }, null, ['A', 'T']).lines[0],
                long: liar.check('cats', { min: 1, max: 1 }, null, []).lines[0],
                none: liar.check('', { min: 5, max: 5 }, 'cast', []).lines[0],
                cards: [0, 1, 2].map((n) => ui.count(n, 'card')),
            };
        });
        assert.equal(said.one, '✓ 1 letter: it may be said.');
        assert.equal(said.two, '✓ 2 letters: it may be said.');
        assert.equal(said.long, '✗ Too long: a fresh hand\'s word has at most 1 letter.');
        assert.equal(said.none, 'Type a word of 5 letters, or click the letters of the hand.');
        assert.deepEqual(said.cards, ['0 cards', '1 card', '2 cards']);
    });
