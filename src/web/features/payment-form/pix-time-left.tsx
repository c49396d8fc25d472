import { useEffect, useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';

/** "Expira em 23 h 59 min" from a deadline; null once it has passed. */
export function timeLeft(expiresAt: Date, now: Date): string | null {
  const minutes = Math.ceil((expiresAt.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/**
 * The PIX deadline and the time left, refreshed every 15 s (docs/product.md#pix: the shop's own deadline).
 */
export function PixTimeLeft({ expiresAt }: { expiresAt: string }) {
  const deadline = new Date(expiresAt);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeft(deadline, now);
  return (
    <p className="text-sm text-slate-700">
      Válido até {formatDateTime(deadline)}.{' '}
      {left ? (
        <strong className="text-slate-900">Expira em {left}.</strong>
      ) : (
        <strong className="text-red-800">Este PIX expirou: o pedido será cancelado.</strong>
      )}
    </p>
  );
}
