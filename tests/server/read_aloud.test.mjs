// Read aloud at the server (docs/server.md, "Read aloud"): every update push
// carries "aloud", the lines the library says to that member (narrate.h's
// ad_aloud_*): whose turn it is, with the name, what to do for the seat
// whose turn it is, every other player's move and the end; a watcher hears
// the public lines, and nothing a member hears holds another seat's cards.
// A page that does not read aloud says so in its hello ("aloud":false) and
// is sent no lines, while the others at the table still are.
import test from 'node:test';
import assert from 'node:assert/strict';
import { startServer, player, expectOk, httpGet, Seat, playToEnd, driveUntil, isOver, until, SHORT } from './harness.mjs';

/** every update push c got at table, in order */
const updates = (c, table) => c.frames.filter((f) => f && f.push === 'update' && f.table === table);

/** a person-against-person table of game, watched: { table, sa, sb, w, names } */
async function watchedTable(server, game, tag) {
    const names = [`Kim${tag}`, `Lou${tag}`];
    const a = await player(server, names[0]);
    const b = await player(server, names[1]);
    const w = await player(server, `Wat${tag}`);
    const create = expectOk(await a.request({
        cmd: 'create', game, players: 2, seats: ['open', 'open'], options: SHORT[game], bot_pause_ms: 0,
    }), `create ${game}`);
    expectOk(await w.request({ cmd: 'watch', table: create.table }), 'the watcher watches');
    const sa = new Seat(a, create.table, create.seat);
    const sb = new Seat(b, create.table, null);
    await sb.join();
    const start = await a.waitPush((f) => f.push === 'update' && f.table === create.table, 5000, 'the start');
    sa.see(start.v, start.view, start.asked);
    return { table: create.table, sa, sb, w, names };
}

test('the aloud lines of a Sequence game reach each seat and the watcher, each in its own words', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const { table, sa, sb, w, names } = await watchedTable(server, 'sequence', 'Seq');
    await playToEnd([sa, sb], 60000);
    await w.waitPush((f) => f.push === 'update' && f.table === table && f.view.phase === 'over', 10000, 'the watcher hears the end');
    const heard = [sa.c, sb.c, w].map((c) => updates(c, table));
    for (const pushes of heard) {
        assert.ok(pushes.length > 2, 'updates arrived');
        for (const p of pushes) assert.ok(Array.isArray(p.aloud) && p.aloud.every((l) => typeof l === 'string'), `aloud is a list of lines: ${JSON.stringify(p).slice(0, 300)}`);
    }
    const [la, lb, lw] = heard.map((ps) => ps.flatMap((p) => p.aloud));
    const [ka, kb] = names;
    // whose turn, with the name; what to do, only to the seat whose turn it is
    assert.ok(la.includes(`Your turn, ${ka}. Pick a card, then a square with its picture.`), la.slice(0, 6).join(' | '));
    assert.ok(lb.includes(`Your turn, ${kb}. Pick a card, then a square with its picture.`), lb.slice(0, 6).join(' | '));
    assert.ok(la.includes(`${kb}'s turn.`) && lb.includes(`${ka}'s turn.`), 'each hears the other\'s turn by name');
    assert.ok(!la.some((l) => l.startsWith(`Your turn, ${kb}`)) && !lb.some((l) => l.startsWith(`Your turn, ${ka}`)), 'nobody is told another\'s turn as theirs');
    assert.ok(!lw.some((l) => /^Your |^You /.test(l)), `a watcher is told no turn as theirs: ${lw.filter((l) => /^You/.test(l))[0]}`);
    // every other player's move, in words, with the square's own letter and picture
    assert.ok(la.some((l) => new RegExp(`^${kb} (puts|plays) .* on [A-Y]\\.\\.\\. [a-z]`).test(l)), 'a hears b\'s moves');
    assert.ok(lw.some((l) => new RegExp(`^${ka} (puts|plays) `).test(l)) && lw.some((l) => new RegExp(`^${kb} (puts|plays) `).test(l)), 'the watcher hears both');
    // the end
    for (const l of [la, lb, lw]) assert.match(l[l.length - 1], /four in a row/, 'the last line says how it ended');
    // nothing hidden: no line names the cards another seat holds as picked cards are said
    const games = JSON.parse((await httpGet(server, '/api/games')).body);
    const words = games.games.find((g) => g.id === 'sequence').aloud;
    assert.equal(words.B, 'B... balloon, bike', 'the spoken words of each card come from /api/games');
    const bHands = new Map(updates(sb.c, table).map((p) => [p.v, p.view.hand || []]));
    for (const pushes of [heard[0], heard[2]]) {
        for (const p of pushes) {
            for (const card of bHands.get(p.v) || []) {
                for (const l of p.aloud) assert.ok(!l.includes(words[card]), `"${l}" names ${card}, which b holds`);
            }
        }
    }
});

test('the aloud lines of a No Way game say who claimed what and the challenge\'s outcome', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const { table, sa, sb, w, names } = await watchedTable(server, 'noway', 'Nw');
    await playToEnd([sa, sb], 60000);
    const [la, lw] = [sa.c, w].map((c) => updates(c, table).flatMap((p) => p.aloud || []));
    const [ka, kb] = names;
    assert.ok(la.some((l) => l.startsWith(`Your turn, ${ka}. Put down one or two cards and say how many `)), la.slice(0, 6).join(' | '));
    assert.ok(la.some((l) => new RegExp(`^${kb} says (one|two) [A-Z]`).test(l)), 'a hears b\'s claims, with the speaker');
    assert.ok(lw.some((l) => new RegExp(`^${ka} says (one|two) [A-Z]`).test(l)), 'the watcher hears a\'s claims');
    assert.ok(la.some((l) => l === `${ka}, do you believe ${kb}? If not, say No Way!`), 'a is asked in the window');
    assert.ok(!lw.some((l) => /do you believe/.test(l)), 'a watcher is not asked');
});

test('Liar and Shout a Word are read aloud too: the moves, and the end by who won', { timeout: 120000 }, async (t) => {
    const server = await startServer(t);
    for (const game of ['liar', 'shout']) {
        const { table, sa, sb, w } = await watchedTable(server, game, game === 'liar' ? 'Li' : 'Sh');
        await playToEnd([sa, sb], 60000);
        await w.waitPush((f) => f.push === 'update' && f.table === table && f.view.phase === 'over', 10000, `the watcher hears the end of ${game}`);
        for (const c of [sa.c, sb.c, w]) {
            const lines = updates(c, table).flatMap((p) => p.aloud || []);
            assert.ok(lines.length > 3, `${game}: lines arrived`);
            assert.match(lines[lines.length - 1], /wins the game!$|win the game!$|^A shared win/, `${game}: the end, by who won`);
            assert.ok(!lines.some((l) => l.includes('"')), `${game}: no quotation marks are read out`);
        }
    }
});

test('one who joins or watches a game under way is told whose turn it is, in their own words', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const a = await player(server, 'KimMid');
    const create = expectOk(await a.request({
        cmd: 'create', game: 'sequence', players: 2, seats: ['open', 'basic'], bot_pause_ms: 0,
    }), 'create');
    // the computer moves first (seat 1), then it is the person's turn and the table waits
    await a.waitPush((f) => f.push === 'update' && f.table === create.table && f.view.to_act[0] === create.seat, 10000, 'the person\'s turn');
    const w = await player(server, 'WatMid');
    const watched = expectOk(await w.request({ cmd: 'watch', table: create.table }), 'watch');
    assert.deepEqual(watched.aloud, ['KimMid\'s turn.']);
    const again = await player(server, 'KimMid', a.token); // the same person, from another page
    const joined = expectOk(await again.request({ cmd: 'join', table: create.table }), 'join again');
    assert.deepEqual(joined.aloud, ['Your turn, KimMid. Pick a card, then a square with its picture.']);
});

test('a page whose hello says aloud:false is sent updates without lines to read aloud while the other seat hears them; a hello again with aloud:true brings them back; aloud that is not true or false is refused and changes nothing', { timeout: 90000 }, async (t) => {
    const server = await startServer(t);
    const { table, sa, sb, names } = await watchedTable(server, 'sequence', 'Qt');
    const a = sa.c;
    const quiet = expectOk(await a.request({ cmd: 'hello', name: names[0], token: a.token, aloud: false }), 'hello, aloud:false');
    assert.equal(quiet.player, a.player, 'the same player');
    for (const aloud of ['yes', 1, null, []]) { /* refused, and a stays as it was: quiet */
        const bad = await a.request({ cmd: 'hello', name: names[0], token: a.token, aloud });
        assert.equal(bad.ok, false, `aloud ${JSON.stringify(aloud)}`);
        assert.equal(bad.code, 'bad_field');
        assert.match(bad.error, /aloud is true or false/);
    }
    const from = updates(a, table).length, fromB = updates(sb.c, table).length;
    /* both seats' six: each is sent its own, a moment apart */
    const six = () => updates(sb.c, table).length - fromB >= 6 && updates(a, table).length - from >= 6;
    await driveUntil([sa, sb], six, 30000, 'six updates to each seat');
    const off = updates(a, table).slice(from);
    assert.ok(off.length >= 6, 'a was sent the updates');
    for (const p of off) assert.deepEqual(p.aloud, [], `no line for a page that does not read aloud: ${JSON.stringify(p).slice(0, 200)}`);
    const heard = updates(sb.c, table).slice(fromB).flatMap((p) => p.aloud);
    assert.ok(heard.some((l) => l.startsWith(`Your turn, ${names[1]}.`)), `the other seat still hears its turn: ${heard.slice(0, 4).join(' | ')}`);
    expectOk(await a.request({ cmd: 'hello', name: names[0], token: a.token, aloud: true }), 'hello, aloud:true');
    const back = updates(a, table).length;
    await driveUntil([sa, sb], () => updates(a, table).length - back >= 6 || isOver(sa.view) || isOver(sb.view), 30000, 'six updates more');
    /* the game may end within them, and b may hear of it a moment before
     * a: then a's last update (the end, read aloud) is waited for */
    if (updates(a, table).length - back < 6) await until(() => { sa.drain(); return isOver(sa.view); }, 10000, 'the end of the game at a');
    const on = updates(a, table).slice(back).flatMap((p) => p.aloud);
    assert.ok(on.some((l) => l.startsWith(`Your turn, ${names[0]}.`) || /four in a row/.test(l)), `the lines are back: ${on.slice(0, 4).join(' | ')}`);
});
