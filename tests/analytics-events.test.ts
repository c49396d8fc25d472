import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analytics } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  // A clock that stays inside one minute: the limit is a fixed window, and a slow run (PostgreSQL in CI)
  // crossing a minute boundary mid-flood got a fresh window and 202s where 429s were due.
  app = await createTestApp(
    { EVENTS_RATE_LIMIT_PER_MINUTE: '30' },
    { clock: () => new Date('2026-11-23T12:00:10Z') },
  );
});
afterAll(() => app.close());

const post = (payload: unknown, ip = '203.0.113.7', headers: Record<string, string> = {}) =>
  app.server.inject({
    method: 'POST',
    url: '/api/events',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/events', () => {
  it('stores a funnel event without the IP', async () => {
    const res = await post({
      etapa: 'visitante',
      sessionId: 'sess-12345678',
      url: 'http://localhost/',
      referrer: null,
    });
    expect(res.statusCode).toBe(202);
    const rows = await app.database.db.select().from(analytics);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ etapa: 'visitante', sessionId: 'sess-12345678', userAgent: 'vitest' });
    expect(JSON.stringify(rows[0])).not.toContain('203.0.113.7');
  });

  it('rejects an unknown stage with a clear message', async () => {
    const res = await post({ etapa: 'compra_falsa' }, '203.0.113.8');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_input',
      message: 'Etapa de funil desconhecida.',
      field: 'etapa',
    });
  });

  it('rejects oversized fields', async () => {
    const res = await post({ etapa: 'checkout', url: `http://x/${'a'.repeat(3000)}` }, '203.0.113.9');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Campo grande demais.', field: 'url' });
  });

  it('rejects unknown fields', async () => {
    const res = await post({ etapa: 'checkout', ip: '1.2.3.4' }, '203.0.113.10');
    expect(res.statusCode).toBe(400);
  });

  it('rejects garbage JSON', async () => {
    const res = await post('{"etapa": visitante', '203.0.113.11');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'invalid_json',
      message: 'Não foi possível ler os dados enviados. Envie um JSON válido.',
    });
  });

  it('rejects a body over 8 KB', async () => {
    const res = await post({ etapa: 'checkout', url: 'x'.repeat(20_000) }, '203.0.113.12');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('answers a flood with 429 and Retry-After, per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await post({ etapa: 'botao_compra' }, '198.51.100.1')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const limited = await post({ etapa: 'botao_compra' }, '198.51.100.1');
    expect(limited.json().message).toBe(
      'Muitas solicitações em pouco tempo. Aguarde um instante e tente novamente.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await post({ etapa: 'botao_compra' }, '198.51.100.2')).statusCode).toBe(202);
  });
});
