import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/wait-ready.mjs: the unit's ExecStartPost (deploy/impulso.service, ADR 058).
const script = path.resolve(import.meta.dirname, '../scripts/wait-ready.mjs');

function run(port: number, env: Record<string, string> = {}): Promise<number | null> {
  const child = spawn(process.execPath, [script, String(port)], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.once('exit', resolve));
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

let server: Server | undefined;
afterEach(() => server?.close());

describe('wait-ready', () => {
  it('returns once the instance answers /api/health, not before', async () => {
    // A port that was free a moment ago: nothing listens there when the script starts.
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
    let asked = 0;
    const exited = run(port);
    server = createServer((req, res) => {
      asked += 1;
      res.writeHead(req.url === '/api/health' ? 200 : 404).end();
    });
    await listen(server, port);
    expect(await exited).toBe(0);
    expect(asked).toBeGreaterThan(0);
  });

  it('fails when the instance never becomes ready', async () => {
    server = createServer((_req, res) => res.writeHead(503).end());
    const port = await listen(server);
    expect(await run(port, { WAIT_READY_SECONDS: '1' })).toBe(1);
  });

  it('refuses a missing port', async () => {
    expect(await run(Number.NaN)).toBe(2);
  });
});
