import type { Db } from '../db/client';
import { ownerAlertsRepo } from '../owner-alerts/owner-alerts.repo';
import { enqueue } from '../jobs/job-queue';
import type { asaasInvoices } from './asaas-invoices';
import { invoicesRepo } from './invoices.repo';
import { recordInvoice } from './record-invoice';
import { reportOf } from './report-of';

// The sweep behind the invoice webhooks (ADR 036): an invoice sent to the city hall, or whose cancellation
// was asked, or scheduled (which Asaas issues itself on its date, ADR 048), and not heard of for half an
// hour is looked up at Asaas and its status recorded through the same door as a webhook's. One sweep every 15 minutes for all instances; 50 invoices each (4,800 a day,
// far under Asaas's limits).

const sweepEveryMs = 15 * 60_000;
const quietMs = 30 * 60_000;
const perSweep = 50;

/** For the job runner's `before`: queues the sweep when one is due (once across instances). */
export function invoiceSweepQueuer(db: Db) {
  let triedAt = 0;
  return async (now: Date) => {
    if (now.getTime() - triedAt < sweepEveryMs) return;
    triedAt = now.getTime();
    if (!(await invoicesRepo.settings(db))?.enabled) return;
    await db.transaction(async (tx) => {
      if (await ownerAlertsRepo.claim(tx, 'invoice-sweep', now, new Date(now.getTime() - sweepEveryMs)))
        await enqueue(tx, 'follow_open_invoices', {});
    });
  };
}

export async function followOpenInvoices(deps: {
  db: Db;
  invoices: Pick<ReturnType<typeof asaasInvoices>, 'get'>;
  clock: () => Date;
}): Promise<void> {
  const { db, invoices, clock } = deps;
  const waiting = await invoicesRepo.waitingOnCityHall(db, new Date(clock().getTime() - quietMs), perSweep);
  for (const row of waiting) {
    const held = await invoices.get(row.providerInvoiceId!);
    if (!(await recordInvoice(db, row, reportOf(held), clock())))
      await invoicesRepo.lookedAt(db, row.id, clock());
  }
}
