import type { Db, Executor } from '../db/client';
import { alertOwner, once, type AlertTarget } from '../owner-alerts/owner-alerts';
import { enqueue } from '../jobs/job-queue';
import { AsaasRequestError } from '../payments/asaas/asaas-client';
import type { AsaasInvoices } from './asaas-invoices';
import { invoicesRepo } from './invoices.repo';
import { recordInvoice } from './record-invoice';
import { reportOf } from './report-of';

// A full refund cancels the order's NFS-e where the city hall allows it; where it does not, or Asaas
// refuses, the owner is told (ADR 033). Asaas is read first, so a retry after a lost answer never asks
// to cancel twice.

/** Inside the refund's transaction: the order's invoice is to be cancelled, when it has one. */
export async function cancelInvoiceOnRefund(tx: Executor, orderId: string): Promise<void> {
  const settings = await invoicesRepo.settings(tx);
  if (settings?.cancelOnRefund && (await invoicesRepo.forOrder(tx, orderId)))
    await enqueue(tx, 'cancel_invoice', { orderId });
}

const gone = new Set(['PROCESSING_CANCELLATION', 'CANCELED']);

export async function cancelInvoice(
  deps: { db: Db; invoices: AsaasInvoices; alerts: AlertTarget; clock: () => Date },
  orderId: string,
): Promise<void> {
  const { db, invoices } = deps;
  const row = await invoicesRepo.forOrder(db, orderId);
  if (!row || row.status === 'CANCELED') return;
  // Not asked yet, or its answer is still being looked up: the issue job settles it first.
  if (!row.providerInvoiceId) {
    if (row.status === 'pending') await invoicesRepo.dropOwed(db, row.id, deps.clock());
    else throw new Error(`invoice ${row.id} still ${row.status}: cancelled once it is known`);
    return;
  }
  const held = await invoices.get(row.providerInvoiceId);
  if (gone.has(held.status)) return void (await recordInvoice(db, row, reportOf(held), deps.clock()));
  const tell = (why: string) =>
    alertOwner(
      db,
      deps.alerts,
      {
        key: `invoice_cancel:${row.id}`,
        quietMs: once,
        subject: 'Nota fiscal de pedido reembolsado não cancelada',
        lines: [
          `Nota ${row.number ?? row.providerInvoiceId}: ${why}`,
          'Cancele-a com o contador na prefeitura.',
        ],
      },
      deps.clock(),
    );
  if (!(await invoices.cityCancels()))
    return void (await tell('a prefeitura não permite cancelar pelo Asaas.'));
  try {
    await recordInvoice(db, row, reportOf(await invoices.cancel(held.id)), deps.clock());
  } catch (err) {
    if (!(err instanceof AsaasRequestError)) throw err;
    await tell(err.message);
  }
}
