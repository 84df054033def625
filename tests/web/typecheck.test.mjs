// Issue 18: the browser client (web/js) passes TypeScript's checker over its
// JavaScript and JSDoc types (tsconfig.json: checkJs, strict, so
// strictNullChecks and noImplicitAny), with the pinned typescript.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness.mjs';

const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');

test('tsc -p tsconfig.json (checkJs, strict) finds no type error in web/js', {
    skip: fs.existsSync(TSC) ? false : 'no node_modules/.bin/tsc (scripts/install-deps installs it)', timeout: 120000,
}, () => {
    const r = spawnSync('timeout', ['-k', '5', '100', TSC, '-p', 'tsconfig.json'], { cwd: ROOT, encoding: 'utf8' });
    const out = `${r.stdout || ''}${r.stderr || ''}`.trim();
    assert.equal(r.status, 0, `tsc exited with ${r.status}:\n${out}`);
    assert.equal(out, '', 'tsc printed nothing');
});
