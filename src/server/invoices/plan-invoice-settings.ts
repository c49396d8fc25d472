import { z } from 'zod';
import type { Db, Executor } from '../db/client';
import type { InvoiceSettingsRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { AsaasRequestError, type AsaasRequest } from '../payments/asaas/asaas-client';
import { subscriptionsRepo } from '../subscriptions/subscriptions.repo';
import { invoicesRepo } from './invoices.repo';
import { invoiceTaxes } from './issue-invoice';

// A monthly plan's invoices (ADR 036): Asaas makes each paid month's NFS-e from the subscription's
// invoice settings (`/v3/subscriptions/{id}/invoiceSettings`). They are set through the
// `plan_invoice_settings` job, once per plan and per change of the shop's settings: what Asaas holds is
// read first (a lost answer is looked up, never re-sent blindly), then created, replaced or removed.

const held = z.looseObject({ effectiveDatePeriod: z.string() });

/** What the plan's invoices take (Asaas's InvoiceSettings): each paid month, on its confirmation. */
export function planInvoiceBody(settings: InvoiceSettingsRow) {
  return {
    ...(settings.municipalServiceId ? { municipalServiceId: settings.municipalServiceId } : {}),
    ...(settings.municipalServiceCode ? { municipalServiceCode: settings.municipalServiceCode } : {}),
    municipalServiceName: settings.municipalServiceName,
    deductions: 0,
    effectiveDatePeriod: 'ON_PAYMENT_CONFIRMATION',
    receivedOnly: true,
    observations: settings.descriptionTemplate
      .replaceAll('{servico}', settings.municipalServiceName)
      .replaceAll('{pedido}', 'mensal')
      .replaceAll('{quantidade}', '1'),
    taxes: invoiceTaxes(settings),
  };
}

/** A plan just made (in its own transaction): its invoice settings, when invoicing is on (Asaas only). */
export async function queuePlanInvoiceSettings(tx: Executor, subscriptionId: string, provider: string) {
  if (provider === 'asaas' && (await invoicesRepo.settings(tx))?.enabled)
    await enqueue(tx, 'plan_invoice_settings', { subscriptionId });
}

/** The shop's settings changed (in the same transaction): every live plan gets them, once each. */
export async function queueAllPlanInvoiceSettings(tx: Executor) {
  const live = await subscriptionsRepo.liveAtAsaas(tx);
  for (const { id } of live) await enqueue(tx, 'plan_invoice_settings', { subscriptionId: id });
}

export async function setPlanInvoiceSettings(
  deps: { db: Db; request: AsaasRequest },
  subscriptionId: string,
): Promise<void> {
  const { db, request } = deps;
  const [plan, settings] = await Promise.all([
    subscriptionsRepo.findById(db, subscriptionId),
    invoicesRepo.settings(db),
  ]);
  if (!plan || !settings || plan.status === 'cancelled') return;
  // Applied already: a repeat of the job (or a second instance) does nothing.
  if (plan.invoiceSettingsOf?.getTime() === settings.updatedAt.getTime()) return;
  const path = `/subscriptions/${encodeURIComponent(plan.providerSubscriptionId)}/invoiceSettings`;
  let exists: boolean;
  try {
    held.parse(await request('GET', path));
    exists = true;
  } catch (error) {
    if (!(error instanceof AsaasRequestError && error.status === 404)) throw error;
    exists = false;
  }
  if (!settings.enabled) {
    if (exists) await request('DELETE', path);
  } else await request(exists ? 'PUT' : 'POST', path, planInvoiceBody(settings));
  await subscriptionsRepo.invoiceSettingsApplied(db, plan.id, settings.updatedAt);
}
