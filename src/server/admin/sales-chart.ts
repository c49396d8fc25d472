import { addDays, saoPauloDay } from '../../shared/dates';
import type { SalesChart, SalesDay } from '../../shared/schemas/admin';
import type { Db } from '../db/client';
import type { Range } from './periods';
import { salesByDay } from './sales-by-day.repo';

/** The longest chart drawn: a year of days (an open period shows its last year). */
const maxDays = 366;

const dayCount = (first: string, last: string) =>
  Math.round((Date.parse(`${last}T12:00:00Z`) - Date.parse(`${first}T12:00:00Z`)) / 86_400_000) + 1;

/** Every day from first to last, with zeros where nothing was sold. */
function everyDay(first: string, last: string, sold: SalesDay[]): SalesDay[] {
  const byDay = new Map(sold.map((d) => [d.day, d]));
  return Array.from({ length: dayCount(first, last) }, (_, i) => {
    const day = addDays(first, i);
    return byDay.get(day) ?? { day, revenueCents: 0, paidOrders: 0 };
  });
}

/**
 * The panel's sales chart for a period (issue 13): its days (to today at most) and the days of the period of
 * the same length just before, for the comparison line.
 */
export async function salesChart(db: Db, range: Range, now: Date): Promise<SalesChart> {
  const today = saoPauloDay(now);
  const end = range.end ? addDays(saoPauloDay(range.end), -1) : today;
  const last = end < today ? end : today;
  const wanted = range.start ? saoPauloDay(range.start) : addDays(last, -(maxDays - 1));
  const first = dayCount(wanted, last) > maxDays ? addDays(last, -(maxDays - 1)) : wanted;
  if (first > last) return { days: [], previous: [] };
  const length = dayCount(first, last);
  const previousFirst = addDays(first, -length);
  const previousLast = addDays(first, -1);
  const [sold, soldBefore] = await Promise.all([
    salesByDay(db, first, last),
    salesByDay(db, previousFirst, previousLast),
  ]);
  return { days: everyDay(first, last, sold), previous: everyDay(previousFirst, previousLast, soldBefore) };
}
