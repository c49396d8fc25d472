import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SalesChart } from '#shared/schemas/admin.ts';
import { startOperatorApp } from './helpers/accounts';
import { placeOrder } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// Issue 13: the panel's chart of revenue and paid orders per São Paulo day, with the previous period, from
// the daily rollup for finished days and the orders themselves for today.

const adminEmail = 'dona@impulso.example';
let now = Date.parse('2026-11-15T18:00:00Z');
const clock = () => new Date(now);
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ app, cookie } = await startOperatorApp(adminEmail, clock));
});
afterAll(() => app.close());

let n = 0;
async function order(at: string, paid: boolean) {
  now = Date.parse(at);
  const res = (await placeOrder(app, { email: `grafico-${++n}@exemplo.com` })).json();
  if (paid)
    await app.server.inject({ method: 'POST', url: `/api/sandbox/payments/${res.payment.id}/confirm` });
  return res.payment.id as string;
}

it('revenue and paid orders per São Paulo day, the period before beside it, rolled days and today alike', async () => {
  await order('2026-11-15T18:00:00Z', true); // previous week
  await order('2026-11-20T02:30:00Z', true); // 23:30 on the 19th in São Paulo
  await order('2026-11-20T15:00:00Z', true);
  await order('2026-11-20T16:00:00Z', true);
  const late = await order('2026-11-22T15:00:00Z', false);
  await order('2026-11-23T13:00:00Z', true); // today
  now = Date.parse('2026-11-23T15:00:00Z');
  await app.jobs.runOnce(); // rolls up the days before today
  // Paid after its day was rolled up: the rollup's trigger keeps the day exact.
  await app.server.inject({ method: 'POST', url: `/api/sandbox/payments/${late}/confirm` });

  const res = await app.server.inject({ url: '/api/admin/dashboard?period=7d', headers: { cookie } });
  const { sales } = res.json() as { sales: SalesChart };
  expect(sales.days.map((d) => d.day)).toEqual([
    '2026-11-17',
    '2026-11-18',
    '2026-11-19',
    '2026-11-20',
    '2026-11-21',
    '2026-11-22',
    '2026-11-23',
  ]);
  const byDay = Object.fromEntries(sales.days.map((d) => [d.day, [d.paidOrders, d.revenueCents]]));
  expect(byDay).toMatchObject({
    '2026-11-19': [1, 8590],
    '2026-11-20': [2, 17180],
    '2026-11-21': [0, 0],
    '2026-11-22': [1, 8590],
    '2026-11-23': [1, 8590],
  });
  expect(sales.previous[0]!.day).toBe('2026-11-10');
  expect(sales.previous.find((d) => d.day === '2026-11-15')).toEqual({
    day: '2026-11-15',
    paidOrders: 1,
    revenueCents: 8590,
  });
});
