import { describe, expect, it } from 'vitest';
import { periodRange } from './periods';

// 01:30 UTC on 1 Dec is still 30 November, 22:30, in São Paulo.
const now = new Date('2026-12-01T01:30:00Z');

describe('periodRange (São Paulo days)', () => {
  it('this month is November in São Paulo, from its local midnight', () => {
    expect(periodRange('month', now)).toEqual({
      start: new Date('2026-11-01T03:00:00Z'),
      end: new Date('2026-12-01T03:00:00Z'),
    });
  });
  it('today runs from São Paulo midnight to the next one', () => {
    expect(periodRange('today', now)).toEqual({
      start: new Date('2026-11-30T03:00:00Z'),
      end: new Date('2026-12-01T03:00:00Z'),
    });
  });
  it('last 7 days include today', () => {
    expect(periodRange('7d', now).start).toEqual(new Date('2026-11-24T03:00:00Z'));
  });
  it('custom dates include the whole last day', () => {
    expect(periodRange('custom', now, '2026-11-10', '2026-11-12')).toEqual({
      start: new Date('2026-11-10T03:00:00Z'),
      end: new Date('2026-11-13T03:00:00Z'),
    });
  });
  it('all has no bounds; 3 months go back three calendar months', () => {
    expect(periodRange('all', now)).toEqual({ start: null, end: null });
    expect(periodRange('3m', now).start).toEqual(new Date('2026-08-30T03:00:00Z'));
  });
});
