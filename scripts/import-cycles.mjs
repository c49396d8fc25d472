// Import cycles in src/, type-only imports included: `npm run lint` fails on any, so the layers of ADR 015
// stay one-directional (the check import/no-cycle would do, without a resolver dependency).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (/\.tsx?$/.test(file) && !/\.test\./.test(file)) files.push(file);
  }
}
walk(path.join(root, 'src'));

// package.json "imports" (#server/…, #shared/…): an alias resolves like the relative path it stands for.
const aliases = Object.entries(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports);
function resolveSpec(file, spec) {
  if (spec.startsWith('.')) return path.join(path.dirname(file), spec);
  const [key, target] = aliases.find(([key]) => spec.startsWith(key.replace('*', ''))) ?? [];
  return key && path.join(root, target.replace('*', spec.slice(key.length - 1)));
}

const graph = new Map();
for (const file of files) {
  const deps = [];
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '([.#][^']+)'/g)) {
    const base = resolveSpec(file, spec);
    if (!base) continue;
    const target = ['', '.ts', '.tsx', '/index.ts']
      .map((ext) => base + ext)
      .find((f) => existsSync(f) && statSync(f).isFile());
    if (target) deps.push(target);
  }
  graph.set(file, deps);
}

const state = new Map(); // 1: on the current path, 2: done
const stack = [];
const cycles = [];
function visit(file) {
  state.set(file, 1);
  stack.push(file);
  for (const dep of graph.get(file) ?? []) {
    if (state.get(dep) === 1) cycles.push([...stack.slice(stack.indexOf(dep)), dep]);
    else if (!state.get(dep)) visit(dep);
  }
  stack.pop();
  state.set(file, 2);
}
for (const file of files) if (!state.get(file)) visit(file);

if (cycles.length) {
  const show = (cycle) => cycle.map((f) => path.relative(root, f)).join(' → ');
  console.error(`Import cycles in src/:\n${cycles.map(show).join('\n')}`);
  process.exit(1);
}
