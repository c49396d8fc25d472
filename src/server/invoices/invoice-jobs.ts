import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../email/mailer';
import type { Shop } from '../email/templates';
import { alertOwner, once, type AlertTarget } from '../owner-alerts/owner-alerts';
import type { JobHandlers } from '../jobs/job-payloads';
import { ordersRepo } from '../orders/orders.repo';
import { createAsaasClient } from '../payments/asaas/asaas-client';
import { asaasInvoices } from './asaas-invoices';
import { cancelInvoice } from './cancel-invoice';
import { followOpenInvoices } from './follow-open-invoices';
import { invoiceAuthorizedEmail } from './invoice-email';
import { invoicesRepo } from './invoices.repo';
import { issueInvoice } from './issue-invoice';
import { setPlanInvoiceSettings } from './plan-invoice-settings';

// The NFS-e jobs (ADR 033): issue an order's invoice, cancel it after a full refund, e-mail the buyer its links, tell the owner of a
// refusal. NFS-e goes through Asaas only: with another provider, issuing fails and the owner hears of it.

export function invoiceJobHandlers(deps: {
  db: Db;
  config: Readonly<Config>;
  mailer: Mailer;
  shop: Shop;
  alerts: AlertTarget;
  clock: () => Date;
  /** Wraps the Asaas invoices client (its calls timed and counted: metrics/observed.ts). */
  observe?: <T extends object>(client: T) => T;
}): JobHandlers {
  const { db, config, mailer, shop, alerts, clock } = deps;
  const { apiUrl: baseUrl, apiKey, userAgent } = config.asaas;
  const observe = deps.observe ?? (<T>(client: T) => client);
  const request =
    config.paymentProvider === 'asaas' ? createAsaasClient({ baseUrl, apiKey, userAgent }) : null;
  const invoices = request ? observe(asaasInvoices(request)) : null;
  const asaas = () => {
    if (!invoices) throw new Error('NFS-e precisa do Asaas (PAYMENT_PROVIDER=asaas).');
    return invoices;
  };
  const withOrder = async (invoiceId: string) => {
    const invoice = await invoicesRepo.byId(db, invoiceId);
    const order = invoice && (await ordersRepo.findById(db, invoice.orderId));
    return invoice && order ? { invoice, order } : null;
  };
  return {
    async issue_invoice(payload) {
      await issueInvoice({ db, invoices: asaas(), clock }, payload.orderId);
    },
    async follow_open_invoices() {
      // Not on Asaas: no invoice was ever sent, so none waits.
      if (invoices) await followOpenInvoices({ db, invoices, clock });
    },
    async plan_invoice_settings(payload) {
      if (!request) throw new Error('NFS-e precisa do Asaas (PAYMENT_PROVIDER=asaas).');
      await setPlanInvoiceSettings({ db, request }, payload.subscriptionId);
    },
    async cancel_invoice(payload) {
      await cancelInvoice({ db, invoices: asaas(), alerts, clock }, payload.orderId);
    },
    async invoice_authorized_email(payload) {
      const found = await withOrder(payload.invoiceId);
      if (found?.invoice.pdfUrl) await mailer.send(invoiceAuthorizedEmail(shop, found.order, found.invoice));
    },
    async invoice_problem_alert(payload) {
      const found = await withOrder(payload.invoiceId);
      if (!found) return;
      const denied = payload.status === 'CANCELLATION_DENIED';
      await alertOwner(
        db,
        alerts,
        {
          key: `invoice:${found.invoice.id}:${payload.status}:${found.invoice.updatedAt.getTime()}`,
          quietMs: once,
          subject: denied ? 'Cancelamento de nota fiscal negado' : 'Nota fiscal com erro',
          lines: [
            `Pedido ${found.order.purchaseCode}: ${found.invoice.statusDescription ?? 'sem descrição do Asaas'}`,
            denied
              ? 'A prefeitura não cancelou a nota: resolva com o contador.'
              : 'Corrija a causa e use "Tentar de novo" em Notas fiscais, no painel.',
          ],
        },
        clock(),
      );
    },
  };
}
