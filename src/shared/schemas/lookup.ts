import { z } from 'zod';
import { messages } from '../messages';
import { normalisePurchaseCode } from '../orders';
import type { OrderView } from './order-view';

/** Body of POST /api/orders/lookup (docs/product.md#order-lookup): e-mail lower-cased, code trimmed. */
export const lookupSchema = z.object({
  email: z
    .string({ error: messages.lookup_required })
    .trim()
    .toLowerCase()
    .min(1, messages.lookup_required)
    .max(254, messages.lookup_invalid),
  code: z
    .string({ error: messages.lookup_required })
    .trim()
    .min(1, messages.lookup_required)
    .max(20, messages.lookup_invalid)
    .transform(normalisePurchaseCode),
});

export type LookupInput = z.infer<typeof lookupSchema>;

export interface LookupOrder extends Pick<
  OrderView,
  | 'id'
  | 'purchaseCode'
  | 'service'
  | 'planId'
  | 'instagram'
  | 'status'
  | 'quantity'
  | 'totalCents'
  | 'createdAt'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'addOns'
> {
  /** The support note the operator left for the buyer (docs/product.md#orders). */
  note: string | null;
  /** Proof for the order page's writes, a day long: this answer proved e-mail + purchase code (ADR 026). */
  orderToken: string;
}

export interface LookupResponse {
  success: true;
  pedidos: LookupOrder[];
}
