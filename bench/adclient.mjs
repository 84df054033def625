// bench/adclient.mjs - the benches' client of `alphadeck serve`'s protocol
// (docs/server.md): one WebSocket, requests matched to their replies by
// rid, every push handed to onPush.  Kept lean on purpose, so a bench
// measures the server more than its client (bench/serve-load.mjs,
// bench/compare-bgio.mjs).
import WebSocket from 'ws';

export class AdClient {
    /** @param {string} url ws://127.0.0.1:PORT/ws */
    constructor(url) {
        this.ws = new WebSocket(url, { perMessageDeflate: false });
        this.rid = 0;
        this.waiting = new Map();
        this.onPush = () => {};
        this.ready = new Promise((res, rej) => { this.ws.on('open', res); this.ws.on('error', rej); });
        this.ws.on('message', (d) => {
            AdClient.received += d.length; /* the bytes every client was sent (frames' payloads) */
            const m = JSON.parse(d);
            const w = m.rid !== undefined && this.waiting.get(m.rid);
            if (w) { this.waiting.delete(m.rid); w(m); } else if (m.push) this.onPush(m);
        });
    }

    request(o) {
        return new Promise((res) => { o.rid = ++this.rid; this.waiting.set(o.rid, res); this.ws.send(JSON.stringify(o)); });
    }

    close() { this.ws.terminate(); }
}
AdClient.received = 0;
