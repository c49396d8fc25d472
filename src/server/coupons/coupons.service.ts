import { formatBRL } from '../../shared/money';
import { messages } from '../../shared/messages';
import type { CouponTerms } from '../../shared/discounts';
import type { CatalogueStore } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import type { CouponRow } from '../db/schema';
import { AppError } from '../errors';
import { couponsRepo } from './coupons.repo';

/** How long an instance trusts what it read of a coupon: the panel's edits show within 5 s. */
const cacheMs = 5_000;

const refuse = (code: keyof typeof messages, message: string = messages[code]) =>
  new AppError('invalid_input', code, message, { field: 'couponCode' });

/** Coupons and the PIX discount as checkout prices them (issue 13, docs/coupons.md). */
export function createCoupons(deps: { db: Db; clock: () => Date; catalogue: CatalogueStore }) {
  const { db, clock } = deps;
  const cache = new Map<string, { at: number; row: CouponRow | undefined }>();

  async function find(code: string): Promise<CouponRow | undefined> {
    const now = clock().getTime();
    const hit = cache.get(code);
    if (hit && now - hit.at < cacheMs) return hit.row;
    const row = await couponsRepo.findByCode(db, code);
    if (cache.size > 1000) cache.clear();
    cache.set(code, { at: now, row });
    return row;
  }

  return {
    /**
     * The coupon for this order, or the pt-BR reason it does not apply: unknown or switched off, not yet or
     * no longer valid, not for this product, below its minimum, used up (overall or by this e-mail). The
     * last two are checked again, exactly, when the use is taken.
     */
    async check(
      code: string,
      order: { subtotalCents: number; recurring: boolean; email: string | null },
      /** Off when placing the order: taking the use decides, and lets a replayed request keep its own. */
      countUses = true,
    ): Promise<{ coupon: CouponRow; terms: CouponTerms }> {
      const coupon = await find(code);
      if (!coupon?.active) throw refuse('coupon_unknown');
      const now = clock();
      if (coupon.validFrom && now < coupon.validFrom) throw refuse('coupon_not_started');
      if (coupon.validUntil && now >= coupon.validUntil) throw refuse('coupon_expired');
      const fits = coupon.appliesTo === 'both' || (coupon.appliesTo === 'plans') === order.recurring;
      if (!fits) throw refuse('coupon_not_for_item');
      if (order.subtotalCents < coupon.minTotalCents)
        throw refuse(
          'coupon_below_minimum',
          `${messages.coupon_below_minimum} ${formatBRL(coupon.minTotalCents)}.`,
        );
      if (countUses && (coupon.maxUses !== null || coupon.maxUsesPerEmail !== null)) {
        const uses = await couponsRepo.usesOf(db, coupon.id, order.email);
        if (coupon.maxUses !== null && uses.total >= coupon.maxUses) throw refuse('coupon_used_up');
        if (coupon.maxUsesPerEmail !== null && uses.byEmail >= coupon.maxUsesPerEmail)
          throw refuse('coupon_used_by_email');
      }
      const terms = {
        kind: coupon.kind,
        percent: coupon.percent,
        amountCents: coupon.amountCents,
      };
      return { coupon, terms };
    },

    /** Takes the use for this order (before the order is stored); a replayed request keeps its use. */
    async redeem(coupon: CouponRow, use: { idempotencyKey: string; email: string; discountCents: number }) {
      const result = await couponsRepo.redeem(db, { coupon, ...use, now: clock() });
      if (result === 'used_up') throw refuse('coupon_used_up');
      if (result === 'used_by_email') throw refuse('coupon_used_by_email');
    },

    /** The shop's PIX discount as the owner set it in the panel: part of the catalogue (ADR 021). */
    async pixDiscountPercent(): Promise<number> {
      return deps.catalogue.current().pixDiscountPercent;
    },

    /** After an edit in the panel: this instance sees it at once (others within cacheMs). */
    forget() {
      cache.clear();
    },
  };
}

export type Coupons = ReturnType<typeof createCoupons>;
