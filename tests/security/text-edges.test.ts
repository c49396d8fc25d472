import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookEvents } from '#server/db/schema/index.ts';
import { startAsaasTestApp, type AsaasTestApp } from '../helpers/asaas-test-app';
import { lastEmailTo, signupBody } from '../helpers/accounts';
import { newKey, orderRequest } from '../helpers/order-request';

// Issue 24 §12 (names carried into e-mails) and §14 (NUL bytes at any depth).
const webhookToken = 'whsec_text_edges_0123456789abcdef';
let asaas: AsaasTestApp;
let now = Date.parse('2026-11-25T12:00:00Z');
beforeAll(async () => {
  asaas = await startAsaasTestApp(webhookToken, {}, { clock: () => new Date(now) });
});
afterAll(() => asaas.close());

/** `{ a: { a: … { a: leaf } } }`, `depth` objects deep. */
const nested = (depth: number, leaf: unknown): unknown =>
  depth === 0 ? leaf : { a: nested(depth - 1, leaf) };

describe('§12 a name typed at checkout reaches a stranger’s inbox without links', () => {
  it.each([
    ['Ganhe https://golpe.example/premio', 'Olá, Ganhe!'],
    ['golpe.example/premio Ana', 'Olá, Ana!'],
    ['bit.ly/premio', 'Olá!'],
    ['www.golpe.com.br', 'Olá!'],
    ['premio@golpe.example', 'Olá!'],
    ['José da Silva Jr.', 'Olá, José!'],
  ])('the receipt to an order named %j greets %j', async (name, greeting) => {
    const email = `estranho-${newKey().slice(0, 8).toLowerCase()}@exemplo.com`;
    const placed = await asaas.app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest({ email, name }),
    });
    expect(placed.statusCode).toBe(201);
    now += 2_000;
    const receipt = await lastEmailTo(asaas.app, email, 'Pedido');
    expect(receipt!.text).toContain(greeting);
    for (const link of ['golpe', 'bit.ly', 'https://golpe'])
      expect(`${receipt!.text}${receipt!.html}`).not.toContain(link);
  });

  it('the verification e-mail of a signup named with a link carries no link but the shop’s', async () => {
    const email = 'alvo-cadastro@exemplo.com';
    const res = await asaas.app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(email, 'segredo123', 'https://golpe.example/pix Ganhe'),
    });
    expect(res.statusCode).toBe(201);
    const mail = await lastEmailTo(asaas.app, email, 'Confirme');
    expect(mail!.text).not.toContain('golpe');
    expect(mail!.text).toContain('Olá, Ganhe!');
  });
});

describe('§14 a NUL byte at any depth', () => {
  it('in a webhook body 40 levels deep: 200, stored without it', async () => {
    const body = JSON.stringify({
      id: 'evt_nul_fundo',
      event: 'PAYMENT_UPDATED',
      payment: { id: 'pay_nao_existe', status: 'PENDING', extra: nested(40, 'a\u0000b') },
    });
    const res = await asaas.app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': webhookToken, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await asaas.app.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, 'evt_nul_fundo'));
    expect(JSON.stringify(stored!.payload)).toContain('"ab"');
  });

  it('in any other route’s body, 12 or 4,000 levels deep: 400 with the pt-BR text, never a 500', async () => {
    for (const depth of [12, 4_000]) {
      const res = await asaas.app.server.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey() },
        payload: { ...orderRequest({ email: 'fundo@exemplo.com' }), extra: nested(depth, 'x\u0000') },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'O texto enviado tem um caractere inválido. Confira e tente novamente.',
      );
    }
  });
});
