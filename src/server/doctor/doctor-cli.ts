import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { configFromEnv, parseEnv, type Config, type Env } from '../config';
import { openDatabase } from '../db/client';
import { createOutboxMailer } from '../email/mailer';
import { createFulfilment } from '../fulfilment/fulfilment';
import { projectRoot } from '../project-root';
import { fail } from './doctor-line';
import { goLiveCheck } from './go-live-check';
import { printLines } from './print-lines';
import { runDoctor } from './run-doctor';

// `npm run doctor [-- --send] [--timeout-ms 10000]`: the configuration checked against the real services
// (docs/operations.md); exit 1 when any line fails.
const root = projectRoot(import.meta.url);
const { values } = parseArgs({
  options: { send: { type: 'boolean', default: false }, 'timeout-ms': { type: 'string', default: '10000' } },
});
const timeoutMs = Number(values['timeout-ms']);

let env: Env;
let config: Readonly<Config>;
try {
  env = parseEnv(process.env);
  config = configFromEnv(env);
} catch (error) {
  printLines([fail('Configuração', `${(error as Error).message}. Corrija o .env (ou ENV_FILE) e repita.`)]);
  process.exit(1);
}
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.resolve(config.dataDir, 'pglite'),
  poolSize: 2,
  migrationsFolder: path.join(root, 'drizzle'),
});
const clock = () => new Date();
const { ctx } = createFulfilment({
  config: config.fulfilment,
  db: database.db,
  clock,
  log: Fastify({ logger: false }).log,
  mailer: createOutboxMailer(database.db),
  shop: { name: config.shop.name, publicUrl: config.publicUrl },
});
const report = await runDoctor({
  config,
  database,
  fulfilment: ctx,
  goLive: goLiveCheck(env),
  timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 10_000,
  send: values.send,
});
printLines(report.lines);
// A database that never answered would hold the pool's close as long as it held the check.
if (report.lines.some((line) => line.name === 'Banco de dados' && !line.ok)) process.exit(1);
await database.close();
process.exit(report.ok ? 0 : 1);
