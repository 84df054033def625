// Issue 28: a table whose creator chose the seed (who may then know every
// hand) says so on the page, where it is listed and at the table, so
// nobody sits down there unaware; other tables say nothing of the kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, person, createTable, gotoTable } from './harness.mjs';

const env = serverAndBrowser();

test('a table with a chosen seed is marked "Practice deal" in the lobby\'s list and at the table; one without is not',
    { skip: env.why || false, timeout: 60000 }, async (t) => {
        const p = await person(env.browser, env.server, 'Sid');
        t.after(() => p.close());
        const page = await p.open('#/');
        const seeded = await createTable(page, { game: 'noway', players: 2, seats: ['open', 'open'], seed: 7 });
        const plain = await createTable(page, { game: 'noway', players: 2, seats: ['open', 'open'] });
        // the lobby's list (drawn again every 5 s): each row as text
        const row = (n) => page.locator('.table-row').filter({ hasText: `#${n}:` });
        await row(plain.table).waitFor({ timeout: 15000 });
        await row(seeded.table).waitFor({ timeout: 15000 });
        assert.match(await row(seeded.table).innerText(), /Practice deal: the creator chose the seed/);
        assert.doesNotMatch(await row(plain.table).innerText(), /Practice deal/);

        await gotoTable(page, seeded.table);
        const mark = page.locator('.table-screen .seeded');
        assert.equal(await mark.isVisible(), true, 'the mark shows at the seeded table');
        assert.match(await mark.innerText(), /Practice deal: the creator chose the seed/);
        await gotoTable(page, plain.table);
        assert.equal(await page.locator('.table-screen .seeded').isVisible(), false, 'no mark at a table dealt at random');
        assert.deepEqual(p.errors, [], 'no script errors');
    });
