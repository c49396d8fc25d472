import { useEffect, useState } from 'react';
import { messages } from '../../../shared/messages';
import type { CreateOrderResponse } from '../../../shared/schemas/order-view';
import { ApiError, api } from '../../lib/api';

export type OrderState =
  { kind: 'loading' } | { kind: 'loaded'; data: CreateOrderResponse } | { kind: 'error'; message: string };

/** Loads an order by id; 'Pedido não encontrado' or 'Erro ao carregar detalhes do pedido' (spec §8). */
export function useOrder(orderId: string | null): OrderState {
  const [state, setState] = useState<OrderState>({ kind: 'loading' });
  useEffect(() => {
    if (!orderId) {
      setState({ kind: 'error', message: messages.order_id_missing });
      return;
    }
    let active = true;
    api
      .get<CreateOrderResponse>(`/api/orders/${encodeURIComponent(orderId)}`, { timeoutMs: 15_000 })
      .then((data) => active && setState({ kind: 'loaded', data }))
      .catch((error: unknown) => {
        if (!active) return;
        const notFound = error instanceof ApiError && error.status === 404;
        setState({
          kind: 'error',
          message: notFound ? messages.order_not_found : messages.order_load_failed,
        });
      });
    return () => {
      active = false;
    };
  }, [orderId]);
  return state;
}
