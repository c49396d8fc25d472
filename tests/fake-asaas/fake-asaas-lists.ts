import { bad, notFound, ok, type Answer, type FakeState } from './fake-asaas-state';
import { subscriptionView } from './fake-asaas-subscriptions';

// Asaas API v3's lists ('Listagem e paginação'): `offset` (0) and `limit` (10, at most 100) pick a page of
// `{ object: 'list', hasMore, totalCount, limit, offset, data }`. Removed payments and subscriptions are left
// out ('Listar cobranças', 'Listar assinaturas').

const maxLimit = 100;

/** A whole number ≥ 0 from the query, `fallback` when absent, null when malformed. */
function count(query: URLSearchParams, name: string, fallback: number): number | null {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

/** One page of `items`; a limit above 100 is refused, as Asaas does, rather than clamped. */
export function page<T>(query: URLSearchParams, items: T[]): Answer {
  const limit = count(query, 'limit', 10);
  const offset = count(query, 'offset', 0);
  if (limit === null || limit > maxLimit)
    return bad('invalid_limit', `O parâmetro limit deve ser um número entre 0 e ${maxLimit}.`);
  if (offset === null) return bad('invalid_offset', 'O parâmetro offset deve ser um número positivo.');
  return ok({
    object: 'list',
    hasMore: offset + limit < items.length,
    totalCount: items.length,
    limit,
    offset,
    data: items.slice(offset, offset + limit),
  });
}

/** Keeps the items whose fields equal every filter given in the query (absent filters keep all). */
function filtered<T extends object>(items: T[], query: URLSearchParams, names: string[]): T[] {
  const wanted = names.flatMap((name) => {
    const value = query.get(name);
    return value ? [[name, value] as const] : [];
  });
  return items.filter((item) =>
    wanted.every(([name, value]) => String((item as Record<string, unknown>)[name]) === value),
  );
}

/** The GET routes that answer lists; null when `path` is none of them. */
export function listRoute(state: FakeState, path: string, query: URLSearchParams): Answer | null {
  const payments = [...state.payments.values()].filter((p) => !p.deleted);
  if (path === '/payments') {
    const names = ['externalReference', 'installment', 'subscription', 'status', 'customer'];
    return page(
      query,
      filtered(payments, query, names).map((p) => ({ object: 'payment', ...p })),
    );
  }
  if (path === '/customers') {
    const customers = filtered([...state.customers.values()], query, ['cpfCnpj']);
    return page(
      query,
      customers.map((c) => ({ object: 'customer', ...c })),
    );
  }
  if (path === '/subscriptions') {
    const live = [...state.subscriptions.values()].filter((s) => !s.deleted);
    return page(query, filtered(live, query, ['externalReference', 'customer']).map(subscriptionView));
  }
  // Asaas API v3, 'Listar estornos de uma cobrança'.
  const refunds = /^\/payments\/([^/]+)\/refunds$/.exec(path);
  if (refunds) {
    const payment = state.payments.get(refunds[1]!);
    return payment ? page(query, payment.refunds ?? []) : notFound('Cobrança não encontrada.');
  }
  // Asaas API v3, 'Listar cobranças de uma assinatura'.
  const ofSubscription = /^\/subscriptions\/([^/]+)\/payments$/.exec(path);
  if (ofSubscription) {
    const subscription = state.subscriptions.get(ofSubscription[1]!);
    if (!subscription) return notFound('Assinatura não encontrada.');
    // The order of the list is not documented: the fake answers the latest due first, the order that
    // catches a reader who takes the first item for the first month (issue 43).
    const own = payments
      .filter((p) => p.subscription === subscription.id)
      .sort((a, b) => b.dueDate.localeCompare(a.dueDate));
    return page(
      query,
      filtered(own, query, ['status']).map((p) => ({ object: 'payment', ...p })),
    );
  }
  return null;
}
