import { z } from 'zod';

/**
 * A monthly plan's terms for its later months (issue 43, docs/payments.md#plans): how many days ahead of
 * its due day a PIX month is sent to the buyer, after how many unpaid days the plan pauses, and after how
 * many it is cancelled. São Paulo days.
 */
export const planTermsEnv = {
  PLAN_PIX_NOTICE_DAYS: z.coerce.number().int().min(0).max(27).default(3),
  PLAN_GRACE_DAYS: z.coerce.number().int().min(1).max(27).default(5),
  PLAN_CANCEL_AFTER_DAYS: z.coerce.number().int().min(2).max(60).default(15),
  /** The São Paulo hour from which the day's notices leave: nobody is woken by a PIX at midnight. */
  PLAN_NOTICE_HOUR: z.coerce.number().int().min(0).max(23).default(9),
};

export interface PlanTerms {
  noticeDays: number;
  graceDays: number;
  cancelAfterDays: number;
  noticeHour: number;
}

export function planTermsOf(e: {
  PLAN_PIX_NOTICE_DAYS: number;
  PLAN_GRACE_DAYS: number;
  PLAN_CANCEL_AFTER_DAYS: number;
  PLAN_NOTICE_HOUR: number;
}): Readonly<PlanTerms> {
  if (e.PLAN_CANCEL_AFTER_DAYS <= e.PLAN_GRACE_DAYS)
    throw new Error(
      'PLAN_CANCEL_AFTER_DAYS must be more than PLAN_GRACE_DAYS: a plan pauses before it ends.',
    );
  return Object.freeze({
    noticeDays: e.PLAN_PIX_NOTICE_DAYS,
    graceDays: e.PLAN_GRACE_DAYS,
    cancelAfterDays: e.PLAN_CANCEL_AFTER_DAYS,
    noticeHour: e.PLAN_NOTICE_HOUR,
  });
}
