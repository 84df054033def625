// bench/people-noway.mjs - how long a No Way game of three people takes at
// a real `alphadeck serve` (issue 30: "a three-person No Way game of people
// who answer in ~1 s takes at most half the time it takes today").  Three
// scripted WebSocket people on 127.0.0.1, a seeded deal; each answers its
// turn and each challenge window ~1 s after it is asked (think time with
// seeded jitter, 0.8-1.2 s), plays the called letter when it can (else one
// card), and never calls.  Asked in a window when its update offers to play
// on (`play_on`: it plays next), it makes that one decision in its ~1 s
// and lays its cards down at once, as a person does at the table; a server
// that offers no such thing (before playing on) has it pass, then think
// again when its turn comes.  Prints the game's wall time as JSON.
//   ALPHADECK=path/to/alphadeck node bench/people-noway.mjs [seed] [think_ms]
// Our own code; it reuses the server tests' harness for the server and the
// clients.
import { startServer, player, chooseAction, expectOk, isOver } from '../tests/server/harness.mjs';

const seed = Number(process.argv[2] || 1);
const thinkMs = Number(process.argv[3] || 1000);

// mulberry32: a small seeded generator for each person's think times
function rng(s) {
    return () => {
        s = (s + 0x6d2b79f5) | 0;
        let t = Math.imul(s ^ (s >>> 15), 1 | s);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// One decision a person makes once: a turn (by the turn count), or a
// window (by the play it answers), however many steps others make meanwhile.
function decisionKey(view) {
    return `${view.phase}-${view.deal ?? 0}-${view.turns}-${view.turn}`;
}

async function person(c, table, seat, rand, done) {
    let view = null, asked = [], playOn = null, made = new Set(), answers = 0;
    const look = (f) => { view = f.view; asked = f.asked || []; playOn = f.play_on || null; };
    const first = await c.waitPush((f) => f.push === 'update' && f.table === table, 10000, 'the start');
    look(first);
    while (!isOver(view)) {
        const key = decisionKey(view);
        if (asked.includes(seat) && !made.has(key)) {
            made.add(key);
            await new Promise((r) => setTimeout(r, thinkMs * (0.8 + 0.4 * rand())));
            const action = playOn ? chooseAction(playOn, [seat]) : chooseAction(view, asked);
            if (action) {
                const r = await c.request({ cmd: 'act', table, action }, 20000);
                if (r.ok) answers++;
            }
        }
        for (const f of c.takePushes('update')) if (f.table === table) look(f);
        if (isOver(view)) break;
        if (!asked.includes(seat) || made.has(decisionKey(view))) {
            const f = await c.waitPush((p) => p.push === 'update' && p.table === table, 120000, 'news');
            look(f);
        }
    }
    done.turns = view.turns;
    return answers;
}

const server = await startServer(null);
try {
    const cs = [];
    for (let i = 0; i < 3; i++) cs.push(await player(server, `person${i}`));
    const made = expectOk(await cs[0].request({
        cmd: 'create', game: 'noway', players: 3, seats: ['open', 'open', 'open'], seed,
    }), 'create');
    const started = Date.now();
    const seats = [made.seat];
    for (let i = 1; i < 3; i++) seats.push(expectOk(await cs[i].request({ cmd: 'join', table: made.table }), 'join').seat);
    const done = {};
    const answers = await Promise.all(cs.map((c, i) => person(c, made.table, seats[i], rng(seed * 10 + i), done)));
    const ms = Date.now() - started;
    console.log(JSON.stringify({ seed, think_ms: thinkMs, turns: done.turns, acts: answers.reduce((a, b) => a + b, 0), wall_ms: ms, ms_a_turn: Math.round(ms / done.turns) }));
} finally {
    await server.stop();
    process.exit(0);
}
