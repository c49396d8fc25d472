import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';
import { operatorCookie, signupBody, tokenIn } from './helpers/accounts';
import { sessionCookieOf } from './helpers/cookies';

// Issue 46 §3: without SMTP_URL the owner reads what the shop sent in the panel's "E-mails enviados".
const adminEmail = 'dona@loja.example';
let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: adminEmail, PUBLIC_URL: 'https://loja.example' });
  cookie = await operatorCookie(app, adminEmail);
});
afterAll(() => app.close());

const get = (url: string, as = cookie) => app.server.inject({ method: 'GET', url, headers: { cookie: as } });

describe('E-mails enviados, without SMTP', () => {
  it('is the operator’s alone: 401 signed out, 403 for a buyer', async () => {
    expect((await app.server.inject({ method: 'GET', url: '/api/admin/emails' })).statusCode).toBe(401);
    const buyer = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody('curioso@exemplo.com'),
    });
    const asBuyer = sessionCookieOf(buyer);
    expect((await get('/api/admin/emails', asBuyer)).statusCode).toBe(403);
    await app.jobs.drain();
    const [first] = (await get('/api/admin/emails')).json().emails;
    expect((await get(`/api/admin/emails/${first.id}`, asBuyer)).statusCode).toBe(403);
  });

  it('lists what the shop sent, newest first, each whole with links to the shop that work', async () => {
    const signup = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody('joana@exemplo.com'),
    });
    await app.jobs.drain();
    await app.mailer.send({ to: 'ana@exemplo.com', subject: 'Por último', html: '<p>Oi</p>', text: 'Oi' });

    const list = await get('/api/admin/emails');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const page = list.json();
    expect(page).toMatchObject({ delivery: 'outbox', page: 1, pageSize: 50 });
    expect(page.emails.map((e: { to: string }) => e.to).slice(0, 2)).toEqual([
      'ana@exemplo.com',
      'joana@exemplo.com',
    ]);
    expect(page.total).toBe(page.emails.length);

    const email = (await get(`/api/admin/emails/${page.emails[1].id}`)).json();
    expect(email.to).toBe('joana@exemplo.com');
    const link = email.html.match(/href="(https:\/\/loja\.example\/verificar-email#token=[^"]+)"/);
    expect(link, 'the verification link, to the shop').not.toBeNull();
    // The link read in the panel is the one the buyer would click: it verifies the address.
    const token = tokenIn(email.text, '/verificar-email');
    const verified = await app.server.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: { cookie: sessionCookieOf(signup) },
      payload: { token },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('answers a bad page or id in Portuguese', async () => {
    const badPage = await get('/api/admin/emails?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toMatch(/[a-zà-ú]/i);
    for (const id of ['nao-e-um-id', '00000000-0000-4000-8000-000000000000']) {
      const missing = await get(`/api/admin/emails/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('E-mail não encontrado.');
    }
  });
});

describe('E-mails enviados, with SMTP', () => {
  it('says the e-mails go through SMTP and lists none', async () => {
    const smtp = await createTestApp({ ADMIN_EMAIL: adminEmail, SMTP_URL: 'smtp://127.0.0.1:2' });
    try {
      const asOwner = await operatorCookie(smtp, adminEmail);
      const list = await smtp.server.inject({
        method: 'GET',
        url: '/api/admin/emails',
        headers: { cookie: asOwner },
      });
      expect(list.json()).toEqual({ delivery: 'smtp' });
      const one = await smtp.server.inject({
        method: 'GET',
        url: '/api/admin/emails/00000000-0000-4000-8000-000000000000',
        headers: { cookie: asOwner },
      });
      expect(one.statusCode).toBe(409);
      expect(one.json().message).toMatch(/SMTP/);
    } finally {
      await smtp.close();
    }
  });
});
