import { manualTask } from '../../shared/plan-components';
import type { DeliveryRow } from '../db/schema';
import { deliveriesRepo } from './deliveries.repo';
import { profileHandle } from './delivery-plan';
import type { FulfilmentContext } from './fulfilment-context';
import { alertOwner, once } from '../owner-alerts/owner-alerts';

/** The operator's words for a plan component the panel does not deliver (null for other deliveries). */
export function componentTask(d: Pick<DeliveryRow, 'component' | 'quantity' | 'link' | 'expiresAt'>) {
  if (!d.component || !d.expiresAt) return null;
  return manualTask({ id: d.component, quantity: d.quantity }, profileHandle(d.link), d.expiresAt);
}

/**
 * A queued delivery nobody at the panel will make (manual delivery, or a plan component with no service
 * configured): the operator's task in "Precisam de atenção". A component also alerts the owner, once: a
 * month of engagement the buyer paid for must not wait unseen (ADR 032).
 */
export async function toOperator(ctx: FulfilmentContext, deliveryId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const delivery = await deliveriesRepo.findById(tx, deliveryId, { forUpdate: true });
    if (delivery?.state !== 'queued') return;
    const now = ctx.clock();
    await deliveriesRepo.update(tx, delivery.id, { state: 'manual', updatedAt: now });
    const task = componentTask(delivery);
    if (task)
      await alertOwner(
        tx,
        ctx.alerts,
        {
          key: `manual:${delivery.id}`,
          quietMs: once,
          subject: 'Entrega manual de plano',
          lines: [
            `${task}.`,
            'Nenhum serviço do painel está configurado para este item do plano (Catálogo e preços). Entregue e marque "Feito" no painel.',
          ],
        },
        now,
      );
  });
}
