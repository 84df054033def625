// bench/hint-agree.mjs - whether a cheaper Sequence Letters hint would
// still suggest the strong player's move (issue 32): at each position of
// seeded games that `basic` bots play (2, 3 and 4 players), the engine's
// `hint` for the seat to move at the default budget and at SIMS
// simulations; prints how often the two suggested moves are the same, and
// the CPU time of each (/proc/PID/schedstat).
//
//   node bench/hint-agree.mjs [SIMS] [GAMES_PER_SIZE] [ALPHADECK_BINARY]
//
// The engine runs under a time limit and is killed at the end.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';

const SIMS = Number(process.argv[2] || 1000);
const GAMES = Number(process.argv[3] || 8);
const BIN = process.argv[4] || 'build/alphadeck';

const eng = spawn(BIN, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
const limit = setTimeout(() => { eng.kill('SIGKILL'); process.exit(2); }, 10 * 60 * 1000);
const waiting = [];
readline.createInterface({ input: eng.stdout }).on('line', (l) => waiting.shift()(JSON.parse(l)));
const ask = (req) => new Promise((resolve) => { waiting.push(resolve); eng.stdin.write(JSON.stringify(req) + '\n'); });
/** the engine's CPU time so far, in ms */
const cpuMs = () => Number(fs.readFileSync(`/proc/${eng.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** a hint and the engine's CPU time it took */
async function timedHint(seat, sims) {
    const c0 = cpuMs();
    const h = await ask({ cmd: 'hint', id: 'b', seat, ...(sims ? { sims } : {}) });
    if (!h.ok) throw new Error(`hint refused: ${JSON.stringify(h)}`);
    return { move: JSON.stringify(h.hint.move), cpu: cpuMs() - c0 };
}

const cpuDefault = [], cpuSmall = [];
let same = 0;
for (const players of [2, 3, 4]) {
    for (let seed = 1; seed <= GAMES; seed++) {
        let r = await ask({ cmd: 'new', id: 'b', game: 'sequence', players, seed });
        for (let step = 0; step < 120 && r.view.winner === null; step++) {
            const seat = r.view.to_act[0];
            const d = await timedHint(seat, 0), s = await timedHint(seat, SIMS);
            cpuDefault.push(d.cpu);
            cpuSmall.push(s.cpu);
            same += d.move === s.move;
            const b = await ask({ cmd: 'bot', id: 'b', seat, level: 'basic' });
            r = await ask({ cmd: 'act', id: 'b', seat, action: b.action });
        }
        await ask({ cmd: 'close', id: 'b' });
    }
}
const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))].toFixed(1);
const n = cpuDefault.length;
console.log(`${n} positions; the move at ${SIMS} simulations is the default's in ${same} ` +
            `(${(100 * same / n).toFixed(1)}%)`);
console.log(`CPU ms, default budget: median ${q(cpuDefault, 0.5)}, p99 ${q(cpuDefault, 0.99)}; ` +
            `at ${SIMS}: median ${q(cpuSmall, 0.5)}, p99 ${q(cpuSmall, 0.99)}`);
clearTimeout(limit);
eng.kill();
