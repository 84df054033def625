// Issue 31, "A picture for every square": the Sequence Letters board in
// the browser at 320x568 and 375x667 (and a desktop) shows every square's
// picture as our own SVG drawing (no emoji, so no emoji font is needed),
// every word whole (not cut off, not broken inside a word), and every
// square a touch target of at least 44x44 CSS px; and every drawing the
// board names parses as XML, a viewBox of 0 0 64 64, opening with a
// comment naming its picture.  With SEQ_SHOTS=DIR set, the board at each
// size is saved there: the page as sequence-board-<size>.png, the board
// alone as sequence-squares-<size>.png (docs/screenshots/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serverAndBrowser, person, createTable, gotoTable } from './harness.mjs';

const SIZES = { '320x568': { width: 320, height: 568 }, '375x667': { width: 375, height: 667 }, desktop: { width: 1280, height: 900 } };
const env = serverAndBrowser();
const why = env.why;

/** every square's picture, word and size as drawn, measured in the page */
function measure(page) {
    return page.evaluate(() => {
        const out = [];
        for (const sq of document.querySelectorAll('.seq-board .square')) {
            const r = sq.getBoundingClientRect();
            const imgs = [...sq.querySelectorAll('img.sq-pic')];
            const w = /** @type {HTMLElement} */ (sq.querySelector('.sq-word'));
            const wr = w.getBoundingClientRect();
            // a word's letters on one line: every rect of its range at one top
            const text = w.textContent || '';
            const broken = [];
            const nodes = [];
            const walk = document.createTreeWalker(w, NodeFilter.SHOW_TEXT);
            for (let n = walk.nextNode(); n; n = walk.nextNode()) nodes.push(n);
            const at = (i) => { let k = i; for (const n of nodes) { if (k <= n.length) return [n, k]; k -= n.length; } return [nodes[nodes.length - 1], nodes[nodes.length - 1].length]; };
            for (const m of text.matchAll(/[A-Za-z]+/g)) {
                const range = document.createRange();
                range.setStart(...at(m.index));
                range.setEnd(...at(m.index + m[0].length));
                const tops = [...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top));
                if (new Set(tops.map((t) => Math.round(t / 4))).size > 1 && Math.max(...tops) - Math.min(...tops) > 3) broken.push(m[0]);
            }
            out.push({
                name: sq.getAttribute('data-name'), word: text,
                width: r.width, height: r.height,
                images: imgs.map((i) => ({ src: i.getAttribute('src'), done: i.complete && i.naturalWidth > 0, h: i.getBoundingClientRect().height, w: i.getBoundingClientRect().width })),
                pictographs: /\p{Extended_Pictographic}/u.test(sq.textContent || ''),
                wordScroll: w.scrollWidth, wordClient: w.clientWidth,
                wordInside: wr.left >= r.left - 0.5 && wr.right <= r.right + 0.5 && wr.top >= r.top - 0.5 && wr.bottom <= r.bottom + 0.5,
                broken,
            });
        }
        return out;
    });
}

test('every picture the Sequence board names is an SVG drawing that parses as XML, opening with a comment naming it', { skip: why || false, timeout: 60000 }, async (t) => {
    const p = await person(env.browser, env.server, 'Pic xml');
    t.after(() => p.close());
    const page = await p.open('#/');
    const bad = await page.evaluate(async () => {
        const games = await (await fetch('/api/games')).json();
        const board = games.games.find((g) => g.id === 'sequence').board.flat();
        const wrong = [];
        for (const s of board) {
            if (!s.image) { wrong.push(`${s.picture}: no drawing`); continue; }
            const r = await fetch(s.image);
            const doc = new DOMParser().parseFromString(await r.text(), 'image/svg+xml');
            const root = doc.documentElement;
            const first = doc.firstChild;
            if (doc.getElementsByTagName('parsererror').length || root.localName !== 'svg') wrong.push(`${s.picture}: not SVG XML`);
            else if (root.getAttribute('viewBox') !== '0 0 64 64') wrong.push(`${s.picture}: viewBox ${root.getAttribute('viewBox')}`);
            else if (!first || first.nodeType !== Node.COMMENT_NODE || !first.textContent.trim().startsWith(`${s.picture}:`)) wrong.push(`${s.picture}: no opening comment naming it`);
            else if (root.querySelector('text, image, script, foreignObject')) wrong.push(`${s.picture}: text, an image or a script inside`);
        }
        return { n: board.length, wrong };
    });
    assert.equal(bad.n, 48);
    assert.deepEqual(bad.wrong, []);
});

for (const [size, viewport] of Object.entries(SIZES)) {
    test(`at ${size} every Sequence square shows its SVG picture and its whole word, in a target of at least 44x44 px`,
        { skip: why || false, timeout: 90000 }, async (t) => {
            const p = await person(env.browser, env.server, `Pic ${size}`, { viewport });
            t.after(() => p.close());
            const page = await p.open('#/');
            const made = await createTable(page, { game: 'sequence', players: 2, seats: ['open', 'basic'], options: {}, bot_pause_ms: 5000 }); // the bot slow: the board is measured still
            await gotoTable(page, made.table);
            await page.locator('.seq-board .square').nth(47).waitFor({ timeout: 15000 });
            // measured once every picture is drawn (a bot's move redraws the board: measure again)
            const measured = async () => {
                let q = await measure(page);
                for (const until = Date.now() + 15000; q.some((x) => x.images.some((i) => !i.done)) && Date.now() < until;) {
                    await page.waitForTimeout(200);
                    q = await measure(page);
                }
                return q;
            };
            const squares = await measured();
            assert.equal(squares.length, 48, 'the whole board');
            // and again on the seat's turn with a card picked: its squares lit, with a thicker border
            await page.locator('.player.me.asked').waitFor({ timeout: 20000 });
            await page.locator('#hand .card').first().click();
            await page.locator('#hand .card.picked').waitFor({ timeout: 5000 });
            const lit = await measured();
            assert.equal(lit.length, 48, 'the whole board, a card picked');
            const wrong = [];
            for (const s of [...squares, ...lit]) {
                const where = `${size} ${s.name} ${s.word}`;
                if (s.images.length !== 1 || !/\.svg$/.test(s.images[0].src) || !s.images[0].done) wrong.push(`${where}: picture ${JSON.stringify(s.images)}`);
                else if (s.images[0].h < 24 || s.images[0].w < 24) wrong.push(`${where}: picture only ${Math.round(s.images[0].w)}x${Math.round(s.images[0].h)} px`);
                if (s.pictographs) wrong.push(`${where}: an emoji`);
                if (s.wordScroll > s.wordClient + 0.5) wrong.push(`${where}: word cut off (${s.wordScroll} > ${s.wordClient} px)`);
                if (!s.wordInside) wrong.push(`${where}: word outside its square`);
                if (s.broken.length) wrong.push(`${where}: broken inside ${s.broken.join(', ')}`);
                if (s.width < 44 || s.height < 44) wrong.push(`${where}: target ${s.width.toFixed(1)}x${s.height.toFixed(1)} px`);
            }
            if (process.env.SEQ_SHOTS) {
                await page.evaluate(() => window.scrollTo(0, 0));
                await page.screenshot({ path: path.join(process.env.SEQ_SHOTS, `sequence-board-${size}.png`), fullPage: true });
                await page.locator('.seq-board').screenshot({ path: path.join(process.env.SEQ_SHOTS, `sequence-squares-${size}.png`) })
                    .catch(() => page.locator('.seq-board').screenshot({ path: path.join(process.env.SEQ_SHOTS, `sequence-squares-${size}.png`) }));
            }
            assert.deepEqual(wrong, [], `${size}: every square whole`);
            const wide = await page.evaluate(() => ({ W: window.innerWidth, page: (document.scrollingElement || document.documentElement).scrollWidth }));
            assert.ok(wide.page <= wide.W, `${size}: the page is ${wide.page} px wide in a ${wide.W} px window (no sideways scrolling)`);
            assert.deepEqual(p.errors, [], 'no script errors');
        });
}
