// Promise: /api/games lists every game the engine knows, with the facts the
// browser shows (web/js/facts.js takes them from there and nowhere else):
// each is checked against the engine's own answers (`alphadeck games`, the
// engine protocol's games, legal and bot commands) or the words the server's
// narrator writes at a real table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startServer, player, expectOk, httpGet, Engine, BIN, SHORT } from './harness.mjs';

/** `alphadeck games`: each game's options with their bounds, defaults and words */
function gamesText() {
    const out = spawnSync(BIN, ['games'], { encoding: 'utf8' }).stdout;
    const games = {};
    let cur = null;
    for (const line of out.split('\n')) {
        let m = /^(\S+)\s+(.+?)\s+(\d+)-(\d+) players$/.exec(line);
        if (m) { cur = games[m[1]] = { title: m[2], min: Number(m[3]), max: Number(m[4]), options: [] }; continue; }
        m = /^\s+--(\w+)=N\s+\((\d+)\.\.(\d+), default (\d+)\) (.*)$/.exec(line);
        if (m && cur) cur.options.push({ name: m[1], min: Number(m[2]), max: Number(m[3]), default: Number(m[4]), help: m[5] });
    }
    return games;
}

async function apiGames(server) {
    const r = await httpGet(server, '/api/games');
    assert.equal(r.status, 200);
    return { api: JSON.parse(r.body), headers: r.headers };
}

/** a bots-only table played to its end, and its replay from above */
async function botsGame(server, who, game, players) {
    const r = expectOk(await who.request({
        cmd: 'create', game, players, seats: Array(players).fill('basic'), options: SHORT[game], bot_pause_ms: 0, seed: 7,
    }), `create ${game}`);
    expectOk(await who.request({ cmd: 'leave', table: r.table }), 'leave it');
    for (let i = 0; i < 300; i++) {
        const got = await httpGet(server, `/api/tables/${r.table}/replay`);
        if (got.status === 200) return JSON.parse(got.body);
        await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error(`${game}: the bots did not finish table ${r.table}`);
}

test('/api/games lists every game the engine knows, with the facts the browser shows', { timeout: 120000 }, async (t) => {
    const server = await startServer(t);
    const { api, headers } = await apiGames(server);
    // built once, and a browser may keep it
    assert.match(headers['cache-control'], /max-age=\d+/);
    assert.doesNotMatch(headers['cache-control'], /no-store/);

    // the games, in the engine's order, with its titles, players and options
    const engine = new Engine(t);
    const known = await engine.request({ cmd: 'games' });
    assert.deepEqual(api.games.map((g) => g.id), known.games.map((g) => g.id));
    const text = gamesText();
    for (const [i, g] of api.games.entries()) {
        const e = known.games[i];
        assert.equal(g.title, e.title, g.id);
        assert.deepEqual([g.min_players, g.max_players], e.players, g.id);
        assert.deepEqual(Object.fromEntries(g.options.map((o) => [o.name, o.default])), e.options, g.id);
        // (less the label, the option's name in a player's words, which the form shows and the command line does not)
        assert.deepEqual(g.options.map(({ label, ...o }) => o), text[g.id].options, `${g.id}: the options as \`alphadeck games\` gives them`);
        for (const o of g.options) assert.ok(typeof o.label === 'string' && o.label && o.label !== o.name, `${g.id} ${o.name}: a label in words: ${o.label}`);
        assert.equal(typeof g.family, 'string', g.id);
        assert.ok(g.family.length > 0, g.id);
        // bot levels: each one listed plays; each one not listed is refused by the server
        const id = `b-${g.id}`;
        const made = await engine.request({ cmd: 'new', id, game: g.id, players: g.min_players, seed: 5 });
        assert.ok(made.ok, JSON.stringify(made));
        const seat = made.view.to_act[0];
        for (const level of ['random', 'basic', 'strong']) {
            const b = await engine.request({ cmd: 'bot', id, seat, level });
            assert.equal(b.ok, g.bots.includes(level), `${g.id} ${level}: ${JSON.stringify(b).slice(0, 200)}`);
        }
        await engine.request({ cmd: 'close', id });
    }
    // the clock presets: each one makes a table; the lobby knows no other
    const ann = await player(server, 'Ann');
    t.after(() => ann.terminate());
    assert.deepEqual(api.clocks.map((c) => c.name), ['untimed', 'relaxed', 'normal', 'blitz']);
    for (const c of api.clocks) {
        assert.ok(c.answer_ms > 0 && c.turn_ms >= 0, JSON.stringify(c));
        const r = expectOk(await ann.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'], clock: c.name }), c.name);
        expectOk(await ann.request({ cmd: 'leave', table: r.table }), 'leave');
    }
    const bad = await ann.request({ cmd: 'create', game: 'noway', players: 2, seats: ['open', 'open'], clock: 'glacial' });
    assert.equal(bad.ok, false);
    assert.equal(api.seat_names.length, 10);
});

test('/api/games says a claim, a seat\'s name and the objection as the server\'s narrator does', { timeout: 120000 }, async (t) => {
    const server = await startServer(t);
    const { api } = await apiGames(server);
    const bea = await player(server, 'Bea');
    t.after(() => bea.terminate());
    const engine = new Engine(t);
    const claims = api.games.filter((g) => g.claim);
    assert.ok(claims.length >= 2, 'the claim family has its facts');
    for (const g of claims) {
        const c = g.claim;
        // what may be said: the engine's legal plays (every class, or the one called)
        const id = `c-${g.id}`;
        const made = await engine.request({ cmd: 'new', id, game: g.id, players: 3, seed: 9 });
        const seat = made.view.to_act[0];
        const legal = await engine.request({ cmd: 'legal', id, seat });
        const play = legal.actions.find((a) => a.type === 'play');
        if (c.say_free) assert.deepEqual(play.say, c.says, g.id);
        else assert.deepEqual(play.say, [made.view.call], g.id);
        // every card in play counts as a class the game names
        for (const card of made.view.hands.flat()) assert.ok(c.says.includes(c.class_of[card]), `${g.id}: ${card}`);
        await engine.request({ cmd: 'close', id });
        // a real table's narration: every claim and objection in the same words
        const players = g.max_players >= 10 ? 10 : g.max_players;
        const replay = await botsGame(server, bea, g.id, players);
        let plays = 0, challenges = 0;
        for (const step of replay.steps) {
            for (const ev of step.events) {
                const name = replay.names[ev.seat] || api.seat_names[ev.seat];
                if (ev.type === 'play') {
                    const p = c.phrases[ev.say];
                    const said = `${name} says: "${p[Math.min(ev.count, p.length - 1)]}."`;
                    assert.ok(ev.text === said || ev.text.startsWith(`${said} (the call was `), `${g.id}: ${ev.text} / ${said}`);
                    plays++;
                } else if (ev.type === 'challenge') {
                    assert.equal(ev.text, `${name} calls "${c.objection}"`, g.id);
                    challenges++;
                }
            }
        }
        assert.ok(plays > 5 && challenges > 0, `${g.id}: ${plays} claims, ${challenges} objections heard`);
    }
});

test('/api/games gives the Sequence board its game plays on', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const { api } = await apiGames(server);
    const boards = api.games.filter((g) => g.board);
    assert.equal(boards.length, 1, 'one game has a board');
    const g = boards[0];
    const rows = g.board;
    const alone = JSON.parse((await httpGet(server, '/api/board/sequence')).body).board;
    assert.deepEqual(rows, alone, 'the same board as /api/board/sequence');
    for (const [r, row] of rows.entries()) {
        for (const [k, sq] of row.entries()) {
            assert.equal(sq.name, `${'abcdefgh'[k]}${r + 1}`);
            assert.ok(sq.letter && sq.picture, JSON.stringify(sq));
        }
    }
    // each legal play of a letter goes on a square of that letter, and every such square is offered
    const engine = new Engine(t);
    for (const seed of [1, 2, 3]) {
        const id = `s${seed}`;
        const made = await engine.request({ cmd: 'new', id, game: g.id, players: 2, seed });
        const seat = made.view.to_act[0];
        const legal = await engine.request({ cmd: 'legal', id, seat });
        for (const a of legal.actions.filter((x) => x.type === 'play' && x.card !== 'X' && x.card !== 'Z')) {
            assert.equal(rows[a.square[0] - 1][a.square[1] - 1].letter, a.card, JSON.stringify(a));
        }
        for (const card of made.view.hands[seat].filter((x) => x !== 'X' && x !== 'Z')) {
            const squares = rows.flatMap((row, r) => row.map((sq, k) => (sq.letter === card ? `${r + 1},${k + 1}` : null))).filter(Boolean);
            const offered = legal.actions.filter((x) => x.type === 'play' && x.card === card).map((x) => x.square.join(','));
            assert.deepEqual(offered.sort(), squares.sort(), `${card}'s squares`);
        }
        await engine.request({ cmd: 'close', id });
    }
});
