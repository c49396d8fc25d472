import type { Executor } from '../db/client';
import { ownerAlertEmail } from '../email/delivery-templates';
import type { Shop } from '../email/templates';
import { enqueue } from '../jobs/job-queue';
import { ownerAlertsRepo } from './owner-alerts.repo';

export interface AlertTarget {
  to: string;
  shop: Shop;
}

export const hour = 3_600_000;
/** Alerts about one thing (a delivery, a job) go once; the quiet period only matters for repeated causes. */
export const once = 10 * 365 * 24 * hour;

/**
 * An e-mail to OWNER_ALERT_EMAIL through the outbox/job queue, at most once per `quietMs` per key (a low
 * balance seen by every sync run is one e-mail a day). Inside the caller's transaction when given one.
 */
export async function alertOwner(
  db: Executor,
  target: AlertTarget,
  alert: { key: string; quietMs: number; subject: string; lines: string[] },
  now: Date,
): Promise<boolean> {
  if (!(await ownerAlertsRepo.claim(db, alert.key, now, new Date(now.getTime() - alert.quietMs))))
    return false;
  const email = ownerAlertEmail(target.shop, target.to, alert.subject, alert.lines);
  await enqueue(db, 'owner_alert_email', { ...email });
  return true;
}

/** A background job failed every attempt (an e-mail, a submission): the owner hears of it once. */
export const alertDeadJob = async (
  db: Executor,
  target: AlertTarget,
  job: { id: string; kind: string; lastError: string },
  now: Date,
) =>
  // An alert that could not be sent is not alerted about again (SMTP down would make a chain of them).
  job.kind !== 'owner_alert_email' &&
  (await alertOwner(
    db,
    target,
    {
      key: `dead_job:${job.id}`,
      quietMs: once,
      subject: 'Tarefa com falha em todas as tentativas',
      lines: [
        `Tarefa ${job.kind} (${job.id}): ${job.lastError.slice(0, 300)}`,
        'Corrija a causa e use "Tentar de novo" no painel.',
      ],
    },
    now,
  ));
