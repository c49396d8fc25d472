// Run by `npm run lint`: every repository path the docs name exists, and every `docs/….md#section` a doc or
// a comment cites is a heading of that doc, so the docs cannot go stale silently. Paths are read from the
// README, .env.example, deploy/*, docs/**/*.md and, for `docs/…#…` citations, from every source file.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const top = ['src', 'tests', 'e2e', 'bench', 'chaos', 'deploy', 'scripts', 'docs', 'drizzle', '.ci'];
const skip = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'backups',
  'test-results',
  'playwright-report',
]);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** GitHub's anchor for a heading: lower-cased, punctuation dropped, spaces to dashes. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const headings = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, '')));
    anchorsOf.set(file, new Set(headings));
  }
  return anchorsOf.get(file);
}

const problems = [];
const pathPattern = new RegExp(
  `(?<![\\w./-])((?:${top.join('|').replace('.', '\\.')})/[\\w./{}@*-]*[\\w/])`,
  'g',
);
const docs = [
  'README.md',
  '.env.example',
  ...walk(path.join(root, 'docs')).map((f) => path.relative(root, f)),
  ...walk(path.join(root, 'deploy')).map((f) => path.relative(root, f)),
].filter((f) => /\.(md|example|service|conf)$/.test(f));

for (const doc of docs) {
  // Files a doc proposes to create (e.g. "Adding a provider") sit between `doc-links: off` and `on`.
  const text = readFileSync(path.join(root, doc), 'utf8').replace(/doc-links: off[\s\S]*?doc-links: on/g, '');
  for (const [, named] of text.matchAll(pathPattern)) {
    // Placeholders and globs name no single file; system paths (/etc/…) are not the repository's.
    if (/[{}*…]/.test(named)) continue;
    const clean = named.replace(/[.:]+$/, '');
    if (!existsSync(path.join(root, clean))) problems.push(`${doc}: names ${clean}, which does not exist`);
  }
  // Relative Markdown links: [text](other.md#section) from a doc, [text](docs/….md) from the README.
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:|#)/.test(target)) continue;
    const [file, anchor] = target.split('#');
    const resolved = path.join(root, path.dirname(doc), file);
    if (!existsSync(resolved)) problems.push(`${doc}: links ${target}, which does not exist`);
    else if (anchor && file.endsWith('.md') && !anchors(resolved).has(anchor))
      problems.push(`${doc}: links ${target}, but ${file} has no heading #${anchor}`);
  }
}

// `docs/product.md#pix` in comments and docs, and the shorter `#pix` that follows one on the same line.
const sources = walk(root).filter((f) => /\.(ts|tsx|mjs|js|sql|md|example|service|conf)$/.test(f));
for (const full of sources) {
  const file = path.relative(root, full);
  readFileSync(full, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      for (const match of line.matchAll(/docs\/([\w/-]+\.md)((?:#[\w-]+)?(?:, #[\w-]+)*)/g)) {
        const doc = path.join(root, 'docs', match[1]);
        if (!existsSync(doc)) {
          problems.push(`${file}:${index + 1}: cites docs/${match[1]}, which does not exist`);
          continue;
        }
        for (const [, anchor] of match[2].matchAll(/#([\w-]+)/g))
          if (!anchors(doc).has(anchor))
            problems.push(
              `${file}:${index + 1}: cites docs/${match[1]}#${anchor}, which is no heading there`,
            );
      }
    });
}

if (problems.length > 0) {
  console.error(`Docs name what does not exist (scripts/doc-links.mjs):\n${problems.join('\n')}`);
  process.exit(1);
}
