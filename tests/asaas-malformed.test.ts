import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments, webhookEvents } from '#server/db/schema/index.ts';
import { createAsaasClient } from '#server/payments/asaas/asaas-client.ts';
import { createAsaasProvider } from '#server/payments/asaas/asaas-provider.ts';
import { startFakeAsaas, type FakeAsaas } from './fake-asaas/fake-asaas-server';
import { createTestApp, type TestApp } from './helpers/test-app';
import { newKey, orderRequest } from './helpers/order-request';

// Issue 10 §4: Asaas's answers are parsed with schemas, not cast. A malformed answer is a logged,
// handled provider error: the buyer gets the shop's pt-BR message, the order stays, nothing answers 500.
const lines: string[] = [];
let fake: FakeAsaas;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeAsaas();
  app = await createTestApp(
    {
      PAYMENT_PROVIDER: 'asaas',
      ASAAS_API_URL: fake.url,
      ASAAS_API_KEY: fake.apiKey,
      ASAAS_WEBHOOK_TOKEN: 'whsec_malformed_answers_0123456789ab',
      LOG_LEVEL: 'error',
    },
    { logStream: { write: (line) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

it('a PIX code answer without its payload fails the attempt with "Falha ao gerar Pix" and logs why', async () => {
  fake.answerNext(
    /pixQrCode$/,
    200,
    JSON.stringify({ encodedImage: 'iVBOR', expirationDate: '2026-11-24 23:59:59' }),
  );
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: orderRequest({ email: 'malformado@exemplo.com' }),
  });
  expect(res.statusCode).toBe(502);
  expect(res.json()).toMatchObject({ code: 'pix_failed', message: 'Falha ao gerar Pix. Tente novamente.' });
  const [attempt] = await app.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, res.json().orderId));
  expect(attempt!.status).toBe('failed');
  const logged = lines.join('\n');
  expect(logged).toContain('Asaas answered an unexpected PIX code: payload: invalid_type');
  expect(logged).not.toContain('malformado@exemplo.com');
});

it('a status answer that is not the expected shape is a provider error, not a crash', async () => {
  const provider = createAsaasProvider({
    request: createAsaasClient({ baseUrl: fake.url, apiKey: fake.apiKey, userAgent: 'Impulso' }),
    publicUrl: 'http://localhost',
    clock: () => new Date(),
  });
  fake.answerNext(/\/payments\/pay_123$/, 200, JSON.stringify({ situacao: 'ok' }));
  await expect(provider.getState('pay_123')).rejects.toThrow('Asaas answered an unexpected payment');
});

it('webhooks are parsed by schema: a body without an event name or a payment without its id is kept, answered 200 and changes nothing', async () => {
  const send = (body: object) =>
    app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': 'whsec_malformed_answers_0123456789ab' },
      payload: body,
    });
  const nameless = await send({ id: 'evt_sem_nome', payment: { id: 'pay_1' } });
  expect(nameless.statusCode).toBe(200);
  const unreadable = await app.database.db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.type, 'unreadable'));
  expect(unreadable).toHaveLength(1);
  expect(unreadable[0]!.payload).toEqual({ id: 'evt_sem_nome', payment: { id: 'pay_1' } });

  const before = await app.database.db.select().from(payments);
  const odd = await send({ id: 'evt_sem_id', event: 'PAYMENT_RECEIVED', payment: { status: 'RECEIVED' } });
  expect(odd.statusCode).toBe(200);
  const [stored] = await app.database.db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.id, 'evt_sem_id'));
  expect(stored!.processedAt).not.toBeNull();
  expect(await app.database.db.select().from(payments)).toEqual(before);
});
