// `npm run bench:suite`: issue 47 §4, `npm test`'s wall time against a baseline's, back to back on the
// same machine. BASELINE=<a checkout with its dependencies installed> (68dd3f4 carries the target:
// ≤ 0.5×). Each suite runs as CI runs it, from its own directory; the counts of tests passed and failed
// are read from the runners' summaries, so a faster suite that dropped tests shows it. Exits 1 on a
// miss or a failed test.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const baseline = process.env.BASELINE ? path.resolve(process.env.BASELINE) : null;
const commitOf = (dir) =>
  execFileSync('git', ['-C', dir, 'rev-parse', '--short=7', 'HEAD']).toString().trim();

/** Runs `npm test` in `dir`; its wall time and the tests vitest and Playwright report. */
function npmTest(dir) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['test'], { cwd: dir, env: { ...process.env, CI: '' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      if (code !== 0)
        console.error(`${dir}: npm test exited with ${code}; its last lines:\n${output.slice(-3000)}`);
      // eslint-disable-next-line no-control-regex
      const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
      const count = (re) => Number(re.exec(plain)?.[1] ?? 0);
      resolve({
        build: commitOf(dir),
        'wall s': Math.round((performance.now() - started) / 1000),
        exit: code,
        'vitest passed': count(/Tests\s+(?:\d+ failed \| )?(\d+) passed/),
        'vitest failed': count(/Tests\s+(\d+) failed/),
        'e2e passed': count(/^\s*(\d+) passed \(/m),
        'e2e failed': count(/^\s*(\d+) failed$/m),
      });
    });
  });
}

const rows = [];
if (baseline) rows.push(await npmTest(baseline));
rows.push(await npmTest(root));
console.table(rows);
const ours = rows.at(-1);
let missed = ours.exit !== 0;
if (baseline) {
  const ratio = ours['wall s'] / rows[0]['wall s'];
  console.log(`npm test: ${ratio.toFixed(2)}× ${rows[0].build}'s wall time (target ≤ 0.5× 68dd3f4's)`);
  if (rows[0].build === '68dd3f4' && ratio > 0.5) missed = true;
}
if (missed) process.exit(1);
