// rules.js - a game's rules page (GET /api/rules/<game>, the same Markdown
// as docs/rules and `alphadeck rules`) shown in a dialog: headings,
// paragraphs, lists and tables, as text (never as HTML from the page), and
// the picture of its "How to play" (GET /api/rules/<game>.svg, beside the
// page as docs/rules/<game>.svg is beside its Markdown).
import { el } from './ui.js';

/** Inline Markdown: `code` and **bold**, as text nodes. @param {string} s */
function inline(s) {
    const out = [];
    const re = /(`[^`]+`|\*\*[^*]+\*\*)/g;
    let last = 0;
    let m;
    while ((m = re.exec(s))) {
        if (m.index > last) out.push(s.slice(last, m.index));
        const t = m[0];
        out.push(t.startsWith('`') ? el('code', {}, t.slice(1, -1)) : el('strong', {}, t.slice(2, -2)));
        last = m.index + t.length;
    }
    out.push(s.slice(last));
    return out;
}

/** A paragraph that is only a picture, ![what it shows](name.svg): the
 * page's own picture, from beside the page; any other address stays text.
 * @param {string} p @returns {HTMLElement|null} */
function picture(p) {
    const m = /^!\[([^\]]+)\]\(([a-z0-9_-]+\.svg)\)$/.exec(p);
    if (!m) return null;
    return el('figure', { class: 'rules-picture' }, el('img', { src: `/api/rules/${m[2]}`, alt: m[1] }));
}

/** @param {string} md @returns {HTMLElement} */
export function renderMarkdown(md) {
    const root = el('div', { class: 'rules' });
    const lines = md.split('\n');
    let i = 0;
    while (i < lines.length) {
        const line = lines[i];
        if (/^#{1,6} /.test(line)) {
            const level = Math.min(6, line.indexOf(' ') + 1);
            root.append(el(`h${level}`, {}, ...inline(line.replace(/^#+ /, ''))));
            i++;
        } else if (/^\s*[-*] /.test(line)) {
            const ul = el('ul');
            while (i < lines.length && /^\s*[-*] /.test(lines[i])) {
                let item = lines[i].replace(/^\s*[-*] /, '');
                i++;
                while (i < lines.length && /^\s{2,}\S/.test(lines[i]) && !/^\s*[-*] /.test(lines[i])) item += ' ' + lines[i++].trim();
                ul.append(el('li', {}, ...inline(item)));
            }
            root.append(ul);
        } else if (/^\|/.test(line)) {
            const table = el('table');
            let head = true;
            while (i < lines.length && /^\|/.test(lines[i])) {
                const cells = lines[i].split('|').slice(1, -1).map((c) => c.trim());
                i++;
                if (cells.every((c) => /^:?-+:?$/.test(c))) { head = false; continue; }
                table.append(el('tr', {}, ...cells.map((c) => el(head ? 'th' : 'td', {}, ...inline(c)))));
            }
            root.append(el('div', { class: 'scroll-x' }, table));
        } else if (/^```/.test(line)) {
            const body = [];
            i++;
            while (i < lines.length && !/^```/.test(lines[i])) body.push(lines[i++]);
            i++;
            root.append(el('pre', { class: 'scroll-x' }, body.join('\n')));
        } else if (line.trim() === '') {
            i++;
        } else {
            let p = line;
            i++;
            while (i < lines.length && lines[i].trim() !== '' && !/^(#|\||\s*[-*] |```)/.test(lines[i])) p += ' ' + lines[i++].trim();
            root.append(picture(p) || el('p', {}, ...inline(p)));
        }
    }
    return root;
}

/** Opens the rules of `game` in a modal dialog. @param {string} game @param {string} title */
export async function showRules(game, title) {
    const dlg = /** @type {HTMLDialogElement} */ (el('dialog', { class: 'rules-dialog', 'aria-label': `Rules of ${title}` }));
    const close = el('button', { type: 'button', class: 'close', onclick: () => dlg.close() }, 'Close');
    dlg.append(close, el('p', {}, 'Loading the rules…'));
    document.body.append(dlg);
    dlg.addEventListener('close', () => dlg.remove());
    dlg.showModal();
    try {
        const r = await fetch(`/api/rules/${encodeURIComponent(game)}`);
        const md = await r.text();
        dlg.replaceChildren(close, renderMarkdown(md));
    } catch {
        dlg.replaceChildren(close, el('p', {}, 'The rules could not be loaded.'));
    }
    close.focus();
}
