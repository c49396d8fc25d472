import { queueAllPlanInvoiceSettings } from './plan-invoice-settings';
import { formatPurchaseCode } from '../../shared/orders';
import type { FastifyRequest } from 'fastify';
import {
  invoiceListFiltersSchema,
  invoiceListSchema,
  invoicePageSize,
} from '../../shared/schemas/admin-invoices';
import { invoiceSettingsSchema, type InvoiceSettings } from '../../shared/schemas/invoice-settings';
import { sendCsv } from '../admin/orders-csv';
import { recordOwnerChange } from '../admin/owner-audit.repo';
import { orderHistoryRepo } from '../orders/order-history.repo';
import type { AdminRoute } from '../admin/admin-route';
import { periodRange } from '../admin/periods';
import type { Db } from '../db/client';
import type { InvoiceSettingsRow } from '../db/schema';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import { adminInvoicesRepo } from './admin-invoices.repo';
import { invoicesCsv } from './admin-invoices-csv';
import { retryFromPanel } from './admin-invoice-retry';
import type { AsaasFiscal } from './fiscal-asaas';
import { askAsaas, fiscalAdminRoutes } from './fiscal-admin.routes';
import { missingToInvoice } from './ibs-cbs';
import { invoicesRepo } from './invoices.repo';

// The panel's NFS-e endpoints (docs/nfse.md): the settings, every change audited, the fiscal setup with
// Asaas, "Notas fiscais" with its CSV, and "Tentar de novo" for an invoice the city hall refused.

const fieldsOf = (row: InvoiceSettingsRow | undefined): InvoiceSettings | null =>
  row
    ? {
        enabled: row.enabled,
        issueOn: row.issueOn,
        municipalServiceId: row.municipalServiceId,
        municipalServiceCode: row.municipalServiceCode,
        municipalServiceName: row.municipalServiceName,
        descriptionTemplate: row.descriptionTemplate,
        retainIss: row.retainIss,
        issBasisPoints: row.issBasisPoints,
        pisBasisPoints: row.pisBasisPoints,
        cofinsBasisPoints: row.cofinsBasisPoints,
        csllBasisPoints: row.csllBasisPoints,
        inssBasisPoints: row.inssBasisPoints,
        irBasisPoints: row.irBasisPoints,
        cancelOnRefund: row.cancelOnRefund,
        nbsCode: row.nbsCode,
        taxSituationCode: row.taxSituationCode,
        taxClassificationCode: row.taxClassificationCode,
        operationIndicatorCode: row.operationIndicatorCode,
      }
    : null;

/**
 * Turning invoicing on needs what Asaas needs to issue: its fiscal data, and for a company outside Simples
 * Nacional the IBS/CBS classification (docs/nfse.md); what is missing is said in pt-BR. Asaas is asked.
 */
async function ensureCanInvoice(
  request: FastifyRequest,
  fiscal: AsaasFiscal | null,
  fields: InvoiceSettings,
) {
  if (!fields.enabled) return;
  if (!fiscal) throw new AppError('conflict', 'fiscal_needs_asaas');
  const missing = missingToInvoice(fields, await askAsaas(request, () => fiscal.info()));
  if (missing) throw new AppError('invalid_input', 'invoicing_incomplete', missing, { field: 'nbsCode' });
}

export function invoiceAdminRoutes(
  deps: { db: Db; clock: () => Date; fiscal: AsaasFiscal | null },
  orderId: (request: FastifyRequest) => string,
): AdminRoute[] {
  const { db, clock } = deps;
  const filtersOf = (query: { period: Parameters<typeof periodRange>[0]; from?: string; to?: string }) =>
    periodRange(query.period, clock(), query.from, query.to);
  return [
    ...fiscalAdminRoutes(deps),
    {
      method: 'GET',
      url: '/api/admin/invoice-settings',
      handler: async (_request, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send({ settings: fieldsOf(await invoicesRepo.settings(db)) }),
    },
    {
      method: 'PATCH',
      url: '/api/admin/invoice-settings',
      handler: async (request, reply, admin) => {
        const fields = validate(invoiceSettingsSchema, request.body);
        await ensureCanInvoice(request, deps.fiscal, fields);
        await db.transaction(async (tx) => {
          const before = fieldsOf(await invoicesRepo.settings(tx));
          await invoicesRepo.saveSettings(tx, fields, clock());
          await queueAllPlanInvoiceSettings(tx);
          await recordOwnerChange(tx, {
            entity: 'invoice_settings',
            entityId: 'shop',
            actor: admin.email,
            before,
            after: fields,
            at: clock(),
          });
        });
        return reply.send({ ok: true });
      },
    },
    {
      method: 'GET',
      url: '/api/admin/invoices',
      handler: async (request, reply) => {
        const query = validate(invoiceListSchema, request.query);
        const filters = { range: filtersOf(query), status: query.status };
        const { rows, total } = await adminInvoicesRepo.list(db, filters, query.page, invoicePageSize);
        return reply.header('cache-control', 'no-store').send({
          invoices: rows.map((row) => ({ ...row, purchaseCode: formatPurchaseCode(row.purchaseCode) })),
          total,
          page: query.page,
          pageSize: invoicePageSize,
        });
      },
    },
    {
      method: 'GET',
      url: '/api/admin/invoices.csv',
      handler: async (request, reply) => {
        const query = validate(invoiceListFiltersSchema, request.query);
        const filters = { range: filtersOf(query), status: query.status };
        return sendCsv(reply, 'notas-fiscais', clock(), invoicesCsv(db, filters));
      },
    },
    {
      method: 'POST',
      url: '/api/admin/orders/:id/invoice/retry',
      handler: async (request, reply, admin) => {
        const id = orderId(request);
        const retried = await retryFromPanel(db, id, clock());
        if (!retried) throw new AppError('conflict', 'invoice_not_retryable');
        // In the order's "Histórico" too (ADR 056): the owner asked the invoice again.
        await orderHistoryRepo.record(db, {
          orderId: id,
          actor: admin.email,
          field: 'nota fiscal',
          oldValue: retried.from,
          newValue: retried.to,
          at: clock(),
        });
        await recordOwnerChange(db, {
          entity: 'invoice',
          entityId: id,
          actor: admin.email,
          before: { status: retried.from },
          after: { status: retried.to },
          at: clock(),
        });
        return reply.send({ ok: true });
      },
    },
  ];
}
