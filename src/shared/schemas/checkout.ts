import { z } from 'zod';
import { maxInstalments, planIds, productIds } from '../catalogue';
import { messages } from '../messages';
import { cnpjCharacters, isValidCnpj } from '../validators/cnpj';
import { isCardNumberValid, isValidBrazilianPhone, isValidCpf, onlyDigits } from '../validators/documents';
import { emailSchema, instagramHandleSchema, postLinkSchema } from './lead';
import { couponCodeSchema } from './coupons';

/**
 * docs/product.md#validation-texts: trimmed, < and > removed, javascript: and on…= patterns removed, at
 * most 1000 characters.
 */
export function sanitiseText(value: string): string {
  return value
    .replace(/[<>]/g, '')
    .replace(/javascript:/gi, '')
    .replace(/\bon\w+\s*=/gi, '')
    .trim()
    .slice(0, 1000);
}

const text = (required: string) =>
  z.string({ error: required }).transform(sanitiseText).pipe(z.string().min(1, required));
const digits = z.string().transform(onlyDigits);

export const checkoutItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(productIds), amount: z.coerce.number().int().positive() }),
  z.object({ type: z.literal('recurring'), plan: z.enum(planIds, { error: messages.unknown_plan }) }),
]);
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

/**
 * "Precisa de nota em nome de empresa?" (docs/product.md#company-invoices): the invoice's taker, and so
 * the charge's customer at the provider. The CNPJ is kept as its 14 characters, upper case.
 */
export const companySchema = z.object({
  cnpj: z
    .string({ error: messages.cnpj_required })
    .refine((v) => cnpjCharacters(v).length > 0, messages.cnpj_required)
    .refine(isValidCnpj, messages.cnpj_invalid)
    .transform(cnpjCharacters),
  name: text(messages.company_name_required),
});
export type CompanyInput = z.output<typeof companySchema>;

/** Step 1 (docs/product.md#pages): handle, post link (likes, views), WhatsApp, add-ons and their links. */
export const checkoutStep1Schema = z.object({
  instagram: z
    .string({ error: messages.instagram_required })
    .trim()
    .min(1, messages.instagram_required)
    .pipe(instagramHandleSchema),
  postLink: z.union([z.literal(''), postLinkSchema]).optional(),
  whatsapp: z
    .string({ error: messages.whatsapp_required })
    .refine((v) => onlyDigits(v).length > 0, messages.whatsapp_required)
    .refine(isValidBrazilianPhone, messages.whatsapp_invalid)
    .transform(onlyDigits),
  /** "Quero receber atualizações do pedido pelo WhatsApp": a consent, off unless ticked (docs/whatsapp.md). */
  whatsappUpdates: z.boolean().default(false),
  addOns: z.array(z.enum(productIds)).max(2).default([]),
  addOnLinks: z.partialRecord(z.enum(productIds), z.union([z.literal(''), postLinkSchema])).default({}),
  company: companySchema.optional(),
});

export const addressSchema = z.object({
  cep: digits.pipe(z.string().length(8, messages.cep_invalid)),
  street: text(messages.address_required),
  number: text(messages.address_required),
  neighborhood: text(messages.address_required),
  city: text(messages.address_required),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, messages.state_invalid),
});

/** A billing address as stored on the order and sent to the provider (CEP as 8 digits). */
export type Address = z.output<typeof addressSchema>;

export const cardSchema = z.object({
  number: z
    .string({ error: messages.card_number_required })
    .refine((v) => onlyDigits(v).length > 0, messages.card_number_required)
    .refine(isCardNumberValid, messages.card_number_invalid)
    .transform(onlyDigits),
  expiry: z
    .string({ error: messages.card_expiry_required })
    .trim()
    .min(1, messages.card_expiry_required)
    .regex(/^(0[1-9]|1[0-2])\/?\d{2}$/, messages.card_expiry_invalid),
  cvv: z
    .string({ error: messages.card_cvv_required })
    .trim()
    .min(1, messages.card_cvv_required)
    .regex(/^\d{3,4}$/, messages.card_cvv_invalid),
  holderName: text(messages.card_name_required).transform((v) => v.toUpperCase()),
});
export type CardInput = z.infer<typeof cardSchema>;

/** A credit card's instalments, 1 (à vista) to 12 (docs/product.md#cards-and-instalments). */
export const installmentsSchema = z.coerce
  .number({ error: messages.installments_invalid })
  .int()
  .min(1, messages.installments_invalid)
  .max(maxInstalments, messages.installments_invalid)
  .default(1);

/** A CPF as typed (dots and dash allowed), checked by its digits; its digits alone. */
export const cpfSchema = z
  .string({ error: messages.cpf_required })
  .refine((v) => onlyDigits(v).length > 0, messages.cpf_required)
  .refine(isValidCpf, messages.cpf_invalid)
  .transform(onlyDigits);

/** Step 2 (docs/product.md#pages): who pays and how. */
export const checkoutStep2Schema = z.object({
  name: text(messages.name_required),
  email: z
    .string({ error: messages.checkout_email_required })
    .trim()
    .min(1, messages.checkout_email_required)
    .pipe(emailSchema),
  // Asked whenever the buyer pays here (the provider wants it for every charge); an order settled on
  // WhatsApp goes without it, and the operator gives it when making the charge (issue 45 §3).
  cpf: cpfSchema.optional(),
  address: addressSchema.optional(),
  paymentMethod: z.enum(['pix', 'credit_card', 'debit_card'], { error: messages.payment_method_required }),
  installments: installmentsSchema,
  card: cardSchema.optional(),
});

/**
 * Body of POST /api/orders. Unknown keys (such as a `price` from the page's query) are dropped: the
 * server prices from the catalogue alone (docs/product.md#prices).
 */
export const createOrderSchema = z
  .object({ item: checkoutItemSchema, couponCode: couponCodeSchema.optional() })
  .extend(checkoutStep1Schema.shape)
  .extend(checkoutStep2Schema.shape);

export type CreateOrderInput = z.infer<typeof createOrderSchema>;
export type CreateOrderRequest = z.input<typeof createOrderSchema>;

/** Body of POST /api/orders/:id/payments: another attempt for a stored, unpaid order. */
export const payOrderSchema = checkoutStep2Schema.pick({
  paymentMethod: true,
  installments: true,
  card: true,
});

/** POST /api/coupons/quote: the order as step 2 knows it, and the code to price it with (issue 13). */
export const couponQuoteSchema = z.object({
  code: couponCodeSchema,
  item: checkoutItemSchema,
  addOns: z.array(z.enum(productIds)).max(2).default([]),
  paymentMethod: z.enum(['pix', 'credit_card', 'debit_card']).optional(),
  email: z.union([z.literal(''), emailSchema]).optional(),
});
