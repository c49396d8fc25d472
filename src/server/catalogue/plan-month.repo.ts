import { eq } from 'drizzle-orm';
import type { PlanId } from '../../shared/catalogue';
import type { Executor } from '../db/client';
import { cataloguePlanComponents, cataloguePlans } from '../db/schema';
import { componentFields, componentsInOrder } from './catalogue.repo';

export const planMonthRepo = {
  /**
   * What a month of the plan paid now delivers, in one read (a renewal's cost, bench:fulfilment part 3):
   * the daily promise and each component's quantity and panel service as the owner has them now (ADR 032).
   */
  async find(db: Executor, plan: PlanId) {
    const rows = await db
      .select({
        dailyMin: cataloguePlans.dailyMin,
        dailyMax: cataloguePlans.dailyMax,
        component: cataloguePlanComponents,
      })
      .from(cataloguePlans)
      .leftJoin(cataloguePlanComponents, eq(cataloguePlanComponents.planId, cataloguePlans.id))
      .where(eq(cataloguePlans.id, plan));
    const [first] = rows;
    if (!first) throw new Error(`plan ${plan} is not in the catalogue`);
    return {
      dailyFollowers: { min: first.dailyMin, max: first.dailyMax },
      components: componentsInOrder(rows.flatMap((r) => (r.component ? [r.component] : []))).map(
        componentFields,
      ),
    };
  },
};
