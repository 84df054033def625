// main.js - the browser client's entry: one connection for the page, the
// status line ("reconnecting…"), the read-aloud switch, and the screens by
// address: #/ the lobby, #/table/N a table, #/replay/N?seat=K a replay.
import { Conn } from './conn.js';
import { renderLobby } from './lobby.js';
import { renderTable } from './table.js';
import { renderReplay } from './replay.js';
import { aloudOn, setAloud } from './speech.js';
import { loadFacts } from './facts.js';
import { firstName } from './people.js';
import { soundSwitch, notifyTurn } from './notify.js';

const conn = new Conn(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
const app = /** @type {HTMLElement} */ (document.getElementById('app'));
const status = /** @type {HTMLElement} */ (document.getElementById('status'));
const aloud = /** @type {HTMLInputElement} */ (document.getElementById('aloud'));

aloud.checked = aloudOn();
conn.aloud = aloud.checked; /* the server sends the lines only to a page that reads them */
aloud.addEventListener('change', () => {
    setAloud(aloud.checked);
    conn.setAloud(aloud.checked);
});
soundSwitch();

conn.addEventListener('status', (e) => {
    const s = /** @type {CustomEvent} */ (e).detail;
    status.textContent = s === 'online' ? '' : 'Reconnecting…';
    status.classList.toggle('offline', s !== 'online');
});

async function route() {
    await loadFacts(); // the games' facts, read once: every screen takes them from there
    const h = location.hash || '#/';
    notifyTurn(''); // the title says "Your turn" only at the table
    let m;
    if ((m = /^#\/table\/(\d+)/.exec(h))) {
        await renderTable(app, conn, Number(m[1]));
    } else if ((m = /^#\/replay\/(\d+)(?:\?seat=(\d+))?/.exec(h))) {
        await renderReplay(app, Number(m[1]), m[2] === undefined ? null : Number(m[2]));
    } else {
        await renderLobby(app, conn, (t) => { location.hash = `#/table/${t}`; });
    }
    app.focus();
}

window.addEventListener('hashchange', route);
firstName(app, conn).then(() => { // nobody is "Player": a name first
    status.textContent = 'Connecting…';
    return conn.open();
}).then(route);
