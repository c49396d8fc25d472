import { invoiceSettingsRefusal } from './fake-asaas-fiscal-rules';
import {
  emitInvoice,
  scheduledInvoice,
  type FakeFiscal,
  type FakeInvoiceTaxes,
} from './fake-asaas-fiscal-state';
import { bad, notFound, ok, saoPauloDate, type Answer, type FakeState } from './fake-asaas-state';

// A subscription's invoice settings (Asaas API v3, 'Criar configuração para emissão de Notas Fiscais' and
// its GET, PUT and DELETE on /subscriptions/{id}/invoiceSettings), and the months' invoices Asaas makes
// from them: each confirmed or received charge of the subscription gets one invoice, SCHEDULED, with
// INVOICE_CREATED, which the shop then authorises. Asaas makes them in its own time; the fake makes them
// when it is next asked anything.

type Body = Record<string, unknown>;
const paid = ['CONFIRMED', 'RECEIVED'];

/** What PUT takes (SubscriptionInvoiceConfigUpdateRequestDto): anything else is not applied. */
const updatable = [
  'deductions',
  'effectiveDatePeriod',
  'receivedOnly',
  'daysBeforeDueDate',
  'observations',
  'taxes',
];

/** The settings as GET, POST and PUT answer them (SubscriptionInvoiceConfigGetResponseDto): the period
 * is `invoiceCreationPeriod` there, `effectiveDatePeriod` in the requests. */
const view = (settings: Body) => ({
  municipalServiceId: settings.municipalServiceId ?? null,
  municipalServiceCode: settings.municipalServiceCode ?? null,
  municipalServiceName: settings.municipalServiceName ?? null,
  deductions: settings.deductions ?? 0,
  invoiceCreationPeriod: settings.effectiveDatePeriod ?? null,
  daysBeforeDueDate: settings.daysBeforeDueDate ?? null,
  receivedOnly: settings.receivedOnly ?? null,
  observations: settings.observations ?? null,
  taxes: settings.taxes ?? null,
});

/** /subscriptions/{id}/invoiceSettings: GET, POST (only when none), PUT (only when some), DELETE. */
export function planInvoiceSettingsRoute(
  state: FakeState,
  fiscal: FakeFiscal,
  method: string,
  subscriptionId: string,
  body: Body,
): Answer | null {
  const subscription = state.subscriptions.get(subscriptionId);
  if (!subscription || subscription.deleted) return notFound('Assinatura não encontrada.');
  const held = fiscal.planSettings.get(subscriptionId);
  if (method === 'GET')
    return held ? ok(view(held)) : notFound('Configuração de notas fiscais não encontrada.');
  if (method === 'DELETE') {
    if (!held) return notFound('Configuração de notas fiscais não encontrada.');
    fiscal.planSettings.delete(subscriptionId);
    return ok({ deleted: true, id: subscriptionId });
  }
  if (method !== 'POST' && method !== 'PUT') return null;
  if (method === 'POST' && held)
    return bad('invalid_action', 'A assinatura já tem uma configuração de notas fiscais.');
  if (method === 'PUT' && !held) return notFound('Configuração de notas fiscais não encontrada.');
  const changes =
    method === 'PUT' ? Object.fromEntries(Object.entries(body).filter(([k]) => updatable.includes(k))) : body;
  const settings = { ...held, ...changes };
  const refused = invoiceSettingsRefusal(fiscal, settings);
  if (refused) return bad(refused.code, refused.description);
  fiscal.planSettings.set(subscriptionId, settings);
  return ok(view(settings));
}

/** The invoices Asaas owes by now: one per paid charge of a subscription that has invoice settings. */
export function makeMonthInvoices(state: FakeState, fiscal: FakeFiscal) {
  if (fiscal.planSettings.size === 0) return;
  const invoiced = new Set([...fiscal.invoices.values()].map((invoice) => invoice.payment));
  for (const payment of state.payments.values()) {
    const settings = payment.subscription ? fiscal.planSettings.get(payment.subscription) : undefined;
    if (!settings || payment.deleted || !paid.includes(payment.status) || invoiced.has(payment.id)) continue;
    const invoice = scheduledInvoice(fiscal, {
      customer: payment.customer,
      payment: payment.id,
      installment: null,
      serviceDescription: String(settings.municipalServiceName ?? ''),
      observations: String(settings.observations ?? ''),
      value: payment.value,
      deductions: Number(settings.deductions ?? 0),
      effectiveDate: saoPauloDate(state.clock()),
      municipalServiceId: (settings.municipalServiceId as string | undefined) ?? null,
      municipalServiceCode: (settings.municipalServiceCode as string | undefined) ?? null,
      municipalServiceName: String(settings.municipalServiceName ?? ''),
      taxes: { ...(settings.taxes as FakeInvoiceTaxes) },
      externalReference: null,
    });
    fiscal.invoices.set(invoice.id, invoice);
    emitInvoice(state, 'INVOICE_CREATED', invoice);
  }
}
