import { createCharge, pixQrCode, removePayment } from './fake-asaas-charges';
import { createCustomer, customerRoute } from './fake-asaas-customers';
import { listRoute } from './fake-asaas-lists';
import { installmentRefundRoute, refundPayment } from './fake-asaas-refunds';
import { notFound, ok, type Answer, type FakeState } from './fake-asaas-state';
import { createSubscription, subscriptionRoute } from './fake-asaas-subscriptions';

// The Asaas API v3 routes the store uses, on the fake's state; `path` is without the /v3 prefix. Each
// route's rules live beside it (charges, customers, lists, refunds, subscriptions).

type Body = Record<string, unknown>;
export type { Answer };

/** The answer to one request, or null when the fake has no such route. */
export function route(
  state: FakeState,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Body,
): Answer | null {
  if (method === 'GET') {
    const listed = listRoute(state, path, query);
    if (listed) return listed;
  }
  if (method === 'POST' && path === '/customers') return createCustomer(state, body);
  if (method === 'POST' && path === '/payments') return createCharge(state, body);
  if (method === 'POST' && path === '/subscriptions') return createSubscription(state, body);

  const customer = /^\/customers\/([^/]+)$/.exec(path);
  if (customer) return customerRoute(state, method, customer[1]!, body);
  const subscription = /^\/subscriptions\/([^/]+)$/.exec(path);
  if (subscription) return subscriptionRoute(state, method, subscription[1]!);
  const plan = /^\/installments\/([^/]+)\/refund$/.exec(path);
  if (method === 'POST' && plan) return installmentRefundRoute(state, plan[1]!, body);

  const one = /^\/payments\/([^/]+)(?:\/(refund|pixQrCode|status))?$/.exec(path);
  if (!one) return null;
  const payment = state.payments.get(one[1]!);
  if (!payment) return notFound('Cobrança não encontrada.');
  // A removed charge is still readable; its DELETE answers as deletedChargeAnswer says; nothing else.
  if (method === 'DELETE' && !one[2]) return removePayment(state, payment);
  if (payment.deleted && method !== 'GET') return notFound('Cobrança não encontrada.');
  if (method === 'POST' && one[2] === 'refund') return refundPayment(state, payment, body);
  if (method === 'GET' && one[2] === 'status') return ok({ status: payment.status });
  if (method === 'GET' && one[2] === 'pixQrCode') return pixQrCode(payment);
  if (method === 'GET' && !one[2]) return ok({ object: 'payment', ...payment });
  return null;
}
