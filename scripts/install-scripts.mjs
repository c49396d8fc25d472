// `npm ci` ends without a warning (issue 46 §6): every package of package-lock.json with an install script
// has its entry in package.json's allowScripts (npm 11 warns of any left out, npm 12 skips their
// scripts), and the tools share one esbuild (package.json "overrides"). `npm run lint` runs it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const { allowScripts = {} } = read('package.json');
const { packages } = read('package-lock.json');

const problems = [];
const versions = (name) =>
  new Set(
    Object.entries(packages)
      .filter(([at]) => at === `node_modules/${name}` || at.endsWith(`/node_modules/${name}`))
      .map(([, entry]) => entry.version),
  );
for (const [at, entry] of Object.entries(packages)) {
  if (!entry.hasInstallScript || at === '') continue;
  const name = at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (!(name in allowScripts) && !(`${name}@${entry.version}` in allowScripts))
    problems.push(
      `${name}@${entry.version} has an install script: allow or deny it in package.json allowScripts`,
    );
}
const esbuilds = [...versions('esbuild')];
if (esbuilds.length !== 1)
  problems.push(`esbuild ${esbuilds.join(', ')}: one version for every tool (package.json "overrides")`);

if (problems.length) {
  console.error(`Install scripts:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
