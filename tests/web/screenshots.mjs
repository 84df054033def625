// The screenshots of docs/screenshots/: each game played a few moves in
// Debian's chromium (headless, through playwright-core) against a real
// `alphadeck serve`, then drawn at desktop size (1280x900) and phone size
// (375x667): docs/screenshots/<game>-desktop.png and <game>-phone.png.
// Run by hand after the client changes:
//
//     node tests/web/screenshots.mjs [GAME...] [--out DIR]
//
// (ALPHADECK names the server binary, default build/alphadeck.)  Only
// 127.0.0.1 is reached.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
    ROOT, missing, startServer, launchBrowser, closeBrowser, person, createTable, gotoTable,
    playByClicks, clickAndSettle, STEPS, CONTROLS, DESKTOP, PHONE,
} from './harness.mjs';

export const GAMES = ['noway', 'doubt', 'sequence', 'liar', 'shout'];

/** the seats and options of each game's pictured table */
const TABLES = {
    noway: { players: 3, options: {}, turn: '#play' },
    doubt: { players: 4, options: {}, turn: '#play' },
    sequence: { players: 3, options: {}, moves: 1 }, // a basic bot may make its line of four soon
    liar: { players: 3, options: {} },
    shout: { players: 3, options: { deal_ms: 1500 }, moves: 10 },
};

/**
 * Plays `moves` actions of each game and saves its two pictures in outDir;
 * returns the paths written.
 */
export async function takeScreenshots({ games = GAMES, outDir = path.join(ROOT, 'docs', 'screenshots'), moves = 3 } = {}) {
    const why = missing();
    if (why) throw new Error(`cannot take screenshots: ${why}`);
    fs.mkdirSync(outDir, { recursive: true });
    const server = await startServer({ limit: 300 });
    let browser = null;
    const written = [];
    try {
        browser = await launchBrowser();
        for (const game of games) {
            const p = await person(browser, server, 'Ada', { viewport: DESKTOP });
            try {
                const page = await p.open('#/');
                const spec = TABLES[game];
                const made = await createTable(page, {
                    game, players: spec.players, seats: ['open', ...Array(spec.players - 1).fill('basic')],
                    options: spec.options, bot_pause_ms: 300,
                });
                await gotoTable(page, made.table);
                if (STEPS[game]) {
                    await playByClicks(page, game, 30000, { actions: spec.moves || moves });
                    // pictured on the seat's turn: its controls showing, the bots waiting
                    const until = Date.now() + 20000;
                    while (spec.turn && Date.now() < until && !(await page.locator(spec.turn).isVisible())) {
                        if (await page.locator('#let-pass').isVisible()) await clickAndSettle(page, '#let-pass', { actions: 0, refusals: [] });
                        else await page.waitForTimeout(100);
                    }
                    await page.locator(spec.turn || CONTROLS[game]).first().waitFor({ state: 'visible', timeout: 15000 }).catch(() => {});
                } else {
                    await page.waitForTimeout(1500);
                }
                await page.waitForTimeout(500);
                await page.evaluate(() => window.scrollTo(0, 0));
                const desk = path.join(outDir, `${game}-desktop.png`);
                await page.screenshot({ path: desk });
                await page.setViewportSize(PHONE);
                await page.waitForTimeout(300);
                await page.evaluate(() => window.scrollTo(0, 0));
                const phone = path.join(outDir, `${game}-phone.png`);
                await page.screenshot({ path: phone });
                written.push(desk, phone);
                if (p.errors.length) console.error(`${game}: script errors: ${p.errors.join('; ')}`);
            } finally {
                await p.close();
            }
        }
    } finally {
        await closeBrowser(browser);
        await server.stop();
    }
    return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
    const args = process.argv.slice(2);
    const o = args.indexOf('--out');
    const outDir = o >= 0 ? path.resolve(args[o + 1]) : undefined;
    const games = args.filter((a, i) => !a.startsWith('--') && (o < 0 || i !== o + 1));
    for (const g of games) if (!GAMES.includes(g)) { console.error(`unknown game ${g}: ${GAMES.join(' ')}`); process.exit(2); }
    takeScreenshots({ games: games.length ? games : GAMES, outDir }).then((w) => {
        for (const f of w) console.log(path.relative(process.cwd(), f));
    }, (e) => { console.error(e); process.exit(1); });
}
