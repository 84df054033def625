// Issue 30, a rematch by consent in the browser: at the end of a game one
// person offers another ("Play again?", choosing who takes a decliner's
// seat), the other sees the offer with Accept / Decline and who has
// answered, and when they accept both land at their seats at the new table;
// a spectator sees the offer and is invited to watch the next game.
// With ALPHADECK_SHOTS=DIR set, the offer as the person asked sees it is
// saved there at desktop (1280x800) and phone (375x667) size:
// rematch-offer-desktop.png and rematch-offer-phone.png (docs/screenshots/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serverAndBrowser, person, createTable, gotoTable, playByClicks, mySeat, sitDown, PHONE } from './harness.mjs';

const env = serverAndBrowser();

/** the table number in the page's address */
const tableOf = (page) => page.evaluate(() => Number((/^#\/table\/(\d+)/.exec(location.hash) || [])[1]));

/** saves the offer as page shows it, when ALPHADECK_SHOTS names a folder */
async function shots(page) {
    const dir = process.env.ALPHADECK_SHOTS;
    if (!dir) return;
    for (const [size, vp] of [['desktop', { width: 1280, height: 800 }], ['phone', PHONE]]) {
        await page.setViewportSize(vp);
        await page.waitForTimeout(300);
        await page.locator('.end').evaluate((e) => e.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: path.join(dir, `rematch-offer-${size}.png`) });
    }
}

test('two people at a finished game: one offers a rematch, the other sees the offer and who has answered, accepts, and both land at their seats at the new table; a spectator is invited to watch it',
    { skip: env.why || false, timeout: 150000 }, async (t) => {
        const ada = await person(env.browser, env.server, 'Ada');
        const bo = await person(env.browser, env.server, 'Bo');
        const cy = await person(env.browser, env.server, 'Cy');
        t.after(async () => { await ada.close(); await bo.close(); await cy.close(); });
        const pa = await ada.open('#/');
        const made = await createTable(pa, {
            game: 'noway', players: 3, seats: ['open', 'open', 'basic'], options: { max_turns: 6 }, bot_pause_ms: 0,
        });
        await gotoTable(pa, made.table);
        const pb = await bo.open(`#/table/${made.table}`);
        await sitDown(pb); // a guest by invite link is asked a name first
        // Cy comes by once every seat is taken: a spectator
        await pa.locator('.player.asked').first().waitFor({ timeout: 15000 });
        const pc = await cy.open(`#/table/${made.table}`);
        await pc.locator('.table-title').filter({ hasText: '(watching)' }).waitFor();
        await Promise.all([playByClicks(pa, 'noway', 90000), playByClicks(pb, 'noway', 90000)]);
        const seats = [await mySeat(pa), await mySeat(pb)];

        // Ada: "Play again?", with who takes a decliner's seat
        await pa.locator('#rematch').waitFor();
        assert.match(await pa.locator('.rematch').innerText(), /Play again\?/);
        await pa.locator('#rematch-declined').selectOption('bot');
        await pa.locator('#rematch').click();
        await pa.locator('.rematch-answers').filter({ hasText: 'Bo: waiting' }).waitFor();

        // Bo is asked, sees who answered what, with Accept and Decline
        await pb.locator('#rematch-accept').waitFor();
        const seen = await pb.locator('.rematch').innerText();
        assert.match(seen, /Ada asks: play again\?/);
        assert.match(seen, /Ada: offered/);
        assert.match(seen, /You: waiting/);
        assert.equal(await pb.locator('#rematch-decline').isVisible(), true);
        assert.equal(await tableOf(pa), made.table, 'nothing starts before Bo answers');
        await shots(pb);
        // the spectator sees the offer, with nothing to answer
        await pc.locator('.rematch-answers').filter({ hasText: 'Bo: waiting' }).waitFor();
        assert.match(await pc.locator('.rematch').innerText(), /Ada offered a rematch\./);
        assert.equal(await pc.locator('#rematch-accept, #rematch').count(), 0, 'a spectator has nothing to answer');

        await pb.locator('#rematch-accept').click();
        // both pages go to the same new table, each to its own seat
        for (const p of [pa, pb]) {
            await p.waitForFunction((old) => {
                const m = /^#\/table\/(\d+)/.exec(location.hash);
                return m && Number(m[1]) !== old;
            }, made.table, { timeout: 15000 });
        }
        const next = await tableOf(pa);
        assert.equal(await tableOf(pb), next, 'the same new table');
        for (const p of [pa, pb]) {
            await p.locator('.table-title').filter({ hasText: `table ${next}` }).waitFor();
            assert.doesNotMatch(await p.locator('.table-title').innerText(), /watching/);
        }
        await pa.locator('.players > li.me').waitFor();
        await pb.locator('.players > li.me').waitFor();
        assert.deepEqual([await mySeat(pa), await mySeat(pb)], seats, 'each in the seat they had');

        // the spectator is invited to watch the next game, and watches it
        await pc.locator('#rematch-watch').waitFor();
        assert.equal(await tableOf(pc), made.table, 'the spectator stays until they choose');
        await pc.locator('#rematch-watch').click();
        await pc.locator('.table-title').filter({ hasText: `table ${next} (watching)` }).waitFor();
        assert.equal(await mySeat(pc), null, 'watching, not seated');
        assert.deepEqual([...ada.errors, ...bo.errors, ...cy.errors], [], 'no script errors');
    });
