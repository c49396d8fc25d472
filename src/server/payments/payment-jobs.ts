import type { FastifyBaseLogger } from 'fastify';
import { formatPurchaseCode, type PaymentFlag } from '../../shared/orders';
import type { Db } from '../db/client';
import { alertOwner, hour, once, type AlertTarget } from '../owner-alerts/owner-alerts';
import type { JobHandlers } from '../jobs/job-payloads';
import { ordersRepo } from '../orders/orders.repo';
import type { PaymentProvider } from './payment-provider';
import { expirePix } from './pix-expiry';
import { settleStrayCharge } from './lost-answers';
import { retireOtherCharges } from './stray-charges';

/** What the owner reads about money that came when it was not expected (docs/payments.md). */
const flagAlerts: Record<PaymentFlag, { subject: string; line: string }> = {
  pago_apos_expiracao: {
    subject: 'Pagamento recebido depois do prazo do PIX',
    line: 'foi pago depois que o PIX expirou: o pedido foi reaberto e será entregue normalmente.',
  },
  pago_apos_cancelamento: {
    subject: 'Pagamento recebido em pedido cancelado',
    line: 'foi pago depois de cancelado: nada será entregue. Reabra o pedido no painel ou reembolse o cliente.',
  },
  pago_apos_substituicao: {
    subject: 'Pagamento recebido em cobrança substituída',
    line: 'foi pago por uma cobrança que já tinha sido substituída: o pedido segue normalmente e a outra cobrança é removida.',
  },
  pago_em_duplicidade: {
    subject: 'Pedido pago duas vezes',
    line: 'recebeu dois pagamentos: reembolse um deles em "Reembolsar", no painel.',
  },
  chargeback: {
    subject: 'Contestação de pagamento (chargeback)',
    line: 'teve o pagamento contestado junto à operadora do cartão. Envie ao intermediador as provas da entrega (prints, datas) dentro do prazo dele.',
  },
};

/** The payments' background work: expiring PIX, removing charges left payable, the owner's alerts. */
export function paymentJobHandlers(deps: {
  db: Db;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  alerts: AlertTarget;
}): JobHandlers {
  const { db, clock, alerts } = deps;
  const flagAlert = async (orderId: string, flag: PaymentFlag) => {
    const order = await ordersRepo.findById(db, orderId);
    if (!order) return;
    const { subject, line } = flagAlerts[flag];
    await alertOwner(
      db,
      alerts,
      {
        key: `${flag}:${order.id}`,
        quietMs: once,
        subject,
        lines: [`O pedido ${formatPurchaseCode(order.purchaseCode)} (${order.email}) ${line}`],
      },
      clock(),
    );
  };
  return {
    expire_pix: (payload) => expirePix(deps, payload.paymentId),
    retire_other_charges: (payload) => retireOtherCharges(deps, payload.orderId),
    // A payable charge of one of our orders that nobody here made or knew: removed at the provider.
    retire_stray_charge: (payload) => settleStrayCharge(deps, payload.orderId, payload.charge),
    payment_flag_alert: (payload) => flagAlert(payload.orderId, payload.flag),
    chargeback_alert: (payload) => flagAlert(payload.orderId, 'chargeback'),
    unreadable_webhook_alert: async (payload) => {
      await alertOwner(
        db,
        alerts,
        {
          key: 'unreadable_webhook',
          quietMs: hour,
          subject: 'Aviso do intermediador que a loja não conseguiu ler',
          lines: [
            `Um aviso de pagamento chegou com o token certo, mas num formato que a loja não entende (${payload.eventId}).`,
            'Ele foi guardado. Confira no painel do intermediador se algum pagamento ficou sem atualização.',
          ],
        },
        clock(),
      );
    },
  };
}
