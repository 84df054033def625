// bench/boardgameio/server.mjs - boardgame.io's own server (Server from
// boardgame.io/server: Koa, its lobby API and its socket.io transport)
// serving the No Way of noway.mjs on 127.0.0.1, for the side-by-side bench
// of issue 19 only.
//
//   node bench/boardgameio/server.mjs [--port 0] [--flatfile DIR]
//
// Storage: boardgame.io's default, in memory; with --flatfile DIR its
// FlatFile store (node-persist: a file a key, written without fsync).  It
// prints "listening on PORT" once it listens.  Run as a child with an IPC
// channel it answers the message "gc" by a full garbage collection (when
// node runs with --expose-gc) and then "gc-done", so a memory figure is
// taken with no garbage counted against it.
import { createRequire } from 'node:module';
import { NoWay } from './noway.mjs';

const require = createRequire(import.meta.url);
const { Server, FlatFile } = require('boardgame.io/server');

const args = Object.fromEntries(
    process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const PORT = Number(args.port || 0);

const db = args.flatfile ? new FlatFile({ dir: args.flatfile }) : undefined;
const server = Server({ games: [NoWay], db, origins: [] });

// Server.run listens on every address; this bench listens on loopback only
server.app.listen = (port, cb) => server.app.server.listen(port, '127.0.0.1', cb);

const { appServer } = await server.run(PORT);
console.log(`listening on ${appServer.address().port}`);

process.on('message', (m) => {
    if (m !== 'gc') return;
    if (global.gc) global.gc();
    process.send('gc-done');
});
process.on('SIGTERM', () => {
    server.kill({ appServer });
    process.exit(0);
});
