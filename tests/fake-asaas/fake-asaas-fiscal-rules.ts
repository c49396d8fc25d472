import {
  nbsCodes,
  operationIndicatorCodes,
  taxClassificationCodes,
  taxSituationCodes,
} from './fake-asaas-fiscal-codes';
import type { FakeFiscal } from './fake-asaas-fiscal-state';
import { isFile, type FormBody } from './fake-asaas-multipart';
import type { Refusal } from './fake-asaas-rules';
import type { FakeState } from './fake-asaas-state';

// What Asaas's OpenAPI requires of the fiscal data (FiscalInfoSaveRequestDTO, multipart) and of an
// invoice (InvoiceSaveRequestDTO); a request that breaks a rule is answered 400 with errors[].

type Body = Record<string, unknown>;
const refusal = (code: string, description: string): Refusal => ({ code, description });
const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const number = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const taxNames = ['iss', 'pis', 'cofins', 'csll', 'inss', 'ir'] as const;
const whole = (value: unknown) => value === undefined || /^\d+$/.test(String(value));

/** The city's credentials, required until they have been sent once. */
function credentialsRefusal(fiscal: FakeFiscal, form: FormBody): Refusal | null {
  const sent = fiscal.fiscalInfo;
  switch (fiscal.municipalOptions.authenticationType) {
    case 'CERTIFICATE':
      if (sent?.certificateSent && form.certificateFile === undefined) return null;
      if (!isFile(form.certificateFile) || form.certificateFile.size === 0)
        return refusal('invalid_certificateFile', 'O certificado digital é obrigatório.');
      return filled(form.certificatePassword)
        ? null
        : refusal('invalid_certificatePassword', 'A senha do certificado é obrigatória.');
    case 'TOKEN':
      return sent?.accessTokenSent || filled(form.accessToken)
        ? null
        : refusal('invalid_accessToken', 'O token de acesso da prefeitura é obrigatório.');
    case 'USER_AND_PASSWORD':
      if (sent?.passwordSent && form.password === undefined) return null;
      return filled(form.username) && filled(form.password)
        ? null
        : refusal('invalid_password', 'O usuário e a senha da prefeitura são obrigatórios.');
  }
}

/** POST /v3/fiscalInfo/ */
export function fiscalInfoRefusal(fiscal: FakeFiscal, form: FormBody): Refusal | null {
  if (!filled(form.email) || !String(form.email).includes('@'))
    return refusal('invalid_email', 'O e-mail é obrigatório.');
  if (form.simplesNacional !== 'true' && form.simplesNacional !== 'false')
    return refusal('invalid_simplesNacional', 'Informe se a empresa é optante do Simples Nacional.');
  const options = fiscal.municipalOptions;
  if (
    form.specialTaxRegime !== undefined &&
    !options.specialTaxRegimesList.some((r) => r.value === form.specialTaxRegime)
  )
    return refusal('invalid_specialTaxRegime', 'Regime especial de tributação inválido.');
  if (options.usesServiceListItem && !filled(form.serviceListItem))
    return refusal('invalid_serviceListItem', 'O item da lista de serviço é obrigatório.');
  const regime = form.nationalPortalTaxCalculationRegime;
  if (regime !== undefined && !options.nationalPortalTaxCalculationRegimeList.some((r) => r.value === regime))
    return refusal('invalid_nationalPortalTaxCalculationRegime', 'Regime de apuração inválido.');
  if (form.nbsCode !== undefined && !nbsCodes.some((n) => n.nbsCode === form.nbsCode))
    return refusal('invalid_nbsCode', 'Código NBS inválido.');
  for (const name of ['rpsNumber', 'loteNumber'] as const)
    if (!whole(form[name])) return refusal(`invalid_${name}`, `O campo ${name} deve ser um número.`);
  return credentialsRefusal(fiscal, form);
}

/** The IBS/CBS codes Asaas's look-ups list: a code sent must be one of them. */
const classification = {
  nbsCode: nbsCodes.map((n) => n.nbsCode),
  taxSituationCode: taxSituationCodes.map((c) => c.code),
  taxClassificationCode: taxClassificationCodes.map((c) => c.code),
  operationIndicatorCode: operationIndicatorCodes.map((c) => c.code),
};

function taxesRefusal(taxes: unknown): Refusal | null {
  const given = (taxes ?? {}) as Body;
  if (typeof taxes !== 'object' || taxes === null || typeof given.retainIss !== 'boolean')
    return refusal('invalid_taxes', 'Os impostos da nota (taxes) são obrigatórios.');
  for (const name of taxNames)
    if (!number(given[name])) return refusal('invalid_taxes', `O imposto ${name} é inválido.`);
  for (const [name, codes] of Object.entries(classification))
    if (given[name] !== undefined && !codes.includes(String(given[name])))
      return refusal('invalid_taxes', `O código ${name} não está na lista do Asaas.`);
  return null;
}

const effectiveDatePeriods = [
  'ON_PAYMENT_CONFIRMATION',
  'ON_PAYMENT_DUE_DATE',
  'BEFORE_PAYMENT_DUE_DATE',
  'ON_DUE_DATE_MONTH',
  'ON_NEXT_MONTH',
];

/** POST and PUT /v3/subscriptions/{id}/invoiceSettings (InvoiceSettingsSaveRequestDTO). */
export function invoiceSettingsRefusal(fiscal: FakeFiscal, body: Body): Refusal | null {
  if (!fiscal.fiscalInfo)
    return refusal('invalid_fiscalInfo', 'Cadastre as informações fiscais antes de emitir notas.');
  if (!effectiveDatePeriods.includes(String(body.effectiveDatePeriod)))
    return refusal('invalid_effectiveDatePeriod', 'Informe quando a nota deve ser emitida.');
  if (typeof body.receivedOnly !== 'boolean')
    return refusal('invalid_receivedOnly', 'Informe se a nota é emitida só para cobranças recebidas.');
  if (!filled(body.municipalServiceId) && !filled(body.municipalServiceCode))
    return refusal('invalid_municipalService', 'Informe o serviço municipal (id ou código).');
  return taxesRefusal(body.taxes);
}

/** POST /v3/invoices */
export function invoiceRefusal(state: FakeState, fiscal: FakeFiscal, body: Body): Refusal | null {
  if (!fiscal.fiscalInfo)
    return refusal('invalid_fiscalInfo', 'Cadastre as informações fiscais antes de emitir notas.');
  if (!filled(body.payment) && !filled(body.installment) && !filled(body.customer))
    return refusal('invalid_payment', 'Informe a cobrança, o parcelamento ou o cliente da nota.');
  if (filled(body.payment) && !state.payments.has(String(body.payment)))
    return refusal('invalid_payment', 'Cobrança não encontrada.');
  if (filled(body.installment) && !state.installments.has(String(body.installment)))
    return refusal('invalid_installment', 'Parcelamento não encontrado.');
  if (filled(body.customer) && !state.customers.has(String(body.customer)))
    return refusal('invalid_customer', 'Cliente inválido ou inexistente.');
  for (const name of ['serviceDescription', 'observations', 'municipalServiceName'] as const)
    if (!filled(body[name])) return refusal(`invalid_${name}`, `O campo ${name} é obrigatório.`);
  if (!(typeof body.value === 'number' && body.value > 0))
    return refusal('invalid_value', 'O valor da nota é inválido.');
  if (!number(body.deductions)) return refusal('invalid_deductions', 'As deduções são obrigatórias.');
  if (!isDate(body.effectiveDate)) return refusal('invalid_effectiveDate', 'A data de emissão é inválida.');
  if (!filled(body.municipalServiceId) && !filled(body.municipalServiceCode))
    return refusal('invalid_municipalService', 'Informe o serviço municipal (id ou código).');
  return taxesRefusal(body.taxes);
}
