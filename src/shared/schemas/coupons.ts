import { z } from 'zod';
import { isRealDay } from '../dates';
import { messages } from '../messages';

/** A coupon code as the buyer types it: case does not matter (stored and compared in capitals). */
export const couponCodeSchema = z
  .string({ error: messages.coupon_invalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,30}$/, messages.coupon_invalid);

export const couponKinds = ['percent', 'fixed'] as const;
export const couponScopes = ['one_time', 'plans', 'both'] as const;

const day = z.string().refine(isRealDay, 'Data inválida (AAAA-MM-DD).');

/** The panel's coupon form (issue 13). Days are São Paulo days, both inclusive. */
export const adminCouponSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(couponKinds),
    percent: z.number().int().min(1).max(100).nullable().default(null),
    amountCents: z.number().int().positive().nullable().default(null),
    minTotalCents: z.number().int().min(0).default(0),
    validFrom: day.nullable().default(null),
    validUntil: day.nullable().default(null),
    maxUses: z.number().int().positive().nullable().default(null),
    maxUsesPerEmail: z.number().int().positive().nullable().default(null),
    appliesTo: z.enum(couponScopes).default('both'),
    active: z.boolean().default(true),
  })
  .refine((c) => (c.kind === 'percent' ? c.percent !== null : c.amountCents !== null), {
    message: 'Informe o percentual ou o valor do desconto.',
    path: ['percent'],
  })
  .refine((c) => !c.validFrom || !c.validUntil || c.validFrom <= c.validUntil, {
    message: 'O fim da validade vem antes do início.',
    path: ['validUntil'],
  });
export type AdminCouponInput = z.input<typeof adminCouponSchema>;
export type AdminCouponFields = z.output<typeof adminCouponSchema>;

/** A coupon as the panel lists it: its terms, how often it was used and what its orders brought in. */
export interface AdminCoupon extends AdminCouponFields {
  id: string;
  uses: number;
  paidOrders: number;
  revenueCents: number;
  discountCents: number;
  createdAt: string;
}

export interface CouponQuote {
  couponCode: string;
  subtotalCents: number;
  couponDiscountCents: number;
  pixDiscountCents: number;
  totalCents: number;
}
