import { describe, expect, it } from 'vitest';
import { timeLeft } from './pix-time-left';

describe('timeLeft', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  it('hours and minutes, rounded up to the minute', () => {
    expect(timeLeft(at(24 * 3_600_000), now)).toBe('24 h 0 min');
    expect(timeLeft(at(3_600_000 + 90_000), now)).toBe('1 h 2 min');
    expect(timeLeft(at(59_000), now)).toBe('1 min');
  });
  it('null once the deadline has passed', () => {
    expect(timeLeft(at(0), now)).toBeNull();
    expect(timeLeft(at(-1000), now)).toBeNull();
  });
});
