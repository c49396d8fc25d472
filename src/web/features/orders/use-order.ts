import { useCallback, useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { CreateOrderResponse } from '#shared/schemas/order-view.ts';
import { ApiError } from '../../lib/api';
import { fetchOrder } from './orders-api';

export type OrderState =
  { kind: 'loading' } | { kind: 'loaded'; data: CreateOrderResponse } | { kind: 'error'; message: string };

/**
 * Loads an order by id; 'Pedido não encontrado' or 'Erro ao carregar detalhes do pedido'
 * (src/shared/messages.ts). With `pollWhile`, loads it again every `pollMs` while the answer says so (a
 * delivery under way), quietly: a failed refresh keeps what is on screen.
 */
export function useLiveOrder(
  orderId: string | null,
  options: { pollWhile?: (data: CreateOrderResponse) => boolean; pollMs?: number } = {},
) {
  const [state, setState] = useState<OrderState>({ kind: 'loading' });
  const [version, setVersion] = useState(0);
  const { pollWhile, pollMs = 5000 } = options;
  useEffect(() => {
    if (!orderId) {
      setState({ kind: 'error', message: messages.order_id_missing });
      return;
    }
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = (first: boolean) =>
      fetchOrder(orderId)
        .then((data) => {
          if (!active) return;
          setState({ kind: 'loaded', data });
          if (pollWhile?.(data)) timer = setTimeout(() => void load(false), pollMs);
        })
        .catch((error: unknown) => {
          if (!active) return;
          if (!first) {
            timer = setTimeout(() => void load(false), pollMs);
            return;
          }
          const notFound = error instanceof ApiError && error.status === 404;
          setState({
            kind: 'error',
            message: notFound ? messages.order_not_found : messages.order_load_failed,
          });
        });
    void load(true);
    return () => {
      active = false;
      clearTimeout(timer);
    };
    // pollWhile is read when an answer arrives; callers pass a stable function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, version, pollMs]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state, reload };
}

export function useOrder(orderId: string | null): OrderState {
  return useLiveOrder(orderId).state;
}
