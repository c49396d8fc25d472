import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { operatorCookie } from './helpers/accounts';
import { newKey, orderRequest } from './helpers/order-request';

// Issue 45 §3, §4: an add-on for a post has a target before the order is placed (its own link, or the
// order's post), and an order settled on WhatsApp is placed without a CPF, which the operator gives with
// the charge.

const adminEmail = 'dona@pede.example';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: adminEmail });
});
afterAll(() => app.close());

const place = (body: object) =>
  app.server.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': newKey() },
    payload: body,
  });
const row = async (id: string) => (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('add-ons for a post', () => {
  it('refused without a link on an order without a post: it would be undeliverable once paid', async () => {
    const res = await place(orderRequest({ addOns: ['likes'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'add_on_link_required', field: 'addOnLinks.likes' });
  });

  it("without a link of its own, the order's post is theirs", async () => {
    const post = 'https://www.instagram.com/reel/Cx1mesma/';
    const res = await place(
      orderRequest({ item: { type: 'views', amount: 1000 }, postLink: post, addOns: ['likes'] }),
    );
    expect(res.statusCode).toBe(201);
    expect((await row(res.json().order.id)).addOnLinks).toEqual({ likes: post });
  });
});

describe('the CPF', () => {
  it('is asked whenever the buyer pays here', async () => {
    const { cpf: _cpf, ...withoutCpf } = orderRequest();
    const res = await place(withoutCpf);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'cpf_required', field: 'cpf' });
  });

  it('is not asked of an order settled on WhatsApp; the operator gives it with the charge', async () => {
    const { cpf: _cpf, ...withoutCpf } = orderRequest({ item: { type: 'followers', amount: 3000 } });
    const placed = await place(withoutCpf);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().next).toBe('whatsapp');
    const id = placed.json().order.id as string;
    expect((await row(id)).cpf).toBe('');

    const cookie = await operatorCookie(app, adminEmail);
    const charge = (payload: object) =>
      app.server.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/charge`,
        headers: { cookie },
        payload,
      });
    const refused = await charge({ method: 'pix' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('charge_cpf_required');
    expect((await charge({ method: 'pix', cpf: '123.456.789-00' })).statusCode).toBe(400);
    const made = await charge({ method: 'pix', cpf: '529.982.247-25' });
    expect(made.statusCode).toBe(201);
    expect((await row(id)).cpf).toBe('52998224725');
  });
});
