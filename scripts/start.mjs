// `npm start`: build when the build is missing or older than the sources, then run the server
// (which migrates the database and listens).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['dist/server/main.js', 'dist/ssr/entry-server.js', 'dist/client/index.html'].map((f) =>
  path.join(root, f),
);
const inputs = ['src', 'drizzle', 'package-lock.json', 'vite.config.ts'].map((f) => path.join(root, f));

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), 0);
}

const built = outputs.every((f) => existsSync(f));
const stale =
  built && Math.max(...inputs.filter(existsSync).map(newestMtime)) > Math.min(...outputs.map(newestMtime));
if (!built || stale) {
  console.log(built ? 'Sources changed: rebuilding…' : 'First start: building…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Signals reach the server, which finishes in-flight requests before it exits.
const server = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
