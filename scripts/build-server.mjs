// `npm run build:server`: the server's three bundles, each written beside itself and renamed into place.
// `npm run doctor` and `npm run admin:create` rebuild them on the machine the shop runs on, where an
// instance (re)starting at that moment reads dist/server/main.js: a rename is atomic, so it loads the old
// bundle or the new one, never a file esbuild is half-way through writing (docs/decisions/063-the-server-bundle-is-renamed-into-place.md).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// `--outdir=` for its test (tests/build-server.test.ts); the shop's is dist/server.
const outdir =
  process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist/server';
const { outputFiles } = await build({
  absWorkingDir: root,
  entryPoints: ['src/server/main.ts', 'src/server/admin/admin-create.ts', 'src/server/doctor/doctor-cli.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  target: 'node20',
  entryNames: '[name]',
  outdir,
  write: false,
  logLevel: 'warning',
});
for (const file of outputFiles) {
  await mkdir(path.dirname(file.path), { recursive: true });
  const beside = `${file.path}.${process.pid}.tmp`;
  await writeFile(beside, file.contents);
  await rename(beside, file.path);
  // On stderr, as esbuild's own summary: `npm run doctor`'s output is the checks alone.
  console.error(`  ${path.relative(root, file.path)}  ${(file.contents.length / 1024).toFixed(1)} kB`);
}
