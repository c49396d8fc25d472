import type { PlanId, ProductId } from '../../shared/catalogue';
import { messages } from '../../shared/messages';
import type { PlanComponentId } from '../../shared/plan-components';
import type {
  AdminPackageFields,
  AdminPlanComponentFields,
  AdminPlanFields,
  AdminProductFields,
} from '../../shared/schemas/catalogue';
import { recordOwnerChange } from '../admin/owner-audit.repo';
import type { Db, Executor } from '../db/client';
import { AppError } from '../errors';
import { catalogueRepo, pixDiscountKey } from './catalogue.repo';
import { catalogueWritesRepo } from './catalogue-writes.repo';
import type { CatalogueStore } from './catalogue-store';

interface Change {
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/**
 * The owner's edits to the catalogue (issue 13): each one in a transaction that first moves the version
 * (its row lock serialises concurrent edits, so the invariants below hold), writes the audit row, and
 * is then loaded by this instance at once and by the others within a second (ADR 021).
 */
export function catalogueEditor(deps: { db: Db; clock: () => Date; catalogue: CatalogueStore }) {
  const { db, clock } = deps;
  const edit = async (actor: string, change: (tx: Executor, now: Date) => Promise<Change>) => {
    const now = clock();
    await db.transaction(async (tx) => {
      await catalogueWritesRepo.bumpVersion(tx, now);
      const entry = await change(tx, now);
      await recordOwnerChange(tx, { ...entry, actor, at: now });
    });
    await deps.catalogue.refresh();
  };
  const keepOneAvailable = async (tx: Executor, product: ProductId) => {
    if ((await catalogueRepo.availablePackages(tx, product)) === 0)
      throw new AppError('conflict', 'catalogue_last_available', messages.catalogue_last_available, {
        field: 'available',
      });
  };
  const amountFree = async (tx: Executor, product: ProductId, amount: number) => {
    if (await catalogueRepo.findPackage(tx, product, amount))
      throw new AppError('conflict', 'catalogue_amount_taken', messages.catalogue_amount_taken, {
        field: 'amount',
      });
  };

  return {
    addPackage: (actor: string, product: ProductId, fields: AdminPackageFields) =>
      edit(actor, async (tx, now) => {
        await amountFree(tx, product, fields.amount);
        await catalogueWritesRepo.insertPackage(tx, product, fields, now);
        await keepOneAvailable(tx, product);
        return {
          entity: 'catalogue_package',
          entityId: `${product}-${fields.amount}`,
          before: null,
          after: fields,
        };
      }),

    updatePackage: (actor: string, product: ProductId, amount: number, fields: AdminPackageFields) =>
      edit(actor, async (tx, now) => {
        const before = await catalogueRepo.findPackage(tx, product, amount, { forUpdate: true });
        if (!before)
          throw new AppError(
            'not_found',
            'catalogue_package_not_found',
            messages.catalogue_package_not_found,
          );
        if (fields.amount !== amount) await amountFree(tx, product, fields.amount);
        await catalogueWritesRepo.updatePackage(tx, product, amount, fields, now);
        await keepOneAvailable(tx, product);
        return { entity: 'catalogue_package', entityId: `${product}-${amount}`, before, after: fields };
      }),

    updateProduct: (actor: string, product: ProductId, fields: AdminProductFields) =>
      edit(actor, async (tx, now) => {
        const before = await catalogueRepo.findProduct(tx, product);
        await catalogueWritesRepo.updateProduct(tx, product, fields, now);
        return { entity: 'catalogue_product', entityId: product, before: before ?? null, after: fields };
      }),

    /** The PIX discount is part of the prices: every instance reloads it with the catalogue. */
    setPixDiscount: (actor: string, percent: number) =>
      edit(actor, async (tx, now) => {
        const before = (await catalogueRepo.settings(tx)).pixDiscountPercent;
        await catalogueWritesRepo.savePixDiscount(tx, percent, now);
        return { entity: 'setting', entityId: pixDiscountKey, before, after: percent };
      }),

    updatePlan: (actor: string, plan: PlanId, fields: AdminPlanFields) =>
      edit(actor, async (tx, now) => {
        const before = await catalogueRepo.findPlan(tx, plan);
        await catalogueWritesRepo.updatePlan(tx, plan, fields, now);
        return { entity: 'catalogue_plan', entityId: plan, before: before ?? null, after: fields };
      }),

    /** A plan's component: its quantity (the card's line) and the panel service that delivers it. */
    updatePlanComponent: (
      actor: string,
      plan: PlanId,
      component: PlanComponentId,
      fields: AdminPlanComponentFields,
    ) =>
      edit(actor, async (tx, now) => {
        const before = await catalogueRepo.findPlanComponent(tx, plan, component);
        await catalogueWritesRepo.savePlanComponent(tx, plan, component, fields, now);
        return {
          entity: 'catalogue_plan_component',
          entityId: `${plan}:${component}`,
          before: before ?? null,
          after: fields,
        };
      }),
  };
}
