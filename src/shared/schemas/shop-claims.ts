import { z } from 'zod';
import { messages } from '../messages';
import { sanitiseText } from './checkout';

// "Números da loja" (ADR 031, ADR 055): short texts, through the same guard as every text a visitor may
// read. Hidden, they may stay blank (a new shop has no numbers); shown, every one is filled.

const text = (max: number) =>
  z
    .string({ error: messages.shop_claim_invalid })
    .transform(sanitiseText)
    .pipe(z.string().max(max, messages.shop_claim_invalid));
const claim = z.object({ value: text(12), label: text(40) }, { error: messages.shop_claim_invalid });

export const shopClaimsSchema = z
  .object({
    shown: z.boolean({ error: messages.shop_claim_invalid }),
    profiles: claim,
    interactions: claim,
    aboutProfiles: text(60),
  })
  .refine(
    (claims) =>
      !claims.shown ||
      (Boolean(claims.aboutProfiles) &&
        [claims.profiles, claims.interactions].every((c) => c.value && c.label)),
    { error: messages.shop_claim_invalid, path: ['shown'] },
  );
export type ShopClaimsFields = z.output<typeof shopClaimsSchema>;
