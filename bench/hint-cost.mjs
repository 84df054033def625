// bench/hint-cost.mjs - what a hint costs (issue 32): the engine's `hint`
// at the strong player's default budget, timed as a client sees it (one
// request line out, its reply back, through `alphadeck engine`), over
// positions of seeded games that `basic` bots play, in every game that
// gives hints.  Prints, per game, table size and kind of hint, how many
// hints were timed, their median, p99 and largest in milliseconds of the
// wall clock, and the median, p99 and largest of the engine's own CPU time
// (/proc/PID/schedstat: what a hint costs, whatever else the machine runs).
//
//   node bench/hint-cost.mjs [ALPHADECK_BINARY] [GAMES_PER_SIZE] [GAME,...]
//
// GAME,...: only these games (default: every game that gives hints).
// With HINT_COST_JSON=FILE the rows are also written to FILE as JSON, so
// several runs can be put together (their medians quoted).
// The engine runs under a time limit and is killed at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';

const BIN = process.argv[2] || 'build/alphadeck';
const GAMES = Number(process.argv[3] || 4);
const ONLY = process.argv[4] ? process.argv[4].split(',') : null;
const STEPS = 120; // positions per game at most

const eng = spawn(BIN, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
const limit = setTimeout(() => { eng.kill('SIGKILL'); process.exit(2); }, 20 * 60 * 1000);
const waiting = [];
readline.createInterface({ input: eng.stdout }).on('line', (l) => waiting.shift()(JSON.parse(l)));
/** the engine's CPU time so far, in ms (Linux: its schedstat's first field, ns) */
const cpuMs = () => Number(fs.readFileSync(`/proc/${eng.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
const ask = (req) => new Promise((resolve) => { waiting.push(resolve); eng.stdin.write(JSON.stringify(req) + '\n'); });

/** the engine's list of games, and which of them give hints */
async function gamesWithHints() {
    const { games } = await ask({ cmd: 'games' });
    const out = [];
    for (const g of games.filter((x) => !ONLY || ONLY.includes(x.id))) {
        await ask({ cmd: 'new', id: 'probe', game: g.id, players: g.players[0], seed: 1 });
        const r = await ask({ cmd: 'hint', id: 'probe', seat: 0, sims: 1 });
        await ask({ cmd: 'close', id: 'probe' });
        if (r.ok || r.code !== 'no_hint') out.push(g);
    }
    return out;
}

function quantile(sorted, q) {
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** the move that comes next: each asked seat's basic bot, the soonest by
 * its reaction time where the game is a race (Shout: a bot may wait, with
 * no action), else the first seat asked; null when all of them wait */
async function nextMove(toAct) {
    let best = null;
    for (const seat of toAct) {
        const b = await ask({ cmd: 'bot', id: 'b', seat, level: 'basic' });
        if (!b.ok || !b.action || !b.action.type) continue;
        if (!best || (b.react_ms || 0) < best.react) best = { seat, action: b.action, react: b.react_ms || 0 };
    }
    return best;
}

/** plays one seeded game with basic bots, timing a hint for each seat asked at each position */
async function timeGame(game, players, seed, times) {
    let r = await ask({ cmd: 'new', id: 'b', game, players, seed });
    let toAct = r.view.to_act;
    for (let step = 0; step < STEPS && r.view.winner === null && toAct.length; step++) {
        for (const seat of toAct) {
            const c0 = cpuMs(), t0 = process.hrtime.bigint();
            const h = await ask({ cmd: 'hint', id: 'b', seat });
            const ms = Number(process.hrtime.bigint() - t0) / 1e6, cpu = cpuMs() - c0;
            if (!h.ok) throw new Error(`hint refused: ${JSON.stringify(h)}`);
            times.push({ ms, cpu });
            (times.byKind[h.hint.kind] ||= []).push({ ms, cpu });
        }
        const next = await nextMove(toAct);
        if (!next) break; // every seat asked waits: nothing moves the table without a clock
        r = await ask({ cmd: 'act', id: 'b', seat: next.seat, action: next.action });
        if (!r.ok) throw new Error(`act refused: ${JSON.stringify(r)}`);
        toAct = r.view.to_act;
    }
    await ask({ cmd: 'close', id: 'b' });
}

const rows = [];
for (const g of await gamesWithHints()) {
    for (const players of [...new Set([g.players[0], 3, 4, g.players[1]])].filter((n) => n >= g.players[0] && n <= g.players[1]).sort((a, b) => a - b)) {
        const times = [];
        times.byKind = {};
        for (let seed = 1; seed <= GAMES; seed++) await timeGame(g.id, players, seed, times);
        for (const [kind, list] of [['all', times], ...Object.entries(times.byKind)]) {
            const wall = list.map((x) => x.ms).sort((a, b) => a - b);
            const cpu = list.map((x) => x.cpu).sort((a, b) => a - b);
            rows.push({
                game: g.id, players, kind, hints: wall.length,
                median_ms: +quantile(wall, 0.5).toFixed(2), p99_ms: +quantile(wall, 0.99).toFixed(2),
                max_ms: +wall[wall.length - 1].toFixed(2),
                cpu_median_ms: +quantile(cpu, 0.5).toFixed(2), cpu_p99_ms: +quantile(cpu, 0.99).toFixed(2),
                cpu_max_ms: +cpu[cpu.length - 1].toFixed(2),
            });
        }
    }
}
console.table(rows);
if (process.env.HINT_COST_JSON) fs.writeFileSync(process.env.HINT_COST_JSON, JSON.stringify(rows, null, 1));
clearTimeout(limit);
eng.stdin.end();
eng.kill();
