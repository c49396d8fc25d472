import type { FastifyRequest } from 'fastify';
import { isId } from '../../shared/schemas/ids';
import { invoiceSettingsSchema, type InvoiceSettings } from '../../shared/schemas/invoice-settings';
import { recordOwnerChange } from '../admin/owner-audit.repo';
import type { AdminRoute } from '../admin/admin-route';
import type { Db } from '../db/client';
import type { InvoiceSettingsRow } from '../db/schema';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import { invoicesRepo } from './invoices.repo';
import { retryInvoice } from './owed-invoice';

// The panel's NFS-e endpoints (docs/nfse.md): the settings, every change audited, and "Tentar de novo"
// for an invoice the city hall refused.

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
      }
    : null;

export function invoiceAdminRoutes(deps: { db: Db; clock: () => Date }): AdminRoute[] {
  const { db, clock } = deps;
  const orderId = (request: FastifyRequest) => {
    const id = (request.params as { id: string }).id;
    if (!isId(id)) throw new AppError('not_found', 'invoice_not_found');
    return id;
  };
  return [
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
        await db.transaction(async (tx) => {
          const before = fieldsOf(await invoicesRepo.settings(tx));
          await invoicesRepo.saveSettings(tx, fields, clock());
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
      method: 'POST',
      url: '/api/admin/orders/:id/invoice/retry',
      handler: async (request, reply, admin) => {
        const id = orderId(request);
        if (!(await retryInvoice(db, id, clock()))) throw new AppError('conflict', 'invoice_not_retryable');
        await recordOwnerChange(db, {
          entity: 'invoice',
          entityId: id,
          actor: admin.email,
          before: { status: 'ERROR' },
          after: { status: 'pending' },
          at: clock(),
        });
        return reply.send({ ok: true });
      },
    },
  ];
}
