// The harness of the browser tests (tests/web/*.test.mjs): starts a real
// `alphadeck serve` (the binary named by $ALPHADECK, default
// build/alphadeck) under `timeout` on a free port of 127.0.0.1 with a
// database in a temporary folder and the real web/ folder, launches Debian's
// /usr/bin/chromium headless through playwright-core, and gives each person
// a browser context of their own (their own localStorage: their own token).
// Every wait has a time limit; everything started here is stopped in an
// `after` (and killed when the process exits), pass or fail.  Traffic goes
// only to 127.0.0.1: the browser resolves no other name.
import { before, after } from 'node:test';
import { sleep, within, waitExit, httpGet } from '../server/harness.mjs';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = path.resolve(ROOT, process.env.ALPHADECK || 'build/alphadeck');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const HOST = '127.0.0.1';
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 667 };

/** why the browser tests cannot run here, or null */
export function missing() {
    if (!fs.existsSync(CHROMIUM)) return `no ${CHROMIUM}`;
    if (!fs.existsSync(path.join(ROOT, 'node_modules', 'playwright-core', 'package.json'))) return 'no node_modules/playwright-core';
    if (!fs.existsSync(BIN)) return `no server binary at ${BIN} (set ALPHADECK)`;
    return null;
}

// ---------------------------------------------------------------- processes

const live = new Set(); // child processes still running
process.on('exit', () => {
    for (const p of live) {
        try { p.kill('SIGKILL'); } catch { /* gone */ }
    }
});

// the waits every suite shares, from the server tests' harness
export { sleep, within, httpGet };

/**
 * `alphadeck serve --port 0 --host 127.0.0.1 --db TMP/web.db --web web/`
 * under `timeout -k 5 LIMIT` (LIMIT: opts.limit seconds, default 400).
 * Returns { port, url, wsUrl, stop(), stderr() }; stop() (SIGTERM, then
 * SIGKILL after 5 s) also removes the temporary folder.
 */
export async function startServer(opts = {}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alphadeck-web-'));
    const args = ['-k', '5', String(opts.limit || 400), BIN, 'serve', '--port', '0', '--host', HOST,
        '--db', path.join(dir, 'web.db'), '--web', path.join(ROOT, 'web')];
    const proc = spawn('timeout', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(proc);
    proc.once('exit', () => live.delete(proc));
    let err = '';
    proc.stderr.on('data', (d) => { if (err.length < 65536) err += d; });
    const stop = async () => {
        if (proc.exitCode === null && proc.signalCode === null) {
            proc.kill('SIGTERM');
            if (!(await waitExit(proc, 5000))) {
                proc.kill('SIGKILL');
                await waitExit(proc, 5000);
            }
        }
        fs.rmSync(dir, { recursive: true, force: true });
    };
    const lines = readline.createInterface({ input: proc.stdout });
    let port;
    try {
        port = await within(new Promise((resolve, reject) => {
            lines.once('line', (line) => {
                const m = /^alphadeck serve: listening on http:\/\/[^/]+:(\d+)\/$/.exec(line);
                if (m) resolve(Number(m[1]));
                else reject(new Error(`first line of alphadeck serve: ${JSON.stringify(line)}`));
            });
            proc.once('error', reject);
            proc.once('exit', (code, sig) => reject(new Error(`alphadeck serve exited (${code ?? sig}) before listening:\n${err.slice(0, 2000)}`)));
        }), 15000, 'alphadeck serve to print its listening line');
    } catch (e) {
        await stop();
        throw e;
    }
    return { port, url: `http://${HOST}:${port}`, wsUrl: `ws://${HOST}:${port}/ws`, stop, stderr: () => err };
}


/** a finished table's record, big seeds kept as decimal strings */
export async function getRecord(server, table) {
    const r = await httpGet(server, `/api/tables/${table}/record`);
    if (r.status !== 200) throw new Error(`GET /api/tables/${table}/record: ${r.status} ${r.body.slice(0, 300)}`);
    return JSON.parse(r.body.replace(/([:[,]\s*)(\d{16,})(?=\s*[,}\]])/g, '$1"$2"'));
}

/** `alphadeck engine` under timeout: one request a line, one reply a line */
export class Engine {
    constructor() {
        this.proc = spawn('timeout', ['-k', '5', '400', BIN, 'engine'], { stdio: ['pipe', 'pipe', 'ignore'] });
        live.add(this.proc);
        this.proc.once('exit', () => live.delete(this.proc));
        this.proc.stdin.on('error', () => { /* gone */ });
        this.waiting = [];
        readline.createInterface({ input: this.proc.stdout }).on('line', (line) => {
            const w = this.waiting.shift();
            if (w) w(JSON.parse(line));
        });
    }

    request(obj, ms = 10000) {
        const p = new Promise((resolve) => this.waiting.push(resolve));
        this.proc.stdin.write(JSON.stringify(obj) + '\n');
        return within(p, ms, `alphadeck engine: the reply to ${JSON.stringify(obj).slice(0, 200)}`);
    }

    /** the god view after each prefix of the record: views[v] is after v actions */
    async godViews(record) {
        const id = `gv${Math.random().toString(16).slice(2)}`;
        const loaded = await this.request({ cmd: 'load', id, record: { new: record.new, actions: [] } });
        if (!loaded.ok) throw new Error(`engine load: ${JSON.stringify(loaded).slice(0, 300)}`);
        const views = [loaded.view];
        for (const a of record.actions) {
            const r = await this.request({ cmd: 'act', id, seat: a.seat, action: a.action });
            if (!r.ok) throw new Error(`engine act ${JSON.stringify(a)}: ${JSON.stringify(r).slice(0, 300)}`);
            views.push((await this.request({ cmd: 'state', id })).view);
        }
        await this.request({ cmd: 'close', id });
        return views;
    }

    close() {
        try { this.proc.stdin.end(); } catch { /* gone */ }
        setTimeout(() => { try { this.proc.kill('SIGKILL'); } catch { /* gone */ } }, 2000).unref();
    }
}

// ------------------------------------------------------------------ browser

/** Debian's chromium, headless, through playwright-core; only 127.0.0.1 resolves */
export async function launchBrowser() {
    const { chromium } = await import('playwright-core');
    return chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        timeout: 30000,
        args: [
            '--no-sandbox',
            '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--no-default-browser-check',
            '--disable-gpu',
            '--disable-dev-shm-usage',
        ],
    });
}

/** closes the browser, giving up after 10 s (playwright kills it at exit anyway) */
export async function closeBrowser(browser) {
    if (!browser) return;
    await within(browser.close(), 10000, 'the browser to close').catch(() => {});
}

/**
 * A person: a browser context of their own (their own localStorage, so
 * their own token), named `name` before the client first says hello.
 * Every page opened with p.open() is watched: the WebSocket frames it
 * receives (p.frames, parsed, each with `page`, the page's number), its
 * uncaught errors and console errors (p.errors).
 */
export async function person(browser, server, name, opts = {}) {
    const context = await browser.newContext({
        viewport: opts.viewport || DESKTOP, baseURL: server.url, serviceWorkers: 'block',
        reducedMotion: opts.motion ? 'no-preference' : 'reduce', // no animation to wait for before a click
    });
    context.setDefaultTimeout(opts.timeout || 15000);
    await context.addInitScript((n) => {
        if (!localStorage.getItem('alphadeck.name')) localStorage.setItem('alphadeck.name', n);
    }, name);
    const p = {
        name, context, server, frames: [], sent: [], errors: [], pages: 0, page: null,
        /** opens a page at hash (#/ or #/table/N) and waits until the client is online */
        async open(hash = '#/') {
            const page = await context.newPage();
            const n = ++p.pages;
            page.on('websocket', (ws) => {
                ws.on('framesent', (f) => { /* what the page said (its hellos, say) */
                    try { p.sent.push({ ...JSON.parse(String(f.payload)), page: n }); } catch { /* not JSON */ }
                });
                ws.on('framereceived', (f) => {
                    if (typeof f.payload !== 'string') { p.frames.push({ page: n, binary: true }); return; }
                    try { p.frames.push({ ...JSON.parse(f.payload), page: n }); } catch { p.frames.push({ page: n, raw: f.payload }); }
                });
            });
            page.on('pageerror', (e) => p.errors.push(`page ${n}: ${e.message}`));
            page.on('console', (m) => { if (m.type() === 'error') p.errors.push(`page ${n} console: ${m.text()}`); });
            await page.goto(`${server.url}/${hash}`, { timeout: 15000 });
            if (hash === '#/' || hash === '') await page.locator('#play-now').waitFor({ state: 'visible', timeout: 15000 });
            else await page.locator('.table-title:not(:empty), .game p').first().waitFor({ timeout: 15000 });
            p.page = page;
            return page;
        },
        async close() {
            await within(context.close(), 10000, `${name}'s context to close`).catch(() => {});
        },
    };
    return p;
}

/**
 * Makes a table from inside the page, over a WebSocket of its own with the
 * page's player token (the lobby's form has no bot_pause_ms), so the page's
 * player takes the first open seat.  The page must have said hello already
 * (p.open() waits for that).  Returns the create reply.
 */
export async function createTable(page, req) {
    const r = await within(page.evaluate(async (req) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = () => reject(new Error('the WebSocket failed')); });
        let rid = 0;
        const waiting = new Map();
        ws.onmessage = (m) => {
            const f = JSON.parse(String(m.data));
            const w = waiting.get(f.rid);
            if (w) { waiting.delete(f.rid); w(f); }
        };
        const ask = (o) => new Promise((resolve) => { rid += 1; waiting.set(rid, resolve); ws.send(JSON.stringify({ ...o, rid })); });
        const hello = await ask({ cmd: 'hello', name: localStorage.getItem('alphadeck.name') || 'Player', token: localStorage.getItem('alphadeck.token') });
        if (!hello.ok) { ws.close(); return hello; }
        const made = await ask({ cmd: 'create', ...req });
        ws.close();
        return made;
    }, req), 10000, `create ${JSON.stringify(req)}`);
    if (!r.ok) throw new Error(`create ${JSON.stringify(req)} refused: ${JSON.stringify(r)}`);
    return r;
}

/** the options that keep each game short */
export const SHORT = {
    noway: { max_turns: 16 },
    doubt: { max_turns: 16 },
    sequence: { max_turns: 200 },
    liar: { target: 8 },
    shout: { deal_ms: 100, final_ms: 0 },
};

/** goes to a table from wherever the page is and waits for it to be drawn */
export async function gotoTable(page, table) {
    await page.evaluate((t) => { location.hash = `#/table/${t}`; }, table);
    await page.locator('.table-title').filter({ hasText: `table ${table}` }).waitFor({ timeout: 15000 });
}

/** the text of the end-of-game panel once shown, or null */
export async function endText(page) {
    return page.evaluate(() => {
        const end = document.querySelector('.end');
        return end && !end.hidden ? (end.querySelector('.winner') || end).textContent : null;
    });
}

/** the seat this page sits at (the players list's "me"), or null */
export function mySeat(page) {
    return page.evaluate(() => {
        const rows = [...document.querySelectorAll('.players > li')];
        const i = rows.findIndex((r) => r.classList.contains('me'));
        return i < 0 ? null : i;
    });
}

// ---------------------------------------------------------- hidden cards

function keyPaths(x, key, at = '', out = []) {
    if (Array.isArray(x)) x.forEach((e, i) => keyPaths(e, key, `${at}[${i}]`, out));
    else if (x && typeof x === 'object') {
        for (const [k, v] of Object.entries(x)) {
            if (k === key) out.push(`${at}.${k}`);
            keyPaths(v, key, `${at}.${k}`, out);
        }
    }
    return out;
}

function sameCards(a, b) {
    const norm = (h) => (h || []).map((c) => (c && typeof c === 'object' ? JSON.stringify(c) : String(c))).sort().join(',');
    return norm(a) === norm(b);
}

const MEMORY = new Set(['held', 'gone', 'laid', 'seen', 'turned_up', 'outcome', 'draw', 'line', 'board', 'table']);

/**
 * Checks every frame one person's pages received at one table against the
 * god views of the record (gods[v]: the whole state after v actions):
 * no `hands`, `deck` or `pile` anywhere (nor Liar's `discards`), a `hand`
 * only in a view, and that hand (and Liar's `held`, the claim games' `laid`)
 * the seat's own at that version.  Returns how many views were checked.
 */
export function checkFrames(game, frames, seat, gods) {
    const problems = [];
    let checked = 0;
    for (const f of frames) {
        const where = `frame ${JSON.stringify(f).slice(0, 300)}`;
        for (const k of ['hands', 'deck', 'pile', ...(game === 'liar' ? ['discards'] : [])]) {
            const at = keyPaths(f, k);
            if (at.length) problems.push(`${where}: holds "${k}" at ${at.join(' ')}`);
        }
        for (const h of keyPaths(f, 'hand')) if (h !== '.view.hand' && h !== '.play_on.hand') problems.push(`${where}: a "hand" outside the view at ${h}`);
        // playing on: the seat's own view of the position after the window
        if (f.play_on && (f.play_on.seat !== seat || !f.view || !sameCards(f.play_on.hand, f.view.hand))) problems.push(`${where}: play_on is not seat ${seat}'s own view`);
        if (!f.view) continue;
        if (f.view.seat !== seat) problems.push(`${where}: a view of seat ${f.view.seat}, not of seat ${seat}`);
        // before the game starts a seat sees no card, its own neither (the
        // join answer says "waiting"; a sync then asks nobody)
        const waiting = f.status === 'waiting' || (f.push === 'update' && f.v === 0 && Array.isArray(f.asked) && f.asked.length === 0);
        if (waiting) {
            if (f.view.hand !== undefined) problems.push(`${where}: a hand before the game started`);
            continue;
        }
        const god = typeof f.v === 'number' ? gods[f.v] : null;
        if (!god) continue;
        checked++;
        if (!sameCards(f.view.hand, god.hands[seat])) problems.push(`${where}: the hand is not seat ${seat}'s at v ${f.v} (${JSON.stringify(god.hands[seat])})`);
        for (const k of ['held', 'laid', 'gone']) {
            if (Array.isArray(god[k]) && f.view[k] !== undefined && JSON.stringify(f.view[k]) !== JSON.stringify(god[k][seat])) {
                problems.push(`${where}: "${k}" is not seat ${seat}'s own`);
            }
        }
        // no other seat's hand (of 3 cards or more) anywhere in the frame,
        // besides the places where cards are public or the seat's own memory
        // (Liar's `held`: the hand it passed on, now another's), checked above
        const text = JSON.stringify({ ...f, view: { ...f.view, hand: undefined }, play_on: f.play_on && { ...f.play_on, hand: undefined } },
            (k, x) => (MEMORY.has(k) || (x && x.type === 'reveal') ? undefined : x));
        god.hands.forEach((h, j) => {
            if (j === seat || !Array.isArray(h) || h.length < 3) return;
            const s = JSON.stringify(h);
            if (text.includes(s)) problems.push(`${where}: holds seat ${j}'s hand ${s}`);
        });
    }
    return { checked, problems };
}

// ------------------------------------------------------ playing by clicks

/** the table's notice line (a refusal is told there) */
function noticeText(page) {
    return page.evaluate(() => (document.querySelector('.table-screen > .notice') || { textContent: '' }).textContent || '');
}

/**
 * Clicks the control `sel` (if it is there) and waits until the table has
 * moved on: the control is drawn again or gone, or a notice says why not.
 * Returns true when it clicked.
 */
export async function clickAndSettle(page, sel, stats, ms = 10000, how = (h) => h.click({ timeout: 3000 })) {
    const h = await page.$(sel);
    if (!h) return false;
    try {
        await how(h);
    } catch {
        return false; // drawn again meanwhile: look again
    }
    stats.actions++;
    await page.waitForFunction((e) => !e.isConnected
        || ((document.querySelector('.table-screen > .notice') || {}).textContent || '') !== '', h, { timeout: ms });
    const n = await noticeText(page);
    if (n) stats.refusals.push(`${sel}: ${n}`);
    return true;
}

/** No Way and I Doubt It: objects to every 5th claim, else lets it pass; plays the cards of the call, else the first */
async function claimStep(page, stats) {
    if (await page.locator('#let-pass').isVisible()) {
        stats.asked = (stats.asked || 0) + 1;
        return clickAndSettle(page, stats.asked % 5 === 0 ? '#challenge' : '#let-pass', stats);
    }
    if (await page.locator('#play').isVisible()) {
        try {
            await page.getByRole('button', { name: 'Pick the cards of the call' }).click({ timeout: 3000 });
            if (await page.locator('.hand .card.picked').count() === 0) await page.locator('.hand .card').first().click({ timeout: 3000 });
        } catch {
            return false;
        }
        return clickAndSettle(page, '#play', stats);
    }
    return false;
}

/**
 * Of the lit squares on the board as drawn, the one where a chip of this
 * page's colour makes its longest line (a person builds their line: a game
 * of people who place at random can run for hundreds of turns); -1: none.
 */
function bestLitSquare(page) {
    return page.evaluate(() => {
        const side = [...document.querySelectorAll('.seq-side')].find((e) => /(^|\s)You( |:)/.test(e.textContent || ''));
        const mine = side ? ((side.textContent || '').match(/: (\w+) /) || [])[1] : null;
        const at = new Map();
        const squares = [...document.querySelectorAll('#board .square')];
        for (const b of squares) {
            const chip = ((b.getAttribute('aria-label') || '').split(', ')[3] || '').replace(/ chip$/, '');
            at.set(b.getAttribute('data-square'), chip);
        }
        const run = (r, k, dr, dk) => {
            let n = 0;
            for (let i = 1; at.get(`${r + dr * i},${k + dk * i}`) === mine; i++) n++;
            return n;
        };
        let best = -1;
        let bestLen = -1;
        squares.filter((b) => b.classList.contains('target')).forEach((b, i) => {
            const [r, k] = (b.getAttribute('data-square') || '0,0').split(',').map(Number);
            const len = Math.max(...[[0, 1], [1, 0], [1, 1], [1, -1]].map(([dr, dk]) => run(r, k, dr, dk) + run(r, k, -dr, -dk)));
            if (len > bestLen) { best = i; bestLen = len; }
        });
        return best;
    });
}

/** Sequence Letters: picks the cards in turn until one lights a square, picks the lit square that best builds a line and places; turns in or discards when told */
async function sequenceStep(page, stats) {
    if (!(await page.locator('.player.me.asked').isVisible())) return false;
    for (const sel of ['#place:not([disabled])', '#turn-in', '#discard']) {
        if (await page.locator(sel).isVisible()) return clickAndSettle(page, sel, stats);
    }
    try {
        const lit = page.locator('#board .square.target');
        if (await lit.count()) {
            await lit.nth(Math.max(0, await bestLitSquare(page))).click({ timeout: 3000 });
            return clickAndSettle(page, '#place:not([disabled])', stats);
        }
        // a live letter first (not dead, not X or Z), then in turn every card
        const cards = page.locator('#hand .card');
        const n = await cards.count();
        if (!n) return false;
        const live = await page.evaluate(() => [...document.querySelectorAll('#hand .card')]
            .findIndex((e) => !e.classList.contains('dead') && !['X', 'Z'].includes(e.getAttribute('data-card') || '')));
        stats.tries = (stats.tries || 0) + 1;
        const i = live >= 0 && stats.tries % 3 === 1 ? live : stats.tries % n;
        await cards.nth(i).click({ timeout: 3000 });
    } catch {
        /* drawn again meanwhile: look again */
    }
    return false;
}

const WORDS = ['a', 'at', 'cat', 'cats', 'crate', 'crates', 'craters', 'carrots', 'abstract', 'absolutes'];

/** Liar: says "Liar!" to every word, says a dictionary word of the length asked (typed), discards the first card */
async function liarStep(page, stats) {
    if (await page.locator('#liar').isVisible()) return clickAndSettle(page, '#liar', stats);
    if (await page.locator('#discard').isVisible()) {
        try {
            await page.locator('#hand .card').first().click({ timeout: 3000 });
        } catch {
            return false;
        }
        return clickAndSettle(page, '#discard:not([disabled])', stats);
    }
    if (await page.locator('#word').isVisible()) {
        const text = await page.locator('.controls .prompt').first().textContent().catch(() => '');
        const m = /a word of (\d+)-(\d+) letters/.exec(text || '');
        if (!m) return false;
        const [min, max] = [Number(m[1]), Number(m[2])];
        const fits = WORDS.filter((w) => w.length >= min && w.length <= max);
        if (!fits.length) throw new Error(`liar: no test word of ${min}-${max} letters`);
        const refused = stats.refusals.length;
        const w = fits[(stats.wordTry || 0) % fits.length];
        try {
            await page.locator('#word').fill(w, { timeout: 3000 });
        } catch {
            return false;
        }
        const done = await clickAndSettle(page, '#announce:not([disabled])', stats);
        if (stats.refusals.length > refused) stats.wordTry = (stats.wordTry || 0) + 1; // not in the dictionary: another
        return done;
    }
    return false;
}

// short words every English word list holds
const SHOUT_WORDS = ('the and are ant art ate eat tea ten net tan tin ton not one own now new sea see set sat sit '
    + 'hat hot pot top pan nap rat tar tie toe oil red bed bad dog cat sun run fun ear era end den hen men pen '
    + 'rain rate tear seat east neat note tone rest star rats ears eats sent nest tens nets lots lost post stop '
    + 'spot tops pots mean name same game late gate hate date stone notes store tears rates').split(' ');

/** the most cards of `faces` (a double spells its two letters, "*" any one) that spell word in order, or 0 */
function cardsFor(faces, word) {
    let best = 0;
    const used = new Set();
    const go = (at, n) => {
        if (at === word.length) { best = Math.max(best, n); return; }
        faces.forEach((f, i) => {
            if (used.has(i)) return;
            const s = f.toLowerCase();
            if (f !== '*' && !word.startsWith(s, at)) return;
            used.add(i);
            go(at + (f === '*' ? 1 : s.length), n + 1);
            used.delete(i);
        });
    };
    go(0, 0);
    return best;
}

/** Shout a Word: the dealer turns up cards, a word the table spells is typed and shouted, everyone passes in the final window */
async function shoutStep(page, stats) {
    for (const sel of ['#deal', '#pass']) {
        if (await page.locator(sel).isVisible()) return clickAndSettle(page, sel, stats);
    }
    const seen = await page.evaluate(() => ({
        faces: [...document.querySelectorAll('#table-cards .card')].map((e) => e.getAttribute('data-card') || ''),
        need: Number((/(\d+)\+ cards/.exec((document.querySelector('.shout-status') || { textContent: '' }).textContent || '') || [])[1] || 3),
        can: !!document.querySelector('#word:not([disabled])'),
    }));
    const sig = seen.faces.join(',');
    if (!seen.can || sig === stats.tableSeen) return false;
    stats.tableSeen = sig;
    const word = SHOUT_WORDS.find((w) => cardsFor(seen.faces.filter((f) => f !== '*'), w) >= seen.need);
    if (!word) return false;
    try {
        await page.locator('#word').fill(word, { timeout: 2000 });
        await page.locator('#claim:not([disabled])').click({ timeout: 2000 });
    } catch {
        return false; // the table moved on (a card dealt, a word taken): look again
    }
    stats.actions++;
    stats.words = [...(stats.words || []), word];
    await page.waitForFunction(() => {
        const w = /** @type {HTMLInputElement|null} */ (document.querySelector('#word'));
        return !w || w.value === '' || ((document.querySelector('.table-screen > .notice') || {}).textContent || '') !== '';
    }, null, { timeout: 5000 }).catch(() => {});
    return true;
}

export const STEPS = { noway: claimStep, doubt: claimStep, sequence: sequenceStep, liar: liarStep, shout: shoutStep };
export const CONTROLS = {
    noway: '#play, #let-pass', doubt: '#play, #let-pass', sequence: '.player.me.asked', liar: '#liar, #word, #discard', shout: '#deal, #pass, #word',
};

/**
 * Every page of person p records what it is asked to say in
 * window.__said (speechSynthesis stubbed), with the Read aloud switch
 * stored on (aloud) or off.
 * @param {any} p @param {boolean} [aloud]
 */
export async function recordSpeech(p, aloud = true) {
    await p.context.addInitScript((on) => {
        localStorage.setItem('alphadeck.aloud', on ? '1' : '0');
        /** @type {string[]} */
        const said = [];
        Object.defineProperty(window, '__said', { value: said });
        class Utterance { constructor(text) { this.text = text; } }
        Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
        Object.defineProperty(window, 'speechSynthesis', {
            value: { speak: (u) => said.push(u.text), cancel: () => {}, getVoices: () => [] }, configurable: true,
        });
    }, aloud);
}

/**
 * Plays this page's seat by clicks until the end-of-game panel shows (or,
 * with opts.actions, until it has acted that many times); returns
 * { end, actions, refusals }.
 */
export async function playByClicks(page, game, ms, opts = {}) {
    const deadline = Date.now() + ms;
    const stats = { actions: 0, refusals: [], end: null, keys: 0 };
    const steps = opts.steps || STEPS;
    const any = page.locator(`${CONTROLS[game]}, .end:not([hidden])`).first();
    for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) {
            // what the page showed, so a failure says where it stood
            const shown = await page.evaluate(() => (document.querySelector('main, body') || document.body).innerText.slice(0, 600))
                .catch(() => '(no page)');
            await page.screenshot({ path: `${os.tmpdir()}/stuck-${game}.png` }).catch(() => {});
            throw new Error(`${game}: the game did not end within ${ms} ms (${stats.actions} clicks so far); the page showed: ${JSON.stringify(shown)}`);
        }
        try {
            await any.waitFor({ state: 'visible', timeout: Math.min(left, 20000) });
        } catch {
            continue;
        }
        stats.end = await endText(page);
        if (stats.end !== null) return stats;
        if (!(await steps[game](page, stats))) await page.waitForTimeout(50);
        if (opts.actions && stats.actions >= opts.actions) return stats;
    }
}

// ------------------------------------------------------ playing by keys

/** the focused element matches sel */
function focused(page, sel) {
    return page.evaluate((s) => !!document.activeElement && document.activeElement.matches(s), sel);
}

/**
 * Moves the focus to the first element matching sel with Tab (forwards)
 * or Shift+Tab (backwards, when it lies before the focus); false when it
 * is not reached in `max` presses.  stats.keys counts the presses.
 */
export async function tabTo(page, sel, stats, max = 80) {
    for (let i = 0; i < max; i++) {
        if (await focused(page, sel)) return true;
        const key = await page.evaluate((s) => {
            const t = document.querySelector(s);
            const a = document.activeElement;
            if (!t) return null;
            if (!a || a === document.body || !a.isConnected) return 'Tab';
            return a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING ? 'Tab' : 'Shift+Tab';
        }, sel);
        if (!key) return false;
        await page.keyboard.press(key);
        stats.keys = (stats.keys || 0) + 1;
    }
    return false;
}

/** focuses sel by Tab / Shift+Tab, then presses key; the table moved on */
function keyAndSettle(page, sel, key, stats) {
    return clickAndSettle(page, sel, stats, 10000, async () => {
        if (!(await tabTo(page, sel, stats))) throw new Error(`Tab does not reach ${sel}`);
        await page.keyboard.press(key);
        stats.keys++;
    });
}

/** No Way and I Doubt It by keys alone: Space picks a card, Enter lays them down or lets a claim pass */
async function claimKeys(page, stats) {
    if (await page.locator('#let-pass').isVisible()) {
        stats.asked = (stats.asked || 0) + 1;
        return stats.asked % 5 === 0 ? keyAndSettle(page, '#challenge', 'Space', stats) : keyAndSettle(page, '#let-pass', 'Enter', stats);
    }
    if (!(await page.locator('#play').isVisible())) return false;
    const call = await page.evaluate(() => (document.querySelector('.call strong') || { textContent: '' }).textContent);
    const max = await page.evaluate(() => Number((/lay down 1 to (\d+)/.exec(document.body.innerText) || [])[1] || 1));
    // the cards of the call (I Doubt It: "10D" is rank 10), else the first card
    for (let k = 0; k < max; k++) {
        const sel = await page.evaluate((c) => {
            const cards = [...document.querySelectorAll('.hand .card:not(.picked)')];
            const i = cards.findIndex((e) => {
                const f = e.getAttribute('data-card') || '';
                return f === c || f.slice(0, -1) === c;
            });
            return i < 0 ? null : `.hand .card[data-card="${cards[i].getAttribute('data-card')}"]:not(.picked)`;
        }, call);
        if (!sel) break;
        if (!(await tabTo(page, sel, stats))) return false;
        await page.keyboard.press('Space');
        stats.keys++;
    }
    if (await page.locator('.hand .card.picked').count() === 0) {
        if (!(await tabTo(page, '.hand .card', stats))) return false;
        await page.keyboard.press('Space');
        stats.keys++;
    }
    return keyAndSettle(page, '#play', 'Enter', stats);
}

export const KEY_STEPS = { noway: claimKeys, doubt: claimKeys };

/** One server and one browser for a test file: started before its tests,
 * stopped after them, pass or fail.  `why` says what is missing, if anything. */
export function serverAndBrowser() {
    /** @type {{why: string|null, server: any, browser: any}} */
    const s = { why: missing(), server: null, browser: null };
    before(async () => {
        if (s.why) return;
        s.server = await startServer();
        s.browser = await launchBrowser();
    });
    after(async () => {
        await closeBrowser(s.browser);
        if (s.server) await s.server.stop();
    });
    return s;
}

// ------------------------------------------------ people (issue 30, r4)

/**
 * Routes every WebSocket of the context through the test: a frame from a
 * page for which hold(frame) is true waits in the array returned (call
 * each entry to send it on), and every frame from the server is given to
 * heard(frame) on its way to the page.  For races a test must win or lose
 * every time, not by chance.
 * @param {any} context @param {{hold?: (m: any) => boolean, heard?: (m: any) => void}} how
 * @returns {Promise<(() => void)[]>}
 */
export async function routeFrames(context, how) {
    const hold = how.hold || (() => false);
    const heard = how.heard || (() => {});
    /** @type {(() => void)[]} */
    const held = [];
    await context.routeWebSocket(/\/ws/, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((m) => {
            if (hold(m)) held.push(() => server.send(m));
            else server.send(m);
        });
        server.onMessage((m) => {
            heard(m);
            ws.send(m);
        });
    });
    return held;
}

/**
 * Holds one of a page's requests on its way to its seat, once armed (`on`),
 * until the test releases it: `join` (a push then meets the page while it
 * only watches) or the `tables` after the join (a push meets it with the
 * seat's answer in hand, not yet drawn).  `held`: the requests held;
 * `pushed`: the update pushes the page heard while armed.
 * @param {any} context @param {'join'|'tables'} cmd
 */
export async function holdOnTheWay(context, cmd) {
    const h = { on: false, joined: false, pushed: 0, held: /** @type {(() => void)[]} */ ([]), release: () => {} };
    h.held = await routeFrames(context, {
        hold: (m) => {
            if (!h.on || typeof m !== 'string') return false;
            if (m.includes('"cmd":"join"')) h.joined = true;
            return m.includes(`"cmd":"${cmd}"`) && (cmd === 'join' || h.joined);
        },
        heard: (m) => { if (h.on && typeof m === 'string' && m.includes('"push":"update"')) h.pushed++; },
    });
    h.release = () => {
        h.on = false;
        h.held.splice(0).forEach((send) => send());
    };
    return h;
}

/** A guest by invite link is asked their name before sitting (people.js):
 * accepts the remembered one (or types `name`) and waits to be seated. */
export async function sitDown(page, name) {
    const input = page.locator('#ask-name');
    await input.waitFor({ state: 'visible', timeout: 15000 });
    if (name !== undefined) await input.fill(name);
    await page.locator('#sit-down').click();
    await page.locator('.player.me').waitFor({ timeout: 15000 });
}

// ------------------------------------------------- a game of bots to its end

/** polls fn until it is truthy (and gives that), or throws after ms */
export async function until(fn, ms, what) {
    const end = Date.now() + ms;
    for (;;) {
        const x = await fn();
        if (x) return x;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await sleep(100);
    }
}

/**
 * A table of three bots (seats, by level) made from inside the page as the
 * page's player (name), played to its end; its number and its replay.
 * @param {any} server @param {any} page @param {string} game @param {any} options
 * @param {{name?: string, seats?: string[], seed?: number, ms?: number}} [how]
 */
export async function finishedBotsGame(server, page, game, options, how = {}) {
    const { name = 'Rep', seats = ['basic', 'basic', 'basic'], seed, ms = 90000 } = how;
    const made = await page.evaluate(async ([g, o, n, st, sd]) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        await new Promise((res, rej) => { ws.onopen = res; ws.onerror = () => rej(new Error('ws')); });
        let rid = 0;
        const w = new Map();
        ws.onmessage = (m) => { const f = JSON.parse(String(m.data)); if (w.has(f.rid)) { w.get(f.rid)(f); w.delete(f.rid); } };
        const ask = (x) => new Promise((res) => { rid++; w.set(rid, res); ws.send(JSON.stringify({ ...x, rid })); });
        await ask({ cmd: 'hello', name: n, token: localStorage.getItem('alphadeck.token') });
        const r = await ask({ cmd: 'create', game: g, players: st.length, seats: st, options: o, bot_pause_ms: 0, ...(sd === undefined ? {} : { seed: sd }) });
        ws.close();
        return r;
    }, [game, options, name, seats, seed]);
    if (!made.ok) throw new Error(`a bots' table: ${JSON.stringify(made)}`);
    const replay = await until(async () => {
        const r = await httpGet(server, `/api/tables/${made.table}/replay`);
        return r.status === 200 ? JSON.parse(r.body) : null;
    }, ms, "the bots' game to end");
    return { table: made.table, replay };
}
