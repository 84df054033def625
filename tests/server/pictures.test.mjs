// Issue 31, "A picture for every square": every picture the Sequence
// Letters board names (data/boards/sequence.txt) is our own SVG drawing,
// carried in the binary and served at the address the board facts give
// (GET /api/games, /api/board/sequence), so the browser holds no list of
// pictures and needs no emoji font.  (The browser test, tests/web/
// pictures.test.mjs, parses each drawing as XML and looks at the board.)
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, httpGet, ROOT } from './harness.mjs';

/** the pictures the board's data names, each once */
function namedPictures() {
    const text = fs.readFileSync(path.join(ROOT, 'data', 'boards', 'sequence.txt'), 'utf8');
    const names = text.split('\n').filter((l) => l.startsWith('square ')).map((l) => l.split(' ').slice(4).join(' '));
    return [...new Set(names)];
}

test('every square of the Sequence board names an SVG drawing of its own picture, which the server serves', { timeout: 60000 }, async (t) => {
    const server = await startServer(t);
    const games = JSON.parse((await httpGet(server, '/api/games')).body);
    const board = games.games.find((g) => g.id === 'sequence').board;
    const squares = board.flat();
    assert.equal(squares.length, 48, 'six rows of eight');
    const named = namedPictures();
    assert.deepEqual([...new Set(squares.map((s) => s.picture))].sort(), [...named].sort(), 'the board is the data\'s');
    const alone = JSON.parse((await httpGet(server, '/api/board/sequence')).body).board.flat();
    const seen = new Set();
    for (const [i, s] of squares.entries()) {
        assert.ok(!('emoji' in s), `${s.picture}: no emoji in the board the browser gets`);
        assert.match(s.image, /^\/api\/pictures\/[a-z0-9-]+\.svg$/, `${s.picture} has a drawing`);
        assert.equal(alone[i].image, s.image, `${s.picture}: /api/board/sequence says the same`);
        assert.ok(!seen.has(s.image), `${s.picture}: a drawing of its own`);
        seen.add(s.image);
        const r = await httpGet(server, s.image);
        assert.equal(r.status, 200, `GET ${s.image}`);
        assert.match(r.headers['content-type'], /^image\/svg\+xml/, `${s.image} is SVG`);
        assert.match(r.headers['cache-control'], /max-age=\d+/, `${s.image} may be kept`);
        const opening = new RegExp(`^<!-- ${s.picture}: `);
        assert.match(r.body, opening, `${s.image} opens with a comment naming ${s.picture}`);
        assert.match(r.body, /<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/, `${s.image}: one viewBox for all`);
        assert.doesNotMatch(r.body, /https?:\/\/(?!www\.w3\.org\/2000\/svg")|<text|<image|@import|url\(/, `${s.image} loads nothing and needs no font`);
    }
});

test('a drawing is served by its own file name only; any other is refused in words, with a stable code', { timeout: 30000 }, async (t) => {
    const server = await startServer(t);
    assert.equal((await httpGet(server, '/api/pictures/apple.svg')).status, 200, 'the apple is there');
    for (const p of ['/api/pictures/nope.svg', '/api/pictures/../boards/sequence.txt', '/api/pictures/', '/api/pictures/apple.svg.bak', '/api/pictures/Apple.svg', '/api/pictures/apple']) {
        const r = await httpGet(server, p);
        assert.equal(r.status, 404, p);
        const j = JSON.parse(r.body);
        assert.equal(j.code, 'not_found', p);
        assert.ok(j.error.length > 5, p);
    }
});
