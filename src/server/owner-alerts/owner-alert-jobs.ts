import { formatPurchaseCode } from '../../shared/orders';
import type { Db } from '../db/client';
import type { Mailer } from '../email/mailer';
import type { JobHandlers } from '../jobs/job-payloads';
import { ordersRepo } from '../orders/orders.repo';
import { subscriptionsRepo } from '../subscriptions/subscriptions.repo';
import { alertOwner, once, type AlertTarget } from './owner-alerts';

/** The owner's alerts as background work: sending any of them, and those that only tell the owner. */
export function ownerAlertJobHandlers(deps: {
  db: Db;
  mailer: Mailer;
  alerts: AlertTarget;
  clock: () => Date;
}): JobHandlers {
  const { db, mailer, alerts, clock } = deps;
  return {
    owner_alert_email: (payload) => mailer.send(payload),
    async subscription_ended_alert(payload) {
      const subscription = await subscriptionsRepo.findById(db, payload.subscriptionId);
      const first = subscription && (await ordersRepo.findById(db, subscription.firstOrderId));
      if (!subscription || !first) return;
      await alertOwner(
        db,
        alerts,
        {
          key: `subscription_ended:${subscription.id}`,
          quietMs: once,
          subject: 'Plano mensal encerrado no intermediador',
          lines: [
            `O plano ${subscription.planId} de ${first.email} (pedido ${formatPurchaseCode(first.purchaseCode)}) foi encerrado no intermediador (${String(payload.reason ?? payload.event)}).`,
            'Os próximos meses não serão cobrados nem entregues. Fale com o cliente se ele quiser continuar.',
          ],
        },
        clock(),
      );
    },
  };
}
