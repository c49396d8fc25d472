import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addDays, saoPauloDay, saoPauloMidnight } from '../../shared/dates';
import { messages } from '../../shared/messages';
import { adminCouponSchema, type AdminCoupon, type AdminCouponFields } from '../../shared/schemas/coupons';
import { couponsRepo } from '../coupons/coupons.repo';
import type { Coupons } from '../coupons/coupons.service';
import { catalogueEditor } from '../catalogue/catalogue-editor';
import type { CatalogueStore } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import type { CouponRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import type { AdminRoute } from './admin-route';
import { recordOwnerChange } from './owner-audit.repo';
import { idParam } from '../http/route-params';

const pixDiscountSchema = z.object({ percent: z.number().int().min(0).max(50) });

/** The form's São Paulo days as the table's instants: from midnight of the first to midnight after the last. */
const toRow = (c: AdminCouponFields) => ({
  ...c,
  validFrom: c.validFrom ? saoPauloMidnight(c.validFrom) : null,
  validUntil: c.validUntil ? saoPauloMidnight(addDays(c.validUntil, 1)) : null,
});
const toFields = (row: Omit<CouponRow, 'id' | 'uses' | 'createdAt'>): AdminCouponFields => ({
  code: row.code,
  kind: row.kind,
  percent: row.percent,
  amountCents: row.amountCents,
  minTotalCents: row.minTotalCents,
  validFrom: row.validFrom ? saoPauloDay(row.validFrom) : null,
  validUntil: row.validUntil ? saoPauloDay(new Date(row.validUntil.getTime() - 1)) : null,
  maxUses: row.maxUses,
  maxUsesPerEmail: row.maxUsesPerEmail,
  appliesTo: row.appliesTo,
  active: row.active,
});

/** Coupons and the PIX discount in the panel (issue 13), each change written to the audit trail. */
export function couponAdminRoutes(deps: {
  db: Db;
  clock: () => Date;
  coupons: Coupons;
  catalogue: CatalogueStore;
}): AdminRoute[] {
  const { db, clock, coupons } = deps;
  const editor = catalogueEditor(deps);
  const couponId = (request: FastifyRequest) => {
    return idParam(request, () => new AppError('not_found', 'coupon_not_found'));
  };
  const saved = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'coupons_code_idx'))
        throw new AppError('conflict', 'coupon_code_taken', messages.coupon_code_taken, { field: 'code' });
      throw error;
    } finally {
      coupons.forget();
    }
  };
  return [
    {
      method: 'GET',
      url: '/api/admin/coupons',
      handler: async (_request, reply) => {
        const rows = await couponsRepo.listWithFigures(db);
        const list: AdminCoupon[] = rows.map((r) => ({
          ...toFields({
            ...r,
            validFrom: r.validFrom ? new Date(r.validFrom) : null,
            validUntil: r.validUntil ? new Date(r.validUntil) : null,
          }),
          id: r.id,
          uses: Number(r.uses),
          paidOrders: Number(r.paid_orders),
          revenueCents: Number(r.revenue_cents),
          discountCents: Number(r.discount_cents),
          createdAt: new Date(r.createdAt).toISOString(),
        }));
        const { pixDiscountPercent } = deps.catalogue.current();
        return reply.header('cache-control', 'no-store').send({ coupons: list, pixDiscountPercent });
      },
    },
    {
      method: 'POST',
      url: '/api/admin/coupons',
      handler: async (request, reply, admin) => {
        const fields = validate(adminCouponSchema, request.body);
        const row = await saved(() => couponsRepo.insert(db, { ...toRow(fields), createdAt: clock() }));
        await recordOwnerChange(db, {
          entity: 'coupon',
          entityId: row.id,
          actor: admin.email,
          before: null,
          after: fields,
          at: clock(),
        });
        return reply.status(201).send({ id: row.id });
      },
    },
    {
      method: 'PATCH',
      url: '/api/admin/coupons/:id',
      handler: async (request, reply, admin) => {
        const id = couponId(request);
        const fields = validate(adminCouponSchema, request.body);
        const before = await couponsRepo.findById(db, id);
        if (!before) throw new AppError('not_found', 'coupon_not_found');
        await saved(() => couponsRepo.update(db, id, toRow(fields)));
        await recordOwnerChange(db, {
          entity: 'coupon',
          entityId: id,
          actor: admin.email,
          before: toFields(before),
          after: fields,
          at: clock(),
        });
        return reply.send({ id });
      },
    },
    {
      method: 'PATCH',
      url: '/api/admin/settings/pix-discount',
      handler: async (request, reply, admin) => {
        const { percent } = validate(pixDiscountSchema, request.body);
        await editor.setPixDiscount(admin.email, percent);
        return reply.send({ pixDiscountPercent: percent });
      },
    },
  ];
}
