import { deliveriesRepo } from './deliveries.repo';
import type { FulfilmentContext } from './fulfilment-context';
import { alertOwner, hour, once } from '../owner-alerts/owner-alerts';

/** Invalid links the buyer has not corrected in 24 hours: the owner hears of each once. */
export async function alertStaleLinks(ctx: FulfilmentContext, now: Date) {
  for (const stale of await deliveriesRepo.invalidLinksSince(ctx.db, new Date(now.getTime() - 24 * hour))) {
    await alertOwner(
      ctx.db,
      ctx.alerts,
      {
        key: `invalid_link:${stale.id}`,
        quietMs: once,
        subject: 'Link inválido sem correção há 24 horas',
        lines: [
          `O comprador ainda não corrigiu o link da entrega do pedido ${stale.orderId}. Fale com ele pelo WhatsApp.`,
        ],
      },
      now,
    );
  }
}

/** The panel's balance under SMM_BALANCE_ALERT: one e-mail a day while it stays low. */
export async function alertLowBalance(ctx: FulfilmentContext, threshold: number, now: Date) {
  if (!ctx.panel) return;
  const balance = await ctx.panel.balance().catch((err: unknown) => {
    ctx.log.warn({ err }, 'panel balance not read');
    return null;
  });
  if (!balance || balance.balance >= threshold) return;
  await alertOwner(
    ctx.db,
    ctx.alerts,
    {
      key: 'balance',
      quietMs: 24 * hour,
      subject: 'Saldo baixo no painel de entregas',
      lines: [`Saldo: ${balance.balance} ${balance.currency} (alerta abaixo de ${threshold}).`],
    },
    now,
  );
}
