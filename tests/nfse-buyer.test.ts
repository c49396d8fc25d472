import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jobs, orders } from '#server/db/schema/index.ts';
import { createOrderSchema } from '#shared/schemas/checkout.ts';
import { updateOrder } from '#server/admin/admin-orders.ts';
import { nfseCheck } from '#server/doctor/nfse-check.ts';
import { invoicesRepo } from '#server/invoices/invoices.repo.ts';
import { deliverAsaasEvents } from './helpers/asaas-events';
import type { AsaasTestApp } from './helpers/asaas-test-app';
import { sessionCookieOf } from './helpers/cookies';
import { lastEmailTo, signupBody, tokenIn } from './helpers/accounts';
import { newKey, orderRequest } from './helpers/order-request';
import { nfseHelpers, nfseSettingsOn, nfseWebhookToken, startNfseShop } from './helpers/nfse-shop';

// Issue 27, the buyer's side (ADR 036): a company invoice asked for at checkout (the company is Asaas's
// customer, so the taker), the invoice's links on /order/{id} and /dashboard only with the order's proof,
// and the moments "on delivery done" and "on the buyer's request" that really issue, once.

let asaas: AsaasTestApp;
beforeAll(async () => {
  asaas = await startNfseShop();
});
afterAll(() => asaas.close());
const { db, paidOrder, payOrder, invoiceRow, atAsaas } = nfseHelpers(() => asaas);
beforeEach(async () => {
  await invoicesRepo.saveSettings(db(), nfseSettingsOn, new Date());
});

const company = { cnpj: '11.222.333/0001-81', name: 'Agência Exemplo Ltda' };
const inject = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string> = {},
  payload?: object,
) => asaas.app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const issueJobs = async (orderId: string) =>
  (await db().select().from(jobs).where(eq(jobs.kind, 'issue_invoice'))).filter(
    (j) => (j.payload as { orderId?: string }).orderId === orderId,
  );

describe('"Precisa de nota em nome de empresa?"', () => {
  it('refuses a CNPJ whose check digits are wrong, and a missing company name, in Portuguese', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...company, cnpj: '11.222.333/0001-82' }, 'company.cnpj', 'CNPJ inválido. Confira os números.'],
      [{ ...company, cnpj: '' }, 'company.cnpj', 'CNPJ é obrigatório'],
      [{ ...company, name: ' ' }, 'company.name', 'Razão social é obrigatória'],
    ];
    for (const [given, field, message] of cases) {
      const res = await inject(
        'POST',
        '/api/orders',
        { 'idempotency-key': newKey() },
        {
          ...orderRequest(),
          company: given,
        },
      );
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
  });

  it('keeps the company with the order; Asaas customer, and so the invoice taker, is the company', async () => {
    const orderId = await paidOrder('agencia@exemplo.com', { company });
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({
      companyCnpj: '11222333000181',
      companyName: 'Agência Exemplo Ltda',
      cpf: '52998224725',
    });
    await asaas.app.jobs.drain();
    const [invoice] = await atAsaas(orderId);
    expect(invoice).toMatchObject({ status: 'AUTHORIZED' });
    expect(asaas.fake.customers.get(invoice!.customer)).toMatchObject({
      cpfCnpj: '11222333000181',
      name: 'Agência Exemplo Ltda',
      company: 'Agência Exemplo Ltda',
      email: 'agencia@exemplo.com',
    });
  });

  it('an alphanumeric CNPJ (from July 2026) passes its check digits, kept upper case', () => {
    const parsed = createOrderSchema.parse({
      ...orderRequest(),
      company: { cnpj: '12.abc.345/01de-35', name: 'Nova Empresa SA' },
    });
    expect(parsed.company).toEqual({ cnpj: '12ABC34501DE35', name: 'Nova Empresa SA' });
  });
});

describe('the buyer sees the invoice', () => {
  it('on /order/{id}: its links only with the order token or the purchase code', async () => {
    const placed = await inject(
      'POST',
      '/api/orders',
      { 'idempotency-key': newKey() },
      orderRequest({ email: 've.nota@exemplo.com' }),
    );
    const { order, orderToken } = placed.json() as {
      order: { id: string; purchaseCode: string };
      orderToken: string;
    };
    await payOrder(order.id);
    expect(
      (await inject('GET', `/api/orders/${order.id}`, { 'x-order-token': orderToken })).json().invoice,
    ).toEqual({
      state: 'on_its_way',
      number: null,
      pdfUrl: null,
      xmlUrl: null,
    });
    await asaas.app.jobs.drain();
    await deliverAsaasEvents(asaas.app, asaas.fake, nfseWebhookToken);
    const issued = (await invoiceRow(order.id))!;
    expect(issued.status).toBe('AUTHORIZED');

    const byId = (await inject('GET', `/api/orders/${order.id}`)).json().invoice;
    expect(byId).toEqual({ state: 'issued', number: issued.number, pdfUrl: null, xmlUrl: null });
    const forged = await inject('GET', `/api/orders/${order.id}`, { 'x-order-token': 'x.y' });
    expect(forged.json().invoice.pdfUrl).toBeNull();
    const withToken = (
      await inject('GET', `/api/orders/${order.id}`, { 'x-order-token': orderToken })
    ).json();
    expect(withToken.invoice).toMatchObject({
      state: 'issued',
      pdfUrl: issued.pdfUrl,
      xmlUrl: issued.xmlUrl,
    });

    expect((await inject('POST', `/api/orders/${order.id}/invoice/links`, {}, {})).statusCode).toBe(403);
    const wrong = await inject(
      'POST',
      `/api/orders/${order.id}/invoice/links`,
      { 'x-purchase-code': 'ZZZZ-ZZZZ' },
      {},
    );
    expect(wrong.statusCode).toBe(403);
    const byCode = await inject(
      'POST',
      `/api/orders/${order.id}/invoice/links`,
      { 'x-purchase-code': order.purchaseCode },
      {},
    );
    expect(byCode.json().invoice).toMatchObject({ pdfUrl: issued.pdfUrl });
  });

  it('on /dashboard: the account that placed the order sees the links', async () => {
    const email = 'conta.com.nota@exemplo.com';
    const cookie = sessionCookieOf(await inject('POST', '/api/auth/signup', {}, signupBody(email)));
    const token = tokenIn((await lastEmailTo(asaas.app, email, 'Confirme'))!.text, '/verificar-email');
    await inject('POST', '/api/auth/verify-email', { cookie }, { token });
    const placed = await inject(
      'POST',
      '/api/orders',
      { cookie, 'idempotency-key': newKey() },
      orderRequest({ email }),
    );
    const orderId = placed.json().order.id as string;
    await payOrder(orderId);
    await asaas.app.jobs.drain();
    const issued = (await invoiceRow(orderId))!;
    const mine = (await inject('GET', '/api/account/orders', { cookie })).json().orders as Array<{
      id: string;
      invoice: unknown;
    }>;
    expect(mine.find((o) => o.id === orderId)?.invoice).toMatchObject({
      state: 'issued',
      pdfUrl: issued.pdfUrl,
    });
    // The session is the proof on /order/{id} too.
    expect((await inject('GET', `/api/orders/${orderId}`, { cookie })).json().invoice.pdfUrl).toBe(
      issued.pdfUrl,
    );
  });
});

describe('the issuing moments', () => {
  it('"Quando a entrega termina": nothing on payment; owed once the order is concluído', async () => {
    await invoicesRepo.saveSettings(db(), { issueOn: 'delivery' }, new Date());
    const orderId = await paidOrder('na.entrega@exemplo.com');
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toBeUndefined();
    await updateOrder(db(), orderId, { status: 'concluido' }, 'dona@impulso.example', new Date());
    await updateOrder(
      db(),
      orderId,
      { status: 'concluido', note: 'de novo' },
      'dona@impulso.example',
      new Date(),
    );
    expect(await issueJobs(orderId)).toHaveLength(1);
    await asaas.app.jobs.drain();
    expect(await invoiceRow(orderId)).toMatchObject({ status: 'AUTHORIZED' });
    expect(await atAsaas(orderId)).toHaveLength(1);
  });

  it('"Quando o comprador pedir": "Pedir nota fiscal" with the order proof, once however often pressed', async () => {
    await invoicesRepo.saveSettings(db(), { issueOn: 'request' }, new Date());
    const placed = await inject(
      'POST',
      '/api/orders',
      { 'idempotency-key': newKey() },
      orderRequest({ email: 'pede.nota@exemplo.com' }),
    );
    const { order, orderToken } = placed.json() as { order: { id: string }; orderToken: string };
    // Not paid yet: nothing to ask for.
    expect((await inject('GET', `/api/orders/${order.id}`)).json().invoice).toBeNull();
    const early = await inject(
      'POST',
      `/api/orders/${order.id}/invoice`,
      { 'x-order-token': orderToken },
      {},
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A nota fiscal deste pedido não pode ser pedida agora.');
    await payOrder(order.id);
    await asaas.app.jobs.drain();
    expect(await invoiceRow(order.id)).toBeUndefined();
    expect((await inject('GET', `/api/orders/${order.id}`)).json().invoice).toMatchObject({
      state: 'requestable',
    });
    expect((await inject('POST', `/api/orders/${order.id}/invoice`, {}, {})).statusCode).toBe(403);
    const asks = await Promise.all(
      [1, 2, 3].map(() =>
        inject('POST', `/api/orders/${order.id}/invoice`, { 'x-order-token': orderToken }, {}),
      ),
    );
    expect(asks.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(asks[0]!.json().invoice).toMatchObject({ state: 'on_its_way' });
    expect(await issueJobs(order.id)).toHaveLength(1);
    await asaas.app.jobs.drain();
    expect(await atAsaas(order.id)).toHaveLength(1);
    expect(await invoiceRow(order.id)).toMatchObject({ status: 'AUTHORIZED' });
    const pending = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'issue_invoice')));
    expect(pending.length).toBeGreaterThan(0);
  });
});

describe('npm run doctor', () => {
  it('says whether invoicing is set up', async () => {
    const check = () =>
      nfseCheck({ config: asaas.app.config, database: asaas.app.database, timeoutMs: 2_000 });
    expect(await check()).toMatchObject({
      ok: true,
      message: expect.stringContaining('ligada, emite no pagamento'),
    });
    await invoicesRepo.saveSettings(db(), { municipalServiceId: null }, new Date());
    expect(await check()).toMatchObject({
      ok: false,
      message: expect.stringContaining('sem serviço municipal'),
    });
    await invoicesRepo.saveSettings(db(), { enabled: false }, new Date());
    expect(await check()).toMatchObject({
      ok: true,
      warning: true,
      message: expect.stringContaining('desligada'),
    });
  });
});
