import { addDays, saoPauloDay, saoPauloHour } from '../../shared/dates';
import type { PlanTerms } from '../config-plans';
import type { Db } from '../db/client';
import { enqueueAll } from '../jobs/job-queue';
import type { QueuedJob } from '../jobs/job-payloads';
import { planMonthsRepo } from './plan-months.repo';

/** Plans whose charges are listed at the provider per pass (each an outside call, a day apart). */
const chargeChecksPerPass = 10;

/**
 * A plan's later months followed by their due day (issue 43, docs/payments.md#plans), from the job
 * runner's poller: each PIX month is sent to the buyer `noticeDays` ahead and on
 * its due day; unpaid `graceDays` after it, the plan pauses; `cancelAfterDays` after it, the plan's end
 * is recorded as intended and a job ends it at the provider. Every step claims its rows in one statement,
 * so instances never do one twice; what leaves the shop leaves from a job.
 */
export function planFollowUp(db: Db, terms: PlanTerms) {
  let checkedAt = 0;
  return async (now: Date) => {
    // Each tick: the statements read only months owed (a partial index). The provider's lists, once a minute.
    const listCharges = now.getTime() - checkedAt >= 60_000;
    if (listCharges) checkedAt = now.getTime();
    const today = saoPauloDay(now);
    // The claims and the jobs they make commit together: a crash between them loses no notice.
    await db.transaction(async (tx) => {
      const jobs: QueuedJob[] = [];
      if (saoPauloHour(now) >= terms.noticeHour) {
        const aheadUntil = addDays(today, terms.noticeDays);
        for (const row of await planMonthsRepo.claimAheadNotices(tx, today, aheadUntil, now))
          jobs.push({ kind: 'plan_pix_notice', payload: { paymentId: row.payment_id, notice: 'ahead' } });
        for (const row of await planMonthsRepo.claimDueNotices(tx, today, now))
          jobs.push({ kind: 'plan_pix_notice', payload: { paymentId: row.payment_id, notice: 'due' } });
      }
      for (const row of await planMonthsRepo.pauseOverdue(tx, addDays(today, -terms.graceDays), now))
        jobs.push({
          kind: 'plan_paused',
          payload: { subscriptionId: row.subscription_id, paymentId: row.payment_id },
        });
      for (const row of await planMonthsRepo.markUnpaidForCancel(tx, addDays(today, -terms.cancelAfterDays)))
        jobs.push({ kind: 'cancel_intended_plan', payload: { subscriptionId: row.subscription_id } });
      if (listCharges)
        for (const row of await planMonthsRepo.claimChargeChecks(tx, now, chargeChecksPerPass))
          jobs.push({ kind: 'plan_charges_check', payload: { subscriptionId: row.id } });
      if (jobs.length > 0) await enqueueAll(tx, jobs);
    });
  };
}
