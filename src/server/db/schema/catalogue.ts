import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PlanId, ProductId } from '#shared/catalogue.ts';
import type { ComponentDelay, PlanComponentId } from '#shared/plan-components.ts';

// The catalogue the owner edits in the panel (issue 13, ADR 021). The kinds of product and plan are
// fixed in code (src/shared/catalogue.ts); these rows hold their prices and wording. The version that
// instances watch is the `catalogue_version` row of shop_settings.

export const catalogueProducts = pgTable('catalogue_products', {
  /** followers | likes | views */
  id: text('id').$type<ProductId>().primaryKey(),
  addOnUnitCents: integer('add_on_unit_cents').notNull(),
  guaranteeDays: integer('guarantee_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cataloguePackages = pgTable(
  'catalogue_packages',
  {
    product: text('product').$type<ProductId>().notNull(),
    amount: integer('amount').notNull(),
    priceCents: integer('price_cents').notNull(),
    popular: boolean('popular').notNull().default(false),
    available: boolean('available').notNull().default(true),
    perks: jsonb('perks').$type<string[]>().notNull().default([]),
    /** The panel service for this package instead of the type's (FULFILMENT_SERVICE_*); never sent to buyers. */
    panelServiceId: text('panel_service_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.product, t.amount] })],
);

export const cataloguePlans = pgTable('catalogue_plans', {
  /** iniciante | simples | avancado */
  id: text('id').$type<PlanId>().primaryKey(),
  priceCents: integer('price_cents').notNull(),
  popular: boolean('popular').notNull().default(false),
  badge: text('badge'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  dailyMin: integer('daily_min').notNull(),
  dailyMax: integer('daily_max').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a plan sells besides its daily followers (issue 26, ADR 032): likes per post, story views, video
 * views, each with its quantity and the panel's subscription-type service that delivers it (null: the
 * operator delivers it by hand, a task in the panel each month).
 */
export const cataloguePlanComponents = pgTable(
  'catalogue_plan_components',
  {
    planId: text('plan_id').$type<PlanId>().notNull(),
    /** likes_per_post | story_views | video_views */
    component: text('component').$type<PlanComponentId>().notNull(),
    quantity: integer('quantity').notNull(),
    panelServiceId: text('panel_service_id'),
    /** Minutes the panel waits after each new post (`delay`, one of the published values). */
    delayMinutes: integer('delay_minutes').$type<ComponentDelay>().notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.component] })],
);

export type CataloguePackageRow = typeof cataloguePackages.$inferSelect;
export type CataloguePlanRow = typeof cataloguePlans.$inferSelect;
export type CataloguePlanComponentRow = typeof cataloguePlanComponents.$inferSelect;
export type CatalogueProductRow = typeof catalogueProducts.$inferSelect;
