// What every benchmark shares: the built server started on a port and stopped again.
import { spawn } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts dist/server/main.js (or `script`) with `env` on 127.0.0.1:`port` and resolves once /api/health
 * answers.
 */
export async function startServer({
  port,
  env = {},
  stdio = ['ignore', 'inherit', 'inherit'],
  from = root,
  script = path.join(from, 'dist/server/main.js'),
}) {
  // A server left over from an interrupted run would answer the health check in this one's place.
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is taken (a server left over from an earlier run?)`);
  const server = spawn(process.execPath, [script], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio,
  });
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill();
  throw new Error('server did not start (run `npm run build` first)');
}

/** SIGTERM, then wait for the graceful shutdown to finish. */
export async function stopServer(server) {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}

/** A PIX order of 1,000 followers + likes, as the checkout sends it, for the buyer `email`. */
export function benchOrder(email) {
  return {
    item: { type: 'followers', amount: 1000 },
    instagram: 'bench.perfil',
    whatsapp: '11912345678',
    addOns: ['likes'],
    // An add-on for a post needs one when the order is for a profile (docs/product.md, issue 45 §4).
    addOnLinks: { likes: 'https://www.instagram.com/p/BenchPost1/' },
    name: 'Cliente Bench',
    email,
    cpf: '52998224725',
    paymentMethod: 'pix',
    installments: 1,
  };
}

/** A new PostgreSQL database next to `adminUrl`'s: its URL, and `drop()` to remove it. */
export async function freshPostgres(adminUrl, prefix) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
