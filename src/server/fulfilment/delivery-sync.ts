import type { Executor } from '../db/client';
import type { DeliveryRow } from '../db/schema';
import { deliveriesRepo, isRunningAtPanel, type StatusChange } from './deliveries.repo';
import type { FulfilmentContext } from './fulfilment-context';
import { followDeliveries } from './order-progress';
import { alertOwner, once } from '../owner-alerts/owner-alerts';
import { alertLowBalance, alertStaleLinks } from './housekeeping';
import { backgroundTimer } from '../jobs/background-timer';
import { statusBatchSize, type PanelStatus } from './panel';

export interface SyncOptions {
  intervalSeconds: number;
  /** Deliveries claimed per run (each instance), asked `statusBatchSize` at a time. */
  claimLimit?: number;
  /** Status calls in flight at once. */
  concurrency?: number;
  balanceAlert: number | null;
}

/**
 * Polls the panel for the status of open deliveries (the protocol has no webhooks): each run claims the
 * deliveries not asked about for an interval (SKIP LOCKED, stamped), so several instances never ask about
 * the same one twice, and asks at most 100 ids per call. Orders follow their deliveries.
 */
export function createDeliverySync(ctx: FulfilmentContext, options: SyncOptions) {
  const { db, clock, log } = ctx;
  const intervalMs = options.intervalSeconds * 1000;
  const claimLimit = options.claimLimit ?? 2000;
  const concurrency = options.concurrency ?? 4;
  let lastHousekeeping = 0;

  /**
   * What the panel said about a batch, in one transaction: the rows are locked, only what changed is
   * written (one statement), partial and cancelled deliveries alert the owner, and the orders whose
   * deliveries changed state follow them.
   */
  async function applyStatuses(answers: ReadonlyArray<[string, PanelStatus]>, now: Date) {
    await db.transaction(async (tx) => {
      const current = new Map(
        (
          await deliveriesRepo.lockMany(
            tx,
            answers.map(([id]) => id),
          )
        ).map((d) => [d.id, d]),
      );
      const changes: StatusChange[] = [];
      const moved: string[] = [];
      for (const [id, status] of answers) {
        const d = current.get(id);
        if (!d || !isRunningAtPanel(d.state)) continue;
        // A panel that cancelled or refunded delivered nothing we can count on: the operator decides,
        // unless the shop asked it to stop (a refunded month's component, ADR 032).
        const ended = status.state === 'canceled' || status.state === 'refunded';
        const state = ended ? (d.stopRequestedAt ? 'canceled' : 'refused') : status.state;
        const unchanged =
          state === d.state &&
          status.remains === d.remains &&
          status.startCount === d.startCount &&
          status.charge === d.charge;
        if (unchanged) continue;
        changes.push({
          id,
          state,
          remains: status.remains,
          startCount: status.startCount,
          charge: status.charge,
          currency: status.currency,
          completedAt: state === 'completed' || state === 'partial' ? now : null,
          lastError: state === 'refused' ? `O fornecedor marcou o pedido como ${status.state}.` : null,
        });
        if (state !== d.state) moved.push(d.orderId);
        if (state === 'partial' || state === 'refused') await alertNeedsOperator(tx, d, state, status, now);
      }
      await deliveriesRepo.applyStatuses(tx, changes, now);
      await followDeliveries(tx, moved, now);
    });
  }

  async function alertNeedsOperator(
    tx: Executor,
    d: DeliveryRow,
    state: 'partial' | 'refused',
    status: PanelStatus,
    now: Date,
  ) {
    const delivered = d.quantity * (d.runs ?? 1) - (status.remains ?? 0);
    await alertOwner(
      tx,
      ctx.alerts,
      {
        key: `${state}:${d.id}`,
        quietMs: once,
        subject: state === 'partial' ? 'Entrega parcial' : 'Entrega cancelada pelo fornecedor',
        lines: [
          `Pedido do fornecedor ${d.panelOrderId}: ${delivered} de ${d.quantity * (d.runs ?? 1)} entregues (${d.product}, ${d.link}).`,
          'No painel: peça reposição, reenvie o restante ou reembolse a parte.',
        ],
      },
      now,
    );
  }

  async function syncRefill(deliveryId: string, refillId: string) {
    const state = await ctx.panel!.refillStatus(refillId).catch((err: unknown) => {
      log.warn({ err, deliveryId }, 'refill status not read');
      return null;
    });
    if (state) await deliveriesRepo.update(db, deliveryId, { refillStatus: state, updatedAt: clock() });
  }

  /** Once an interval per instance: invalid links left for 24 h, and the panel's balance. */
  async function housekeeping(now: Date) {
    if (now.getTime() - lastHousekeeping < intervalMs) return;
    lastHousekeeping = now.getTime();
    await alertStaleLinks(ctx, now);
    if (options.balanceAlert !== null) await alertLowBalance(ctx, options.balanceAlert, now);
  }

  async function runOnce(): Promise<{ claimed: number; statusCalls: number }> {
    if (!ctx.panel) return { claimed: 0, statusCalls: 0 };
    const panel = ctx.panel;
    const now = clock();
    const claimed = await deliveriesRepo.claimForSync(
      db,
      now,
      new Date(now.getTime() - intervalMs),
      claimLimit,
    );
    const open = claimed.filter((r) => isRunningAtPanel(r.state));
    const batches: (typeof open)[] = [];
    for (let i = 0; i < open.length; i += statusBatchSize) batches.push(open.slice(i, i + statusBatchSize));
    // The panel first, then the database: answers are not left waiting (and timing out) behind writes.
    let statusCalls = 0;
    const answered: Array<Array<[string, PanelStatus]>> = [];
    const worker = async () => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) {
        statusCalls++;
        const statuses = await panel.status(batch.map((r) => r.panel_order_id)).catch((err: unknown) => {
          log.warn({ err }, 'panel status not read');
          return null;
        });
        const answers: Array<[string, PanelStatus]> = [];
        for (const row of batch) {
          const status = statuses?.get(row.panel_order_id);
          if (status) answers.push([row.id, status]);
        }
        if (answers.length > 0) answered.push(answers);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    for (const answers of answered) await applyStatuses(answers, now);
    for (const row of claimed) {
      if (row.refill_id && (row.refill_status === 'pending' || row.refill_status === 'in_progress'))
        await syncRefill(row.id, row.refill_id);
    }
    await housekeeping(now).catch((err: unknown) => log.warn({ err }, 'fulfilment housekeeping failed'));
    return { claimed: claimed.length, statusCalls };
  }

  // Runs a tenth of the interval apart: each delivery is asked about once an interval, spread over it.
  const timer = backgroundTimer({
    intervalMs: Math.min(30_000, Math.max(1000, intervalMs / 10)),
    log,
    failure: 'delivery sync failed',
    tick: () => runOnce(),
  });
  return { runOnce, start: timer.start, stop: timer.stop };
}

export type DeliverySync = ReturnType<typeof createDeliverySync>;
