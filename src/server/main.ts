import path from 'node:path';
import { loadConfig } from './config';
import { projectRoot } from './project-root';
import { openDatabase } from './db/client';
import { warmUp } from './warm-up';
import { buildApp } from './app';
import { backgroundTimer } from './jobs/background-timer';
import { firstStart } from './admin/admin-account';
import { initialPasswordFile } from './admin/initial-password-file';
import { terminalLogStream } from './terminal-log';

// The only module that reads the environment, opens the database and listens.
const root = projectRoot(import.meta.url);

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.resolve(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
    migrationsFolder: path.join(root, 'drizzle'),
  });
  await database.migrate();
  const passwordFile = initialPasswordFile(config.dataDir);
  await firstStart(
    database.db,
    { ...config, embedded: database.kind === 'pglite', passwordFile },
    console.warn,
  );

  const logStream = terminalLogStream(config.env, process.stdout);
  const { server, rateLimiter, reconciler, jobs, mailer, fulfilment, catalogue, claims, idle, metrics } =
    await buildApp({
      config,
      database,
      ...(logStream ? { logStream } : {}),
      initialPasswordFile: passwordFile,
      web: {
        clientDir: path.join(root, 'dist/client'),
        ssrEntryFile: path.join(root, 'dist/ssr/entry-server.js'),
      },
    });
  const purge = backgroundTimer({
    intervalMs: 60_000,
    log: server.log,
    failure: 'rate-limit purge failed',
    tick: () => rateLimiter.purgeExpired(),
  });
  const pollers = [purge, reconciler, catalogue, claims, fulfilment.sync, jobs];
  for (const poller of pollers) poller.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await Promise.all(pollers.map((poller) => poller.stop()));
    mailer.close();
    // A request that never ends must not keep a deploy waiting forever.
    setTimeout(() => process.exit(1), 15_000).unref();
    await server.close();
    await idle();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await warmUp(server, metrics, { requests: 400, concurrency: config.databasePoolSize });
  await server.listen({ port: config.port, host: config.host });
  server.log.info(
    { database: database.kind, provider: config.paymentProvider },
    `Impulso pronto em ${config.publicUrl}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
