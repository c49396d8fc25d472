import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildStaticPix } from '../../src/server/payments/br-code';

// A local stand-in for Asaas API v3 that follows reference/payments.md: access_token auth (401 with
// errors[]), customers, PIX/card/undefined charges, pixQrCode, status, 400 + errors[] on a declined card
// (the charge is not kept). Tests read what it received and move statuses as Asaas would.

export interface FakePayment {
  id: string;
  customer: string;
  billingType: string;
  status: string;
  value: number;
  externalReference?: string;
  subscription?: string;
  invoiceUrl: string;
  /** Removed with DELETE /payments/{id}: a flag, not a status (reference/payments.md). */
  deleted?: boolean;
  refunds?: Array<{ value: number; status: 'PENDING' | 'DONE' }>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

const declined = new Set(['5184019740373151', '4916561358240741']);
// 1×1 PNG
const tinyPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export interface FakeAsaas {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  customers: Map<string, { id: string; cpfCnpj: string; name: string }>;
  payments: Map<string, FakePayment>;
  subscriptions: Map<string, { id: string; status: string; billingType: string; externalReference: string }>;
  /** The next POST to a matching path is processed, and its answer lost (the connection is cut). */
  loseNextAnswer(path: RegExp): void;
  /** Refunds stay REFUND_REQUESTED until a test completes them (Asaas may take days). */
  refundsPending: boolean;
  /** The next request answers with this HTTP status (a 500, say). */
  failNext(status: number): void;
  /** The next request whose path matches answers with this status and raw body (a malformed answer). */
  answerNext(path: RegExp, status: number, rawBody: string, method?: string): void;
  close(): Promise<void>;
}

const error = (code: string, description: string) => ({ errors: [{ code, description }] });

export async function startFakeAsaas(apiKey = '$aact_hmlg_test_key'): Promise<FakeAsaas> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, { id: string; cpfCnpj: string; name: string }>();
  const payments = new Map<string, FakePayment>();
  const subscriptions = new Map<
    string,
    { id: string; status: string; billingType: string; externalReference: string }
  >();
  let failure: number | null = null;
  let canned: { path: RegExp; status: number; rawBody: string; method?: string } | null = null;

  const fake = { refundsPending: false, loseNext: null as RegExp | null };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', path: url.pathname + url.search, headers: req.headers, body });
    // A request whose answer is lost: processed as usual, then the connection is cut (issue 12).
    const lose = req.method === 'POST' && fake.loseNext?.test(url.pathname) === true;
    if (lose) fake.loseNext = null;
    const send = (status: number, data: unknown) => {
      if (lose) return void req.socket.destroy();
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (canned && canned.path.test(url.pathname) && (!canned.method || canned.method === req.method)) {
      const { status, rawBody } = canned;
      canned = null;
      res.writeHead(status, { 'content-type': 'application/json' });
      return res.end(rawBody);
    }
    if (failure) {
      const status = failure;
      failure = null;
      return send(status, error('internal_error', 'Erro interno'));
    }
    if (req.headers.access_token !== apiKey) {
      return send(401, error('invalid_access_token', 'A chave de API fornecida é inválida'));
    }
    const path = url.pathname.replace(/^\/v3/, '');

    if (req.method === 'GET' && path === '/payments') {
      // The list filtered by externalReference (a filter of GET /v3/payments in Asaas's OpenAPI).
      const reference = url.searchParams.get('externalReference');
      const data = [...payments.values()].filter(
        (p) => !p.deleted && (!reference || p.externalReference === reference),
      );
      return send(200, {
        object: 'list',
        hasMore: false,
        totalCount: data.length,
        limit: 10,
        offset: 0,
        data,
      });
    }
    if (req.method === 'GET' && path === '/customers') {
      const cpf = url.searchParams.get('cpfCnpj');
      const data = [...customers.values()].filter((c) => !cpf || c.cpfCnpj === cpf);
      return send(200, {
        object: 'list',
        hasMore: false,
        totalCount: data.length,
        limit: 10,
        offset: 0,
        data,
      });
    }
    if (req.method === 'POST' && path === '/customers') {
      if (!body?.name) return send(400, error('invalid_name', 'O nome do cliente é obrigatório.'));
      if (!/^\d{11}$|^\d{14}$/.test(String(body.cpfCnpj ?? ''))) {
        return send(400, error('invalid_cpfCnpj', 'O CPF ou CNPJ informado é inválido.'));
      }
      const customer = {
        id: `cus_${randomUUID().slice(0, 12)}`,
        cpfCnpj: String(body.cpfCnpj),
        name: String(body.name),
      };
      customers.set(customer.id, customer);
      return send(200, { object: 'customer', ...customer });
    }
    if (req.method === 'POST' && path === '/payments') {
      if (!body?.customer || !customers.has(String(body.customer))) {
        return send(400, error('invalid_customer', 'Cliente inválido ou inexistente.'));
      }
      if (!body.billingType || !body.dueDate)
        return send(400, error('invalid_object', 'Campos obrigatórios ausentes.'));
      const value = Number(body.value ?? body.totalValue);
      if (!(value > 0)) return send(400, error('invalid_value', 'O valor da cobrança é inválido.'));
      if (body.billingType === 'CREDIT_CARD' && body.creditCard) {
        if (!body.remoteIp) return send(400, error('invalid_remoteIp', 'O IP do cliente é obrigatório.'));
        const card = body.creditCard as { number?: string };
        if (declined.has(String(card.number))) {
          return send(
            400,
            error(
              'invalid_creditCard',
              'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
            ),
          );
        }
      }
      const id = `pay_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      const payment: FakePayment = {
        id,
        customer: String(body.customer),
        billingType: String(body.billingType),
        status: body.billingType === 'CREDIT_CARD' && body.creditCard ? 'CONFIRMED' : 'PENDING',
        value,
        ...(body.externalReference ? { externalReference: String(body.externalReference) } : {}),
        invoiceUrl: `https://sandbox.asaas.example/i/${id}`,
      };
      payments.set(id, payment);
      return send(200, { object: 'payment', ...payment });
    }
    if (req.method === 'POST' && path === '/subscriptions') {
      if (!body?.customer || !customers.has(String(body.customer))) {
        return send(400, error('invalid_customer', 'Cliente inválido ou inexistente.'));
      }
      if (body.cycle !== 'MONTHLY' || !body.nextDueDate || !(Number(body.value) > 0)) {
        return send(400, error('invalid_object', 'Campos obrigatórios ausentes.'));
      }
      const card = body.creditCard as { number?: string } | undefined;
      if (body.billingType === 'CREDIT_CARD' && declined.has(String(card?.number))) {
        return send(
          400,
          error(
            'invalid_creditCard',
            'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
          ),
        );
      }
      const id = `sub_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
      subscriptions.set(id, {
        id,
        status: 'ACTIVE',
        billingType: String(body.billingType),
        externalReference: String(body.externalReference ?? ''),
      });
      // The first charge exists as soon as the subscription does (reference §1.10).
      const paymentId = `pay_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      payments.set(paymentId, {
        id: paymentId,
        customer: String(body.customer),
        billingType: String(body.billingType),
        status: body.billingType === 'CREDIT_CARD' ? 'CONFIRMED' : 'PENDING',
        value: Number(body.value),
        subscription: id,
        invoiceUrl: `https://sandbox.asaas.example/i/${paymentId}`,
      });
      return send(200, { object: 'subscription', id, status: 'ACTIVE', cycle: 'MONTHLY' });
    }
    const subscriptionMatch = /^\/subscriptions\/([^/]+)(\/payments)?$/.exec(path);
    if (subscriptionMatch) {
      const subscription = subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return send(404, error('not_found', 'Assinatura não encontrada.'));
      if (req.method === 'GET' && subscriptionMatch[2]) {
        const data = [...payments.values()].filter((p) => p.subscription === subscription.id);
        return send(200, { object: 'list', hasMore: false, totalCount: data.length, data });
      }
      if (req.method === 'DELETE' && !subscriptionMatch[2]) {
        subscription.status = 'INACTIVE';
        return send(200, { deleted: true, id: subscription.id });
      }
    }
    const removal = /^\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && removal) {
      const payment = payments.get(removal[1]!);
      if (!payment || payment.deleted) return send(404, error('not_found', 'Cobrança não encontrada.'));
      if (!['PENDING', 'OVERDUE'].includes(payment.status)) {
        return send(400, error('invalid_action', 'Não é possível remover uma cobrança já recebida.'));
      }
      payment.deleted = true;
      return send(200, { deleted: true, id: payment.id });
    }
    const refund = /^\/payments\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      const payment = payments.get(refund[1]!);
      if (!payment) return send(404, error('not_found', 'Cobrança não encontrada.'));
      if (!['RECEIVED', 'CONFIRMED'].includes(payment.status)) {
        return send(
          400,
          error('invalid_action', 'Só é possível estornar cobranças recebidas ou confirmadas.'),
        );
      }
      // `value` omitted: the whole charge. Several partial refunds may add up to the charge (reference §1.9).
      const already = (payment.refunds ?? []).reduce((n, r) => n + r.value, 0);
      const value = typeof body?.value === 'number' ? body.value : payment.value - already;
      if (value <= 0 || value > payment.value - already + 1e-9)
        return send(400, error('invalid_value', 'Valor de estorno maior que o disponível.'));
      payment.refunds = [
        ...(payment.refunds ?? []),
        { value, status: fake.refundsPending ? 'PENDING' : 'DONE' },
      ];
      if (Math.abs(already + value - payment.value) < 1e-9)
        payment.status = fake.refundsPending ? 'REFUND_REQUESTED' : 'REFUNDED';
      return send(200, { object: 'payment', ...payment });
    }
    const match = /^\/payments\/([^/]+)\/(pixQrCode|status)$/.exec(path);
    if (req.method === 'GET' && match) {
      const payment = payments.get(match[1]!);
      if (!payment) return send(404, error('not_found', 'Cobrança não encontrada.'));
      if (match[2] === 'status') return send(200, { status: payment.status });
      const payload = buildStaticPix({
        key: 'c4f6a0e2-0000-4000-8000-000000000000',
        merchantName: 'Impulso',
        merchantCity: 'Sao Paulo',
        amountCents: Math.round(payment.value * 100),
      });
      return send(200, { encodedImage: tinyPng, payload, expirationDate: '2027-11-22 23:59:59' });
    }
    return send(404, error('not_found', `Rota ${req.method} ${path} não existe no fake.`));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    get refundsPending() {
      return fake.refundsPending;
    },
    set refundsPending(value: boolean) {
      fake.refundsPending = value;
    },
    loseNextAnswer(path: RegExp) {
      fake.loseNext = path;
    },
    url: `http://127.0.0.1:${port}/v3`,
    apiKey,
    requests,
    customers,
    payments,
    subscriptions,
    answerNext(path, status, rawBody, method) {
      canned = { path, status, rawBody, ...(method ? { method } : {}) };
    },
    failNext(status) {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
