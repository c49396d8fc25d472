import { describe, expect, it } from 'vitest';
import { addMonths } from './dates';

describe("addMonths (a monthly plan's next due day)", () => {
  it('keeps the day of the month', () => {
    expect(addMonths('2026-11-28', 1)).toBe('2026-12-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
  it('takes the last day of a shorter month', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
  });
  it('moves several months and back', () => {
    expect(addMonths('2026-11-28', 3)).toBe('2027-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});
