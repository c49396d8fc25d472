import { execFile } from 'node:child_process';
import {
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

// ADR 063: the server's bundles are renamed into place, so a process that opened one before a rebuild
// reads it whole (the old one), never a file being written.
const outdir = mkdtempSync(path.join(tmpdir(), 'impulso-build-server-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

it('replaces each bundle by a rename: a reader that opened the old one still reads it whole', async () => {
  const bundle = path.join(outdir, 'main.js');
  const old = '// the bundle an instance was starting from\n';
  writeFileSync(bundle, old);
  const reader = openSync(bundle, 'r');

  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', `--outdir=${outdir}`], {
    cwd: path.resolve(import.meta.dirname, '..'),
  });

  const seen = Buffer.alloc(200);
  const read = readSync(reader, seen, 0, seen.length, 0);
  closeSync(reader);
  expect(seen.subarray(0, read).toString()).toBe(old);
  expect(readFileSync(bundle, 'utf8')).toMatch(/Impulso pronto em/);
  expect(readdirSync(outdir).sort()).toEqual(['admin-create.js', 'doctor-cli.js', 'main.js']);
});
