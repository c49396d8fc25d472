import { deliveriesRepo } from './deliveries.repo';
import type { FulfilmentContext } from './fulfilment-context';
import { alertOwner, once } from '../owner-alerts/owner-alerts';
import type { CancelOutcome } from './panel';

/**
 * Stops a refunded month's plan component at the panel (ADR 032). The intent is recorded first
 * (`stop_requested_at`, committed), so two runs never both call; the status sync then reads the panel's
 * "Canceled" as ours, not as a refusal. A service the panel cannot cancel is left to expire (its `expiry`
 * is the end of the month) and shown as such; a lost answer is told to the owner and settled by the sync.
 */
export async function stopComponent(ctx: FulfilmentContext, deliveryId: string): Promise<void> {
  const { db, clock, panel } = ctx;
  const peek = await deliveriesRepo.findById(db, deliveryId);
  if (!panel || !ctx.serviceCache || !peek?.serviceId || peek.stopRequestedAt) return;
  // Read before anything is recorded: a panel that cannot list its services is asked again later.
  const cancellable = (await ctx.serviceCache.find(peek.serviceId))?.cancel ?? false;
  const claimed = await db.transaction(async (tx) => {
    const d = await deliveriesRepo.findById(tx, deliveryId, { forUpdate: true });
    const now = clock();
    const live = d?.state === 'pending' || d?.state === 'in_progress';
    if (!d?.component || !d.panelOrderId || !live || d.stopRequestedAt) return null;
    await deliveriesRepo.update(tx, d.id, {
      stopRequestedAt: now,
      leftToExpire: !cancellable,
      updatedAt: now,
    });
    return cancellable ? { ...d, panelOrderId: d.panelOrderId } : null;
  });
  if (!claimed) return;
  const outcome: CancelOutcome = await panel.cancel(claimed.panelOrderId);
  await db.transaction(async (tx) => {
    const d = await deliveriesRepo.findById(tx, claimed.id, { forUpdate: true });
    if (!d || (d.state !== 'pending' && d.state !== 'in_progress')) return;
    const now = clock();
    if (outcome.kind === 'canceled')
      return deliveriesRepo.update(tx, d.id, { state: 'canceled', updatedAt: now });
    if (outcome.kind === 'refused')
      return deliveriesRepo.update(tx, d.id, {
        leftToExpire: true,
        lastError: outcome.message,
        updatedAt: now,
      });
    // Not done (a rate limit, a panel out of reach): the intent is let go so the job's retry asks again.
    if (outcome.kind === 'retry')
      return deliveriesRepo.update(tx, d.id, {
        stopRequestedAt: null,
        lastError: outcome.message,
        updatedAt: now,
      });
    await alertOwner(
      tx,
      ctx.alerts,
      {
        key: `stop_unknown:${d.id}`,
        quietMs: once,
        subject: 'Cancelamento a conferir no fornecedor',
        lines: [
          `Pedimos ao fornecedor que parasse o pedido ${d.panelOrderId} (${d.link}), de um mês reembolsado, e a resposta se perdeu: ${outcome.message}`,
          'A loja confere o estado no fornecedor; se ele continuar ativo, cancele-o no painel do fornecedor.',
        ],
      },
      now,
    );
  });
  if (outcome.kind === 'retry') throw new Error(`cancel not done, tried again later: ${outcome.message}`);
}
