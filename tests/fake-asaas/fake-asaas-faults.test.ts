import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  eventNames,
  newCharge,
  newCpf,
  newCustomer,
  newSubscription,
  paidCharge,
} from './fake-asaas-client';
import { startFakeAsaas, type FakeAsaas } from './fake-asaas-server';

// The fake's faults over real HTTP: an answer lost after Asaas carried the request out (fetch rejects,
// the state and the webhooks show the effect), answers lost again and again, slow answers, and the
// older one-shot faults.

const today = '2026-11-23';
let fake: FakeAsaas;
beforeEach(async () => {
  fake = await startFakeAsaas(undefined, { clock: () => new Date(`${today}T15:00:00Z`) });
});
afterEach(() => fake.close());

const customerBody = (cpfCnpj = newCpf()) => ({ name: 'Bia Lima', cpfCnpj });
const withCpf = (cpf: string) => [...fake.customers.values()].filter((c) => c.cpfCnpj === cpf);

describe('lost answers: processed, then the connection cut', () => {
  it('POST /customers and PUT /customers/{id}', async () => {
    const cpf = newCpf();
    fake.loseNextAnswer(/\/customers/);
    await expect(call(fake, 'POST', '/customers', customerBody(cpf))).rejects.toThrow();
    expect(withCpf(cpf)).toHaveLength(1);
    const id = withCpf(cpf)[0]!.id;
    fake.loseNextAnswer(/\/customers/, 'PUT');
    await expect(call(fake, 'PUT', `/customers/${id}`, { email: 'bia@exemplo.com' })).rejects.toThrow();
    expect(fake.customers.get(id)!.email).toBe('bia@exemplo.com');
  });

  it('POST /payments (with or without /v3 in the pattern), only for its method', async () => {
    const customer = await newCustomer(fake);
    const charge = { customer, billingType: 'PIX', value: 10, dueDate: today, externalReference: 'o-1' };
    fake.loseNextAnswer(/^\/payments$/);
    expect((await call(fake, 'GET', '/payments')).status).toBe(200);
    await expect(call(fake, 'POST', '/payments', charge)).rejects.toThrow();
    fake.loseNextAnswer(/^\/v3\/payments$/);
    await expect(call(fake, 'POST', '/payments', { ...charge, externalReference: 'o-2' })).rejects.toThrow();
    const made = [...fake.payments.values()].map((p) => p.externalReference);
    expect(made).toEqual(['o-1', 'o-2']);
    expect(eventNames(fake)).toEqual(['PAYMENT_CREATED', 'PAYMENT_CREATED']);
  });

  it('POST /subscriptions', async () => {
    const customer = await newCustomer(fake);
    fake.loseNextAnswer(/\/subscriptions$/);
    const body = { customer, billingType: 'PIX', value: 49.9, cycle: 'MONTHLY', nextDueDate: today };
    await expect(call(fake, 'POST', '/subscriptions', body)).rejects.toThrow();
    expect([...fake.subscriptions.values()].map((s) => s.status)).toEqual(['ACTIVE']);
    // Its first month and, generated ahead, its second.
    expect([...fake.payments.values()]).toHaveLength(2);
  });

  it('POST /payments/{id}/refund and POST /installments/{id}/refund', async () => {
    const paid = await paidCharge(fake, today);
    fake.loseNextAnswer(/\/payments\/[^/]+\/refund$/);
    await expect(call(fake, 'POST', `/payments/${paid.id}/refund`, {})).rejects.toThrow();
    expect(fake.payments.get(String(paid.id))!.status).toBe('REFUNDED');
    expect(eventNames(fake).at(-1)).toBe('PAYMENT_REFUNDED');

    const first = await paidCharge(fake, today, { installmentCount: 2, totalValue: 50, value: undefined });
    fake.loseNextAnswer(/\/installments\/[^/]+\/refund$/);
    await expect(call(fake, 'POST', `/installments/${first.installment}/refund`, {})).rejects.toThrow();
    const parts = [...fake.payments.values()].filter((p) => p.installment === first.installment);
    expect(parts.map((p) => p.status)).toEqual(['REFUNDED', 'REFUNDED']);
  });

  it('DELETE /payments/{id} and DELETE /subscriptions/{id}', async () => {
    const pix = await newCharge(fake, today);
    fake.loseNextAnswer(/\/payments\/[^/]+$/, 'DELETE');
    await expect(call(fake, 'DELETE', `/payments/${pix.id}`)).rejects.toThrow();
    expect(fake.payments.get(String(pix.id))!.deleted).toBe(true);
    expect(eventNames(fake).at(-1)).toBe('PAYMENT_DELETED');
    // Asked again, as a client that never saw the answer would: Asaas says it is gone.
    expect((await call(fake, 'DELETE', `/payments/${pix.id}`)).status).toBe(404);

    const sub = await newSubscription(fake, today);
    fake.loseNextAnswer(/\/subscriptions\/[^/]+$/, 'DELETE');
    await expect(call(fake, 'DELETE', `/subscriptions/${sub.id}`)).rejects.toThrow();
    expect(fake.subscriptions.get(String(sub.id))).toMatchObject({ status: 'INACTIVE', deleted: true });
    expect(eventNames(fake).slice(-2)).toEqual(['PAYMENT_DELETED', 'SUBSCRIPTION_DELETED']);
  });

  it('loseAnswers: every matching answer lost, `times` times, or until cleared', async () => {
    fake.loseAnswers({ method: 'POST', path: /\/customers$/, times: 2 });
    const cpfs = [newCpf(), newCpf(), newCpf()];
    await expect(call(fake, 'POST', '/customers', customerBody(cpfs[0]))).rejects.toThrow();
    await expect(call(fake, 'POST', '/customers', customerBody(cpfs[1]))).rejects.toThrow();
    expect((await call(fake, 'POST', '/customers', customerBody(cpfs[2]))).status).toBe(200);
    expect(cpfs.map((cpf) => withCpf(cpf).length)).toEqual([1, 1, 1]);

    fake.loseAnswers({ path: /\/customers/ });
    for (let i = 0; i < 3; i++) await expect(call(fake, 'GET', '/customers')).rejects.toThrow();
    fake.loseAnswers(null);
    expect((await call(fake, 'GET', '/customers')).status).toBe(200);
  });
});

describe('slow answers and the older faults', () => {
  it('slowAnswers: the state changes at once, the answer comes after delayMs()', async () => {
    const pix = await newCharge(fake, today);
    let asked = 0;
    fake.slowAnswers({ method: 'DELETE', path: /\/payments\//, delayMs: () => (asked++, 800) });
    let answered = false;
    const removal = call(fake, 'DELETE', `/payments/${pix.id}`).then((reply) => {
      answered = true;
      return reply;
    });
    await vi.waitFor(() => expect(fake.payments.get(String(pix.id))!.deleted).toBe(true));
    expect(eventNames(fake).at(-1)).toBe('PAYMENT_DELETED');
    expect(answered).toBe(false);
    expect((await removal).body).toEqual({ deleted: true, id: pix.id });
    // Other methods are not slowed; null ends it.
    await call(fake, 'GET', `/payments/${pix.id}`);
    fake.slowAnswers(null);
    await call(fake, 'DELETE', `/payments/${pix.id}`);
    expect(asked).toBe(1);
  });

  it('rateLimit: 429 with RateLimit-* headers, nothing done, `times` times or until cleared', async () => {
    fake.rateLimit({ method: 'POST', path: /^\/customers$/, resetSeconds: 42, times: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${fake.url}/customers`, {
        method: 'POST',
        headers: { access_token: fake.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(customerBody()),
      });
      expect(res.status).toBe(429);
      expect([
        res.headers.get('ratelimit-limit'),
        res.headers.get('ratelimit-remaining'),
        res.headers.get('ratelimit-reset'),
      ]).toEqual(['100', '0', '42']);
    }
    expect(fake.customers.size).toBe(0);
    expect((await call(fake, 'POST', '/customers', customerBody())).status).toBe(200);
    fake.rateLimit({ path: /\/payments$/, resetSeconds: 5 });
    expect((await fetch(`${fake.url}/payments`, { headers: { access_token: fake.apiKey } })).status).toBe(
      429,
    );
    fake.rateLimit(null);
    expect((await call(fake, 'GET', '/payments')).status).toBe(200);
  });

  it('a request without User-Agent is answered 401, as Asaas answers a missing header', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      // node:http sends no User-Agent of its own (fetch would send "node").
      const req = request(`${fake.url}/payments`, { headers: { access_token: fake.apiKey } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject).end();
    });
    expect(status).toBe(401);
    expect(fake.answers.at(-1)!.body).toEqual({
      errors: [{ code: 'invalid_user_agent', description: 'O cabeçalho User-Agent é obrigatório.' }],
    });
  });

  it('delayNextAnswer, failNext, answerNext and outage still work', async () => {
    fake.failNext(500);
    expect((await call(fake, 'GET', '/payments')).status).toBe(500);
    fake.answerNext(/\/payments$/, 200, '{"situacao":"ok"}', 'GET');
    expect((await call(fake, 'GET', '/payments')).body).toEqual({ situacao: 'ok' });
    fake.delayNextAnswer(/^\/v3\/payments$/, 300);
    const started = Date.now();
    expect((await call(fake, 'GET', '/payments')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    fake.outage(503);
    const down = await fetch(`${fake.url}/payments`, { headers: { access_token: fake.apiKey } });
    expect(down.status).toBe(503);
    fake.outage(null);
    expect((await call(fake, 'GET', '/payments')).status).toBe(200);
  });
});
