import { checkDigits } from './fake-asaas-customers';
import type { FakeAsaas } from './fake-asaas-server';

// A bare HTTP client for the fake's own tests (fake-asaas.test.ts): real requests with fetch, as the
// store's client makes them, and the few objects those tests create over and over.

export type Json = Record<string, unknown>;
export interface Reply {
  status: number;
  body: Json;
}

/** One request to the fake; rejects when the connection is cut (a lost answer). */
export async function call(fake: FakeAsaas, method: string, path: string, body?: Json): Promise<Reply> {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: { access_token: fake.apiKey, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** The `data` of a list answer. */
export const items = (reply: Reply) => reply.body.data as Json[];
export const errorCode = (reply: Reply) => (reply.body.errors as Array<{ code: string }>)[0]?.code;

let nextCpf = 100_000_000;
/** A distinct CPF for every customer, its check digits right (Asaas refuses others). */
export const newCpf = () => {
  const base = String(nextCpf++);
  return base + checkDigits(base);
};

export async function newCustomer(fake: FakeAsaas, fields: Json = {}): Promise<string> {
  const reply = await call(fake, 'POST', '/customers', { name: 'Ana Souza', cpfCnpj: newCpf(), ...fields });
  if (reply.status !== 200) throw new Error(`customer: ${JSON.stringify(reply.body)}`);
  return String(reply.body.id);
}

/** The fields of a card charge the sandbox approves. */
export const card = {
  creditCard: {
    holderName: 'ANA SOUZA',
    number: '4444444444444444',
    expiryMonth: '12',
    expiryYear: '2030',
    ccv: '123',
  },
  creditCardHolderInfo: {
    name: 'Ana Souza',
    email: 'ana@exemplo.com',
    cpfCnpj: '52998224725',
    postalCode: '01310100',
    addressNumber: '1000',
    phone: '11987654321',
  },
  remoteIp: '203.0.113.7',
};

/** A charge (PIX unless `fields` say otherwise) due on `dueDate`; answers the created payment. */
export async function newCharge(fake: FakeAsaas, dueDate: string, fields: Json = {}): Promise<Json> {
  const reply = await call(fake, 'POST', '/payments', {
    customer: await newCustomer(fake),
    billingType: 'PIX',
    value: 100,
    dueDate,
    ...fields,
  });
  if (reply.status !== 200) throw new Error(`charge: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** A card charge, CONFIRMED at once: one that can be refunded. */
export const paidCharge = (fake: FakeAsaas, dueDate: string, fields: Json = {}) =>
  newCharge(fake, dueDate, { billingType: 'CREDIT_CARD', ...card, ...fields });

/** A subscription with its first charge PENDING. */
export async function newSubscription(fake: FakeAsaas, nextDueDate: string, fields: Json = {}) {
  const reply = await call(fake, 'POST', '/subscriptions', {
    customer: await newCustomer(fake),
    billingType: 'PIX',
    value: 49.9,
    cycle: 'MONTHLY',
    nextDueDate,
    ...fields,
  });
  if (reply.status !== 200) throw new Error(`subscription: ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The events the fake queued, by name. */
export const eventNames = (fake: FakeAsaas) => fake.events.map((e) => e.event);

/** The account's fiscal data, as a shop sends it (multipart): a Simples Nacional company, user and password. */
export async function sendFiscalData(fake: FakeAsaas, fields: Record<string, string> = {}): Promise<void> {
  const form = new FormData();
  const all = {
    email: 'fiscal@impulso.com.br',
    simplesNacional: 'true',
    username: 'impulso',
    password: 'senha-da-prefeitura',
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.append(name, value);
  const res = await fetch(`${fake.url}/fiscalInfo/`, {
    method: 'POST',
    headers: { access_token: fake.apiKey },
    body: form,
  });
  if (res.status !== 200) throw new Error(`fiscal data: ${await res.text()}`);
}
