import type { ProductId } from '#shared/catalogue.ts';
import type { Lead } from '#shared/schemas/lead.ts';
import { api } from '../../lib/api';

// The pricing feature's call to our server.

/** The purchase modal's visitor, kept as a lead before the checkout (docs/product.md#privacy). */
export const saveLead = (lead: Lead & { product: ProductId; amount: number }) => api.post('/api/leads', lead);
