import { z } from 'zod';
import { messages } from '../messages';
import { sanitiseText } from './checkout';

// "Números da loja" (ADR 031): short texts, through the same guard as every text a visitor may read.

const text = (max: number) =>
  z
    .string({ error: messages.shop_claim_invalid })
    .transform(sanitiseText)
    .pipe(z.string().min(1, messages.shop_claim_invalid).max(max, messages.shop_claim_invalid));
const claim = z.object({ value: text(12), label: text(40) }, { error: messages.shop_claim_invalid });

export const shopClaimsSchema = z.object({
  shown: z.boolean({ error: messages.shop_claim_invalid }),
  profiles: claim,
  interactions: claim,
  aboutProfiles: text(60),
});
export type ShopClaimsFields = z.output<typeof shopClaimsSchema>;
