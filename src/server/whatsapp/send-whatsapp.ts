import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Shop } from '../email/templates';
import { jobLeaseMs } from '../jobs/job-queue';
import type { JobHandlers, JobPayloads } from '../jobs/job-payloads';
import { ordersRepo } from '../orders/orders.repo';
import type { CloudApi } from './cloud-api';
import { messageParameters } from './message-parameters';
import { optOutKeyOf, whatsappNumberOf } from './phone';
import { sendLater } from './send-later';
import { whatsappRepo } from './whatsapp.repo';

export interface WhatsappDeps {
  db: Db;
  /** Null: WhatsApp is off, queued messages are dropped. */
  api: CloudApi | null;
  shop: Shop;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/** Not sent, Meta asks to try again: the job is tried again later with the queue's back-off. */
export class WhatsappRateLimited extends Error {}

/**
 * Sends one message of an order at most once (ADR 037): the row is claimed before the call; the answer
 * recorded (the wamid); an answer lost after sending leaves it 'a conferir' for the status webhook, never
 * sent again; a refusal is kept with its code. Nothing here ever fails the e-mail or the order.
 */
export async function sendWhatsapp(
  deps: WhatsappDeps,
  payload: JobPayloads['whatsapp_message'],
): Promise<void> {
  const { db, api, clock } = deps;
  const kind = payload.kind;
  if (!api) return;
  const order = await ordersRepo.findById(db, payload.orderId);
  if (!order?.whatsappConsentAt || order.anonymisedAt) return;
  const now = clock();
  if (await whatsappRepo.optedOut(db, optOutKeyOf(order.whatsapp)))
    return whatsappRepo.skip(db, order.id, kind, 'O cliente respondeu PARAR', now);
  const template = (await whatsappRepo.templates(db))[kind];
  if (!template) return whatsappRepo.skip(db, order.id, kind, 'Sem modelo configurado no painel', now);
  const parameters = await messageParameters(deps, order, kind, payload);
  if (!parameters) return;
  const id = await whatsappRepo.claim(db, order.id, kind, now);
  if (!id) {
    // Held by a run that stopped before recording its answer: it may have been sent.
    await whatsappRepo.markStaleSending(db, order.id, kind, new Date(now.getTime() - jobLeaseMs), now);
    return;
  }
  const to = whatsappNumberOf(order.whatsapp);
  const outcome = await api.send({ to, template, parameters, callbackData: id });
  const at = clock();
  switch (outcome.kind) {
    case 'sent':
      return whatsappRepo.recordSent(db, id, outcome.wamid, at);
    case 'unknown':
      deps.log.warn({ orderId: order.id, kind }, 'WhatsApp answer lost: a conferir');
      return whatsappRepo.recordState(db, id, 'a_conferir', { code: null, text: outcome.message }, at);
    case 'refused':
      return whatsappRepo.recordState(db, id, 'failed', { code: outcome.code, text: outcome.message }, at);
    case 'retry':
      await whatsappRepo.recordState(db, id, 'waiting', { code: outcome.code, text: outcome.message }, at);
      throw new WhatsappRateLimited(`WhatsApp: not sent, tried again later (${outcome.message})`);
    case 'later': {
      const error = { code: outcome.code, text: outcome.message };
      if (await sendLater(db, id, payload, error, at)) return;
      return whatsappRepo.recordState(db, id, 'failed', error, at);
    }
  }
}

export const whatsappJobHandlers = (deps: WhatsappDeps): JobHandlers => ({
  whatsapp_message: (payload) => sendWhatsapp(deps, payload),
});
