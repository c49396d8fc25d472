import { describe, expect, it } from 'vitest';
import { progressOf } from './order-progress';

describe('progressOf', () => {
  it('follows the deliveries', () => {
    expect(progressOf(['queued', 'pending'])).toBe('processando');
    expect(progressOf(['unknown'])).toBe('processando');
    expect(progressOf(['pending', 'in_progress'])).toBe('em_transporte');
    expect(progressOf(['completed', 'pending'])).toBe('em_transporte');
    expect(progressOf(['partial', 'completed'])).toBe('em_transporte');
    expect(progressOf(['completed', 'completed'])).toBe('concluido');
  });
  it('cancelled items do not hold the order back; none at all is not done', () => {
    expect(progressOf(['completed', 'canceled'])).toBe('concluido');
    expect(progressOf(['canceled'])).toBe('processando');
    expect(progressOf([])).toBe('processando');
  });
});
