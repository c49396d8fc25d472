import { z } from 'zod';
import { messages } from '../messages';
import { planIds, productIds, type PlanId, type ProductId } from '../catalogue';
import { componentDelays, planComponentIds, type PlanComponentId } from '../plan-components';

// The panel's catalogue editor (issue 13): every number is validated here and again by the database's
// invariants (unique quantity per type, at least one available package per type).

const cents = z
  .number({ error: messages.catalogue_price_invalid })
  .int(messages.catalogue_price_invalid)
  .min(1, messages.catalogue_price_invalid)
  .max(10_000_000, messages.catalogue_price_invalid);
const line = z.string().trim().min(1).max(80);
const lines = z.array(line).max(8);

const amount = (max: number) =>
  z
    .number({ error: messages.catalogue_amount_invalid })
    .int(messages.catalogue_amount_invalid)
    .min(1, messages.catalogue_amount_invalid)
    .max(max, messages.catalogue_amount_invalid);
const serviceId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, messages.catalogue_service_invalid)
  .nullable()
  .default(null);

export const catalogueProductParam = z.enum(productIds);
export const cataloguePlanParam = z.enum(planIds);

export const adminPackageSchema = z.object({
  amount: amount(10_000_000),
  priceCents: cents,
  popular: z.boolean().default(false),
  available: z.boolean().default(true),
  perks: lines.default([]),
  /** A service id at the SMM panel, or null for the type's (FULFILMENT_SERVICE_*). */
  panelServiceId: serviceId,
});
export type AdminPackageFields = z.output<typeof adminPackageSchema>;

export const adminProductSchema = z.object({
  addOnUnitCents: cents,
  guaranteeDays: z.number().int().min(0).max(365),
});
export type AdminProductFields = z.output<typeof adminProductSchema>;

export const adminPlanSchema = z
  .object({
    priceCents: cents,
    popular: z.boolean().default(false),
    badge: z.string().trim().max(30).nullable().default(null),
    features: lines.default([]),
    benefits: lines.default([]),
    dailyMin: z.number().int().min(1).max(10_000),
    dailyMax: z.number().int().min(1).max(10_000),
  })
  .refine((p) => p.dailyMax >= p.dailyMin, {
    message: 'O máximo por dia não pode ser menor que o mínimo.',
    path: ['dailyMax'],
  });
export type AdminPlanFields = z.output<typeof adminPlanSchema>;

export const planComponentParam = z.enum(planComponentIds);

/**
 * A plan's engagement component (ADR 032): per-post quantity, the panel's subscription service and the
 * minutes it waits after each new post (one of the panels' published values, docs/fulfilment.md#plans).
 */
export const adminPlanComponentSchema = z.object({
  quantity: amount(100_000),
  /** null: no service at the panel, the operator delivers it by hand each month. */
  panelServiceId: serviceId,
  delayMinutes: z.literal(componentDelays, { error: messages.catalogue_delay_invalid }).default(0),
});
export type AdminPlanComponentFields = z.output<typeof adminPlanComponentSchema>;

export interface AdminCatalogueAudit {
  entity: string;
  entityId: string;
  actor: string;
  before: string | null;
  after: string | null;
  at: string;
}

/** GET /api/admin/catalogue: the editor's data, with service overrides and the latest changes. */
export interface AdminCatalogue {
  version: number;
  products: {
    id: ProductId;
    name: string;
    addOnUnitCents: number;
    guaranteeDays: number;
    packages: AdminPackageFields[];
  }[];
  plans: (AdminPlanFields & {
    id: PlanId;
    name: string;
    components: (AdminPlanComponentFields & { id: PlanComponentId })[];
  })[];
  audit: AdminCatalogueAudit[];
}
