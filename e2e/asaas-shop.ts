import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeAsaas, type FakeAsaas } from '../tests/fake-asaas/fake-asaas-server';
import { expect } from './fixtures';
import { seedMigratedDataDir } from '../tests/helpers/database-template';

// A shop of its own paid through a fake Asaas, for the NFS-e journeys: the shared e2e server uses the
// sandbox provider, which has no fiscal side, and the other journeys stay on it. The built app runs in
// its own process on a free port and a new data directory holding the migrated database, its operator made
// by admin:create.

export const shopOwner = { email: 'dona@impulso.example', password: 'lagarto-roxo-no-telhado-27' };

export interface AsaasShop {
  fake: FakeAsaas;
  /** The shop's address, 'http://127.0.0.1:PORT'. */
  base: string;
  dataDir: string;
  /** What the shop has logged so far. */
  log(): string;
  /** A webhook delivered to the shop as Asaas sends it (its token in the header). */
  webhook(event: object): Promise<Response>;
  /** The order's charge received at Asaas, and its PAYMENT_RECEIVED webhook delivered. */
  pay(orderId: string): Promise<void>;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts the shop and returns once /api/health answers; `env` adds to (or overrides) its settings. */
export async function startAsaasShop(options: {
  webhookToken: string;
  dataPrefix: string;
  env?: Record<string, string>;
}): Promise<AsaasShop> {
  const fake = await startFakeAsaas();
  const dataDir = mkdtempSync(path.join(tmpdir(), options.dataPrefix));
  await seedMigratedDataDir(dataDir);
  const base = `http://127.0.0.1:${await freePort()}`;
  const env = {
    ...process.env,
    PORT: new URL(base).port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: shopOwner.email,
    LOG_LEVEL: 'info',
    SMTP_URL: '',
    PAYMENT_PROVIDER: 'asaas',
    ASAAS_API_URL: fake.url,
    ASAAS_API_KEY: fake.apiKey,
    ASAAS_WEBHOOK_TOKEN: options.webhookToken,
    ...options.env,
  };
  const shop =
    `node dist/server/admin-create.js --email=${shopOwner.email} --password=${shopOwner.password}` +
    ` && node dist/server/main.js`;
  const server: ChildProcess = spawn('sh', ['-c', shop], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  // A bound on the wait, not a wait: the shop starts while the other journeys load both cores.
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 110_000 },
    )
    .toBe(200);

  const webhook = (event: object) =>
    fetch(`${base}/api/webhooks/asaas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'asaas-access-token': options.webhookToken },
      body: JSON.stringify(event),
    });
  return {
    fake,
    base,
    dataDir,
    log: () => log,
    webhook,
    async pay(orderId) {
      const charge = [...fake.payments.values()].find((p) => p.externalReference === orderId)!;
      charge.status = 'RECEIVED';
      const paid = await webhook({
        id: `evt_paid_${orderId}`,
        event: 'PAYMENT_RECEIVED',
        payment: { ...charge },
      });
      expect(paid.status).toBe(200);
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        process.kill(-server.pid!, 'SIGTERM');
        await exited;
      }
      await fake.close();
    },
  };
}
