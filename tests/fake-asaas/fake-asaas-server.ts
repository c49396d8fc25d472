import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountRoute, newFakeAccount, type FakeAccount } from './fake-asaas-account';
import { controls, type FakeControls } from './fake-asaas-controls';
import { FakeFaults } from './fake-asaas-faults';
import { fiscalRoute } from './fake-asaas-fiscal';
import { fiscalControls, type FakeFiscalControls } from './fake-asaas-fiscal-controls';
import { newFakeFiscal } from './fake-asaas-fiscal-state';
import { issuePastDays } from './fake-asaas-invoice-days';
import { makeMonthInvoices } from './fake-asaas-plan-invoices';
import { readForm } from './fake-asaas-multipart';
import { route } from './fake-asaas-routes';
import { error, newFakeState, type FakeEvent, type FakePayment, type FakeState } from './fake-asaas-state';

// A local stand-in for Asaas API v3 that follows Asaas's API reference and OpenAPI document: access_token
// auth (401 with errors[]), customers, PIX/card/undefined charges validated as Asaas's documentation
// requires, card instalment plans, subscriptions, paged lists, refunds (done, pending, awaiting
// authorisation, denied), removal, due dates passing, and the webhooks Asaas would send (`events`). Tests
// read what it received, deliver its events, move its clock, and inject faults (fake-asaas-faults.ts).

export type { FakeEvent, FakePayment };
export type { FakeCustomer, FakeRefund, FakeSubscription, RefundMode } from './fake-asaas-state';
export type { LoseMatch, RateLimitMatch, SlowMatch } from './fake-asaas-faults';
export type { FakeInvoice } from './fake-asaas-fiscal-state';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

/** An answer the fake sent (the contract tests check each against Asaas's document). */
export interface RecordedAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

export interface FakeAsaas
  extends
    Pick<FakeState, 'customers' | 'payments' | 'subscriptions' | 'installments' | 'events'>,
    FakeControls {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  answers: RecordedAnswer[];
  /** The balance, webhooks, PIX keys and site the account answers with (npm run doctor reads them). */
  account: FakeAccount;
  fiscal: FakeFiscalControls;
  close(): Promise<void>;
}

export interface FakeAsaasOptions {
  /** The fake's "now" (due dates, OVERDUE, dates of events and refunds); the real time by default. */
  clock?: () => Date;
}

export async function startFakeAsaas(
  apiKey = '$aact_hmlg_test_key',
  options: FakeAsaasOptions = {},
): Promise<FakeAsaas> {
  const requests: RecordedRequest[] = [];
  const answers: RecordedAnswer[] = [];
  const account = newFakeAccount();
  const state = newFakeState(account, options.clock);
  const faults = new FakeFaults();
  const fiscal = newFakeFiscal();
  const hanging = new Set<IncomingMessage>();

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const form = await readForm(req.headers['content-type'], Buffer.concat(chunks));
    const body = form ?? (raw ? (JSON.parse(raw) as Record<string, unknown>) : null);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? '';
    requests.push({ method, path: url.pathname + url.search, headers: req.headers, body });
    if (faults.outage === 'hang') return void hanging.add(req);
    if (faults.outage) {
      res.writeHead(faults.outage, { 'content-type': 'text/html' });
      return res.end('<html><body>503 Service Temporarily Unavailable</body></html>');
    }
    const fate = faults.fate(method, url.pathname);
    const send = (status: number, data: unknown) => {
      answers.push({ method, path: url.pathname, status, body: data });
      // A lost answer: the request was processed as usual, then the connection is cut.
      if (fate.lost) return void req.socket.destroy();
      // Written as it is now: a slow answer shows the state of when the request was processed.
      const text = JSON.stringify(data);
      const write = () => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(text);
      };
      if (fate.delayMs > 0) setTimeout(write, fate.delayMs).unref();
      else write();
    };
    const reset = faults.takeRateLimit(method, url.pathname);
    if (reset !== null) {
      // Asaas's pages show the headers of a 429, not its body.
      res.writeHead(429, {
        'content-type': 'text/plain',
        'RateLimit-Limit': '100',
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': String(reset),
      });
      return res.end('Too Many Requests');
    }
    const canned = faults.takeCanned(method, url.pathname);
    if (canned) {
      res.writeHead(canned.status, { 'content-type': 'application/json' });
      return res.end(canned.rawBody);
    }
    if (faults.failure) {
      const status = faults.failure;
      faults.failure = null;
      return send(status, error('internal_error', 'Erro interno'));
    }
    // Required in every request of accounts made since 13/06/2024 (docs.asaas.com 'Autenticação'); a
    // missing or wrong header is answered 401, as a missing key is.
    if (!req.headers['user-agent'])
      return send(401, error('invalid_user_agent', 'O cabeçalho User-Agent é obrigatório.'));
    if (req.headers.access_token !== apiKey)
      return send(401, error('invalid_access_token', 'A chave de API fornecida é inválida'));
    const path = url.pathname.replace(/^\/v3/, '');
    makeMonthInvoices(state, fiscal);
    issuePastDays(state, fiscal);
    const request = { method, path, query: url.searchParams, body: body ?? {}, form };
    const answer =
      fiscalRoute(state, fiscal, request) ??
      accountRoute(state, method, path, url.searchParams) ??
      route(state, method, path, url.searchParams, body ?? {});
    if (answer) return send(answer.status, answer.data);
    return send(404, error('not_found', `Rota ${method} ${path} não existe no fake.`));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return controls(state, faults, hanging, {
    url: `http://127.0.0.1:${port}/v3`,
    apiKey,
    requests,
    answers,
    account,
    fiscal: fiscalControls(state, fiscal),
    customers: state.customers,
    payments: state.payments,
    subscriptions: state.subscriptions,
    installments: state.installments,
    events: state.events,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
