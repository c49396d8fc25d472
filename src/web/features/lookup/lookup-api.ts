import type { LookupResponse } from '#shared/schemas/lookup.ts';
import { api } from '../../lib/api';

// The lookup feature's call to our server.

/** 10 s, then 'Servidor demorou para responder. Tente novamente.' (docs/product.md#order-lookup). */
export const lookupOrders = (email: string, code: string) =>
  api.post<LookupResponse>('/api/orders/lookup', { email, code }, { timeoutMs: 10_000 });
