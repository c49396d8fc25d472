import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '#server/db/schema/index.ts';
import { enqueue } from '#server/jobs/job-queue.ts';
import { maxJobAttempts } from '#server/jobs/jobs.repo.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { operatorCookie } from './helpers/accounts';

// Issue 10 §5: jobs that used up their attempts stay visible to the operator, who can run them again.
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: 'dona@loja.example' });
  cookie = await operatorCookie(app, 'dona@loja.example');
});
afterAll(() => app.close());

const get = (url: string) => app.server.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string) => app.server.inject({ method: 'POST', url, headers: { cookie }, payload: {} });

it('lists dead jobs with their last error, and "Tentar de novo" makes one due again', async () => {
  expect((await get('/api/admin/jobs/dead')).json()).toEqual({ count: 0, jobs: [] });
  await enqueue(app.database.db, 'send_email', {
    to: 'x@exemplo.com',
    subject: 'Oi',
    html: '<p>Oi</p>',
    text: 'Oi',
  });
  await app.database.db
    .update(jobs)
    .set({ attempts: maxJobAttempts, lastError: 'Error: Greeting never received' });

  const listed = (await get('/api/admin/jobs/dead')).json();
  expect(listed.count).toBe(1);
  expect(listed.jobs[0]).toMatchObject({ kind: 'send_email', lastError: 'Error: Greeting never received' });

  expect((await post(`/api/admin/jobs/${listed.jobs[0].id}/retry`)).statusCode).toBe(200);
  const [job] = await app.database.db.select().from(jobs).where(eq(jobs.id, listed.jobs[0].id));
  expect(job!.attempts).toBe(0);
  expect((await get('/api/admin/jobs/dead')).json().count).toBe(0);

  const again = await post(`/api/admin/jobs/${listed.jobs[0].id}/retry`);
  expect(again.statusCode).toBe(404);
  expect(again.json().message).toBe('Esta tarefa não está mais entre as que falharam.');
  expect((await post('/api/admin/jobs/nao-e-um-id/retry')).statusCode).toBe(404);
});

it('answers a malformed id in any admin route as not found, without a query', async () => {
  const notFound = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload: object = {}) => {
    const answer = await app.server.inject({ method, url, headers: { cookie }, payload });
    return [answer.statusCode, answer.json().code];
  };
  expect(await notFound('GET', '/api/admin/orders/1%27%20or%201=1/audit')).toEqual([404, 'order_not_found']);
  expect(await notFound('PATCH', '/api/admin/orders/nao-e-um-id', { note: 'x' })).toEqual([
    404,
    'order_not_found',
  ]);
  expect(await notFound('PATCH', '/api/admin/coupons/xyz', {})).toEqual([404, 'coupon_not_found']);
  expect(await notFound('POST', '/api/admin/deliveries/xyz/action', { action: 'mark_delivered' })).toEqual([
    404,
    'delivery_not_found',
  ]);
});
