import type { Executor } from '../db/client';
import type { DeliveryRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { queueWhatsapp } from '../whatsapp/whatsapp-queue.repo';
import { deliveriesRepo } from './deliveries.repo';
import type { FulfilmentContext } from './fulfilment-context';
import { alertOwner, hour, once } from '../owner-alerts/owner-alerts';
import type { AddOutcome, PanelService } from './panel';

// What each answer of the panel's `add` does to a delivery (docs/fulfilment.md), inside the caller's
// transaction over the locked row.

export async function recordOutcome(
  ctx: FulfilmentContext,
  tx: Executor,
  delivery: DeliveryRow,
  outcome: AddOutcome,
  service: PanelService,
) {
  const now = ctx.clock();
  switch (outcome.kind) {
    case 'accepted':
      return deliveriesRepo.update(tx, delivery.id, {
        state: 'pending',
        panelOrderId: outcome.panelOrderId,
        refillable: service.refill,
        checkedAt: now,
        lastError: null,
        updatedAt: now,
      });
    case 'not_sent':
      return deliveriesRepo.update(tx, delivery.id, {
        state: 'queued',
        lastError: outcome.message,
        updatedAt: now,
      });
    case 'unknown':
      return markUnknown(ctx, tx, delivery, outcome.message, now);
    case 'refused':
      if (outcome.reason === 'bad_link') {
        await deliveriesRepo.update(tx, delivery.id, {
          state: 'invalid_link',
          linkInvalidSince: now,
          lastError: outcome.message,
          updatedAt: now,
        });
        await enqueue(tx, 'delivery_link_email', { deliveryId: delivery.id });
        return queueWhatsapp(tx, delivery.orderId, 'link_needed');
      }
      if (outcome.reason === 'no_funds') return awaitFunds(ctx, tx, delivery, outcome.message, now);
      return refuse(ctx, tx, delivery, outcome.message, now);
  }
}

/** No balance at the panel: nothing was bought; try again later (5 min, doubling, at most 6 h) and alert. */
async function awaitFunds(
  ctx: FulfilmentContext,
  tx: Executor,
  delivery: DeliveryRow,
  message: string,
  now: Date,
) {
  const delayMs = Math.min(6 * hour, 5 * 60_000 * 2 ** Math.max(0, delivery.submitAttempts - 1));
  await deliveriesRepo.update(tx, delivery.id, { state: 'queued', lastError: message, updatedAt: now });
  await enqueue(tx, 'submit_delivery', { deliveryId: delivery.id }, new Date(now.getTime() + delayMs));
  await alertOwner(
    tx,
    ctx.alerts,
    {
      key: 'no_funds',
      quietMs: 6 * hour,
      subject: 'Saldo insuficiente no painel de entregas',
      lines: [
        `O fornecedor recusou uma entrega: "${message}". Recarregue o saldo; as entregas são reenviadas sozinhas.`,
      ],
    },
    now,
  );
}

export async function refuse(
  ctx: FulfilmentContext,
  tx: Executor,
  delivery: DeliveryRow,
  message: string,
  now: Date,
) {
  await deliveriesRepo.update(tx, delivery.id, { state: 'refused', lastError: message, updatedAt: now });
  await alertOwner(
    tx,
    ctx.alerts,
    {
      key: `refused:${delivery.id}`,
      quietMs: once,
      subject: 'Entrega recusada pelo fornecedor',
      lines: [
        `${delivery.quantity} (${delivery.product}) para ${delivery.link}: ${message}`,
        'Corrija a causa e reenvie no painel.',
      ],
    },
    now,
  );
}

export async function markUnknown(
  ctx: FulfilmentContext,
  tx: Executor,
  delivery: DeliveryRow,
  message: string,
  now: Date,
) {
  await deliveriesRepo.update(tx, delivery.id, { state: 'unknown', lastError: message, updatedAt: now });
  await alertOwner(
    tx,
    ctx.alerts,
    {
      key: `unknown:${delivery.id}`,
      quietMs: once,
      subject: 'Entrega a conferir',
      lines: [
        `Não sabemos se o fornecedor recebeu a entrega de ${delivery.quantity} (${delivery.product}) para ${delivery.link}: ${message}`,
        'Procure o pedido no painel do fornecedor. Se ele existe, informe o número na loja; se não, reenvie. A loja não reenvia sozinha para não comprar duas vezes.',
      ],
    },
    now,
  );
}
