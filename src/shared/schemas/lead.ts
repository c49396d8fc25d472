import { z } from 'zod';
import { productIds } from '../catalogue';
import { messages } from '../messages';
import { isInstagramPostLink, isValidInstagramHandle, normaliseInstagramHandle } from '../instagram';

// A simple x@y.z shape (docs/product.md#validation-texts), without the characters that would add parts to a
// mailto: link (?, &, %, #) or break out of markup (issue 9 §11); the server validates again on every order.
const emailPattern = /^[^\s@?&%#<>"\\/]+@[^\s@?&%#<>"\\/]+\.[^\s@?&%#<>"\\/]+$/;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, messages.email_required)
  .max(254, messages.email_invalid)
  .regex(emailPattern, messages.email_invalid);

export const instagramHandleSchema = z
  .string()
  .refine(isValidInstagramHandle, messages.instagram_invalid)
  .transform(normaliseInstagramHandle);

export const postLinkSchema = z
  .string()
  .trim()
  .min(1, messages.post_link_required)
  .max(500, messages.post_link_invalid)
  .refine(isInstagramPostLink, messages.post_link_invalid);

/** The purchase modal on /precos (docs/product.md#pages). */
export function leadSchema(needsPostLink: boolean) {
  return z.object({
    instagram: instagramHandleSchema,
    email: emailSchema,
    postLink: needsPostLink ? postLinkSchema : z.string().optional(),
  });
}

export type Lead = z.output<ReturnType<typeof leadSchema>>;

/** POST /api/leads: the modal's fields and the package looked at (the server checks it exists). */
export const leadRequestSchema = z.object({
  product: z.enum(productIds),
  amount: z.coerce.number().int().positive(),
  instagram: instagramHandleSchema,
  email: emailSchema,
  postLink: z.union([z.literal(''), postLinkSchema]).optional(),
});
export type LeadRequest = z.input<typeof leadRequestSchema>;
