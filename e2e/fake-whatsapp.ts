// The WhatsApp Cloud API of the e2e run, as a process of its own (playwright.config.ts starts it before the
// app, with `node --import tsx`): the fake of tests/fake-whatsapp, as strict as Meta (the Bearer token,
// the shop's templates approved with their variable counts). Each message it sends is appended as one JSON
// line to $E2E_WHATSAPP_LOG, where journeys read it; then, as Meta does, its statuses (sent, delivered) are
// POSTed to the app's webhook, signed with the app secret.
import { appendFileSync } from 'node:fs';
import { z } from 'zod';
import { startFakeCloudApi, type SentMessage } from '../tests/fake-whatsapp/fake-cloud-api';

const env = z
  .object({
    E2E_WHATSAPP_PORT: z.coerce.number().int().positive(),
    E2E_WHATSAPP_LOG: z.string().min(1),
    E2E_WHATSAPP_WEBHOOK: z.url(),
    WHATSAPP_TOKEN: z.string().min(1),
    WHATSAPP_PHONE_NUMBER_ID: z.string().min(1),
    WHATSAPP_APP_SECRET: z.string().min(1),
  })
  .parse(process.env);

async function report(message: SentMessage, status: string) {
  const body = fake.statusEvent(message, status);
  const answer = await fetch(env.E2E_WHATSAPP_WEBHOOK, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': fake.sign(body) },
    body,
  });
  if (!answer.ok) console.error(`fake WhatsApp: the webhook answered ${answer.status} to '${status}'`);
}

const fake = await startFakeCloudApi({
  port: env.E2E_WHATSAPP_PORT,
  token: env.WHATSAPP_TOKEN,
  phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
  appSecret: env.WHATSAPP_APP_SECRET,
  onSent(message) {
    appendFileSync(env.E2E_WHATSAPP_LOG, `${JSON.stringify(message)}\n`);
    report(message, 'sent')
      .then(() => report(message, 'delivered'))
      .catch((error: unknown) => console.error(`fake WhatsApp: webhook not delivered: ${String(error)}`));
  },
});
fake.approveShopTemplates();
console.log(`fake WhatsApp Cloud API on ${fake.url}`);
