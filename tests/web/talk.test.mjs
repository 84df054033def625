// Table talk in the browser (web/js/talk.js): a reaction and a message
// sent from one page are shown on the other, naming who said them; a
// person muted at one screen is neither shown there nor read out; the
// lobby's form makes a table of chat.  With TALK_SHOTS=1 it also saves the
// pictures docs/screenshots/talk-desktop.png and talk-phone.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
    ROOT, serverAndBrowser, person, createTable, gotoTable, PHONE, SHORT,
} from './harness.mjs';

const env = serverAndBrowser();
const why = env.why;

/** Ann makes a table of `talk` (game liar, a bot beside), Bob sits at it:
 *  { pa, pb, a, b, table } */
async function twoPages(t, talk, names = ['Ann', 'Bob'], opts = {}) {
    const a = await person(env.browser, env.server, names[0]);
    const b = await person(env.browser, env.server, names[1], opts);
    t.after(() => Promise.all([a.close(), b.close()]));
    const pa = await a.open('#/');
    const made = await createTable(pa, {
        game: 'liar', players: 3, seats: ['open', 'open', 'basic'], options: SHORT.liar, bot_pause_ms: 1000, talk,
    });
    await gotoTable(pa, made.table);
    const pb = await b.open(`#/table/${made.table}`);
    await pb.locator('.talk-react').first().waitFor({ timeout: 10000 });
    await pa.locator('.talk-react').first().waitFor({ timeout: 10000 });
    return { pa, pb, a, b, table: made.table };
}

test('a reaction clicked on one page reaches the other page, with who sent it', { skip: why || false, timeout: 60000 }, async (t) => {
    const { pa, pb, a, b } = await twoPages(t, 'reactions', ['Ann', 'Bob']);
    assert.equal(await pa.locator('#talk-text').count(), 1);
    assert.equal(await pa.locator('.talk-say').isHidden(), true, 'no text box at a table of reactions only');
    assert.ok(await pa.locator('.talk-react').count() >= 8, 'the reactions are buttons');
    await pa.locator('.talk-react[data-reaction="good_luck"]').click();
    const line = pb.locator('.talk-lines li', { hasText: 'Good luck' });
    await line.waitFor({ timeout: 10000 });
    assert.match(await line.textContent(), /^Ann: 🍀 Good luck/);
    assert.equal(await pb.locator('.talk-lines').getAttribute('aria-live'), 'polite');
    await pa.locator('.talk-lines li', { hasText: 'Ann (you)' }).waitFor({ timeout: 10000 });
    assert.deepEqual([...a.errors, ...b.errors], []);
});

test('a message typed at a chat table reaches the other page', { skip: why || false, timeout: 60000 }, async (t) => {
    const { pa, pb, a, b } = await twoPages(t, 'chat', ['Cat', 'Dan']);
    await pa.locator('#talk-text').fill('Have fun, everyone!');
    await pa.locator('#talk-send').click();
    const line = pb.locator('.talk-lines li', { hasText: 'Have fun, everyone!' });
    await line.waitFor({ timeout: 10000 });
    assert.match(await line.textContent(), /^Cat: Have fun, everyone!/);
    assert.equal(await pa.locator('#talk-text').inputValue(), '', 'the box is emptied once sent');
    assert.deepEqual([...a.errors, ...b.errors], []);
});

test('a person muted at one screen is not shown there, even after a reload, and unmuting shows them again', { skip: why || false, timeout: 60000 }, async (t) => {
    const { pa, pb, table, a, b } = await twoPages(t, 'chat', ['Eve', 'Fay']);
    await pa.locator('#talk-text').fill('first words');
    await pa.locator('#talk-send').click();
    const first = pb.locator('.talk-lines li', { hasText: 'first words' });
    await first.waitFor({ timeout: 10000 });
    await first.getByRole('button', { name: 'Mute Eve' }).click();
    await first.waitFor({ state: 'detached', timeout: 5000 });
    await pb.locator('.talk-muted', { hasText: 'Eve' }).waitFor({ timeout: 5000 });
    // Fay still hears herself and anyone else; Eve's talk does not show
    await pa.locator('#talk-text').fill('MUTED-WORDS');
    await pa.locator('#talk-send').click();
    await pb.locator('#talk-text').fill('after the mute');
    await pb.locator('#talk-send').click();
    await pb.locator('.talk-lines li', { hasText: 'after the mute' }).waitFor({ timeout: 10000 });
    // Eve's message reached Fay's page (the frame) before Fay's own came back
    const deadline = Date.now() + 10000;
    while (!b.frames.some((f) => f.push === 'talk' && f.text === 'MUTED-WORDS') && Date.now() < deadline) await pb.waitForTimeout(100);
    assert.ok(b.frames.some((f) => f.push === 'talk' && f.text === 'MUTED-WORDS'), 'the message came to the page');
    assert.equal(await pb.locator('.talk-lines', { hasText: 'MUTED-WORDS' }).count(), 0, 'but it is not shown');
    // remembered across a reload of the page
    await pb.reload();
    await gotoTable(pb, table);
    await pb.locator('.talk-react').first().waitFor({ timeout: 10000 });
    await pa.locator('.talk-react[data-reaction="wow"]').click();
    await pa.locator('#talk-text').fill('still muted');
    await pa.locator('#talk-send').click();
    await pa.locator('.talk-lines li', { hasText: 'still muted' }).waitFor({ timeout: 10000 });
    const until = Date.now() + 10000;
    while (!b.frames.some((f) => f.push === 'talk' && f.text === 'still muted') && Date.now() < until) await pb.waitForTimeout(100);
    assert.equal(await pb.locator('.talk-lines li').count(), 0, 'nothing of Eve shown after the reload');
    await pb.getByRole('button', { name: 'Unmute Eve' }).click();
    await pa.locator('.talk-react[data-reaction="hmm"]').click();
    await pb.locator('.talk-lines li', { hasText: 'Hmm...' }).waitFor({ timeout: 10000 });
    assert.deepEqual([...a.errors, ...b.errors], []);
});

test('the lobby\'s form makes a table of chat, with a text box at it', { skip: why || false, timeout: 60000 }, async (t) => {
    const a = await person(env.browser, env.server, 'Gus');
    t.after(() => a.close());
    const page = await a.open('#/');
    await page.locator('details.custom summary').click();
    await page.locator('#talk').selectOption('chat');
    await page.locator('#create').click();
    await page.locator('.talk-react').first().waitFor({ timeout: 10000 });
    await page.locator('#talk-text').waitFor({ state: 'visible', timeout: 10000 });
    const create = a.frames.find((f) => f.ok && f.talk !== undefined);
    assert.equal(create && create.talk, 'chat');
    assert.deepEqual(a.errors, []);
});

test('pictures of a table with talk, at desktop and phone sizes (TALK_SHOTS=1)', { skip: why || (process.env.TALK_SHOTS ? false : 'set TALK_SHOTS=1'), timeout: 90000 }, async (t) => {
    for (const [size, opts] of [['desktop', { viewport: { width: 1280, height: 800 } }], ['phone', { viewport: PHONE }]]) {
        const { pa, pb } = await twoPages(t, 'chat', [`Ada-${size}`, `Ben-${size}`], opts);
        await pa.locator('.talk-react[data-reaction="good_luck"]').click();
        await pa.locator('#talk-text').fill('Have fun!');
        await pa.locator('#talk-send').click();
        await pb.locator('#talk-text').fill('You too! Watch out, I am good at this.');
        await pb.locator('#talk-send').click();
        await pb.locator('.talk-react[data-reaction="haha"]').click();
        await pb.locator('.talk-lines li', { hasText: 'Ha ha' }).waitFor({ timeout: 10000 });
        if (size === 'phone') await pb.locator('.talk').scrollIntoViewIfNeeded();
        await pb.screenshot({ path: path.join(ROOT, 'docs', 'screenshots', `talk-${size}.png`) });
    }
});
