import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CreateOrderRequest } from '#shared/schemas/checkout.ts';
import { outboxEmails } from '#server/db/schema/index.ts';
import { asaasInvoices } from '#server/invoices/asaas-invoices.ts';
import { invoicesRepo } from '#server/invoices/invoices.repo.ts';
import { issueInvoice } from '#server/invoices/issue-invoice.ts';
import { createAsaasClient } from '#server/payments/asaas/asaas-client.ts';
import { sendFiscalData } from '../fake-asaas/fake-asaas-client';
import { operatorCookie } from './accounts';
import { startAsaasTestApp, type AsaasTestApp } from './asaas-test-app';
import { newKey, orderRequest } from './order-request';

// A shop on the fake Asaas with its fiscal data sent, for the NFS-e tests (ADR 033, ADR 036).

export const nfseOwnerEmail = 'dona@impulso.example';
export const nfseWebhookToken = 'whsec_nfse_0123456789abcdefghijklmnop';
export const nfseSettingsOn = {
  enabled: true,
  issueOn: 'payment' as const,
  municipalServiceId: '101',
  municipalServiceName: 'Propaganda e publicidade',
  issBasisPoints: 200,
};

/** Every field the panel's PATCH /api/admin/invoice-settings takes, invoicing on. */
export const nfsePanelSettings = {
  ...nfseSettingsOn,
  municipalServiceCode: null,
  descriptionTemplate: '{servico} (pedido {pedido})',
  retainIss: false,
  pisBasisPoints: 65,
  cofinsBasisPoints: 300,
  csllBasisPoints: 0,
  inssBasisPoints: 0,
  irBasisPoints: 0,
  cancelOnRefund: true,
};

export async function startNfseShop(options: { clock?: () => Date } = {}): Promise<AsaasTestApp> {
  const asaas = await startAsaasTestApp(
    nfseWebhookToken,
    { ADMIN_EMAIL: nfseOwnerEmail, FULFILMENT_PROVIDER: 'manual' },
    options,
  );
  await sendFiscalData(asaas.fake);
  return asaas;
}

/** The NFS-e helpers over a started shop. */
export function nfseHelpers(shop: () => AsaasTestApp) {
  const db = () => shop().app.database.db;
  const invoiceRow = async (orderId: string) => invoicesRepo.forOrder(db(), orderId);
  const gateway = () =>
    asaasInvoices(
      createAsaasClient({ baseUrl: shop().fake.url, apiKey: shop().fake.apiKey, userAgent: 'Impulso' }),
    );
  async function payOrder(orderId: string) {
    const { app, fake } = shop();
    const charge = [...fake.payments.values()].find((p) => p.externalReference === orderId)!;
    charge.status = 'RECEIVED';
    const paid = await app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': nfseWebhookToken },
      payload: { id: `evt_paid_${orderId}`, event: 'PAYMENT_RECEIVED', payment: { ...charge } },
    });
    expect(paid.statusCode).toBe(200);
  }
  return {
    db,
    invoiceRow,
    /** The order's charge received at Asaas, and its webhook delivered; the jobs not run yet. */
    payOrder,
    /** An order placed and paid (see payOrder). */
    async paidOrder(email: string, overrides: Partial<CreateOrderRequest> = {}) {
      const res = await shop().app.server.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': newKey() },
        payload: orderRequest({ email, ...overrides }),
      });
      expect(res.statusCode).toBe(201);
      const orderId = res.json().order.id as string;
      await payOrder(orderId);
      return orderId;
    },
    /** The invoices Asaas holds with the order's reference. */
    async atAsaas(orderId: string) {
      const row = await invoiceRow(orderId);
      return [...shop().fake.fiscal.invoices.values()].filter((i) => i.externalReference === row?.id);
    },
    mailTo: async (to: string) =>
      (await db().select().from(outboxEmails).where(eq(outboxEmails.to, to))).map((m) => m.subject + m.text),
    gateway,
    /** A request of the panel, as the owner. */
    asOwner: async (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
      shop().app.server.inject({
        method,
        url,
        headers: { cookie: await operatorCookie(shop().app, nfseOwnerEmail) },
        ...(payload ? { payload } : {}),
      }),
    issue: (orderId: string) =>
      issueInvoice({ db: db(), invoices: gateway(), clock: () => new Date() }, orderId),
  };
}
