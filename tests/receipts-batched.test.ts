import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, outboxEmails } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { approvedCard, newKey, orderRequest } from './helpers/order-request';

// ADR 039: the receipts of one batch of jobs read their orders and attempts together, store their copies
// together and are marked done together. Each buyer must still get only their own order, with their
// own PIX code while it is payable.

let now = new Date();
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, { clock: () => now });
});
afterAll(() => app.close());

it('a batch of receipts: each buyer gets one e-mail, with their own code and PIX code', async () => {
  const placed = [];
  for (let i = 0; i < 8; i++) {
    const card = i === 3;
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest({
        email: `recibo.${i}@exemplo.com`,
        ...(card ? { paymentMethod: 'credit_card', card: approvedCard } : {}),
      }),
    });
    expect(res.statusCode).toBe(201);
    placed.push({ email: `recibo.${i}@exemplo.com`, card, ...res.json() });
  }
  // The poller queues receipts of orders a second old or more.
  now = new Date(now.getTime() + 5_000);
  await app.jobs.drain();
  for (const { email, card, order, payment } of placed) {
    const sent = await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    const receipts = sent.filter((e) => /^Pedido .* recebido/.test(e.subject));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toContain(order.purchaseCode);
    // A paid card order has nothing left to pay; a PIX order carries its own code.
    if (card) expect(receipts[0]!.text).not.toContain('PIX copia e cola');
    else expect(receipts[0]!.text).toContain(payment.pixPayload);
  }
  const left = await app.database.db.select().from(jobs).where(eq(jobs.kind, 'order_received_email'));
  expect(left.length).toBeGreaterThanOrEqual(8);
  expect(left.every((job) => job.doneAt !== null && job.lockedUntil === null)).toBe(true);
});
