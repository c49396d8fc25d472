// Times are stored in UTC; business days are São Paulo days.
export const shopTimeZone = 'America/Sao_Paulo';

/**
 * A formatter made on first use: each costs about 25 ms on a slow phone, and a page that shows no date
 * should not pay for four while it starts (ADR 051).
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, { timeZone: shopTimeZone, ...options }));
}

const dateFormat = lazyFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const longDateFormat = lazyFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = lazyFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const isoDayFormat = lazyFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** '22/11/2026' */
export function formatDate(date: Date): string {
  return dateFormat().format(date);
}

/** '22/11/2026' of a São Paulo day 'YYYY-MM-DD' (a plan's due day). */
export function formatDay(day: string): string {
  return formatDate(new Date(`${day}T12:00:00-03:00`));
}

/** '22 de novembro de 2026' */
export function formatLongDate(date: Date): string {
  return longDateFormat().format(date);
}

/** '22/11/2026 14:05' */
export function formatDateTime(date: Date): string {
  return `${dateFormat().format(date)} ${timeFormat().format(date)}`;
}

/** The São Paulo calendar day of an instant, as 'YYYY-MM-DD'. */
export function saoPauloDay(date: Date): string {
  return isoDayFormat().format(date);
}

/** The hour (0–23) of an instant in São Paulo. */
export function saoPauloHour(date: Date): number {
  return Number(timeFormat().format(date).slice(0, 2));
}

/** São Paulo midnight at the start of 'YYYY-MM-DD' (Brazil has had no daylight saving since 2019). */
export function saoPauloMidnight(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

/** 'YYYY-MM-DD' moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * 'YYYY-MM-DD' a whole number of months later, as a monthly plan's next due day: the same day of the
 * month, or the month's last day when it has no such day (31 January → 28 or 29 February).
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}

/** True for a calendar day 'YYYY-MM-DD' that exists (no 2025-02-30, no month 13, no year 0000). */
export function isRealDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1970 || month < 1 || month > 12 || date < 1) return false;
  return date <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
