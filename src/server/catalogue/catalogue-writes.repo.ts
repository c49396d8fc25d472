import { and, eq, sql } from 'drizzle-orm';
import type { PlanId, ProductId } from '../../shared/catalogue';
import type {
  AdminPackageFields,
  AdminPlanComponentFields,
  AdminPlanFields,
} from '../../shared/schemas/catalogue';
import type { Executor } from '../db/client';
import {
  cataloguePackages,
  cataloguePlanComponents,
  cataloguePlans,
  catalogueProducts,
  shopSettings,
} from '../db/schema';
import type { PlanComponentId } from '../../shared/plan-components';
import { catalogueVersionKey, pixDiscountKey } from './catalogue.repo';

/** The catalogue editor's writes (catalogue-editor.ts), each followed there by bumpVersion. */
export const catalogueWritesRepo = {
  async insertPackage(db: Executor, product: ProductId, fields: AdminPackageFields, now: Date) {
    await db.insert(cataloguePackages).values({ product, ...fields, updatedAt: now });
  },

  async updatePackage(
    db: Executor,
    product: ProductId,
    amount: number,
    fields: AdminPackageFields,
    now: Date,
  ) {
    await db
      .update(cataloguePackages)
      .set({ ...fields, updatedAt: now })
      .where(and(eq(cataloguePackages.product, product), eq(cataloguePackages.amount, amount)));
  },

  async updateProduct(
    db: Executor,
    product: ProductId,
    fields: { addOnUnitCents: number; guaranteeDays: number },
    now: Date,
  ) {
    await db
      .update(catalogueProducts)
      .set({ ...fields, updatedAt: now })
      .where(eq(catalogueProducts.id, product));
  },

  async updatePlan(db: Executor, plan: PlanId, fields: AdminPlanFields, now: Date) {
    await db
      .update(cataloguePlans)
      .set({ ...fields, updatedAt: now })
      .where(eq(cataloguePlans.id, plan));
  },

  async savePlanComponent(
    db: Executor,
    plan: PlanId,
    component: PlanComponentId,
    fields: AdminPlanComponentFields,
    now: Date,
  ) {
    await db
      .insert(cataloguePlanComponents)
      .values({ planId: plan, component, ...fields, updatedAt: now })
      .onConflictDoUpdate({
        target: [cataloguePlanComponents.planId, cataloguePlanComponents.component],
        set: { ...fields, updatedAt: now },
      });
  },

  async savePixDiscount(db: Executor, percent: number, now: Date): Promise<void> {
    await db
      .insert(shopSettings)
      .values({ key: pixDiscountKey, value: percent, updatedAt: now })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: percent, updatedAt: now } });
  },

  /** Moves the version every instance watches; serialises concurrent edits on its row. */
  async bumpVersion(db: Executor, now: Date): Promise<number> {
    const [row] = await db
      .insert(shopSettings)
      .values({ key: catalogueVersionKey, value: 1, updatedAt: now })
      .onConflictDoUpdate({
        target: shopSettings.key,
        set: { value: sql`${shopSettings.value} + 1`, updatedAt: now },
      })
      .returning({ value: shopSettings.value });
    return row!.value;
  },
};
