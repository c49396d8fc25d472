// `npm test`: the build, then the journeys and vitest side by side rather than one after the other. Each
// alone leaves part of the 2 cores idle (vitest waits on its databases and local HTTP, the journeys on the
// browser and the shop's jobs); together they keep both busy (docs/decisions/062-npm-test-runs-vitest-beside-the-journeys.md).
// vitest starts once the journeys' shop answers: the journeys are the longer half, and their shop's start
// is theirs alone (two runs each, 200 and 201 s against 213 and 206 s with vitest started at once).
// The journeys print as they go; vitest's report is held and printed whole when it ends. The exit code
// is the first failure's.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const shopHealth = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}/api/health`;
const children = new Set();

/** Runs `command`; resolves with its exit code and, when `held`, what it printed. */
function run(command, args, { held = false } = {}) {
  const child = spawn(command, args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  children.add(child);
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) });
    }),
  );
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });

const build = await run('npm', ['run', 'build']);
if (build.code !== 0) process.exit(build.code);

let journeysEnded = false;
const journeys = run('npx', ['playwright', 'test']).then(({ code }) => {
  journeysEnded = true;
  return code;
});
while (
  !journeysEnded &&
  !(await fetch(shopHealth).then(
    (r) => r.ok,
    () => false,
  ))
)
  await sleep(250);

const vitest = run('npx', ['vitest', 'run'], { held: true }).then(({ code, output }) => {
  process.stdout.write(`\n=== vitest ===\n${output}`);
  return code;
});

const codes = await Promise.all([journeys, vitest]);
process.exit(codes.find((code) => code !== 0) ?? 0);
