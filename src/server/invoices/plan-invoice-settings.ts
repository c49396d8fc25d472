import { z } from 'zod';
import type { Db, Executor } from '../db/client';
import type { InvoiceSettingsRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { AsaasRequestError, type AsaasRequest } from '../payments/asaas/asaas-client';
import { subscriptionsRepo } from '../subscriptions/subscriptions.repo';
import { invoicesRepo } from './invoices.repo';
import { ibsCbsFields } from '../../shared/schemas/invoice-settings';
import { ibsCbsTaxes } from './ibs-cbs';
import { invoiceTaxes } from './issue-invoice';

// A monthly plan's invoices (ADR 036): Asaas makes each paid month's NFS-e from the subscription's
// invoice settings (`/v3/subscriptions/{id}/invoiceSettings`). They are set through the
// `plan_invoice_settings` job, once per plan and per change of the shop's settings: what Asaas holds is
// read first (a lost answer is looked up, never re-sent blindly), then created, replaced or removed.

/**
 * What GET answers (SubscriptionInvoiceConfigGetResponseDto): the period is `invoiceCreationPeriod` there,
 * `effectiveDatePeriod` in the requests (tests/contracts/asaas/asaas-openapi.json). Only what PUT cannot
 * change is read: the municipal service, and the IBS/CBS classification (its `taxes` are InvoiceTaxesDto,
 * which has none: a classification Asaas does not show back is taken as not held).
 */
const code = z.string().nullish();
const held = z.looseObject({
  invoiceCreationPeriod: z.string().nullish(),
  municipalServiceId: code,
  municipalServiceCode: code,
  taxes: z.looseObject(Object.fromEntries(ibsCbsFields.map((field) => [field, code]))).nullish(),
});
type Held = z.infer<typeof held>;

/**
 * What PUT takes (SubscriptionInvoiceConfigUpdateRequestDto): no municipal service, no updatePayment, and
 * `taxes` without the IBS/CBS classification (InvoiceTaxesDto); POST takes it (InvoiceTaxesRequestDTO).
 */
function updateBody(settings: InvoiceSettingsRow) {
  const { deductions, effectiveDatePeriod, receivedOnly, observations, taxes } = planInvoiceBody(settings);
  const rates = Object.fromEntries(
    Object.entries(taxes).filter(([name]) => !(ibsCbsFields as readonly string[]).includes(name)),
  );
  return { deductions, effectiveDatePeriod, receivedOnly, observations, taxes: rates };
}

/** What POST takes (SubscriptionConfigureInvoiceRequestDto): each paid month, on its confirmation. */
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

/** What PUT cannot change is as the shop wants it: the municipal service and the classification. */
const updatable = (kept: Held, settings: InvoiceSettingsRow) =>
  (kept.municipalServiceId ?? null) === (settings.municipalServiceId ?? null) &&
  (kept.municipalServiceCode ?? null) === (settings.municipalServiceCode ?? null) &&
  ibsCbsFields.every((field) => (kept.taxes?.[field] ?? null) === (ibsCbsTaxes(settings)[field] ?? null));

/**
 * One plan's settings at Asaas made to match the shop's: read first, then created, updated, removed, or
 * (a new municipal service or an IBS/CBS classification, which PUT does not take) removed and created again. Each step is safe to
 * repeat: a retry after a lost answer reads again and does only what is still missing.
 */
export async function applyPlanInvoiceSettings(
  request: AsaasRequest,
  providerSubscriptionId: string,
  settings: InvoiceSettingsRow,
): Promise<void> {
  const path = `/subscriptions/${encodeURIComponent(providerSubscriptionId)}/invoiceSettings`;
  let kept: Held | null;
  try {
    kept = held.parse(await request('GET', path));
  } catch (error) {
    if (!(error instanceof AsaasRequestError && error.status === 404)) throw error;
    kept = null;
  }
  if (kept && (!settings.enabled || !updatable(kept, settings))) {
    await request('DELETE', path);
    kept = null;
  }
  if (!settings.enabled) return;
  if (kept) await request('PUT', path, updateBody(settings));
  else await request('POST', path, planInvoiceBody(settings));
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
  await applyPlanInvoiceSettings(request, plan.providerSubscriptionId, settings);
  await subscriptionsRepo.invoiceSettingsApplied(db, plan.id, settings.updatedAt);
}
