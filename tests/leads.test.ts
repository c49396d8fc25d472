import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '#server/db/schema/index.ts';
import type { AbandonedCheckout } from '#shared/schemas/admin.ts';
import { startOperatorApp } from './helpers/accounts';
import { orderRequest, placeOrder } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// Leads and abandoned checkouts (issue 12, docs/product.md#privacy): the purchase modal's handle and e-mail
// are kept (one per e-mail) for 90 days; the panel lists leads and unpaid orders that ended in no sale.

const adminEmail = 'dona@impulso.example';
let now = Date.parse('2026-11-23T15:00:00Z');
const clock = () => new Date(now);
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ app, cookie } = await startOperatorApp(adminEmail, clock));
});
afterAll(() => app.close());

const lead = (body: object) => app.server.inject({ method: 'POST', url: '/api/leads', payload: body });
const leadRows = (email: string) => app.database.db.select().from(leads).where(eq(leads.email, email));
const abandoned = async (): Promise<AbandonedCheckout[]> => {
  const res = await app.server.inject({ url: '/api/admin/abandoned-checkouts', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().checkouts;
};
const order = (overrides: Parameters<typeof orderRequest>[0]) => placeOrder(app, overrides);

describe('leads', () => {
  it('stores the modal’s handle and e-mail, one lead per e-mail, refreshed on each visit', async () => {
    const first = await lead({
      product: 'followers',
      amount: 1000,
      instagram: '@Loja.Da.Bia',
      email: ' Bia@Exemplo.com ',
    });
    expect(first.statusCode).toBe(201);
    now += 60_000;
    await lead({
      product: 'likes',
      amount: 500,
      instagram: '@loja.da.bia',
      email: 'bia@exemplo.com',
      postLink: 'https://www.instagram.com/p/abc123/',
    });
    const rows = await leadRows('bia@exemplo.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ instagram: 'loja.da.bia', product: 'likes', amount: 500 });
  });

  it('answers bad input with the spec’s pt-BR messages and a 400, storing nothing', async () => {
    const handle = await lead({ product: 'followers', amount: 1000, instagram: 'a b', email: 'x@y.z' });
    expect(handle.statusCode).toBe(400);
    expect(handle.json().message).toBe('Informe um @instagram válido (ex.: @meu.perfil)');
    const email = await lead({ product: 'followers', amount: 1000, instagram: 'ok', email: 'nope' });
    expect(email.json().message).toBe('Por favor, informe um email válido');
    const pack = await lead({ product: 'followers', amount: 7, instagram: 'ok', email: 'ok@exemplo.com' });
    expect(pack.statusCode).toBe(400);
    expect(await leadRows('ok@exemplo.com')).toHaveLength(0);
  });

  it('the panel lists leads and unpaid orders with no sale after them, newest first; operators only', async () => {
    now += 60_000;
    await lead({ product: 'followers', amount: 1000, instagram: 'so.olhou', email: 'olhou@exemplo.com' });
    now += 60_000;
    await lead({ product: 'followers', amount: 1000, instagram: 'comprou', email: 'comprou@exemplo.com' });
    now += 60_000;
    const unpaid = (await order({ email: 'comprou@exemplo.com', instagram: 'comprou' })).json();
    now += 60_000;

    let list = await abandoned();
    expect(list.map((c) => `${c.kind}:${c.email}`).slice(0, 2)).toEqual([
      'order:comprou@exemplo.com',
      'lead:olhou@exemplo.com',
    ]);
    expect(list[0]).toMatchObject({ whatsapp: '11912345678', totalCents: 8590, orderId: unpaid.order.id });

    // Paid on a second try: neither the lead nor the first order is abandoned any more.
    const paid = (await order({ email: 'comprou@exemplo.com', instagram: 'comprou' })).json();
    await app.server.inject({ method: 'POST', url: `/api/sandbox/payments/${paid.payment.id}/confirm` });
    list = await abandoned();
    expect(list.some((c) => c.email === 'comprou@exemplo.com')).toBe(false);

    const anonymous = await app.server.inject({ url: '/api/admin/abandoned-checkouts' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a lead is deleted 90 days after the last visit', async () => {
    await lead({
      product: 'views',
      amount: 1000,
      instagram: 'antiga',
      email: 'antiga@exemplo.com',
      postLink: 'https://www.instagram.com/reel/abc/',
    });
    now += 89 * 86_400_000;
    await app.jobs.runOnce();
    expect(await leadRows('antiga@exemplo.com')).toHaveLength(1);
    now += 2 * 86_400_000;
    await app.jobs.runOnce();
    expect(await leadRows('antiga@exemplo.com')).toHaveLength(0);
  });
});
