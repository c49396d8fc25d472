// `npm test`: the build, then the journeys and vitest side by side rather than one after the other. Each
// alone leaves part of the 2 cores idle (vitest waits on its databases and local HTTP, the journeys on the
// browser and the shop's jobs); together they keep both busy (docs/decisions/062-npm-test-runs-vitest-beside-the-journeys.md).
// vitest starts once the journeys' shop answers: the journeys are the longer half, and their shop's start
// is theirs alone (two runs each, 200 and 201 s against 213 and 206 s with vitest started at once).
// The journeys print as they go; vitest's report is held and printed whole when it ends. The exit code
// is the first failure's.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const children = new Set();

/** Runs `command`; resolves with its exit code and, when `held`, what it printed. */
function run(command, args, { held = false } = {}) {
  const child = spawn(command, args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  children.add(child);
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      children.delete(child);
      resolve({ code: code ?? 1, output: Buffer.concat(chunks) });
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

const journeys = run('npx', ['playwright', 'test']).then(({ code }) => code);
// The shop's readiness as the deploy waits for it (scripts/wait-ready.mjs; 180 s, the journeys' own
// bound in playwright.config.ts), or the journeys' end if they stop before it.
const waiter = spawn(process.execPath, ['scripts/wait-ready.mjs', process.env.E2E_PORT ?? '3210'], {
  stdio: 'ignore',
  env: { ...process.env, WAIT_READY_SECONDS: '180' },
});
await Promise.race([once(waiter, 'exit'), journeys]);
waiter.kill();

const vitest = run('npx', ['vitest', 'run'], { held: true }).then(({ code, output }) => {
  process.stdout.write(`\n=== vitest ===\n${output}`);
  return code;
});

const codes = await Promise.all([journeys, vitest]);
process.exit(codes.find((code) => code !== 0) ?? 0);
