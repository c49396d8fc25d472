import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { whatsappEvents, whatsappOptOuts } from '#server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 42 §3: a signed WhatsApp webhook whose Meta fields held an escaped NUL (`\u0000`, which JSON.parse
// turns into the character PostgreSQL cannot store) answered 500, and Meta retries such a batch for ever.
// It is answered 200 and what can be kept is kept.

const appSecret = 'segredo-do-app-meta-0123456789';
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    WHATSAPP_API_URL: 'http://127.0.0.1:9/v23.0',
    WHATSAPP_TOKEN: 'token-de-teste',
    WHATSAPP_PHONE_NUMBER_ID: '1234567890',
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: 'verifica-impulso-123',
  });
});
afterAll(() => app.close());

it('a signed batch with escaped NULs: 200, and the stop word inside is still applied', async () => {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1\u0000',
        changes: [
          {
            field: 'messages',
            value: {
              messages: [
                { id: 'wamid.nul\u00001', from: '5511912345678\u0000', text: { body: 'PA\u0000RAR' } },
              ],
              statuses: [{ id: 'wamid.nul\u00002', status: 'read\u0000', timestamp: '1' }],
            },
          },
        ],
      },
    ],
  });
  // JSON.stringify writes the NULs escaped, as Meta would send them.
  expect(body).toContain('\\u0000');
  const signature = `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
  const res = await app.server.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  const seen = await app.database.db.select().from(whatsappEvents);
  expect(seen.map((e) => e.id)).toContain('message:wamid.nul1');
  expect(await app.database.db.select().from(whatsappOptOuts)).toHaveLength(1);
});
