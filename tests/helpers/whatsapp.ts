import { whatsappKinds } from '#shared/whatsapp.ts';
import { fakeTemplateName, type FakeCloudApi } from '../fake-whatsapp/fake-cloud-api';
import { operatorCookie } from './accounts';
import type { TestApp } from './test-app';

/** The app's four WhatsApp settings (docs/whatsapp.md) pointing at the fake Cloud API. */
export const whatsappEnv = (fake: FakeCloudApi) => ({
  WHATSAPP_API_URL: fake.apiUrl,
  WHATSAPP_TOKEN: fake.token,
  WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
  WHATSAPP_APP_SECRET: fake.appSecret,
  WHATSAPP_VERIFY_TOKEN: 'verifica-impulso-123',
});

/**
 * The fake's approved templates, named in the panel as the owner does it (PATCH /api/admin/whatsapp); the
 * app must run with ADMIN_EMAIL=`adminEmail`. Returns the operator's session cookie.
 */
export async function nameShopTemplates(app: TestApp, adminEmail: string): Promise<string> {
  const cookie = await operatorCookie(app, adminEmail);
  const saved = await app.server.inject({
    method: 'PATCH',
    url: '/api/admin/whatsapp',
    headers: { cookie },
    payload: { templates: Object.fromEntries(whatsappKinds.map((k) => [k, fakeTemplateName(k)])) },
  });
  if (saved.statusCode !== 200) throw new Error(`templates not saved: ${saved.body}`);
  return cookie;
}
