import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ownerAudit } from '#server/db/schema/index.ts';
import { defaultShopClaims } from '#shared/shop-claims.ts';
import { operatorCookie, signupBody } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 25 §4, ADR 031: "Números da loja" — the owner edits or hides the shop's numbers in the panel; the
// pages rendered at start are rendered again with them on the next request. Issue 46 §4, ADR 055: a new
// shop serves none, sample or otherwise, until the owner shows real ones.

const adminEmail = 'dona@impulso.com.br';
const web = {
  clientDir: path.resolve(import.meta.dirname, 'fixtures/pages'),
  ssrEntryFile: path.resolve(import.meta.dirname, 'fixtures/pages/entry-server.mjs'),
};
const { version: _, ...defaults } = defaultShopClaims;
const edited = {
  shown: true,
  profiles: { value: '1.200', label: 'clientes atendidos' },
  interactions: { value: '80 mil', label: 'curtidas entregues' },
  aboutProfiles: 'mais de mil perfis',
};

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: adminEmail }, { web });
  cookie = await operatorCookie(app, adminEmail);
});
afterAll(() => app.close());

const save = (payload: unknown, headers: Record<string, string> = { cookie }) =>
  app.server.inject({
    method: 'PATCH',
    url: '/api/admin/shop-claims',
    headers,
    payload: payload as object,
  });
const page = async () =>
  (await app.server.inject({ url: '/precos', headers: { 'accept-encoding': 'identity' } })).body;

describe('Números da loja', () => {
  it('a new shop shows no numbers; an edit shows on the next page, audited; hidden shows none', async () => {
    const stored = await app.server.inject({ url: '/api/admin/shop-claims', headers: { cookie } });
    expect(stored.json()).toEqual({
      version: 0,
      shown: false,
      profiles: { value: '', label: 'perfis atendidos' },
      interactions: { value: '', label: 'interações entregues' },
      aboutProfiles: '',
    });
    const fresh = await page();
    // The boot data the browser hydrates with: hidden, and no figure to show even by mistake.
    expect(fresh).not.toMatch(/50K\+|200K\+|mil perfis/);
    expect(fresh).toContain('"shown":false,"profiles":{"value":"","label":"perfis atendidos"}');

    const answer = await save(edited);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ...edited, version: 1 });
    const html = await page();
    expect(html).toContain('<p>1.200 clientes atendidos</p>');
    expect(html).not.toContain('50K+');
    expect(html).toContain('"aboutProfiles":"mais de mil perfis"'); // the boot data the browser hydrates with

    expect((await save({ ...edited, shown: false })).statusCode).toBe(200);
    expect(await page()).not.toContain('<p>1.200 clientes atendidos</p>');

    const audit = await app.database.db
      .select()
      .from(ownerAudit)
      .where(eq(ownerAudit.entityId, 'shop_claims'));
    expect(audit.map((a) => [a.actor, JSON.parse(a.before!), JSON.parse(a.after!)])).toEqual([
      [adminEmail, defaults, edited],
      [adminEmail, edited, { ...edited, shown: false }],
    ]);
  });

  it('refuses what is not the owner, and bad input with a pt-BR 400, changing nothing', async () => {
    const before = (await app.server.inject({ url: '/api/admin/shop-claims', headers: { cookie } })).json();
    expect((await save(edited, {})).statusCode).toBe(401);
    const customer = await app.server.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody('curiosa@exemplo.com'),
    });
    const customerCookie = String(customer.headers['set-cookie']).split(';')[0]!;
    expect((await save(edited, { cookie: customerCookie })).statusCode).toBe(403);

    for (const bad of [
      { ...edited, profiles: { value: '', label: 'perfis' } },
      { ...edited, aboutProfiles: '' },
      { ...defaults, shown: true },
      { ...edited, profiles: { value: '1234567890123', label: 'perfis' } },
      { ...edited, interactions: { value: '1', label: 'x'.repeat(41) } },
      { ...edited, aboutProfiles: '<>' },
      { ...edited, shown: 'sim' },
      { shown: true },
    ]) {
      const refused = await save(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^Preencha cada número e texto/);
    }
    const notAnObject = await save('texto');
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().message).toEqual(expect.any(String));
    const after = (await app.server.inject({ url: '/api/admin/shop-claims', headers: { cookie } })).json();
    expect(after).toEqual(before);
  });

  it('hidden, the numbers may stay blank: the owner turns them off without inventing any', async () => {
    const answer = await save({ ...defaults, profiles: { value: '', label: '' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ shown: false, profiles: { value: '', label: '' } });
  });

  it('texts are cleaned by the text guard before they are stored', async () => {
    const answer = await save({ ...edited, profiles: { value: ' 2K+ ', label: '<b>perfis</b> felizes' } });
    expect(answer.json().profiles).toEqual({ value: '2K+', label: 'bperfis/b felizes' });
  });
});
