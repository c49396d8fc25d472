import { z } from 'zod';
import { ProviderError } from '../payment-provider';
import type { AsaasRequest } from './asaas-client';

// The parts of Asaas's answers (API v3) that the store reads, checked instead of cast: a malformed answer
// becomes a ProviderError the caller logs and handles.

const id = z.string().min(1);
// Every field of a refund item is optional in Asaas's document (PaymentRefundGetResponseDto): an item
// without them is read as what it can tell, never as an unreadable payment.
export const asaasRefund = z.object({
  status: z.string().nullish(),
  value: z.number().nullish(),
  description: z.string().nullish(),
});
export const asaasCustomer = z.object({
  id,
  name: z.string().nullish(),
  email: z.string().nullish(),
  mobilePhone: z.string().nullish(),
  postalCode: z.string().nullish(),
  addressNumber: z.string().nullish(),
  notificationDisabled: z.boolean().nullish(),
});
export const asaasPayment = z.object({
  id,
  status: z.string().min(1),
  value: z.number().nullish(),
  billingType: z.string().nullish(),
  invoiceUrl: z.string().nullish(),
  /** The instalment plan a card payment belongs to (installmentCount ≥ 2). */
  installment: z.string().min(1).nullish(),
  subscription: z.string().min(1).nullish(),
  /** 'YYYY-MM-DD' ('Criar nova cobrança', `dueDate`). */
  dueDate: z.string().nullish(),
  externalReference: z.string().nullish(),
  deleted: z.boolean().nullish(),
  refunds: z.array(asaasRefund).nullish(),
});
export const asaasPixQrCode = z.object({
  encodedImage: z.string().min(1),
  payload: z.string().min(1),
  expirationDate: z.string().min(10),
});
export const asaasSubscription = z.object({
  id,
  status: z.string().nullish(),
  deleted: z.boolean().nullish(),
});
const asaasPage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), hasMore: z.boolean().default(false) });

/** The answer as `schema` describes it, or a ProviderError naming what was wrong (never the values). */
export function asaasAnswer<T extends z.ZodType>(schema: T, answer: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.code}`).join('; ');
  throw new ProviderError(`Asaas answered an unexpected ${what}: ${problems}`);
}

/** Lists are paged (at most 100 a page, 'hasMore'): every page is read, up to a sane bound. */
const pageSize = 100;
const maxPages = 20;

export async function asaasListAll<T extends z.ZodType>(
  request: AsaasRequest,
  path: string,
  item: T,
  what: string,
): Promise<Array<z.output<T>>> {
  const items: Array<z.output<T>> = [];
  const separator = path.includes('?') ? '&' : '?';
  for (let page = 0; page < maxPages; page++) {
    const answer = asaasAnswer(
      asaasPage(item),
      await request('GET', `${path}${separator}limit=${pageSize}&offset=${page * pageSize}`),
      what,
    );
    items.push(...answer.data);
    if (!answer.hasMore) return items;
  }
  throw new ProviderError(`Asaas listed more than ${pageSize * maxPages} ${what} items`);
}
