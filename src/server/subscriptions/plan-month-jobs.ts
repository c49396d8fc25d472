import { formatPurchaseCode } from '../../shared/orders';
import type { PlanEndReason } from '../../shared/plan-status';
import { formatDay } from '../../shared/dates';
import type { PlanTerms } from '../config-plans';
import type { Db } from '../db/client';
import type { Mailer } from '../email/mailer';
import {
  planCancelledEmail,
  planPausedEmail,
  planPixNoticeEmail,
  planResumedEmail,
} from '../email/plan-templates';
import type { Shop } from '../email/templates';
import type { JobHandlers } from '../jobs/job-payloads';
import { ordersRepo } from '../orders/orders.repo';
import { alertOwner, once, type AlertTarget } from '../owner-alerts/owner-alerts';
import type { PaymentProvider } from '../payments/payment-provider';
import { paymentsRepo } from '../payments/payments.repo';
import { pixDeadlineOf, pixExpiresAt } from '../payments/pix-expiry';
import type { SubscriptionSinks } from '../payments/plan-hooks';
import { recordPaymentState } from '../payments/record-payment-state';
import { queueWhatsapp } from '../whatsapp/whatsapp-queue.repo';
import { planMonthsRepo } from './plan-months.repo';
import { planViewOf } from './plan-view';
import { cancelSubscription } from './subscriptions.service';
import { subscriptionsRepo } from './subscriptions.repo';

/** What the owner reads when a plan ends without their doing it (the provider's own end has its alert). */
const ownerWords: Partial<Record<PlanEndReason, { subject: string; line: string }>> = {
  buyer: { subject: 'Cliente cancelou o plano mensal', line: 'foi cancelado pelo cliente.' },
  unpaid: {
    subject: 'Plano mensal cancelado por falta de pagamento',
    line: 'foi cancelado no intermediador: a mensalidade em aberto não foi paga no prazo.',
  },
};

export interface PlanMonthDeps {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  shop: Shop;
  alerts: AlertTarget;
  terms: PlanTerms;
  pixExpiryMinutes: number;
  sinks: SubscriptionSinks;
  clock: () => Date;
}

/**
 * A plan's later months as background work (issue 43, docs/payments.md#plans): the month's PIX fetched
 * from the provider, the notices to the buyer, the pause, the return, the end for a month left unpaid,
 * and the provider's list read for a month whose webhook was lost. Each reads the state again first: a
 * job that runs twice, or late, does nothing twice.
 */
export function planMonthJobHandlers(deps: PlanMonthDeps): JobHandlers {
  const { db, provider, mailer, shop, alerts, terms, clock } = deps;

  /** The first order of the plan: its buyer's name and e-mail, for what concerns the whole plan. */
  const firstOrderOf = async (subscriptionId: string) => {
    const plan = await subscriptionsRepo.findById(db, subscriptionId);
    const first = plan && (await ordersRepo.findById(db, plan.firstOrderId));
    return plan && first ? { plan, first } : null;
  };

  return {
    /** A month generated ahead: its PIX code from the provider (read only; safe to repeat). */
    async plan_month_opened({ paymentId }) {
      const payment = await paymentsRepo.findById(db, paymentId);
      if (payment?.status !== 'pending' || payment.pixPayload) return;
      const order = await ordersRepo.findById(db, payment.orderId);
      const plan = order?.subscriptionId && (await subscriptionsRepo.findById(db, order.subscriptionId));
      if (!order || !plan || order.paymentStatus !== 'unpaid') return;
      const pix = await provider.planMonthPix(payment.providerPaymentId, payment.amountCents);
      // The first month keeps the shop's PIX deadline (an unpaid first month ends the plan); later months
      // are followed by their due day.
      const isFirst = order.id === plan.firstOrderId;
      await paymentsRepo.update(db, payment.id, {
        pixPayload: pix.payload,
        pixImageBase64: pix.imageBase64,
        expiresAt: isFirst
          ? pixExpiresAt(pix.expiresAt, pixDeadlineOf(clock(), deps.pixExpiryMinutes))
          : null,
        updatedAt: clock(),
      });
    },

    async plan_pix_notice({ paymentId, notice }) {
      const payment = await paymentsRepo.findById(db, paymentId);
      if (payment?.status !== 'pending' || !payment.pixPayload || !payment.dueDate) return;
      const order = await ordersRepo.findById(db, payment.orderId);
      if (order?.paymentStatus !== 'unpaid' || order.status !== 'pendente') return;
      const month = {
        paymentId,
        dueDate: payment.dueDate,
        amountCents: payment.amountCents,
        pixPayload: payment.pixPayload,
      };
      await mailer.send(planPixNoticeEmail(shop, order, month, notice, terms));
      await queueWhatsapp(db, order, 'plan_pix', { paymentId });
    },

    async plan_paused({ subscriptionId, paymentId }) {
      const found = await firstOrderOf(subscriptionId);
      const payment = await paymentsRepo.findById(db, paymentId);
      const month = payment && (await ordersRepo.findById(db, payment.orderId));
      if (!found || !month || !payment?.dueDate || found.plan.status !== 'paused') return;
      await mailer.send(planPausedEmail(shop, month, payment.dueDate, terms));
      await alertOwner(
        db,
        alerts,
        {
          key: `plan_paused:${subscriptionId}:${paymentId}`,
          quietMs: once,
          subject: 'Plano mensal pausado por falta de pagamento',
          lines: [
            `O plano de ${month.email} (pedido ${formatPurchaseCode(month.purchaseCode)}) está pausado: a mensalidade vencida em ${formatDay(payment.dueDate)} não foi paga.`,
            `O cliente foi avisado. Pago, o plano volta sozinho; sem pagamento em ${terms.cancelAfterDays} dias do vencimento, é cancelado.`,
          ],
        },
        clock(),
      );
    },

    async plan_resumed_email({ subscriptionId }) {
      const found = await firstOrderOf(subscriptionId);
      if (found?.plan.status === 'active') await mailer.send(planResumedEmail(shop, found.first));
    },

    /**
     * An end recorded as intended before the provider was asked: the buyer's (their request could not reach
     * the provider at once), or a month left unpaid (the follow-up's; a month paid meanwhile drops it,
     * markActive). The provider's removal is idempotent, so a failed try is simply tried again.
     */
    async cancel_intended_plan({ subscriptionId }) {
      const plan = await subscriptionsRepo.findById(db, subscriptionId);
      if (!plan || plan.status === 'cancelled') return;
      if (plan.cancelReason === 'buyer') await cancelSubscription({ db, provider, clock }, plan.id, 'buyer');
      else if (plan.cancelReason === 'unpaid' && (await planMonthsRepo.owedMonth(db, plan.id)))
        await cancelSubscription({ db, provider, clock }, plan.id, 'unpaid');
    },

    /** The buyer hears of the end, and the owner of an end that was not their own doing. */
    async plan_cancelled({ subscriptionId }) {
      const found = await firstOrderOf(subscriptionId);
      const reason = found?.plan.cancelReason;
      if (!found || found.plan.status !== 'cancelled' || !reason || reason === 'replaced') return;
      const view = await planViewOf(db, subscriptionId);
      await mailer.send(planCancelledEmail(shop, found.first, reason, view?.runsUntil ?? null));
      const told = ownerWords[reason];
      if (!told) return;
      await alertOwner(
        db,
        alerts,
        {
          key: `plan_cancelled:${subscriptionId}`,
          quietMs: once,
          subject: told.subject,
          lines: [
            `O plano de ${found.first.email} (pedido ${formatPurchaseCode(found.first.purchaseCode)}) ${told.line}`,
            'O cliente foi avisado por e-mail; nada mais é cobrado.',
          ],
        },
        clock(),
      );
    },

    /** A month whose PAYMENT_CREATED was lost: found in the provider's list of the plan's charges. */
    async plan_charges_check({ subscriptionId }) {
      const plan = await subscriptionsRepo.findById(db, subscriptionId);
      if (!plan || plan.status === 'cancelled') return;
      for (const charge of await provider.findSubscriptionCharges(plan.providerSubscriptionId)) {
        const now = clock();
        const ours = await paymentsRepo.findByProviderId(db, provider.name, charge.providerPaymentId);
        if (ours) await recordPaymentState(db, { paymentId: ours.id }, charge.state, now);
        else
          await deps.sinks.onSubscriptionCharge(
            db,
            provider.name,
            {
              providerPaymentId: charge.providerPaymentId,
              providerSubscriptionId: plan.providerSubscriptionId,
              state: charge.state,
              method: charge.method,
              dueDate: charge.dueDate,
              problem: null,
            },
            now,
          );
      }
    },
  };
}
