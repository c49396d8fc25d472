import { invoiceSettingsRefusal } from './fake-asaas-fiscal-rules';
import {
  emitInvoice,
  scheduledInvoice,
  type FakeFiscal,
  type FakeInvoiceStatus,
  type FakeInvoiceTaxes,
} from './fake-asaas-fiscal-state';
import { bad, notFound, ok, saoPauloDate, type Answer, type FakeState } from './fake-asaas-state';

// A subscription's invoice settings (Asaas API v3, 'Criar configuração para emissão de Notas Fiscais' and
// its GET, PUT and DELETE on /subscriptions/{id}/invoiceSettings), and the months' invoices Asaas makes
// from them ('Automatically issue invoices for subscriptions'): each charge of the subscription gets one
// invoice with the charge, waiting for it — PENDING, or WAITING_OVERDUE_PAYMENT once the charge is
// overdue (statuses of SubscriptionGetInvoicesRequestInvoiceStatus) — and SCHEDULED when it is paid, dated
// that day; INVOICE_CREATED, then INVOICE_UPDATED. Asaas makes them in its own time; the fake makes and
// moves them when it is next asked anything.

type Body = Record<string, unknown>;
const paid = ['CONFIRMED', 'RECEIVED'];
/** A month's invoice still waiting for its charge. */
const waiting = new Set<FakeInvoiceStatus>(['PENDING', 'WAITING_OVERDUE_PAYMENT']);

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
  // InvoiceTaxesDto: the rates only; the IBS/CBS classification taken by POST is not shown back.
  taxes: settings.taxes ? rates(settings.taxes as FakeInvoiceTaxes) : null,
});

const rates = ({ retainIss, iss, pis, cofins, csll, inss, ir }: FakeInvoiceTaxes) => ({
  retainIss,
  iss,
  pis,
  cofins,
  csll,
  inss,
  ir,
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

/** What a month's invoice waits in, or is, for its charge as it is now; null: none for it. */
function monthStatus(status: string): FakeInvoiceStatus | null {
  if (paid.includes(status)) return 'SCHEDULED';
  if (status === 'OVERDUE') return 'WAITING_OVERDUE_PAYMENT';
  return status === 'PENDING' ? 'PENDING' : null;
}

/** The invoices Asaas holds by now: one per charge of a subscription with invoice settings, moved along. */
export function makeMonthInvoices(state: FakeState, fiscal: FakeFiscal) {
  if (fiscal.planSettings.size === 0) return;
  const byPayment = new Map([...fiscal.invoices.values()].map((invoice) => [invoice.payment, invoice]));
  const today = saoPauloDate(state.clock());
  for (const payment of state.payments.values()) {
    const settings = payment.subscription ? fiscal.planSettings.get(payment.subscription) : undefined;
    const status = monthStatus(payment.status);
    if (!settings || payment.deleted || !status) continue;
    // Issued on payment confirmation: dated the day the month is paid.
    const effectiveDate = status === 'SCHEDULED' ? today : payment.dueDate;
    const held = byPayment.get(payment.id);
    if (held) {
      if (!waiting.has(held.status) || held.status === status) continue;
      Object.assign(held, { status, effectiveDate });
      emitInvoice(state, 'INVOICE_UPDATED', held);
      continue;
    }
    const invoice = scheduledInvoice(fiscal, {
      customer: payment.customer,
      payment: payment.id,
      installment: null,
      serviceDescription: String(settings.municipalServiceName ?? ''),
      observations: String(settings.observations ?? ''),
      value: payment.value,
      deductions: Number(settings.deductions ?? 0),
      effectiveDate,
      municipalServiceId: (settings.municipalServiceId as string | undefined) ?? null,
      municipalServiceCode: (settings.municipalServiceCode as string | undefined) ?? null,
      municipalServiceName: String(settings.municipalServiceName ?? ''),
      taxes: { ...(settings.taxes as FakeInvoiceTaxes) },
      externalReference: null,
    });
    invoice.status = status;
    fiscal.invoices.set(invoice.id, invoice);
    emitInvoice(state, 'INVOICE_CREATED', invoice);
  }
}
