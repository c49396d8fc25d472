import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema/index.ts';
import { lastEmailTo, startOperatorApp, tokenIn } from './helpers/accounts';
import { placeOrder } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// LGPD for guest buyers (issue 13): the operator starts a request by e-mail; only the holder of that mailbox,
// following the link sent there, has the data exported or erased.

const adminEmail = 'dona@impulso.example';
const now = Date.parse('2026-11-23T15:00:00Z');
const clock = () => new Date(now);
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ app, cookie } = await startOperatorApp(adminEmail, clock));
});
afterAll(() => app.close());

const guest = 'convidada@exemplo.com';
const ask = (action: 'export' | 'erase') =>
  app.server.inject({
    method: 'POST',
    url: '/api/admin/privacy-requests',
    headers: { cookie },
    payload: { email: guest, action },
  });
const call = (what: 'describe' | 'confirm', token: string) =>
  app.server.inject({ method: 'POST', url: `/api/privacy-requests/${what}`, payload: { token } });

describe('guest buyers’ data requests', () => {
  it('export: nothing happens until the link sent to the address is followed; then the data, once', async () => {
    await placeOrder(app, { email: guest, name: 'Clara Convidada' });
    expect((await ask('export')).statusCode).toBe(201);
    const mail = await lastEmailTo(app, guest, 'Confirme o pedido sobre os seus dados');
    const token = tokenIn(mail!.text, '/meus-dados/confirmar');
    expect((await call('describe', token)).json()).toEqual({
      action: 'export',
      email: 'c***@exemplo.com',
    });
    const confirmed = await call('confirm', token);
    expect(confirmed.json().data.orders[0]).toMatchObject({ email: guest, name: 'Clara Convidada' });
    const again = await call('confirm', token);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Este link não é válido ou já foi usado. Peça um novo à loja.');
    expect((await call('describe', 'x'.repeat(43))).statusCode).toBe(404);
  });

  it('erase: the guest orders are anonymised once the buyer confirms; the panel needs a session', async () => {
    expect((await ask('erase')).statusCode).toBe(201);
    const stillThere = await app.database.db.select().from(orders).where(eq(orders.email, guest));
    expect(stillThere.length).toBeGreaterThan(0);
    const mail = await lastEmailTo(app, guest, 'Confirme o pedido sobre os seus dados');
    const token = tokenIn(mail!.text, '/meus-dados/confirmar');
    const erased = await call('confirm', token);
    expect(erased.json()).toEqual({ action: 'erase', message: 'Seus dados pessoais foram excluídos.' });
    expect(await app.database.db.select().from(orders).where(eq(orders.email, guest))).toHaveLength(0);
    const list = await app.server.inject({ url: '/api/admin/privacy-requests', headers: { cookie } });
    expect(JSON.stringify(list.json())).not.toContain(guest);
    expect((await app.server.inject({ url: '/api/admin/privacy-requests' })).statusCode).toBe(401);
  });
});
