import type { Executor } from '../db/client';
import type { DeliveryRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { deliveriesRepo } from './deliveries.repo';
import { dailySchedule, profileHandle } from './delivery-plan';
import type { FulfilmentContext } from './fulfilment-context';
import type { PanelOrderRequest, PanelService } from './panel';
import { serviceMisfit } from './service-fit';
import { toOperator } from './plan-component-tasks';
import { markUnknown, recordOutcome, refuse } from './submission-outcomes';

/** Not sent: the job runner tries again with its back-off; nothing was bought. */
export class DeliveryNotSent extends Error {}

/**
 * Submits one delivery to the panel exactly once (docs/product.md#delivery). The panel's `add` has no
 * idempotency key, so the intent is recorded first (state `submitting`, committed) and the panel's order id
 * after the call. A run that finds `submitting` is a run that died or lost its answer after sending: the
 * delivery goes to 'a conferir' for the operator, never to the panel again.
 */
export async function submitDelivery(ctx: FulfilmentContext, deliveryId: string): Promise<void> {
  const { db, clock } = ctx;
  const peek = await deliveriesRepo.findById(db, deliveryId);
  if (!peek || (peek.state !== 'queued' && peek.state !== 'submitting')) return;
  // A package with a panel service of its own carries it from creation (ADR 021), and so does a plan's
  // component (ADR 032); a component never falls back to the product's service, which cannot do it.
  const component = peek.component;
  const serviceId = component
    ? (peek.serviceId ?? ctx.componentServiceIds[component] ?? null)
    : (peek.serviceId ?? ctx.serviceIds[peek.product]);
  if (!ctx.panel || !ctx.serviceCache || !serviceId) {
    // Manual delivery: the operator's queue in the panel (a component also alerts the owner).
    if (peek.state === 'queued') await toOperator(ctx, deliveryId);
    return;
  }
  // Read before anything is recorded: a panel that cannot list its services is retried, nothing is sent.
  // A delivery found mid-submission needs no service: it goes to 'a conferir' whatever the panel says.
  const service = peek.state === 'queued' ? await ctx.serviceCache.find(serviceId) : undefined;

  const claimed = await db.transaction(async (tx) => {
    const delivery = await deliveriesRepo.findById(tx, deliveryId, { forUpdate: true });
    const now = clock();
    if (delivery?.state === 'submitting') {
      await markUnknown(
        ctx,
        tx,
        delivery,
        'O envio anterior ficou sem resposta registrada (queda ou reinício).',
        now,
      );
      return null;
    }
    // Queued again meanwhile (the operator resent it): that resend has a job of its own.
    if (delivery?.state !== 'queued' || peek.state !== 'queued') return null;
    const refusal = serviceProblem(service, serviceId, delivery, now);
    if (refusal) {
      await refuse(ctx, tx, delivery, refusal, now);
      return null;
    }
    let runs = delivery.runs;
    if (runs && !service!.dripfeed) {
      await splitIntoDays(tx, delivery, runs, now);
      runs = null;
    }
    await deliveriesRepo.update(tx, delivery.id, {
      state: 'submitting',
      serviceId,
      runs,
      intervalMinutes: runs ? delivery.intervalMinutes : null,
      submitAttempts: delivery.submitAttempts + 1,
      submittedAt: now,
      updatedAt: now,
    });
    return { ...delivery, runs };
  });
  if (!claimed) return;

  const outcome = await ctx.panel.add(panelRequest(claimed, serviceId));
  await db.transaction(async (tx) => {
    // Only over our own intent: a run that outlived its lease may find the operator already deciding.
    const current = await deliveriesRepo.findById(tx, claimed.id, { forUpdate: true });
    if (current?.state === 'submitting' || current?.state === 'unknown')
      await recordOutcome(ctx, tx, current, outcome, service!);
  });
  if (outcome.kind === 'not_sent') throw new DeliveryNotSent(outcome.message);
}

/** What `add` is given: a component watches the profile until the end of its paid month. */
function panelRequest(delivery: DeliveryRow, service: string): PanelOrderRequest {
  if (delivery.component && delivery.expiresAt)
    return {
      kind: 'subscription',
      service,
      username: profileHandle(delivery.link),
      min: delivery.quantity,
      max: delivery.quantity,
      delayMinutes: delivery.delayMinutes ?? 0,
      expiresAt: delivery.expiresAt,
    };
  return {
    kind: 'default',
    service,
    link: delivery.link,
    quantity: delivery.quantity,
    ...(delivery.runs ? { runs: delivery.runs, interval: delivery.intervalMinutes ?? 1440 } : {}),
  };
}

function serviceProblem(
  service: PanelService | undefined,
  serviceId: string,
  delivery: DeliveryRow,
  now: Date,
): string | null {
  if (service && delivery.expiresAt && delivery.expiresAt <= now)
    return 'O mês pago terminou antes do envio.';
  return serviceMisfit(service, serviceId, {
    quantity: delivery.quantity,
    subscription: Boolean(delivery.component),
  });
}

/** A plan's month for a service without drip-feed: this row becomes day 1, the other days are queued. */
async function splitIntoDays(tx: Executor, delivery: DeliveryRow, days: number, now: Date) {
  const later = dailySchedule(now, delivery.quantity, days).slice(1);
  const rows = await deliveriesRepo.insertNew(
    tx,
    later.map((day) => ({
      orderId: delivery.orderId,
      itemKey: day.itemKey,
      product: delivery.product,
      link: delivery.link,
      quantity: day.quantity,
      state: 'queued',
      dueAt: day.dueAt,
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const row of rows) await enqueue(tx, 'submit_delivery', { deliveryId: row.id }, row.dueAt);
}
