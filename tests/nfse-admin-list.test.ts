import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invoices, jobs, orderAudit, ownerAudit } from '#server/db/schema/index.ts';
import { invoicesRepo } from '#server/invoices/invoices.repo.ts';
import type { InvoiceState } from '#shared/invoice-states.ts';
import { messages } from '#shared/messages.ts';
import type { FakeInvoice } from './fake-asaas/fake-asaas-server';
import { operatorCookie } from './helpers/accounts';
import { startAsaasTestApp, type AsaasTestApp } from './helpers/asaas-test-app';
import { placeOrder } from './helpers/order-request';

// Issue 27 §3, the panel's "Notas fiscais": invoices with their order and buyer, filtered by status and by
// São Paulo days, the accountant's CSV (ADR 012's conventions), and "Tentar de novo" for an invoice in
// ERROR or a refused cancellation — queued once under two clicks at the same time.

const ownerEmail = 'dona@impulso.example';
let asaas: AsaasTestApp;
let owner: string;
beforeAll(async () => {
  asaas = await startAsaasTestApp('whsec_nfse_list_0123456789abcdefghijkl', { ADMIN_EMAIL: ownerEmail });
  owner = await operatorCookie(asaas.app, ownerEmail);
  await invoicesRepo.saveSettings(
    db(),
    { enabled: true, municipalServiceId: '101', municipalServiceName: 'Publicidade' },
    new Date(),
  );
});
afterAll(() => asaas.close());

const db = () => asaas.app.database.db;
const get = (url: string) => asaas.app.server.inject({ method: 'GET', url, headers: { cookie: owner } });
const retry = (orderId: string) =>
  asaas.app.server.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/invoice/retry`,
    headers: { cookie: owner },
  });

/** An order placed through the API and its invoice row as the jobs and webhooks would have left it. */
async function invoiceFor(
  name: string,
  status: InvoiceState,
  createdAt: string,
  extra: Partial<typeof invoices.$inferInsert> = {},
) {
  const placed = await placeOrder(asaas.app, {
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@exemplo.com`,
  });
  const order = placed.json().order as { id: string; purchaseCode: string };
  const [row] = await db()
    .insert(invoices)
    .values({ orderId: order.id, status, valueCents: 8590, createdAt: new Date(createdAt), ...extra })
    .returning();
  return { order, invoice: row! };
}

/** The invoice Asaas holds for our row, in `status`. */
function atAsaas(reference: string, status: FakeInvoice['status']): FakeInvoice {
  const invoice = {
    object: 'invoice',
    id: `inv_${reference.slice(0, 12)}`,
    status,
    customer: 'cus_1',
    payment: null,
    installment: null,
    type: 'NFS-e',
    statusDescription: null,
    serviceDescription: 'Seguidores',
    observations: 'Pedido',
    value: 85.9,
    deductions: 0,
    effectiveDate: '2026-11-20',
    municipalServiceId: '101',
    municipalServiceCode: null,
    municipalServiceName: 'Publicidade',
    taxes: { retainIss: false, iss: 2, pis: 0, cofins: 0, csll: 0, inss: 0, ir: 0 },
    externalReference: reference,
    pdfUrl: null,
    xmlUrl: null,
    number: status === 'CANCELLATION_DENIED' ? '77' : null,
    rpsSerie: null,
    rpsNumber: null,
    validationCode: null,
  } satisfies FakeInvoice;
  asaas.fake.fiscal.invoices.set(invoice.id, invoice);
  return invoice;
}

let authorized: Awaited<ReturnType<typeof invoiceFor>>;
let failed: Awaited<ReturnType<typeof invoiceFor>>;
describe('the list', () => {
  beforeAll(async () => {
    // 19/11 23:59 and 20/11 00:00 in São Paulo: either side of a day's start.
    authorized = await invoiceFor('Ana Emitida', 'AUTHORIZED', '2026-11-20T03:00:00Z', {
      number: '1042',
      pdfUrl: 'https://sandbox.asaas.com/invoices/a.pdf',
      xmlUrl: 'https://sandbox.asaas.com/invoices/a.xml',
      providerInvoiceId: 'inv_list_a',
      issuedAt: new Date('2026-11-20T03:04:00Z'),
    });
    failed = await invoiceFor('Bruno Recusado', 'ERROR', '2026-11-20T02:59:00Z', {
      statusDescription: '=HYPERLINK("x");Inscrição municipal inválida.',
      providerInvoiceId: 'inv_list_b',
    });
  });

  it('shows order, buyer, value, status, number, date, links and the reason, newest first', async () => {
    const res = await get('/api/admin/invoices?period=custom&from=2026-11-19&to=2026-11-20');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(body.invoices).toEqual([
      {
        id: authorized.invoice.id,
        orderId: authorized.order.id,
        purchaseCode: authorized.order.purchaseCode,
        buyerName: 'Ana Emitida',
        buyerEmail: 'ana@exemplo.com',
        valueCents: 8590,
        status: 'AUTHORIZED',
        number: '1042',
        createdAt: '2026-11-20T03:00:00.000Z',
        issuedAt: '2026-11-20T03:04:00.000Z',
        pdfUrl: 'https://sandbox.asaas.com/invoices/a.pdf',
        xmlUrl: 'https://sandbox.asaas.com/invoices/a.xml',
        statusDescription: null,
      },
      expect.objectContaining({ buyerName: 'Bruno Recusado', status: 'ERROR', number: null }),
    ]);
  });

  it('filters by status and by São Paulo days', async () => {
    const ids = async (query: string) =>
      ((await get(`/api/admin/invoices?${query}`)).json().invoices as Array<{ id: string }>).map((i) => i.id);
    expect(await ids('period=custom&from=2026-11-20&to=2026-11-20')).toEqual([authorized.invoice.id]);
    expect(await ids('period=custom&from=2026-11-19&to=2026-11-19')).toEqual([failed.invoice.id]);
    expect(await ids('period=all&status=ERROR')).toContain(failed.invoice.id);
    expect(await ids('period=all&status=ERROR')).not.toContain(authorized.invoice.id);
    expect(await ids('period=custom&from=2026-11-19&to=2026-11-20&status=AUTHORIZED')).toEqual([
      authorized.invoice.id,
    ]);
  });

  it('refuses bad filters in Portuguese', async () => {
    const status = await get('/api/admin/invoices?status=PAGA');
    expect([status.statusCode, status.json().message]).toEqual([400, 'Situação de nota inválida.']);
    const day = await get('/api/admin/invoices.csv?period=custom&from=2026-02-30');
    expect([day.statusCode, day.json().message]).toEqual([
      400,
      'Data inválida. Use uma data real (AAAA-MM-DD).',
    ]);
  });

  it("exports the accountant's CSV: ';', decimal comma, São Paulo dates, BOM, formula-safe", async () => {
    const res = await get('/api/admin/invoices.csv?period=custom&from=2026-11-19&to=2026-11-20');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="notas-fiscais-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [head, first, second, end] = res.body.split('\r\n');
    expect(head).toBe(
      '\uFEFFdata_nota;emitida_em;numero;situacao;valor_reais;pedido;comprador;email;pdf;xml;motivo_asaas;id_nota',
    );
    expect(first!.split(';').slice(0, 8)).toEqual([
      '20/11/2026',
      '20/11/2026 00:04',
      '1042',
      'Emitida',
      '85,90',
      expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/),
      'Ana Emitida',
      'ana@exemplo.com',
    ]);
    expect(second).toContain('19/11/2026;;;Com erro;85,90;');
    // A formula is opened as text, and a ';' inside a cell is quoted.
    expect(second).toContain(`;"'=HYPERLINK(""x"");Inscrição municipal inválida.";${failed.invoice.id}`);
    expect(end).toBe('');
    const onlyErrors = await get('/api/admin/invoices.csv?period=all&status=AUTHORIZED');
    expect(onlyErrors.body).not.toContain('Bruno Recusado');
  });
});

describe('"Tentar de novo"', () => {
  const jobsOf = async (kind: string, orderId: string) =>
    (await db().select().from(jobs).where(eq(jobs.kind, kind))).filter((j) => j.payload.orderId === orderId);

  it('sends an invoice in ERROR again once under two clicks at once; the same invoice is issued', async () => {
    const { order, invoice } = await invoiceFor('Carla Erro', 'ERROR', '2026-11-21T12:00:00Z', {
      statusDescription: 'CNAE inválido.',
    });
    atAsaas(invoice.id, 'ERROR');
    await db()
      .update(invoices)
      .set({ providerInvoiceId: `inv_${invoice.id.slice(0, 12)}` })
      .where(eq(invoices.id, invoice.id));
    const answers = await Promise.all([retry(order.id), retry(order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      'Só uma nota fiscal com erro pode ser tentada de novo.',
    );
    expect(await jobsOf('issue_invoice', order.id)).toHaveLength(1);
    await asaas.app.jobs.drain();
    expect(await invoicesRepo.forOrder(db(), order.id)).toMatchObject({ status: 'AUTHORIZED' });
    const sent = [...asaas.fake.fiscal.invoices.values()].filter((i) => i.externalReference === invoice.id);
    expect(sent.map((i) => i.status)).toEqual(['AUTHORIZED']);
    const audit = await db()
      .select()
      .from(ownerAudit)
      .where(and(eq(ownerAudit.entity, 'invoice'), eq(ownerAudit.entityId, order.id)));
    expect(audit.map((a) => [a.actor, a.before, a.after])).toEqual([
      [ownerEmail, '{"status":"ERROR"}', '{"status":"pending"}'],
    ]);
    const history = await db()
      .select()
      .from(orderAudit)
      .where(and(eq(orderAudit.orderId, order.id), eq(orderAudit.field, 'nota fiscal')));
    expect(history.map((h) => [h.actor, h.oldValue, h.newValue])).toEqual([[ownerEmail, 'ERROR', 'pending']]);
  });

  it('asks a refused cancellation again, once under two clicks; the city cancels it', async () => {
    const { order, invoice } = await invoiceFor(
      'Davi Negado',
      'CANCELLATION_DENIED',
      '2026-11-21T12:00:00Z',
      {
        number: '77',
        statusDescription: 'Prazo de cancelamento expirado.',
      },
    );
    const held = atAsaas(invoice.id, 'CANCELLATION_DENIED');
    await db().update(invoices).set({ providerInvoiceId: held.id }).where(eq(invoices.id, invoice.id));
    const answers = await Promise.all([retry(order.id), retry(order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await jobsOf('cancel_invoice', order.id)).toHaveLength(1);
    await asaas.app.jobs.drain();
    expect(held.status).toBe('CANCELED');
    expect(asaas.fake.requests.filter((r) => r.path === `/v3/invoices/${held.id}/cancel`)).toHaveLength(1);
    expect(await invoicesRepo.forOrder(db(), order.id)).toMatchObject({ status: 'CANCELED' });
  });

  it('refuses an invoice in another state, and an order that does not exist', async () => {
    expect((await retry(authorized.order.id)).statusCode).toBe(409);
    const none = await retry('00000000-0000-4000-8000-000000000000');
    expect(none.statusCode).toBe(409);
    const bad = await retry('nao-e-um-id');
    expect([bad.statusCode, bad.json().message]).toEqual([404, messages.order_not_found]);
  });
});
