import { z } from 'zod';
import { messages } from '../messages';
import { emailSchema } from './lead';
import { sanitiseText } from './checkout';

/** Customers' passwords (issue 9 §8; the operator's policy is stricter, on the server). */
export const customerPasswordMinLength = 8;
const password = z
  .string({ error: messages.password_required })
  .min(customerPasswordMinLength, messages.password_too_short)
  .max(200)
  .refine((value) => value.trim() !== '', messages.password_blank);
const accountEmail = z
  .string({ error: messages.checkout_email_required })
  .trim()
  .min(1, messages.checkout_email_required)
  .pipe(emailSchema);

/** /signup (docs/product.md#accounts). */
export const signupSchema = z
  .object({
    name: z
      .string({ error: messages.name_required })
      .transform(sanitiseText)
      .pipe(z.string().min(1, messages.name_required).max(120)),
    email: accountEmail,
    password,
    confirmPassword: z.string({ error: messages.password_required }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwords_differ,
  });

export const loginSchema = z.object({
  email: accountEmail,
  password: z.string({ error: messages.password_required }).min(1, messages.password_required).max(200),
});

export const resetRequestSchema = z.object({ email: accountEmail });

export const resetConfirmSchema = z
  .object({ token: z.string().min(20).max(100), password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwords_differ,
  });

export const verifyEmailSchema = z.object({ token: z.string().min(20).max(100) });

export interface AccountUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

export interface AccountOrder {
  id: string;
  purchaseCode: string;
  service: 'followers' | 'likes' | 'views' | 'recurring';
  planId: import('../catalogue').PlanId | null;
  quantity: number;
  totalCents: number;
  status: import('../orders').OrderStatus;
  paymentStatus: import('../orders').PaymentStatus;
  createdAt: string;
  /** A plan's months share their subscription: /dashboard groups them. */
  subscriptionId: string | null;
  /** A plan's paid month: the followers so far and each engagement component (issue 26). */
  planMonth: import('../plan-month').PlanMonthLine[] | null;
  /** The order's NFS-e, its links included: the session proves the order (ADR 036). */
  invoice: import('./order-view').InvoiceView | null;
}
