import type { Db } from '../db/client';
import { enqueue } from '../jobs/job-queue';
import type { JobPayloads } from '../jobs/job-payloads';
import { whatsappRepo } from './whatsapp.repo';

/** Meta asks for at least a day before sending again (tests/fake-whatsapp/CONTRACT.md, W6). */
export const laterDelayMs = 24 * 3_600_000;
/** Sent again twice at most: a buyer told of an order three days late is told nothing new. */
export const maxRetriesLater = 2;

/**
 * A message Meta did not send for the number's or the buyer's limits (131048, 131049), in its answer or in
 * a `failed` status: back to `waiting` and queued again a day later, in one transaction. False when it is
 * not tried again (it has waited enough, or has moved on meanwhile): the caller records it failed.
 */
export async function sendLater(
  db: Db,
  messageId: string,
  payload: JobPayloads['whatsapp_message'],
  error: { code: number; text: string },
  now: Date,
): Promise<boolean> {
  const retries = payload.retriesLater ?? 0;
  if (retries >= maxRetriesLater) return false;
  return db.transaction(async (tx) => {
    if (!(await whatsappRepo.waitAgain(tx, messageId, error, now))) return false;
    const runAt = new Date(now.getTime() + laterDelayMs);
    await enqueue(tx, 'whatsapp_message', { ...payload, retriesLater: retries + 1 }, runAt);
    return true;
  });
}
