import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { outboxEmails } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app';
import { newKey, orderRequest } from './helpers/order-request';

// A real SMTP server, started by the test: the app sends through nodemailer over a socket.
const received: Array<{ to: string[]; raw: string }> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let app: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  app = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Impulso <loja@impulso.example>',
  });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('delivers the order e-mail with the purchase code over SMTP', async () => {
  expect(app.mailer.kind).toBe('smtp');
  const { order } = (
    await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': newKey() },
      payload: orderRequest({ email: 'smtp@exemplo.com' }),
    })
  ).json();
  // The receipt is queued once the order is a second old (src/server/email/email-jobs.ts): run the queue
  // until it has gone out.
  const mail = await vi.waitFor(
    async () => {
      await app.jobs.drain();
      const sent = received.find((m) => m.to.includes('smtp@exemplo.com'));
      expect(sent).toBeDefined();
      return sent;
    },
    { timeout: 10_000, interval: 50 },
  );
  expect(mail!.raw).toContain('From: Impulso <loja@impulso.example>');
  expect(mail!.raw).toContain(order.purchaseCode);
});

it('keeps a copy of each e-mail sent whose links carry no working token (issue 24 §1)', async () => {
  const email = 'copia@exemplo.com';
  const signup = await app.server.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Cópia Lima', email, password: 'segredo123', confirmPassword: 'segredo123' },
  });
  expect(signup.statusCode).toBe(201);
  await app.jobs.drain();
  const sent = received.find((m) => m.to.includes(email));
  expect(sent!.raw).toMatch(/verificar-email#token=[A-Za-z0-9_-]{20,}/);
  const [copy] = await app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
  expect(copy!.text).toContain('/verificar-email#token=[removido]');
  expect(`${copy!.text}${copy!.html}`).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
});
