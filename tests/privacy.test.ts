import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '#server/db/rows.ts';
import { lastEmailTo, signupBody, startOperatorApp, tokenIn } from './helpers/accounts';
import { sessionCookieOf } from './helpers/cookies';
import { newKey, orderRequest, placeOrder } from './helpers/order-request';
import type { TestApp } from './helpers/test-app';

// LGPD (issue 13): a customer downloads everything the store holds about them, then deletes the account;
// afterwards no table holds their e-mail, name, phone, CPF, handle or invoice company (CNPJ, company name), and the revenue figures are unchanged.

const adminEmail = 'dona@impulso.example';
let now = Date.parse('2026-11-23T15:00:00Z');
const clock = () => new Date(now);
let app: TestApp;
let operator: string;
beforeAll(async () => {
  ({ app, cookie: operator } = await startOperatorApp(adminEmail, clock));
});
afterAll(() => app.close());

const joana = {
  email: 'joana.pessoal@exemplo.com',
  name: 'Joana Lima',
  whatsapp: '21987654321',
  cpf: '11144477735',
  instagram: 'joana.pessoal',
  companyCnpj: '11222333000181',
  companyName: 'Joana Lima Marketing ME',
};
const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  app.server.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
const revenue = async () =>
  (await inject('GET', '/api/admin/dashboard?period=all', operator)).json().metrics.revenueCents as number;

/** Every row of every table, as text: what a search of the database would find. */
async function everyRow(): Promise<string> {
  const tables = rowsOf(
    z.object({ table_name: z.string() }),
    await app.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  const texts: string[] = [];
  for (const { table_name } of tables) {
    const rows = rowsOf(
      z.object({ row: z.string() }),
      await app.database.db.execute(sql`select t::text as row from ${sql.identifier(table_name)} t`),
    );
    texts.push(...rows.map((r) => r.row));
  }
  return texts.join('\n');
}

describe('personal data (LGPD)', () => {
  let cookie: string;
  it('exports everything about the account and nothing about anyone else', async () => {
    cookie = sessionCookieOf(await inject('POST', '/api/auth/signup', undefined, signupBody(joana.email)));
    // What is keyed by the e-mail (leads, e-mail copies) is hers once she proves the mailbox.
    const token = tokenIn((await lastEmailTo(app, joana.email, 'Confirme'))!.text, '/verificar-email');
    expect((await inject('POST', '/api/auth/verify-email', cookie, { token })).statusCode).toBe(200);
    const order = await app.server.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, 'idempotency-key': newKey() },
      payload: orderRequest({
        email: joana.email,
        name: joana.name,
        whatsapp: '(21) 9 8765-4321',
        cpf: '111.444.777-35',
        instagram: `@${joana.instagram}`,
        company: { cnpj: '11.222.333/0001-81', name: joana.companyName },
      }),
    });
    expect(order.statusCode).toBe(201);
    await inject('POST', `/api/sandbox/payments/${order.json().payment.id}/confirm`);
    await inject('POST', '/api/leads', undefined, {
      product: 'followers',
      amount: 1000,
      instagram: joana.instagram,
      email: joana.email,
    });
    // Someone else's order, paid.
    const other = (await placeOrder(app, { email: 'outra.pessoa@exemplo.com' })).json();
    await inject('POST', `/api/sandbox/payments/${other.payment.id}/confirm`);
    await app.jobs.drain();

    const res = await inject('GET', '/api/account/data', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json();
    expect(data.profile).toMatchObject({ email: joana.email, name: 'Joana Lima' });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      cpf: joana.cpf,
      whatsapp: joana.whatsapp,
      instagram: joana.instagram,
      companyCnpj: joana.companyCnpj,
      companyName: joana.companyName,
    });
    expect(data.payments).toHaveLength(1);
    expect(data.leads).toHaveLength(1);
    expect(data.emailsSent.length).toBeGreaterThanOrEqual(2);
    expect(data.consents).toBeDefined();
    expect(res.body).not.toContain('outra.pessoa@exemplo.com');
    expect(res.body).not.toContain('Ana Souza');
    expect((await inject('GET', '/api/account/data')).statusCode).toBe(401);
  });

  it('deletes the account: no e-mail, name, phone, CPF or handle left in any table; revenue unchanged', async () => {
    const before = await revenue();
    expect(before).toBeGreaterThan(0);
    expect(await everyRow()).toContain(joana.email);
    const wrong = await inject('POST', '/api/account/delete', cookie, { password: 'errada123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'Senha incorreta. Digite a senha da sua conta para confirmar a exclusão.',
    );

    const res = await inject('POST', '/api/account/delete', cookie, { password: 'segredo123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sua conta e seus dados pessoais foram excluídos.');
    expect((await inject('GET', '/api/account/orders', cookie)).statusCode).toBe(401);

    const everything = await everyRow();
    for (const value of Object.values(joana)) expect(everything, value).not.toContain(value);
    expect(everything).toContain('outra.pessoa@exemplo.com');
    expect(await revenue()).toBe(before);
  });

  it('the retention pass anonymises guest orders older than RETENTION_MONTHS (24 by default)', async () => {
    const old = (
      await placeOrder(app, { email: 'antiga.compradora@exemplo.com', name: 'Beatriz Antiga' })
    ).json();
    now += 23 * 31 * 86_400_000;
    await app.jobs.runOnce();
    expect(await everyRow()).toContain('Beatriz Antiga');
    now += 62 * 86_400_000;
    await app.jobs.runOnce();
    const everything = await everyRow();
    expect(everything).not.toContain('Beatriz Antiga');
    expect(everything).not.toContain('antiga.compradora@exemplo.com');
    const view = await inject('GET', `/api/orders/${old.order.id}`);
    expect(view.json().order).toMatchObject({ totalCents: 8590, firstName: 'Titular' });
  });
});
