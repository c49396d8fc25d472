import { z } from 'zod';
import { ProviderError } from '../payment-provider';

// The parts of Asaas's answers (API v3, reference/payments.md §1) that the store reads, checked instead of
// cast: a malformed answer becomes a ProviderError the caller logs and handles (issue 10 §4).

const id = z.string().min(1);
export const asaasCustomer = z.object({ id });
export const asaasPayment = z.object({
  id,
  status: z.string().min(1),
  invoiceUrl: z.string().optional(),
  /** The instalment plan a card payment belongs to (installmentCount ≥ 2). */
  installment: z.string().min(1).nullish(),
});
/** A charge as `GET /payments?externalReference=` lists it. */
export const asaasChargeSummary = asaasPayment.extend({ billingType: z.string().default('') });
export const asaasPaymentStatus = z.object({ status: z.string().min(1) });
export const asaasPixQrCode = z.object({
  encodedImage: z.string().min(1),
  payload: z.string().min(1),
  expirationDate: z.string().min(10),
});
export const asaasSubscription = z.object({ id });
export const asaasInstallment = z.object({ id });
export const asaasList = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** The answer as `schema` describes it, or a ProviderError naming what was wrong (never the values). */
export function asaasAnswer<T extends z.ZodType>(schema: T, answer: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.code}`).join('; ');
  throw new ProviderError(`Asaas answered an unexpected ${what}: ${problems}`);
}
