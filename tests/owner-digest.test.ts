import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '#server/db/schema/index.ts';
import { newKey, orderRequest } from './helpers/order-request';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 12: a daily e-mail to OWNER_ALERT_EMAIL at 08:00 São Paulo with yesterday's figures.

let now = Date.parse('2026-11-23T14:00:00Z'); // 11:00 in São Paulo, Monday
const clock = () => new Date(now);
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ OWNER_ALERT_EMAIL: 'dona@impulso.example' }, { clock });
});
afterAll(() => app.close());

const digests = async () =>
  (
    await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'dona@impulso.example'))
  ).filter((m) => m.subject.includes('Resumo de 23/11/2026'));

it("sends yesterday's figures once, from 08:00 São Paulo", async () => {
  // Monday: one order paid, one left unpaid.
  const paid = (
    await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest(),
    })
  ).json();
  await app.server.inject({ method: 'POST', url: `/api/sandbox/payments/${paid.payment.id}/confirm` });
  await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ email: 'outra@exemplo.com' }),
  });
  await app.jobs.drain();

  now = Date.parse('2026-11-24T10:59:00Z'); // Tuesday 07:59 in São Paulo: not yet
  await app.jobs.drain();
  expect(await digests()).toHaveLength(0);

  now = Date.parse('2026-11-24T11:00:00Z'); // 08:00
  await app.jobs.drain();
  await app.jobs.drain();
  now += 3_600_000;
  await app.jobs.drain();
  const sent = await digests();
  expect(sent).toHaveLength(1);
  expect(sent[0]!.subject).toBe('[Impulso] Resumo de 23/11/2026');
  expect(sent[0]!.text).toContain('Receita (pedidos pagos no dia): R$ 85,90 em 1 pedidos.');
  expect(sent[0]!.text).toContain('Valor pendente (pedidos do dia ainda não pagos): R$ 85,90.');
  expect(sent[0]!.text).toContain('Reembolsos confirmados: R$ 0,00 (0).');
});
