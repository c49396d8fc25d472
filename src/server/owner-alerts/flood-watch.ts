import type { Db } from '../db/client';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { alertOwner, hour, type AlertTarget } from './owner-alerts';

/** What strangers can flood without being stopped per target (issue 42 §2): the owner hears of it. */
export type FloodKind = 'order_codes' | 'lookups' | 'account_emails';

const floods: Record<FloodKind, { threshold: number; subject: string; line: (target: string) => string }> = {
  order_codes: {
    threshold: 20,
    subject: 'Muitos códigos de compra errados em um pedido',
    line: (target) => `O pedido ${target} recebeu 20 códigos de compra errados na última hora.`,
  },
  lookups: {
    threshold: 20,
    subject: 'Muitas consultas erradas com um e-mail',
    line: (target) => `O e-mail ${target} foi usado em 20 consultas de pedido sem acerto na última hora.`,
  },
  account_emails: {
    threshold: 10,
    subject: 'Muitos pedidos de e-mail de conta para um endereço',
    line: (target) =>
      `Foram pedidos 10 e-mails de verificação ou de nova senha para ${target} na última hora.`,
  },
};

/**
 * Counts failures aimed at one target (an order, an e-mail address) from any client, without refusing
 * anyone: the limits that refuse are per client (rate-limit/judged-attempt.ts), so strangers cannot lock
 * a buyer out, and this is how a spread-out attack still gets seen. At the threshold, once an hour per
 * target: a warning in the log and an e-mail to the owner.
 */
export function createFloodWatch(deps: {
  db: Db;
  rateLimiter: RateLimiter;
  clock: () => Date;
  alerts: AlertTarget | null;
  warn: (fields: object, message: string) => void;
}) {
  return async function failedAt(kind: FloodKind, target: string, shown: string): Promise<void> {
    const flood = floods[kind];
    const key = `flood:${kind}:${deps.rateLimiter.clientKey(target)}`;
    if ((await deps.rateLimiter.add(key, 3600)) !== flood.threshold) return;
    deps.warn({ flood: kind }, flood.subject);
    if (!deps.alerts) return;
    await alertOwner(
      deps.db,
      deps.alerts,
      {
        key,
        quietMs: hour,
        subject: flood.subject,
        lines: [
          flood.line(shown),
          'Ninguém foi bloqueado por isso: cada endereço de internet tem o seu próprio limite.',
          'Se continuar, veja docs/security.md (limites) e considere bloquear os endereços no proxy.',
        ],
      },
      deps.clock(),
    );
  };
}

export type FloodWatch = ReturnType<typeof createFloodWatch>;
