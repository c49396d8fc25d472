import { addDays, saoPauloDay, saoPauloMidnight } from '../../shared/dates';
import type { Period } from '../../shared/schemas/admin';

export interface Range {
  start: Date | null;
  end: Date | null;
}

/**
 * A panel period as a half-open UTC range [start, end) of whole São Paulo days (docs/product.md#admin-panel).
 */
export function periodRange(period: Period, now: Date, from?: string, to?: string): Range {
  const today = saoPauloDay(now);
  const tomorrow = saoPauloMidnight(addDays(today, 1));
  switch (period) {
    case 'today':
      return { start: saoPauloMidnight(today), end: tomorrow };
    case '7d':
      return { start: saoPauloMidnight(addDays(today, -6)), end: tomorrow };
    case '30d':
      return { start: saoPauloMidnight(addDays(today, -29)), end: tomorrow };
    case '3m': {
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const back = new Date(Date.UTC(y, m - 1 - 3, d, 12));
      return { start: saoPauloMidnight(back.toISOString().slice(0, 10)), end: tomorrow };
    }
    case 'custom':
      return {
        start: from ? saoPauloMidnight(from) : null,
        end: to ? saoPauloMidnight(addDays(to, 1)) : null,
      };
    case 'all':
      return { start: null, end: null };
    case 'month':
    default: {
      const first = `${today.slice(0, 8)}01`;
      const [y, m] = first.split('-').map(Number) as [number, number];
      const nextFirst = new Date(Date.UTC(y, m, 1, 12)).toISOString().slice(0, 10);
      return { start: saoPauloMidnight(first), end: saoPauloMidnight(nextFirst) };
    }
  }
}
