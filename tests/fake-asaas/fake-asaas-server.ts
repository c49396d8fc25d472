import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renew, route } from './fake-asaas-routes';
import {
  emit,
  emitSubscription,
  error,
  newFakeState,
  transition,
  type FakeEvent,
  type FakeInstallment,
  type FakePayment,
  type FakeState,
  type FakeSubscription,
} from './fake-asaas-state';

// A local stand-in for Asaas API v3 that follows reference/payments.md and Asaas's OpenAPI document:
// access_token auth (401 with errors[]), customers, PIX/card/undefined charges validated as the spec
// requires, card instalment plans, subscriptions, refunds (also pending ones), removal, and the webhooks
// Asaas would send (`events`). Tests read what it received, deliver its events, and inject faults.

export type { FakeEvent, FakePayment };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

export interface FakeAsaas extends Pick<FakeState, 'customers' | 'payments' | 'events'> {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, FakeSubscription>;
  installments: Map<string, FakeInstallment>;
  /** Refunds stay REFUND_REQUESTED until a test completes them (Asaas may take days). */
  refundsPending: boolean;
  /** Card charges answer AWAITING_RISK_ANALYSIS; a test decides with decideRiskAnalysis. */
  riskAnalysis: boolean;
  decideRiskAnalysis(paymentId: string, approved: boolean): void;
  /** The buyer disputes a paid charge with the card issuer: CHARGEBACK_REQUESTED, then CHARGEBACK_DISPUTE. */
  chargeback(paymentId: string): void;
  /** The subscription's next month; `captureRefused`: its card cannot be charged. */
  renewSubscription(subscriptionId: string, options?: { captureRefused?: boolean }): FakePayment;
  /** Asaas ends a subscription on its own (its charges all failed, say). */
  inactivateSubscription(subscriptionId: string): void;
  /** The next POST to a matching path is processed, and its answer lost (the connection is cut). */
  loseNextAnswer(path: RegExp): void;
  /** The next request to a matching path is processed, and answered only after `ms`. */
  delayNextAnswer(path: RegExp, ms: number): void;
  /** The next request answers with this HTTP status (a 500, say). */
  failNext(status: number): void;
  /**
   * Asaas down until told otherwise: every request answers this status (503, say), or with `'hang'` is
   * never answered (the client's timeout decides); null ends it, dropping the requests left hanging.
   */
  outage(mode: number | 'hang' | null): void;
  /** The next request whose path matches answers with this status and raw body (a malformed answer). */
  answerNext(path: RegExp, status: number, rawBody: string, method?: string): void;
  close(): Promise<void>;
}

export async function startFakeAsaas(apiKey = '$aact_hmlg_test_key'): Promise<FakeAsaas> {
  const requests: RecordedRequest[] = [];
  const state = newFakeState();
  const faults = {
    failure: null as number | null,
    canned: null as { path: RegExp; status: number; rawBody: string; method?: string } | null,
    lose: null as RegExp | null,
    delay: null as { path: RegExp; ms: number } | null,
    outage: null as number | 'hang' | null,
  };
  const hanging = new Set<IncomingMessage>();

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? '';
    requests.push({ method, path: url.pathname + url.search, headers: req.headers, body });
    if (faults.outage === 'hang') return void hanging.add(req);
    if (faults.outage) {
      res.writeHead(faults.outage, { 'content-type': 'text/html' });
      return res.end('<html><body>503 Service Temporarily Unavailable</body></html>');
    }
    const lose = method === 'POST' && faults.lose?.test(url.pathname) === true;
    if (lose) faults.lose = null;
    const delay = faults.delay?.path.test(url.pathname) ? faults.delay.ms : 0;
    if (delay) faults.delay = null;
    const send = (status: number, data: unknown) => {
      // A request whose answer is lost: processed as usual, then the connection is cut (issue 12).
      if (lose) return void req.socket.destroy();
      const write = () => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (delay) setTimeout(write, delay).unref();
      else write();
    };
    const canned = faults.canned;
    if (canned && canned.path.test(url.pathname) && (!canned.method || canned.method === method)) {
      faults.canned = null;
      res.writeHead(canned.status, { 'content-type': 'application/json' });
      return res.end(canned.rawBody);
    }
    if (faults.failure) {
      const status = faults.failure;
      faults.failure = null;
      return send(status, error('internal_error', 'Erro interno'));
    }
    if (req.headers.access_token !== apiKey)
      return send(401, error('invalid_access_token', 'A chave de API fornecida é inválida'));
    const path = url.pathname.replace(/^\/v3/, '');
    const answer = route(state, method, path, url.searchParams, body ?? {});
    if (answer) return send(answer.status, answer.data);
    return send(404, error('not_found', `Rota ${method} ${path} não existe no fake.`));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v3`,
    apiKey,
    requests,
    customers: state.customers,
    payments: state.payments,
    subscriptions: state.subscriptions,
    installments: state.installments,
    events: state.events,
    get refundsPending() {
      return state.refundsPending;
    },
    set refundsPending(value: boolean) {
      state.refundsPending = value;
    },
    get riskAnalysis() {
      return state.riskAnalysis;
    },
    set riskAnalysis(value: boolean) {
      state.riskAnalysis = value;
    },
    decideRiskAnalysis(paymentId, approved) {
      const payment = state.payments.get(paymentId)!;
      if (approved) {
        payment.status = 'CONFIRMED';
        emit(state, 'PAYMENT_APPROVED_BY_RISK_ANALYSIS', payment);
        emit(state, 'PAYMENT_CONFIRMED', payment);
      } else {
        // What status Asaas leaves a reproved charge in is not documented; the event is what counts.
        emit(state, 'PAYMENT_REPROVED_BY_RISK_ANALYSIS', payment);
      }
    },
    chargeback(paymentId) {
      const payment = state.payments.get(paymentId)!;
      transition(state, payment, 'CHARGEBACK_REQUESTED', 'PAYMENT_CHARGEBACK_REQUESTED');
      transition(state, payment, 'CHARGEBACK_DISPUTE', 'PAYMENT_CHARGEBACK_DISPUTE');
    },
    renewSubscription: (subscriptionId, options) => renew(state, subscriptionId, options),
    inactivateSubscription(subscriptionId) {
      const subscription = state.subscriptions.get(subscriptionId)!;
      subscription.status = 'INACTIVE';
      emitSubscription(state, 'SUBSCRIPTION_INACTIVATED', subscription);
    },
    loseNextAnswer(path) {
      faults.lose = path;
    },
    delayNextAnswer(path, ms) {
      faults.delay = { path, ms };
    },
    answerNext(path, status, rawBody, method) {
      faults.canned = { path, status, rawBody, ...(method ? { method } : {}) };
    },
    failNext(status) {
      faults.failure = status;
    },
    outage(mode) {
      faults.outage = mode;
      if (mode === 'hang') return;
      for (const req of hanging) req.socket.destroy();
      hanging.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
