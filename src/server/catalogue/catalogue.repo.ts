import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { planNames, productKinds, type Catalogue, type PlanId, type ProductId } from '../../shared/catalogue';
import type { AdminCatalogue, AdminPackageFields, AdminPlanFields } from '../../shared/schemas/catalogue';
import type { Executor } from '../db/client';
import {
  cataloguePackages,
  cataloguePlanComponents,
  cataloguePlans,
  catalogueProducts,
  ownerAudit,
  shopSettings,
  type CataloguePlanComponentRow,
} from '../db/schema';
import { componentLine, planComponentIds, type PlanComponentId } from '../../shared/plan-components';

export const catalogueVersionKey = 'catalogue_version';
export const pixDiscountKey = 'pix_discount_percent';

async function readSettings(db: Executor) {
  const rows = await db
    .select()
    .from(shopSettings)
    .where(inArray(shopSettings.key, [catalogueVersionKey, pixDiscountKey]));
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? 0;
  return { version: value(catalogueVersionKey), pixDiscountPercent: value(pixDiscountKey) };
}

async function readRows(db: Executor) {
  // The version first: rows read after it are at least that new, so an edit committed in between can only
  // make the next version check reload again, never leave an instance on old rows under a new version.
  const settings = await readSettings(db);
  const [products, packages, plans, components] = await Promise.all([
    db.select().from(catalogueProducts),
    db
      .select()
      .from(cataloguePackages)
      .orderBy(asc(cataloguePackages.product), asc(cataloguePackages.amount)),
    db.select().from(cataloguePlans),
    db.select().from(cataloguePlanComponents),
  ]);
  const byKind = productKinds.map((kind) => ({
    kind,
    row: products.find((p) => p.id === kind.id),
    packages: packages.filter((p) => p.product === kind.id),
  }));
  const componentsOf = (plan: string) =>
    componentsInOrder(components.filter((c) => c.planId === plan)).map(componentFields);
  return { byKind, plans, componentsOf, ...settings };
}

/** A plan's components in the order the cards list them. */
export const componentsInOrder = (rows: CataloguePlanComponentRow[]) =>
  planComponentIds.flatMap((id) => rows.filter((r) => r.component === id));

export const componentFields = (row: CataloguePlanComponentRow) => ({
  id: row.component,
  quantity: row.quantity,
  panelServiceId: row.panelServiceId,
  delayMinutes: row.delayMinutes,
});

const planFields = (row: typeof cataloguePlans.$inferSelect): AdminPlanFields => ({
  priceCents: row.priceCents,
  popular: row.popular,
  badge: row.badge,
  features: row.features,
  benefits: row.benefits,
  dailyMin: row.dailyMin,
  dailyMax: row.dailyMax,
});

const packageFields = (row: typeof cataloguePackages.$inferSelect): AdminPackageFields => ({
  amount: row.amount,
  priceCents: row.priceCents,
  popular: row.popular,
  available: row.available,
  perks: row.perks,
  panelServiceId: row.panelServiceId,
});

export const catalogueRepo = {
  settings: readSettings,

  /** What buyers see and orders are priced from; service overrides stay on the server. */
  async load(db: Executor): Promise<Catalogue> {
    const { byKind, plans, componentsOf, version, pixDiscountPercent } = await readRows(db);
    return {
      version,
      pixDiscountPercent,
      products: byKind.map(({ kind, row, packages }) => ({
        ...kind,
        addOnUnitCents: row?.addOnUnitCents ?? 0,
        guaranteeDays: row?.guaranteeDays ?? 0,
        packages: packages.map((p) => ({
          id: `${kind.id}-${p.amount}`,
          amount: p.amount,
          priceCents: p.priceCents,
          popular: p.popular,
          available: p.available,
          perks: p.perks,
        })),
      })),
      plans: Object.entries(planNames).flatMap(([id, name]) => {
        const row = plans.find((p) => p.id === id);
        if (!row) return [];
        const { dailyMin, dailyMax, features, ...fields } = planFields(row);
        const components = componentsOf(id).map(({ id, quantity }) => ({ id, quantity }));
        return [
          {
            id: row.id,
            name,
            ...fields,
            // The card cannot promise what delivery does not send: its lines come from the components.
            features: [...components.map(componentLine), ...features],
            dailyFollowers: { min: dailyMin, max: dailyMax },
            components,
          },
        ];
      }),
    };
  },

  async loadForAdmin(db: Executor): Promise<Omit<AdminCatalogue, 'audit'>> {
    const { byKind, plans, componentsOf, version } = await readRows(db);
    return {
      version,
      products: byKind.map(({ kind, row, packages }) => ({
        id: kind.id,
        name: kind.name,
        addOnUnitCents: row?.addOnUnitCents ?? 0,
        guaranteeDays: row?.guaranteeDays ?? 0,
        packages: packages.map(packageFields),
      })),
      plans: Object.entries(planNames).flatMap(([id, name]) => {
        const row = plans.find((p) => p.id === id);
        return row ? [{ id: row.id, name, ...planFields(row), components: componentsOf(id) }] : [];
      }),
    };
  },

  async findPackage(db: Executor, product: ProductId, amount: number, options: { forUpdate?: boolean } = {}) {
    const query = db
      .select()
      .from(cataloguePackages)
      .where(and(eq(cataloguePackages.product, product), eq(cataloguePackages.amount, amount)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ? packageFields(row) : undefined;
  },

  async availablePackages(db: Executor, product: ProductId): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(cataloguePackages)
      .where(and(eq(cataloguePackages.product, product), eq(cataloguePackages.available, true)));
    return Number(row?.count ?? 0);
  },

  async findProduct(db: Executor, product: ProductId) {
    const [row] = await db.select().from(catalogueProducts).where(eq(catalogueProducts.id, product));
    return row ? { addOnUnitCents: row.addOnUnitCents, guaranteeDays: row.guaranteeDays } : undefined;
  },

  async findPlan(db: Executor, plan: PlanId): Promise<AdminPlanFields | undefined> {
    const [row] = await db.select().from(cataloguePlans).where(eq(cataloguePlans.id, plan));
    return row ? planFields(row) : undefined;
  },

  async findPlanComponent(db: Executor, plan: PlanId, component: PlanComponentId) {
    const [row] = await db
      .select()
      .from(cataloguePlanComponents)
      .where(and(eq(cataloguePlanComponents.planId, plan), eq(cataloguePlanComponents.component, component)));
    return row
      ? { quantity: row.quantity, panelServiceId: row.panelServiceId, delayMinutes: row.delayMinutes }
      : undefined;
  },

  /** The catalogue's latest changes, newest first, for the editor. */
  async recentAudit(db: Executor, limit: number) {
    return db
      .select()
      .from(ownerAudit)
      .where(sql`${ownerAudit.entity} like 'catalogue_%'`)
      .orderBy(desc(ownerAudit.at))
      .limit(limit);
  },
};
