import { describe, expect, it } from 'vitest';
import { formatBRL, formatInteger, parseBRL } from './money';
import { formatDate, formatDateTime, formatLongDate, saoPauloDay } from './dates';

describe('formatBRL', () => {
  it.each([
    [8590, 'R$ 85,90'],
    [5, 'R$ 0,05'],
    [0, 'R$ 0,00'],
    [123456, 'R$ 1.234,56'],
    [100000000, 'R$ 1.000.000,00'],
    [-1990, '-R$ 19,90'],
  ])('%i → %s', (cents, text) => expect(formatBRL(cents)).toBe(text));

  it('refuses fractions of a centavo', () => expect(() => formatBRL(10.5)).toThrow());
  it('groups quantities', () => expect(formatInteger(10000)).toBe('10.000'));
});

describe('São Paulo dates', () => {
  // 02:30 UTC on the 23rd is still the evening of the 22nd in São Paulo (UTC−3).
  const lateEvening = new Date('2026-11-23T02:30:00Z');

  it('uses the São Paulo day, not the UTC day', () => {
    expect(saoPauloDay(lateEvening)).toBe('2026-11-22');
    expect(formatDate(lateEvening)).toBe('22/11/2026');
    expect(formatDateTime(lateEvening)).toBe('22/11/2026 23:30');
  });

  it('writes the long date in Portuguese', () => {
    expect(formatLongDate(new Date('2026-03-05T15:00:00Z'))).toBe('5 de março de 2026');
  });
});

describe('isRealDay', () => {
  it('accepts real days and refuses impossible ones', async () => {
    const { isRealDay } = await import('./dates');
    expect(['2024-02-29', '2026-11-23', '2025-12-31'].every(isRealDay)).toBe(true);
    for (const bad of ['2024-13-45', '2025-02-30', '0000-00-00', '2023-02-29', '2026-11-3', '2026-11-23x'])
      expect(isRealDay(bad), bad).toBe(false);
  });
});

describe('parseBRL', () => {
  it('reads what an operator types', () => {
    expect(parseBRL('85,90')).toBe(8590);
    expect(parseBRL('R$ 1.085,9')).toBe(108590);
    expect(parseBRL('20')).toBe(2000);
    expect(parseBRL('0,05')).toBe(5);
    expect(parseBRL('abc')).toBeNull();
    expect(parseBRL('1,234')).toBeNull();
    expect(parseBRL('')).toBeNull();
  });
});
