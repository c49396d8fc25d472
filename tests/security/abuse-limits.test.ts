import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, outboxEmails } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  approvedCard,
  declinedCard,
  newKey,
  orderRequest,
  orderProof,
  placeOrderFrom,
} from '../helpers/order-request';
import { cookiesOf, sessionCookieOf } from '../helpers/cookies';
import { signupBody } from '../helpers/accounts';

// Issue 9 §4 with the shipped defaults (the other tests relax them): database-backed, pt-BR 429s with
// Retry-After.
const defaults = {
  ORDERS_LIMIT_PER_IP: '20',
  UNPAID_ORDERS_LIMIT_PER_EMAIL: '5',
  CARD_ATTEMPTS_PER_IP: '10',
  CARD_DECLINES_PER_ORDER: '5',
  ACCOUNT_EMAILS_PER_HOUR: '3',
};
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp(defaults);
});
afterAll(() => app.close());

const order = (body: object, ip: string, key?: string) => placeOrderFrom(app, body, ip, key);

describe('orders', () => {
  it('refuses the 6th unpaid order to one e-mail within an hour, but a retry of an accepted one still answers', async () => {
    const email = 'vitima@exemplo.com';
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      keys.push(newKey());
      expect((await order(orderRequest({ email }), `192.0.2.${i + 1}`, keys[i])).statusCode).toBe(201);
    }
    const sixth = await order(orderRequest({ email }), '192.0.2.9');
    expect(sixth.statusCode).toBe(429);
    // Counted per clock hour (issue 24 §4): until that hour ends.
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(sixth.json().message).toBe(
      'Há vários pedidos não pagos com este e-mail. Pague um deles (Consultar Compra) ou aguarde uma hora.',
    );
    const retried = await order(orderRequest({ email }), '192.0.2.1', keys[0]);
    expect(retried.statusCode).toBe(201);
    // Five receipts queued at most, not sixty.
    await app.jobs.drain();
    const receipts = await app.database.db.select().from(jobs).where(eq(jobs.kind, 'send_email'));
    expect(receipts.filter((j) => JSON.stringify(j.payload).includes(email)).length).toBeLessThanOrEqual(5);
  });

  it('refuses the 21st order from one IP within 10 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await order(orderRequest({ email: `ip${i}@exemplo.com` }), '198.51.100.20')).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('cards', () => {
  it('after 5 declines on one order, even a good card gets 429 (and PIX still works)', async () => {
    const created = await order(
      orderRequest({ email: 'cartao@exemplo.com', paymentMethod: 'credit_card', card: declinedCard }),
      '203.0.113.1',
    );
    expect(created.statusCode).toBe(422);
    const { orderId } = created.json();
    const pay = (card: object | undefined, ip: string) =>
      app.server.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/payments`,
        headers: orderProof(orderId),
        remoteAddress: ip,
        payload: card
          ? { paymentMethod: 'credit_card', installments: 1, card }
          : { paymentMethod: 'pix', installments: 1 },
      });
    // Each from its own address: the per-order count is what stops it.
    for (let i = 0; i < 4; i++) expect((await pay(declinedCard, `203.0.113.${10 + i}`)).statusCode).toBe(422);
    const good = await pay(approvedCard, '203.0.113.20');
    expect(good.statusCode).toBe(429);
    expect(good.json().message).toBe(
      'Muitas tentativas com cartão. Por segurança, aguarde uma hora ou pague com PIX.',
    );
    expect(good.headers['retry-after']).toBeDefined();
    expect((await pay(undefined, '203.0.113.21')).statusCode).toBe(201);
  });

  it('allows 10 card attempts per IP per hour, then 429 even for a good card', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const card = i === 10 ? approvedCard : declinedCard;
      statuses.push(
        (
          await order(
            orderRequest({ email: `testador${i}@exemplo.com`, paymentMethod: 'credit_card', card }),
            '203.0.113.99',
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('account e-mails', () => {
  it('sends at most 3 verification and reset e-mails per address per hour to each asker', async () => {
    const email = 'muitos-emails@exemplo.com';
    const signup = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(email),
    });
    const cookie = sessionCookieOf(signup);
    const resend = () =>
      app.server.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: { cookie } });
    expect((await resend()).statusCode).toBe(202);
    expect((await resend()).statusCode).toBe(202);
    const fourth = await resend();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    // The owner's own asks (its session, a browser that signed in to it) have their own count.
    const reset = await app.server.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { cookie: cookiesOf(signup) },
      payload: { email },
    });
    expect(reset.statusCode).toBe(429);
    const byStranger = await app.server.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: '203.0.113.50',
      payload: { email },
    });
    expect(byStranger.statusCode).toBe(202);
    // A stranger still may ask (for their own count); the same answer for an address with no account: the
    // limit says nothing about who is a customer.
    for (let i = 0; i < 3; i++) {
      await app.server.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: 'ninguem@exemplo.com' },
      });
    }
    const unknown = await app.server.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'ninguem@exemplo.com' },
    });
    expect(unknown.statusCode).toBe(429);
  });
  it('strangers flooding an address: at most 10 an hour among them, the owner told, the owner still gets one', async () => {
    const email = 'inundada@exemplo.com';
    const signup = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(email),
    });
    const ask = (headers: Record<string, string>, ip: string) =>
      app.server.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        remoteAddress: ip,
        headers,
        payload: { email },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await ask({}, `198.51.100.${i + 100}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The browser that made the account asks: its own count, untouched by the flood.
    expect((await ask({ cookie: cookiesOf(signup) }, '198.51.100.250')).statusCode).toBe(202);
    await app.jobs.drain();
    const sent = await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(sent.filter((e) => /senha/i.test(e.subject))).toHaveLength(11);
    const owner = await app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, app.config.fulfilment.ownerAlertEmail));
    expect(owner.map((e) => e.subject).join('\n')).toContain('Muitos pedidos de e-mail de conta');
  });
});
