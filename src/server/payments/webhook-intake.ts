import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { WebhookEventRow } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import type { PaymentProvider } from './payment-provider';
import type { SubscriptionSinks } from './plan-hooks';
import { applyProviderEvent } from './provider-events';
import { webhookEventsRepo } from './webhook-events.repo';
import { withoutNul } from '../http/text-guard';

export interface WebhookDeps {
  db: Db;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  sinks: SubscriptionSinks;
}

const jsonObject = z.record(z.string(), z.unknown());

function parse(raw: string): Record<string, unknown> | null {
  try {
    const read = jsonObject.safeParse(withoutNul(JSON.parse(raw)));
    return read.success ? read.data : null;
  } catch {
    return null;
  }
}

/**
 * A webhook whose token was right (the provider's route checked it): stored by its event id first, so a
 * redelivery is a no-op, then applied. Whatever its body, it is kept and answered 2xx: a provider that
 * gets errors stops its queue (Asaas after 15), and one bad event would hold back every later one. A body
 * the store cannot read is kept as it came, logged, and the owner alerted.
 */
export async function takeWebhook(deps: WebhookDeps, raw: string): Promise<void> {
  const { db, provider, log } = deps;
  const now = deps.clock();
  const body = parse(raw);
  const read = body && provider.readWebhook(body);
  if (!body || !read?.event) {
    const id = read?.id ?? `unreadable:${createHash('sha256').update(raw).digest('hex').slice(0, 32)}`;
    const stored = await webhookEventsRepo.insertIfNew(db, {
      id,
      provider: provider.name,
      type: read?.type ?? 'unreadable',
      payload: body ?? { raw: raw.replaceAll('\u0000', '').slice(0, 100_000) },
      receivedAt: now,
      processedAt: now,
    });
    if (stored) {
      log.error({ eventId: id, type: read?.type }, 'webhook kept unread: the store cannot read its body');
      await enqueue(db, 'unreadable_webhook_alert', { eventId: id });
    }
    return;
  }
  const isNew = await webhookEventsRepo.insertIfNew(db, {
    id: read.id,
    provider: provider.name,
    type: read.type,
    payload: body,
    receivedAt: now,
  });
  if (!isNew) return;
  try {
    if ((await applyProviderEvent(deps, read.event, now)) === 'applied')
      await webhookEventsRepo.markProcessed(db, read.id, now);
  } catch (err) {
    // Stored already: the reconciliation job applies it later. The provider must still get its 200.
    log.error({ err, eventId: read.id }, 'webhook stored but not applied');
  }
}

/** How long an event about something not known yet is tried again before it is set aside. */
const laterForMs = 60 * 60_000;

/**
 * A stored event that was not applied (the process died, applying it failed, or it was about something
 * not known yet), applied now. One still about something unknown after an hour is set aside, logged.
 */
export async function applyStoredEvent(deps: WebhookDeps, row: WebhookEventRow): Promise<void> {
  const now = deps.clock();
  const read = deps.provider.readWebhook(row.payload);
  const outcome = read?.event ? await applyProviderEvent(deps, read.event, now) : 'applied';
  if (outcome === 'later' && now.getTime() - row.receivedAt.getTime() < laterForMs) return;
  if (outcome === 'later')
    deps.log.warn({ eventId: row.id, type: row.type }, 'webhook about an unknown charge set aside');
  await webhookEventsRepo.markProcessed(deps.db, row.id, now);
}
