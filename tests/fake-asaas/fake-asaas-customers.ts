import { randomUUID } from 'node:crypto';
import { bad, notFound, ok, type Answer, type FakeCustomer, type FakeState } from './fake-asaas-state';

// Customers (Asaas API v3, 'Criar novo cliente', 'Atualizar cliente existente', 'Recuperar um único
// cliente'): every field sent is kept, so a test sees what the store asked for.

type Body = Record<string, unknown>;

/**
 * The Receita Federal's check digits (módulo 11) of a CPF's first 9 digits or a CNPJ's first 12: each
 * digit from the ones before it, with weights 10…2 / 11…2 for a CPF, 5,4,3,2,9…2 / 6,5,4,3,2,9…2 for
 * a CNPJ.
 */
export function checkDigits(base: string): string {
  const digits = [...base].map(Number);
  const cpf = base.length === 9;
  for (let length = base.length; length < base.length + 2; length++) {
    const weight = (i: number) => (cpf ? length + 1 - i : ((length - 1 - i) % 8) + 2);
    const rest = digits.slice(0, length).reduce((sum, d, i) => sum + d * weight(i), 0) % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.slice(base.length).join('');
}

/**
 * Asaas refuses a customer whose CPF or CNPJ fails its check digits (issue 44); its pages name no error
 * code: 400 `invalid_cpfCnpj` here. A number of one repeated digit passes the arithmetic but is no one's:
 * refused too.
 */
const documentHolds = (document: string) =>
  /^\d{11}$|^\d{14}$/.test(document) &&
  !/^(\d)\1+$/.test(document) &&
  checkDigits(document.slice(0, -2)) === document.slice(-2);

const textFields = [
  'name',
  'cpfCnpj',
  'email',
  'mobilePhone',
  'phone',
  'postalCode',
  'address',
  'addressNumber',
  'province',
  'complement',
  'company',
  'externalReference',
] as const;

/** The fields of `body` a customer keeps, or the first refusal (400 with errors[]). */
function customerFields(body: Body): Partial<FakeCustomer> | Answer {
  const fields: Partial<FakeCustomer> = {};
  for (const name of textFields) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return bad(`invalid_${name}`, `O campo ${name} é inválido.`);
    fields[name] = value;
  }
  if (fields.name !== undefined && fields.name.trim() === '')
    return bad('invalid_name', 'O nome do cliente é obrigatório.');
  if (fields.cpfCnpj !== undefined && !documentHolds(fields.cpfCnpj))
    return bad('invalid_cpfCnpj', 'O CPF ou CNPJ informado é inválido.');
  if (fields.email !== undefined && fields.email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(fields.email))
    return bad('invalid_email', 'O email informado é inválido.');
  const notifications = body.notificationDisabled;
  if (notifications !== undefined && notifications !== null) {
    if (typeof notifications !== 'boolean')
      return bad('invalid_notificationDisabled', 'O campo notificationDisabled deve ser booleano.');
    fields.notificationDisabled = notifications;
  }
  return fields;
}

const isAnswer = (value: Partial<FakeCustomer> | Answer): value is Answer =>
  'status' in value && 'data' in value;

const view = (customer: FakeCustomer) => ({ object: 'customer', ...customer });

/** POST /customers: name and cpfCnpj (a CPF's 11 or a CNPJ's 14 digits, check digits right) are required. */
export function createCustomer(state: FakeState, body: Body): Answer {
  if (typeof body.name !== 'string' || body.name.trim() === '')
    return bad('invalid_name', 'O nome do cliente é obrigatório.');
  if (typeof body.cpfCnpj !== 'string') return bad('invalid_cpfCnpj', 'O CPF ou CNPJ informado é inválido.');
  const fields = customerFields(body);
  if (isAnswer(fields)) return fields;
  const customer: FakeCustomer = {
    id: `cus_${randomUUID().slice(0, 12)}`,
    name: body.name,
    cpfCnpj: body.cpfCnpj,
    ...fields,
  };
  state.customers.set(customer.id, customer);
  return ok(view(customer));
}

/** GET and PUT /customers/{id} (PUT changes only the fields it is sent); null for other methods. */
export function customerRoute(state: FakeState, method: string, id: string, body: Body): Answer | null {
  if (method !== 'GET' && method !== 'PUT') return null;
  const customer = state.customers.get(id);
  if (!customer) return notFound('Cliente não encontrado.');
  if (method === 'GET') return ok(view(customer));
  const fields = customerFields(body);
  if (isAnswer(fields)) return fields;
  Object.assign(customer, fields);
  return ok(view(customer));
}
