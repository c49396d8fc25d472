import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('GET /api/catalogue', () => {
  it('serves the Reading B packages in centavos', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/catalogue' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const followers = body.products.find((p: { id: string }) => p.id === 'followers');
    expect(followers.packages.find((p: { amount: number }) => p.amount === 1000).priceCents).toBe(8590);
    expect(body.plans.map((p: { priceCents: number }) => p.priceCents)).toEqual([9700, 19700, 39700]);
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON in Portuguese', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Recurso não encontrado.' });
  });
});

describe('security headers', () => {
  it('sends a content security policy and nosniff', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
