import { invoiceRefusal, fiscalInfoRefusal } from './fake-asaas-fiscal-rules';
import {
  moveInvoice,
  scheduledInvoice,
  emitInvoice,
  type FakeFiscal,
  type FakeInvoice,
  type FakeInvoiceTaxes,
  type CityHallOutcome,
  type CityHallRequest,
} from './fake-asaas-fiscal-state';
import { fiscalCodesRoute } from './fake-asaas-fiscal-codes';
import { page } from './fake-asaas-lists';
import { planInvoiceSettingsRoute } from './fake-asaas-plan-invoices';
import type { FormBody } from './fake-asaas-multipart';
import { bad, notFound, ok, type Answer, type FakeState } from './fake-asaas-state';

// The fiscal routes of Asaas API v3 ('Informações fiscais', 'Notas fiscais') on the fake's state;
// `path` is without /v3. Creating an invoice schedules it (issued on its effectiveDate by Asaas itself,
// fake-asaas-invoice-days.ts); authorising sends it to the city hall now, whose answer follows
// fiscal.cityHall; cancelling works only where the city allows it.

type Body = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function saveFiscalInfo(fiscal: FakeFiscal, form: FormBody | null): Answer {
  if (!form) return bad('invalid_contentType', 'Envie as informações fiscais como multipart/form-data.');
  const refused = fiscalInfoRefusal(fiscal, form);
  if (refused) return bad(refused.code, refused.description);
  const before = fiscal.fiscalInfo;
  for (const name of ['password', 'accessToken', 'certificatePassword'] as const)
    if (typeof form[name] === 'string') fiscal.secretsReceived.push(form[name]);
  const text = (name: string) => str(form[name]) ?? (before?.[name as keyof typeof before] as string) ?? null;
  const whole = (name: 'rpsNumber' | 'loteNumber') =>
    form[name] === undefined ? (before?.[name] ?? null) : Number(form[name]);
  fiscal.fiscalInfo = {
    object: 'fiscalInfo',
    simplesNacional: form.simplesNacional === 'true',
    email: String(form.email),
    municipalInscription: text('municipalInscription'),
    cnae: text('cnae'),
    specialTaxRegime: text('specialTaxRegime'),
    serviceListItem: text('serviceListItem'),
    nbsCode: text('nbsCode'),
    nationalPortalTaxCalculationRegime: text('nationalPortalTaxCalculationRegime'),
    rpsSerie: text('rpsSerie'),
    rpsNumber: whole('rpsNumber'),
    loteNumber: whole('loteNumber'),
    username: text('username'),
    passwordSent: Boolean(before?.passwordSent || str(form.password)),
    accessTokenSent: Boolean(before?.accessTokenSent || str(form.accessToken)),
    certificateSent: Boolean(before?.certificateSent || form.certificateFile),
  };
  return ok(fiscal.fiscalInfo);
}

function createInvoice(state: FakeState, fiscal: FakeFiscal, body: Body): Answer {
  const refused = invoiceRefusal(state, fiscal, body);
  if (refused) return bad(refused.code, refused.description);
  const payment = str(body.payment) ? state.payments.get(String(body.payment)) : undefined;
  const invoice = scheduledInvoice(fiscal, {
    customer: payment?.customer ?? String(body.customer ?? ''),
    payment: payment?.id ?? null,
    installment: str(body.installment),
    serviceDescription: String(body.serviceDescription),
    observations: String(body.observations),
    value: Number(body.value),
    deductions: Number(body.deductions),
    effectiveDate: String(body.effectiveDate),
    municipalServiceId: str(body.municipalServiceId),
    municipalServiceCode: str(body.municipalServiceCode),
    municipalServiceName: String(body.municipalServiceName),
    taxes: { ...(body.taxes as FakeInvoiceTaxes) },
    externalReference: str(body.externalReference),
  });
  fiscal.invoices.set(invoice.id, invoice);
  emitInvoice(state, 'INVOICE_CREATED', invoice);
  return ok(invoice);
}

const results = {
  issue: ['AUTHORIZED', 'ERROR'],
  cancel: ['CANCELED', 'CANCELLATION_DENIED'],
} as const;

/** The city hall's answer to an invoice or a cancellation sent to it, as fiscal.cityHall says. */
export function cityHallAnswers(
  state: FakeState,
  fiscal: FakeFiscal,
  invoice: FakeInvoice,
  request: CityHallRequest,
  outcome: CityHallOutcome = fiscal.cityHall[request],
) {
  const [accepted, refused] = results[request];
  if (outcome.kind === 'accepted') moveInvoice(state, fiscal, invoice, accepted);
  if (outcome.kind === 'refused') moveInvoice(state, fiscal, invoice, refused, outcome.description);
}

/**
 * Sent to the city hall (SYNCHRONIZED), which answers as fiscal.cityHall says; a company outside Simples
 * Nacional's invoice without its IBS/CBS classification is refused there ("A falta dos novos campos
 * fiscais para empresas obrigadas poderá gerar rejeição da nota fiscal pelos órgãos municipais",
 * docs.asaas.com 'Adequando sua integração à Reforma Tributária').
 */
export function sendToCityHall(state: FakeState, fiscal: FakeFiscal, invoice: FakeInvoice) {
  moveInvoice(state, fiscal, invoice, 'SYNCHRONIZED');
  const { nbsCode, taxSituationCode, taxClassificationCode, operationIndicatorCode } = invoice.taxes;
  const classified = nbsCode && taxSituationCode && taxClassificationCode && operationIndicatorCode;
  if (fiscal.fiscalInfo?.simplesNacional === false && !classified)
    return cityHallAnswers(state, fiscal, invoice, 'issue', {
      kind: 'refused',
      description: 'Rejeição: informe a classificação tributária do IBS/CBS (reforma tributária).',
    });
  cityHallAnswers(state, fiscal, invoice, 'issue');
}

function authorize(state: FakeState, fiscal: FakeFiscal, invoice: FakeInvoice): Answer {
  if (invoice.status !== 'SCHEDULED' && invoice.status !== 'ERROR')
    return bad('invalid_action', `Uma nota com situação ${invoice.status} não pode ser emitida.`);
  sendToCityHall(state, fiscal, invoice);
  return ok(invoice);
}

function cancel(state: FakeState, fiscal: FakeFiscal, invoice: FakeInvoice): Answer {
  if (invoice.status === 'SCHEDULED' || invoice.status === 'ERROR') {
    moveInvoice(state, fiscal, invoice, 'CANCELED');
    return ok(invoice);
  }
  if (invoice.status !== 'AUTHORIZED' && invoice.status !== 'CANCELLATION_DENIED')
    return bad('invalid_action', `Uma nota com situação ${invoice.status} não pode ser cancelada.`);
  if (!fiscal.municipalOptions.supportsCancellation)
    return bad('invalid_action', 'A prefeitura do seu município não permite o cancelamento de notas.');
  moveInvoice(state, fiscal, invoice, 'PROCESSING_CANCELLATION');
  cityHallAnswers(state, fiscal, invoice, 'cancel');
  return ok(invoice);
}

const invoiceFilters = ['payment', 'installment', 'externalReference', 'status', 'customer'] as const;

function listInvoices(fiscal: FakeFiscal, query: URLSearchParams): Answer {
  const from = query.get('effectiveDate[ge]');
  const to = query.get('effectiveDate[le]');
  const found = [...fiscal.invoices.values()].filter(
    (invoice) =>
      invoiceFilters.every((name) => !query.get(name) || invoice[name] === query.get(name)) &&
      (!from || invoice.effectiveDate >= from) &&
      (!to || invoice.effectiveDate <= to),
  );
  return page(query, found);
}

function lookUp(fiscal: FakeFiscal, path: string, query: URLSearchParams): Answer | null {
  if (path === '/fiscalInfo/municipalOptions') return ok(fiscal.municipalOptions);
  if (path === '/fiscalInfo' || path === '/fiscalInfo/')
    return fiscal.fiscalInfo ? ok(fiscal.fiscalInfo) : notFound('Informações fiscais não cadastradas.');
  if (path === '/fiscalInfo/services') {
    const wanted = (query.get('description') ?? '').toLowerCase();
    return page(
      query,
      fiscal.services.filter((s) => s.description.toLowerCase().includes(wanted)),
    );
  }
  if (path === '/invoices') return listInvoices(fiscal, query);
  return fiscalCodesRoute(path, query);
}

/** The answer to a fiscal request, or null when the path is not a fiscal one. */
export function fiscalRoute(
  state: FakeState,
  fiscal: FakeFiscal,
  request: { method: string; path: string; query: URLSearchParams; body: Body; form: FormBody | null },
): Answer | null {
  const { method, path } = request;
  if (method === 'GET') {
    const found = lookUp(fiscal, path, request.query);
    if (found) return found;
  }
  if (method === 'POST' && (path === '/fiscalInfo' || path === '/fiscalInfo/'))
    return saveFiscalInfo(fiscal, request.form);
  if (method === 'POST' && path === '/invoices') return createInvoice(state, fiscal, request.body);
  const plan = /^\/subscriptions\/([^/]+)\/invoiceSettings$/.exec(path);
  if (plan) return planInvoiceSettingsRoute(state, fiscal, method, plan[1]!, request.body);
  const one = /^\/invoices\/([^/]+)(?:\/(authorize|cancel))?$/.exec(path);
  if (!one) return null;
  const invoice = fiscal.invoices.get(one[1]!);
  if (!invoice) return notFound('Nota fiscal não encontrada.');
  if (method === 'GET' && !one[2]) return ok(invoice);
  if (method === 'POST' && one[2] === 'authorize') return authorize(state, fiscal, invoice);
  if (method === 'POST' && one[2] === 'cancel') return cancel(state, fiscal, invoice);
  return null;
}
