// Promise: tables where bots play alone, as fast as they can, do not hold
// up anybody else: a person's act at another table is acknowledged within
// moments while they play (the loop takes a bounded number of bot answers a
// pass, so every pass ends, commits and answers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, againstABot, botsAlone } from './harness.mjs';

test('a person\'s act is acknowledged within moments while 100 tables of bots alone play as fast as they can', { timeout: 120000 }, async (t) => {
    // one player's 100 tables of bots alone: past the default limits
    // (docs/server.md, "Limits"), which this flood is about
    const server = await startServer(t, { args: ['--bot-tables', '200', '--bot-tables-per-player', '200', '--bot-tables-per-address', '200'] });
    // 100 tables of four basic bots, in matches of many deals
    await botsAlone(t, server, 100);
    // Ada plays against a bot that answers at once
    const seat = await againstABot(t, server);
    // the bots are playing
    const st = JSON.parse((await (await fetch(`${server.url}/api/stats`)).text())).tables;
    assert.ok(st.playing >= 50, `the bots' tables in play: ${JSON.stringify(st)}`);
    const times = [];
    const until = Date.now() + 3000;
    while (Date.now() < until && seat.view.phase !== 'over') {
        const acks = seat.acks.length;
        const t0 = Date.now();
        await seat.step(20000);
        if (seat.acks.length > acks) times.push(Date.now() - t0 - seat.pause);
    }
    assert.ok(times.length >= 5, `Ada acted a few times (${times.length})`);
    const worst = Math.max(...times);
    assert.ok(worst < 2000, `every act acknowledged within 2 s (worst ${worst} ms of ${times.length}: ${times.join(' ')})`);
});
