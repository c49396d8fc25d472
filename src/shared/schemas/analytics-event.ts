import { z } from 'zod';
import { messages } from '../messages';
import { withoutSecrets } from '../url-secrets';

/** Funnel stages in order, then the other first-party event names (docs/product.md#analytics-and-consent). */
export const funnelStages = ['visitante', 'botao_compra', 'checkout', 'pedido_finalizado'] as const;
export const eventStages = [
  ...funnelStages,
  'lead_captured_before_checkout',
  'asaas_pix_payment_created',
  'asaas_pix_payment_confirmed',
  'card_payment_redirect',
  'card_payment_approved',
] as const;
export type EventStage = (typeof eventStages)[number];

const text = (max: number) => z.string().max(max, messages.field_too_long);
/** A page URL or referrer, stored without any secret it carries (issue 9 §7). */
const pageUrl = text(2000).transform(withoutSecrets);

/**
 * Body of POST /api/events. The IP is never part of it and never stored
 * (docs/product.md#analytics-and-consent).
 */
export const analyticsEventSchema = z
  .object({
    etapa: z.enum(eventStages, { error: messages.unknown_stage }),
    sessionId: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, messages.invalid_input)
      .optional(),
    url: pageUrl.optional(),
    referrer: pageUrl.nullable().optional(),
  })
  .strict();

export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;
