import { addDays, formatDate, saoPauloDay, saoPauloMidnight } from '../../shared/dates';
import { formatBRL } from '../../shared/money';
import type { Db } from '../db/client';
import { ownerAlertEmail } from '../email/delivery-templates';
import type { Mailer } from '../email/mailer';
import { deliveriesRepo } from '../fulfilment/deliveries.repo';
import { ownerAlertsRepo } from '../owner-alerts/owner-alerts.repo';
import type { AlertTarget } from '../owner-alerts/owner-alerts';
import { enqueue } from '../jobs/job-queue';
import { jobsRepo } from '../jobs/jobs.repo';
import { ownerDigestRepo } from './owner-digest.repo';

const digestHour = 8;

/**
 * Poller: from 08:00 São Paulo, yesterday's digest is queued once (its key in `owner_alerts`, claimed in
 * the same transaction as the job), whichever instance gets there first.
 */
export async function queueOwnerDigest(db: Db, now: Date): Promise<void> {
  const today = saoPauloDay(now);
  if (now.getTime() < saoPauloMidnight(today).getTime() + digestHour * 3_600_000) return;
  const day = addDays(today, -1);
  await db.transaction(async (tx) => {
    if (await ownerAlertsRepo.claim(tx, `digest:${day}`, now, new Date(0)))
      await enqueue(tx, 'owner_digest_email', { day });
  });
}

/** The daily e-mail to OWNER_ALERT_EMAIL: the day's money and what needs a person now. */
export async function sendOwnerDigest(deps: { db: Db; mailer: Mailer; alerts: AlertTarget }, day: string) {
  const start = saoPauloMidnight(day);
  const end = saoPauloMidnight(addDays(day, 1));
  const [figures, attention, dead] = await Promise.all([
    ownerDigestRepo.figures(deps.db, start, end),
    deliveriesRepo.countAttention(deps.db),
    jobsRepo.countDead(deps.db),
  ]);
  const lines = [
    `Receita (pedidos pagos no dia): ${formatBRL(figures.revenueCents)} em ${figures.paidOrders} pedidos.`,
    `Valor pendente (pedidos do dia ainda não pagos): ${formatBRL(figures.pendingCents)}.`,
    `Reembolsos confirmados: ${formatBRL(figures.refundedCents)} (${figures.refunds}).`,
    attention + dead === 0
      ? 'Nada precisa de atenção.'
      : `Precisam de atenção: ${attention} entregas e ${dead} tarefas com falha.`,
  ];
  const subject = `Resumo de ${formatDate(start)}`;
  await deps.mailer.send(ownerAlertEmail(deps.alerts.shop, deps.alerts.to, subject, lines));
}
