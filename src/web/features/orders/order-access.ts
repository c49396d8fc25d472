import { useEffect } from 'react';
import { ApiError } from '../../lib/api';
import { readStorage, writeStorage } from '../../lib/storage';
import { orderPage } from '../../paths';

// The proof the order's writes need (ADR 026): a token from the checkout, an e-mailed link (#acesso=)
// or the lookup, kept in sessionStorage for this tab; or the purchase code the buyer types.

const key = (orderId: string) => `impulso_order_access:${orderId}`;

export function keepOrderToken(orderId: string, token: string | undefined): void {
  if (token) writeStorage('session', key(orderId), token);
}

export function orderToken(orderId: string): string | null {
  return readStorage('session', key(orderId));
}

/** `/order/{id}`, with the kept token in the fragment so a new tab can write too (the page wipes it). */
export function orderPath(orderId: string): string {
  const token = orderToken(orderId);
  return token ? `${orderPage(orderId)}#acesso=${encodeURIComponent(token)}` : orderPage(orderId);
}

/**
 * The `#acesso=` of an e-mailed or in-app link, moved to sessionStorage and wiped from the address bar
 * before analytics or a later navigation can see it (like the `#token=` of use-link-token.ts).
 */
export function useOrderAccessFragment(orderId: string | null): void {
  useEffect(() => {
    if (!orderId) return;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('acesso');
    if (token === null) return;
    keepOrderToken(orderId, token);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, [orderId]);
}

/** A 403 that a purchase code answers: no proof, or a wrong code. */
export const asksForCode = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 403 &&
  (error.code === 'order_proof_required' || error.code === 'order_code_wrong');
